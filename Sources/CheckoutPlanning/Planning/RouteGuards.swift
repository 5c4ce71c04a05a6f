import CheckoutModel

/// What may close a row to a route, as a session sees it: the steps the row
/// `requires` that are not complete, and its `visibleWhen` or `enabledWhen` when
/// it does not hold on the session's data. A shopper cannot tap a hidden or
/// disabled row, so a route the engine drives never passes one either.
///
/// ```swift
/// let guards = RouteGuards(isComplete: { $0 == "shipping" }, data: ["order.terms": .bool(false)])
/// planner.plan(from: state, to: "confirmation", guards: guards)  // names review.placeOrder's enabledWhen
/// ```
package struct RouteGuards {
  /// Whether a step is complete (its rows pass their rules and its checks hold).
  package var isComplete: (StepID) -> Bool
  /// The session's data the rows' conditions are read on; nil: conditions count as holding.
  package var data: [DataKey: Value]?

  /// Guards read from a session (or a `--data` file): `requires` and conditions.
  package init(isComplete: @escaping (StepID) -> Bool, data: [DataKey: Value]? = nil) {
    self.isComplete = isComplete
    self.data = data
  }

  /// Whether every guard of the edge's row is met.
  func opens(_ edge: CompiledGraph.Edge) -> Bool {
    edge.requires.allSatisfy(isComplete) && closingCondition(edge) == nil
  }

  /// Why the edge's row is closed, or nil when it is open.
  /// Why the edge's row is closed (its conditions in words by the flow's titles),
  /// or nil when it is open.
  func block(_ edge: CompiledGraph.Edge, on step: StepID, in flow: Flow) -> NoRoute.BlockedRow? {
    let missing = edge.requires.filter { !isComplete($0) }
    let closing = closingCondition(edge).map { closing in
      NoRoute.ClosingCondition(
        condition: closing.condition, hides: closing.hides,
        text: ConditionText.describe(closing.condition, flow: flow))
    }
    guard !missing.isEmpty || closing != nil else { return nil }
    return NoRoute.BlockedRow(step: step, row: edge.row, missing: missing, closedBy: closing)
  }

  /// The row's `visibleWhen` when it does not hold, else its `enabledWhen` when that does not.
  private func closingCondition(_ edge: CompiledGraph.Edge) -> (condition: Condition, hides: Bool)? {
    guard let data else { return nil }
    if let shown = edge.visibleWhen, !shown.holds(in: data) { return (shown, true) }
    if let enabled = edge.enabledWhen, !enabled.holds(in: data) { return (enabled, false) }
    return nil
  }
}
