import CheckoutModel

/// Breadth-first search over whole navigation states: the slow, obviously
/// correct planner that ``RoutePlanner`` is tested and benchmarked against.
///
/// From each state it tries every command the state allows (pop, dismiss, and
/// every edge from the top step), level by level, and keeps for each state the
/// fewest backward commands it was reached with.
package struct ExhaustiveSearch: Sendable {
  package let flow: Flow
  private let graph: FlowGraph
  private let presentations: [StepID: Presentation]

  package init(_ flow: Flow) {
    self.flow = flow
    self.graph = FlowGraph(flow)
    self.presentations = Dictionary(
      flow.steps.map { ($0.id, $0.presentation) }, uniquingKeysWith: { first, _ in first })
  }

  /// The shortest route's length and fewest backward commands, or nil when none exists.
  ///
  /// The search stops at `maximumLength` commands (a route never needs more than
  /// the stack's depth plus the number of steps).
  package func shortest(
    from start: NavigationState, to target: StepID, isEnabled: (FlowGraph.Edge) -> Bool = { _ in true }
  ) -> (length: Int, backward: Int)? {
    if start.top == target { return (0, 0) }
    let maximumLength = start.depth + flow.steps.count + 1
    var seen: Set<NavigationState> = [start]
    var frontier: [(state: NavigationState, backward: Int)] = [(start, 0)]
    for length in 1...maximumLength {
      var next: [NavigationState: Int] = [:]
      var order: [NavigationState] = []
      for (state, backward) in frontier {
        for (command, isBackward) in moves(from: state, isEnabled: isEnabled) {
          guard let after = try? state.applying(command), !seen.contains(after) else { continue }
          let cost = backward + (isBackward ? 1 : 0)
          if let known = next[after] {
            next[after] = min(known, cost)
          } else {
            next[after] = cost
            order.append(after)
          }
        }
      }
      let goals = order.filter { $0.top == target }.compactMap { next[$0] }
      if let fewest = goals.min() { return (length, fewest) }
      guard !order.isEmpty else { return nil }
      for state in order { seen.insert(state) }
      frontier = order.map { ($0, next[$0] ?? 0) }
    }
    return nil
  }

  private func moves(
    from state: NavigationState, isEnabled: (FlowGraph.Edge) -> Bool
  ) -> [(NavigationCommand, Bool)] {
    var moves: [(NavigationCommand, Bool)] = []
    if state.canApply(.pop) { moves.append((.pop, true)) }
    if state.canApply(.dismiss) { moves.append((.dismiss, true)) }
    for edge in graph.edges(from: state.top) where edge.kind == .opens && isEnabled(edge) {
      guard let presentation = presentations[edge.to] else { continue }
      moves.append((.opening(edge.to, as: presentation), false))
    }
    return moves
  }
}
