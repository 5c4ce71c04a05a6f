import CheckoutModel

/// A way to a step that may pass through calls: each call's success opens its
/// `then` step. What a shopper (or a generated story) can walk, where a route the
/// engine drives never submits.
///
/// ```swift
/// let walk = try planner.planThroughCalls(from: NavigationState(root: "fare"), to: "review").get()
/// walk.route.description  // "push travelers, push extras, push review"
/// walk.calls              // [nil, "holdSeats", nil]
/// walk.description        // "push travelers, push extras (when holdSeats succeeds), push review"
/// ```
package struct CallingRoute: Hashable, Sendable, CustomStringConvertible {
  /// The commands, in order.
  package var route: Route
  /// For each command, the operation whose success performs it; nil for a tap.
  package var calls: [OperationName?]

  /// The operations passed through, in order.
  package var operations: [OperationName] { calls.compactMap { $0 } }

  /// `, through the call holdSeats` (`the calls A, B`), or empty for a route of taps.
  package var throughCalls: String {
    let names = operations.map(\.rawValue)
    guard !names.isEmpty else { return "" }
    return ", through \(names.count == 1 ? "the call" : "the calls") \(names.joined(separator: ", "))"
  }

  /// What the command at `index` waits on: `(when holdSeats succeeds)`, or nil for a tap.
  package func waitsOn(command index: Int) -> String? {
    calls[index].map { "(when \($0) succeeds)" }
  }

  /// The route on one line, each command a call performs followed by what it waits
  /// on: `push attendee (when holdSeats succeeds), present payment`, or `(already there)`.
  package var description: String {
    guard !route.commands.isEmpty else { return route.description }
    return route.commands.enumerated().map { index, command in
      command.description + (waitsOn(command: index).map { " \($0)" } ?? "")
    }.joined(separator: ", ")
  }
}

extension RoutePlanner {
  /// The shortest route from `state` to `target`, and when none exists, the
  /// shortest way that also passes through calls' successes (back first, then
  /// forward; among equals, fewest backward commands, then first rows in order).
  /// Every row passed must be open by `guards` (a submit's row too: a disabled
  /// Place order makes no call).
  package func planThroughCalls(
    from state: NavigationState, to target: StepID, guards: RouteGuards? = nil
  ) -> Result<CallingRoute, NoRoute> {
    let direct = plan(from: state, to: target, guards: guards)
    switch direct {
    case .success(let route):
      return .success(CallingRoute(route: route, calls: Array(repeating: nil, count: route.length)))
    case .failure(let noRoute):
      guard let targetIndex = stepIndex(of: target) else { return .failure(noRoute) }
      let isEnabled = { (edge: CompiledGraph.Edge) in guards?.opens(edge) ?? true }
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
      guard let best else {
        return .failure(guards.map { blockedThroughCalls(noRoute, from: state, guards: $0) } ?? noRoute)
      }
      var commands: [NavigationCommand] = []
      best.position.appendBackwardCommands(in: state, to: &commands)
      let calls = Array(repeating: nil, count: commands.count) + best.path.map(\.operation)
      commands += best.path.map(\.command)
      return .success(CallingRoute(route: Route(from: state, target: target, commands: commands), calls: calls))
    }
  }

  /// Why no way through calls exists when guards are asked about: the rows whose
  /// guards block the shortest way that ignores guards (a submit's included), or
  /// the route's own reason when no such way exists or it passes no guard.
  private func blockedThroughCalls(_ noRoute: NoRoute, from state: NavigationState, guards: RouteGuards) -> NoRoute {
    guard case .unreachable = noRoute.reason, let targetIndex = stepIndex(of: noRoute.target) else { return noRoute }
    var best: (cost: (Int, Int), start: Int, path: [CompiledGraph.Edge])?
    for position in StackPosition.all(in: state) {
      guard let start = stepIndex(of: position.step(in: state)),
        let path = graph.shortestPath(from: start, to: targetIndex, throughCalls: true, isEnabled: { _ in true })
      else { continue }
      let cost = (position.backwardCommands + path.count, position.backwardCommands)
      if let current = best, current.cost <= cost { continue }
      best = (cost, start, path)
    }
    guard let best else { return noRoute }
    var blocked: [NoRoute.BlockedRow] = []
    var step = best.start
    for edge in best.path {
      if let block = guards.block(edge, on: graph.steps[step], in: flow) { blocked.append(block) }
      step = edge.to
    }
    return blocked.isEmpty ? noRoute : NoRoute(target: noRoute.target, reason: .guarded(blocked))
  }
}

extension RoutePlanner {
  /// Why no route leads to a step only an action opens, and how it is reached:
  /// `suggestion opens only when checkAddress asks for the action
  /// address_suggestion (address.check declares it): a scenario reaches it with
  /// api checkAddress action address_suggestion, then tap check`; nil when no
  /// submit declares an action done on `step`.
  package func actionOpening(_ step: StepID) -> String? {
    for found in flow.steps {
      for row in found.rows {
        guard case .submit(let submit)? = row.action,
          let action = submit.actions.sorted(by: { $0.key < $1.key }).first(where: { $0.value == step })?.key
        else { continue }
        return
          "\(step) opens only when \(submit.operation) asks for the action \(action) (\(found.id).\(row.id) declares it): "
          + "a scenario reaches it with api \(submit.operation) action \(action), then tap \(row.id)"
      }
    }
    return nil
  }
}
