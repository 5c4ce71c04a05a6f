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
  /// Distance tables by target step index, compiled for resolution targets and the start.
  private let distanceTables: [DistanceTable?]
  /// The graph's and the tables' buffers, read by the hot path without reference
  /// counting; valid while `graph` and `distanceTables` hold their owners.
  private let graphView: CompiledGraph.View
  private let tableViews: [DistanceTable.View?]

  /// Compiles the flow: step indices, edges, and forward distances to every step an
  /// error resolves to, and to the start.
  public init(_ flow: Flow) {
    self.flow = flow
    let graph = CompiledGraph(flow)
    self.graph = graph
    var tables = [DistanceTable?](repeating: nil, count: graph.steps.count)
    let targets = flow.errors.compactMap { graph.index[$0.step] } + [graph.index[flow.start]].compactMap { $0 }
    for target in targets where tables[target] == nil {
      tables[target] = DistanceTable(graph: graph, target: target)
    }
    self.distanceTables = tables
    self.graphView = graph.view
    self.tableViews = tables.map { $0?.view }
  }

  /// The shortest route from `state` to a state whose top step is `target`.
  ///
  /// `isComplete` answers whether a step is complete, for `requires` guards;
  /// without it every guard counts as met.
  public func plan(
    from state: NavigationState, to target: StepID, isComplete: ((StepID) -> Bool)? = nil
  ) -> Result<Route, NoRoute> {
    guard let targetIndex = stepIndex(of: target) else {
      return .failure(NoRoute(target: target, reason: .unknownStep(target, suggestion: suggestion(for: target))))
    }
    if let table = tableViews[targetIndex] {
      return plan(from: state, to: targetIndex, table, isComplete)
    }
    // A target no error resolves to: its table is made for this plan only.
    let temporary = DistanceTable(graph: graph, target: targetIndex)
    return withExtendedLifetime(temporary) { plan(from: state, to: targetIndex, temporary.view, isComplete) }
  }

  /// The index of a step of the flow (the first, if ids repeat): compares ids on
  /// small flows and hashes them with FNV-1a on large ones, never with `Hasher`.
  @inline(__always)
  func stepIndex(of step: StepID) -> Int? { graphView.stepIndex(of: step) }

  private func plan(
    from state: NavigationState, to targetIndex: Int, _ table: DistanceTable.View, _ isComplete: ((StepID) -> Bool)?
  ) -> Result<Route, NoRoute> {
    let target = graphView.steps[targetIndex]
    let best: StackPosition?
    switch bestPosition(state, table) {
    case .success(let position): best = position
    case .failure(let unknown): return .failure(unknown)
    }
    if let best, let route = forwardRoute(state, from: best, targetIndex, table, isComplete) {
      return .success(route)
    }
    if let isComplete {
      let positions = StackPosition.all(in: state).compactMap { position -> StackPosition? in
        var indexed = position
        guard let index = stepIndex(of: position.step(in: state)) else { return nil }
        indexed.stepIndex = index
        return indexed
      }
      let isEnabled = { (edge: CompiledGraph.Edge) in edge.requires.allSatisfy(isComplete) }
      if let route = searchPlan(state, positions, targetIndex, isEnabled) { return .success(route) }
      return .failure(explainFailure(state, best, target, table, isComplete))
    }
    return .failure(NoRoute(target: target, reason: .unreachable))
  }

  /// The stack position with the fewest commands to the target (back, then
  /// forward by the table), then the fewest backward commands. Allocates nothing.
  private func bestPosition(_ state: NavigationState, _ table: DistanceTable.View) -> Result<StackPosition?, NoRoute> {
    let steps = state.steps
    let starts = state.layerStarts
    var best: StackPosition?
    var bestTotal = Int.max
    var layer = starts.count - 1
    var layerEnd = steps.count
    for index in stride(from: steps.count - 1, through: 0, by: -1) {
      while index < starts[layer] {
        layerEnd = starts[layer]
        layer -= 1
      }
      guard let stepIndex = stepIndex(of: steps[index]) else {
        let step = steps[index]
        return .failure(NoRoute(target: graphView.steps[table.target], reason: .unknownStep(step, suggestion: suggestion(for: step))))
      }
      let distance = table.distance(from: stepIndex)
      guard distance != DistanceTable.unreachable else { continue }
      let back = (starts.count - 1 - layer) + (layerEnd - 1 - index)
      let total = back + Int(distance)
      if total < bestTotal || (total == bestTotal && back < best?.backwardCommands ?? .max) {
        bestTotal = total
        best = StackPosition(stepIndex: stepIndex, position: index - starts[layer], layer: layer, backwardCommands: back)
      }
    }
    return .success(best)
  }

  /// Back to the position, then the first shortest path in row order whose edges
  /// are all enabled; nil if a guard closes every such path.
  private func forwardRoute(
    _ state: NavigationState, from position: StackPosition, _ target: Int, _ table: DistanceTable.View,
    _ isComplete: ((StepID) -> Bool)?
  ) -> Route? {
    let start = position.stepIndex
    if isComplete == nil || table.pathIsUnguarded(from: start) {
      return Route(from: state, target: graphView.steps[target], commands: nextEdgeCommands(state, from: position, table))
    }
    var commands: [NavigationCommand] = []
    commands.reserveCapacity(position.backwardCommands + Int(table.distance(from: start)))
    position.appendBackwardCommands(in: state, to: &commands)
    var current = start
    while current != target {
      let remaining = table.distance(from: current)
      guard let edge = graph.edges(from: current).first(where: { edge in
        table.distance(from: edge.to) == remaining - 1 && (isComplete.map { edge.requires.allSatisfy($0) } ?? true)
      }) else { return nil }
      commands.append(edge.command)
      current = edge.to
    }
    return Route(from: state, target: graph.steps[target], commands: commands)
  }

  /// Back to the position, then the table's next edges to its target: the first
  /// shortest path in row order. One allocation.
  private func nextEdgeCommands(
    _ state: NavigationState, from position: StackPosition, _ table: DistanceTable.View
  ) -> [NavigationCommand] {
    let dismisses = state.layerStarts.count - 1 - position.layer
    let pops = position.backwardCommands - dismisses
    let forward = Int(table.distance(from: position.stepIndex))
    let graph = graphView
    var commands: [NavigationCommand] = []
    commands.reserveCapacity(dismisses + pops + forward)
    for _ in 0..<dismisses { commands.append(.dismiss) }
    for _ in 0..<pops { commands.append(.pop) }
    var current = position.stepIndex
    for _ in 0..<forward {
      let edge = table.nextEdge(from: current)
      commands.append(graph.edgeCommand[edge])
      current = Int(graph.edgeTarget[edge])
    }
    return commands
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
    var commands: [NavigationCommand] = []
    best.position.appendBackwardCommands(in: state, to: &commands)
    commands += best.path.map(\.command)
    return Route(from: state, target: graph.steps[target], commands: commands)
  }

  /// Names the guards that block every path, or says that nothing leads there.
  private func explainFailure(
    _ state: NavigationState, _ best: StackPosition?, _ target: StepID, _ table: DistanceTable.View,
    _ isComplete: (StepID) -> Bool
  ) -> NoRoute {
    guard let best, let route = forwardRoute(state, from: best, table.target, table, nil) else {
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
