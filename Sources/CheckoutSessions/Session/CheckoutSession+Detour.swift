import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

extension CheckoutSession {
  /// An accepted error whose every way passes a closed row is not dropped: the
  /// shopper is sent to the row that opens the way, and the error is offered again
  /// (first in the queue) once they change it.
  ///
  /// A row its `visibleWhen` hides or its `enabledWhen` disables is opened by a row
  /// bound to a key its condition reads: that row is focused, with the error's
  /// message and why the way is closed (`Enter a valid postal code. Billing address:
  /// Not available until Bill to the shipping address is off.`). A row whose
  /// `requires` waits for incomplete steps is opened by completing them: the first
  /// problem of the first such step is focused, with the error's message before
  /// its own. The first of these places a route reaches now is taken; nil when none
  /// is (the route is then given up, as before).
  mutating func detour(around noRoute: NoRoute, for resolution: Resolution?) -> [Effect]? {
    guard case .guarded(let blocked) = noRoute.reason, let resolution else { return nil }
    let (navigation, planner) = (self.navigation, compiled.planner)
    for place in openingPlaces(blocked, for: resolution) {
      var driver = RouteDriver()
      let output = sessionData.planning(in: compiled, rules: rules) { guards in
        driver.begin(place, from: navigation, planner: planner, guards: guards)
      }
      switch output {
      case .perform, .focus:
        mode.correction.queued.insert(resolution, at: 0)
        return drive(output, driver)
      case .cancelled, .blocked, .ignored:
        continue
      }
    }
    return nil
  }

  /// The places that open the blocked rows, in the order the planner met the rows.
  private mutating func openingPlaces(_ blocked: [NoRoute.BlockedRow], for resolution: Resolution) -> [Resolution] {
    var places: [Resolution] = []
    func add(_ step: StepID, _ row: RowID?, _ why: String) {
      guard !places.contains(where: { $0.step == step && $0.row == row }) else { return }
      places.append(
        Resolution(
          step: step, row: row, message: Sentences.join([resolution.message, why], messages), error: resolution.error,
          operation: resolution.operation))
    }
    for closed in blocked {
      if let closedBy = closed.closedBy, let why = closedReason(closed, closedBy.condition) {
        for key in closedBy.condition.keys {
          for ref in compiled.dependencies.rows(binding: key) where canChange(ref) { add(ref.step, ref.row, why) }
        }
      }
      for step in closed.missing {
        guard let index = compiled.stepIndex(of: step) else { continue }
        let check = keptCheck(ofStepAt: index)
        if let failure = check.rowFailures.first {
          add(step, failure.row, failure.message)
        } else if let problem = check.problems.first {
          add(step, nil, problem)
        }
      }
    }
    return places
  }

  /// `Billing address: Not available until Bill to the shipping address is off.`,
  /// in the session's language.
  private func closedReason(_ closed: NoRoute.BlockedRow, _ condition: Condition) -> String? {
    guard let row = compiled.step(closed.step)?.row(closed.row) else { return nil }
    let text = ConditionText.describe(condition, flow: compiled.flow, messages: messages, locale: rules.locale)
    return Sentences.titled(
      row.title.text(in: rules.locale), Sentences.sentence(messages.text(.disabledNotAvailableUntil, text), messages),
      messages)
  }

  /// Whether the shopper can change the row now: it is shown and enabled.
  private func canChange(_ ref: RowRef) -> Bool {
    guard let row = compiled.step(ref.step)?.row(ref.row) else { return false }
    return StepCompleteness.isVisible(row, data) && StepCompleteness.isEnabled(row, data)
  }
}
