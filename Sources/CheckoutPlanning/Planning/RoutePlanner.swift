import CheckoutModel

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
  package let graph: CompiledGraph
  /// Distance tables by target step index, compiled for resolution targets and the start.
  private let distanceTables: [DistanceTable?]

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
  }

  /// The shortest route from `state` to a state whose top step is `target`.
  ///
  /// `isComplete` answers whether a step is complete, for `requires` guards;
  /// without it every guard counts as met. Rows' `visibleWhen` and `enabledWhen`
  /// are not read here (a session plans on its data, and so passes them too).
  public func plan(
    from state: NavigationState, to target: StepID, isComplete: ((StepID) -> Bool)? = nil
  ) -> Result<Route, NoRoute> {
    plan(from: state, to: target, guards: isComplete.map { RouteGuards(isComplete: $0) })
  }

  /// The shortest route from `state` to `target` whose every row is open: the steps
  /// it `requires` complete and, when `guards` carries data, its `visibleWhen` and
  /// `enabledWhen` holding. Without guards every row counts as open.
  package func plan(from state: NavigationState, to target: StepID, guards: RouteGuards?) -> Result<Route, NoRoute> {
    // The common case first: a compiled table, every step known, and a shortest
    // path that passes no guard (or no guards asked about): read off the tables.
    if let targetIndex = stepIndex(of: target), let table = distanceTables[targetIndex],
      case .found(let best) = bestPosition(state, table),
      guards == nil || table.pathIsUnguarded(from: best.stepIndex)
    {
      return .success(tableRoute(state, from: best, targetIndex, table))
    }
    return planInFull(from: state, to: target, guards: guards)
  }

  /// Everything but the common case: unknown steps, targets without a compiled
  /// table, unreachable targets, and paths through guards.
  @inline(never)
  private func planInFull(from state: NavigationState, to target: StepID, guards: RouteGuards?)
    -> Result<Route, NoRoute>
  {
    guard let targetIndex = stepIndex(of: target) else {
      return .failure(NoRoute(target: target, reason: .unknownStep(target, suggestion: suggestion(for: target))))
    }
    // A target no error resolves to has its table made for this plan only.
    let table = distanceTables[targetIndex] ?? DistanceTable(graph: graph, target: targetIndex)
    return plan(from: state, to: targetIndex, table, guards)
  }

  /// The index of a step of the flow (the first, if ids repeat).
  @inline(__always)
  package func stepIndex(of step: StepID) -> Int? { graph.stepIndex(of: step) }

  private func plan(
    from state: NavigationState, to targetIndex: Int, _ table: DistanceTable, _ guards: RouteGuards?
  ) -> Result<Route, NoRoute> {
    let target = graph.steps[targetIndex]
    let best: StackPosition?
    switch bestPosition(state, table) {
    case .found(let position): best = position
    case .unreachable: best = nil
    case .unknownStep(let step):
      return .failure(NoRoute(target: target, reason: .unknownStep(step, suggestion: suggestion(for: step))))
    }
    if let best, let route = forwardRoute(state, from: best, targetIndex, table, guards) {
      return .success(route)
    }
    if let guards {
      let positions = StackPosition.all(in: state).compactMap { position -> StackPosition? in
        var indexed = position
        guard let index = stepIndex(of: position.step(in: state)) else { return nil }
        indexed.stepIndex = index
        return indexed
      }
      if let route = searchPlan(state, positions, targetIndex, guards.opens) { return .success(route) }
      return .failure(explainFailure(state, best, target, table, guards))
    }
    return .failure(NoRoute(target: target, reason: .unreachable))
  }

  /// What ``bestPosition(_:_:)`` finds.
  private enum BestPosition {
    case found(StackPosition)
    /// No step on the stack has a path to the target.
    case unreachable
    /// A step of the state is not in the flow.
    case unknownStep(StepID)
  }

  /// The stack position with the fewest commands to the target (back, then
  /// forward by the table), then the fewest backward commands. Allocates nothing.
  private func bestPosition(_ state: NavigationState, _ table: DistanceTable) -> BestPosition {
    let steps = state.steps
    let layers = state.layerCount
    var best: StackPosition?
    var bestTotal = Int.max
    var layer = layers - 1
    var layerStart = state.topLayerStart
    var layerEnd = steps.count
    for index in stride(from: steps.count - 1, through: 0, by: -1) {
      while index < layerStart {
        layerEnd = layerStart
        layer -= 1
        layerStart = state.layerStart(layer)
      }
      guard let stepIndex = stepIndex(of: steps[index]) else { return .unknownStep(steps[index]) }
      let distance = table.distance(from: stepIndex)
      guard distance != DistanceTable.unreachable else { continue }
      let back = (layers - 1 - layer) + (layerEnd - 1 - index)
      let total = back + distance
      if total < bestTotal || (total == bestTotal && back < best?.backwardCommands ?? .max) {
        bestTotal = total
        best = StackPosition(stepIndex: stepIndex, position: index - layerStart, layer: layer, backwardCommands: back)
      }
    }
    return best.map(BestPosition.found) ?? .unreachable
  }

  /// Back to the position, then the first shortest path in row order whose edges
  /// are all open; nil if a guard closes every such path.
  private func forwardRoute(
    _ state: NavigationState, from position: StackPosition, _ target: Int, _ compiled: DistanceTable,
    _ guards: RouteGuards?
  ) -> Route? {
    let start = position.stepIndex
    let table = compiled
    if guards == nil || table.pathIsUnguarded(from: start) {
      return tableRoute(state, from: position, target, compiled)
    }
    var commands: [NavigationCommand] = []
    commands.reserveCapacity(position.backwardCommands + table.distance(from: start))
    position.appendBackwardCommands(in: state, to: &commands)
    var current = start
    while current != target {
      let remaining = table.distance(from: current)
      guard
        let edge = graph.edges(from: current).first(where: { edge in
          table.distance(from: edge.to) == remaining - 1 && (guards?.opens(edge) ?? true)
        })
      else { return nil }
      commands.append(edge.command)
      current = edge.to
    }
    return Route(from: state, target: graph.steps[target], commands: commands)
  }

  /// Back to the position, then the table's next edges: the first shortest path
  /// in row order, held as the table and where it starts (no allocation).
  @inline(__always)
  private func tableRoute(_ state: NavigationState, from position: StackPosition, _ target: Int, _ table: DistanceTable)
    -> Route
  {
    let dismisses = state.layerCount - 1 - position.layer
    let commands = RouteCommands(
      table: table, dismisses: dismisses, pops: position.backwardCommands - dismisses, start: position.stepIndex)
    return Route(from: state, target: graph.steps[target], commands: commands)
  }

  /// Exact search with guards: breadth-first from each stack position over open edges.
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
    _ state: NavigationState, _ best: StackPosition?, _ target: StepID, _ table: DistanceTable,
    _ guards: RouteGuards
  ) -> NoRoute {
    guard let best, let route = forwardRoute(state, from: best, table.target, table, nil) else {
      return NoRoute(target: target, reason: .unreachable)
    }
    var blocked: [NoRoute.BlockedRow] = []
    var cursor = state
    for command in route.commands {
      if let opened = command.opened, let edge = graph.edge(from: cursor.top, opening: opened),
        let block = guards.block(edge, on: cursor.top, in: flow)
      {
        blocked.append(block)
      }
      try? cursor.apply(command)
    }
    return NoRoute(target: target, reason: blocked.isEmpty ? .unreachable : .guarded(blocked))
  }

  private func suggestion(for step: StepID) -> String? {
    Suggestions.didYouMean(step.rawValue, in: graph.steps.map(\.rawValue))
  }
}
