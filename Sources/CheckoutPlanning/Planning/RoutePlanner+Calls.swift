import CheckoutModel

/// A way to a step that may pass through calls: each call's success opens its
/// `then` step. What a shopper (or a generated story) can walk, where a route the
/// engine drives never submits.
///
/// ```swift
/// let walk = try planner.planThroughCalls(from: NavigationState(root: "fare"), to: "review").get()
/// walk.route.description  // "push travelers, push extras, push review"
/// walk.calls              // [nil, "holdSeats", nil]
/// ```
package struct CallingRoute: Hashable, Sendable {
  /// The commands, in order.
  package var route: Route
  /// For each command, the operation whose success performs it; nil for a tap.
  package var calls: [OperationName?]

  /// The operations passed through, in order.
  package var operations: [OperationName] { calls.compactMap { $0 } }
}

extension RoutePlanner {
  /// The shortest route from `state` to `target`, and when none exists, the
  /// shortest way that also passes through calls' successes (back first, then
  /// forward; among equals, fewest backward commands, then first rows in order).
  package func planThroughCalls(
    from state: NavigationState, to target: StepID, isComplete: ((StepID) -> Bool)? = nil
  ) -> Result<CallingRoute, NoRoute> {
    let direct = plan(from: state, to: target, isComplete: isComplete)
    switch direct {
    case .success(let route):
      return .success(CallingRoute(route: route, calls: Array(repeating: nil, count: route.length)))
    case .failure(let noRoute):
      guard let targetIndex = stepIndex(of: target) else { return .failure(noRoute) }
      let isEnabled = { (edge: CompiledGraph.Edge) in isComplete.map { edge.requires.allSatisfy($0) } ?? true }
      var best: (position: StackPosition, path: [CompiledGraph.Edge])?
      for var position in StackPosition.all(in: state) {
        guard let index = stepIndex(of: position.step(in: state)) else { return .failure(noRoute) }
        position.stepIndex = index
        guard
          let path = graph.shortestPath(from: index, to: targetIndex, throughCalls: true, isEnabled: isEnabled)
        else { continue }
        if let current = best,
          (current.position.backwardCommands + current.path.count, current.position.backwardCommands)
            <= (position.backwardCommands + path.count, position.backwardCommands)
        {
          continue
        }
        best = (position, path)
      }
      guard let best else { return .failure(noRoute) }
      var commands: [NavigationCommand] = []
      best.position.appendBackwardCommands(in: state, to: &commands)
      let calls = Array(repeating: nil, count: commands.count) + best.path.map(\.operation)
      commands += best.path.map(\.command)
      return .success(CallingRoute(route: Route(from: state, target: target, commands: commands), calls: calls))
    }
  }
}
