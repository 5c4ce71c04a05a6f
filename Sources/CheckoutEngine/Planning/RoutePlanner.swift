/// Plans the shortest route from a navigation state to a step, from the flow's graph.
///
/// A route goes back first (pop or dismiss to some step already on the stack)
/// and then forward along the flow's edges: going forward and then back again
/// only undoes work, so every shortest route has that shape. The planner
/// therefore needs, for each step on the stack, the cost of going back to it
/// (known from the stack's shape) and its forward distance to the target (read
/// from a table compiled when the flow loads). Planning costs about the depth of
/// the stack plus the length of the route, not the size of the graph.
///
/// Among equally short routes it takes the one with the fewest backward commands
/// (keep what the shopper has open), then the first edges in row order.
///
/// ```swift
/// let planner = RoutePlanner(flow)
/// let route = try planner.plan(from: NavigationState(parsing: "cart>stepOne>stepTwo"), to: "creditCard").get()
/// route.description  // "pop, present creditCard"
/// ```
public struct RoutePlanner: Sendable {
  /// The flow planned on.
  public let flow: Flow
  let graph: CompiledGraph
  private let distanceTables: [Int: DistanceTable]

  /// Compiles the flow: step indices, edges, and forward distances to every step an
  /// error resolves to, and to the start.
  public init(_ flow: Flow) {
    self.flow = flow
    let graph = CompiledGraph(flow)
    self.graph = graph
    let targets = Set(flow.errors.compactMap { graph.index[$0.step] } + [graph.index[flow.start]].compactMap { $0 })
    var tables: [Int: DistanceTable] = [:]
    for target in targets { tables[target] = DistanceTable(graph: graph, target: target) }
    self.distanceTables = tables
  }

  /// The shortest route from `state` to a state whose top step is `target`.
  ///
  /// `isComplete` answers whether a step is complete, for `requires` guards;
  /// without it every guard counts as met.
  public func plan(
    from state: NavigationState, to target: StepID, isComplete: ((StepID) -> Bool)? = nil
  ) -> Result<Route, NoRoute> {
    guard let targetIndex = graph.index[target] else {
      return .failure(NoRoute(target: target, reason: .unknownStep(target, suggestion: suggestion(for: target))))
    }
    var positions: [StackPosition] = []
    for position in StackPosition.all(in: state) {
      guard let step = graph.index[position.step] else {
        return .failure(NoRoute(
          target: target, reason: .unknownStep(position.step, suggestion: suggestion(for: position.step))))
      }
      positions.append(StackPosition(step: position.step, stepIndex: step, layer: position.layer,
        backwardCommands: position.backwardCommands))
    }
    let table = distanceTables[targetIndex] ?? DistanceTable(graph: graph, target: targetIndex)
    let guardCheck = isComplete.map { check in { (edge: CompiledGraph.Edge) in edge.requires.allSatisfy(check) } }
    if let route = fastPlan(state, positions, targetIndex, table, guardCheck) { return .success(route) }
    if let guardCheck, let route = searchPlan(state, positions, targetIndex, guardCheck) {
      return .success(route)
    }
    return .failure(explainFailure(state, positions, target, table, isComplete))
  }

  /// Best position by (total, backward) from the table, then the first shortest
  /// path in row order whose edges are all enabled.
  private func fastPlan(
    _ state: NavigationState, _ positions: [StackPosition], _ target: Int, _ table: DistanceTable,
    _ isEnabled: ((CompiledGraph.Edge) -> Bool)?
  ) -> Route? {
    var best: (position: StackPosition, total: Int)?  // fewest commands, then fewest backward
    for position in positions {
      let distance = table.distance(from: position.stepIndex)
      guard distance != DistanceTable.unreachable else { continue }
      let total = position.backwardCommands + Int(distance)
      if let current = best,
        (current.total, current.position.backwardCommands) <= (total, position.backwardCommands)
      {
        continue
      }
      best = (position, total)
    }
    guard let best else { return nil }
    var commands = best.position.backwardCommandList(in: state)
    var current = best.position.stepIndex
    while current != target {
      let remaining = table.distance(from: current)
      guard let edge = graph.edges(from: current).first(where: { edge in
        table.distance(from: edge.to) == remaining - 1 && (isEnabled?(edge) ?? true)
      }) else { return nil }
      commands.append(edge.command)
      current = edge.to
    }
    return Route(from: state, target: graph.steps[target], commands: commands)
  }

  /// Exact search with guards: breadth-first from each stack position.
  private func searchPlan(
    _ state: NavigationState, _ positions: [StackPosition], _ target: Int,
    _ isEnabled: (CompiledGraph.Edge) -> Bool
  ) -> Route? {
    var best: (position: StackPosition, path: [CompiledGraph.Edge])?
    for position in positions {
      guard let path = graph.shortestPath(from: position.stepIndex, to: target, isEnabled: isEnabled) else { continue }
      if let current = best,
        (current.position.backwardCommands + current.path.count, current.position.backwardCommands)
          <= (position.backwardCommands + path.count, position.backwardCommands)
      {
        continue
      }
      best = (position, path)
    }
    guard let best else { return nil }
    let commands = best.position.backwardCommandList(in: state) + best.path.map(\.command)
    return Route(from: state, target: graph.steps[target], commands: commands)
  }

  /// Names the guards that block every path, or says that nothing leads there.
  private func explainFailure(
    _ state: NavigationState, _ positions: [StackPosition], _ target: StepID, _ table: DistanceTable,
    _ isComplete: ((StepID) -> Bool)?
  ) -> NoRoute {
    guard let isComplete, let route = fastPlan(state, positions, table.target, table, nil) else {
      return NoRoute(target: target, reason: .unreachable)
    }
    var blocked: [NoRoute.BlockedRow] = []
    var cursor = state
    for command in route.commands {
      if let opened = command.opened, let edge = graph.edge(from: cursor.top, opening: opened) {
        let missing = edge.requires.filter { !isComplete($0) }
        if !missing.isEmpty {
          blocked.append(NoRoute.BlockedRow(step: cursor.top, row: edge.row, missing: missing))
        }
      }
      try? cursor.apply(command)
    }
    return NoRoute(target: target, reason: blocked.isEmpty ? .unreachable : .guarded(blocked))
  }

  private func suggestion(for step: StepID) -> String? {
    Suggestions.didYouMean(step.rawValue, in: graph.steps.map(\.rawValue))
  }
}
