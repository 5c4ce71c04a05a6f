import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

extension CheckoutSession {
  /// Step completeness on the session's data (with the step checks it keeps).
  package var completeness: StepCompleteness {
    StepCompleteness(compiled: compiled, data: data, rules: rules, known: sessionData.checks)
  }

  /// The kept check of the step at this index in the flow, else a fresh one, kept.
  mutating func keptCheck(ofStepAt index: Int) -> StepCheck {
    sessionData.check(ofStepAt: index, in: compiled, rules: rules)
  }

  /// The kept check of a step, or a fresh one (not kept) if it has none.
  func check(of step: Step) -> StepCheck {
    sessionData.check(of: step, in: compiled, rules: rules)
  }

  /// Why a row of the current data cannot be used now (see ``ScreenRenderer/disabledReason(_:_:)``),
  /// from the kept checks of the steps it requires.
  func disabledReason(_ row: Row) -> String? {
    if row.enabledWhen == nil && row.requires.isEmpty { return nil }
    return ScreenRenderer.disabled(
      row, data: data, flow: compiled.flow, step: compiled.step, check: { check(of: $0) }, messages: messages,
      locale: rules.locale)?.reason
  }

  /// For tests: the step checks kept.
  var stepChecks: KeptStepChecks { sessionData.checks }

  /// For tests: the ids of the steps with a kept check, in flow order.
  var keptCheckSteps: [StepID] { sessionData.checks.steps.map { compiled.flow.steps[$0].id } }
}

/// The step checks a session keeps, lent to the planner while it plans: a step is
/// checked the first time the planner asks about it, and its check kept. A class so
/// the planner's escaping `isComplete` closure can write to it; only
/// ``SessionData/planning(in:rules:_:)`` holds it, then takes the checks back.
package final class GuardChecks {
  private let compiled: CompiledFlow
  private let data: [DataKey: Value]
  private let rules: RuleEvaluator
  private var kept: KeptStepChecks

  init(compiled: CompiledFlow, data: [DataKey: Value], rules: RuleEvaluator, kept: KeptStepChecks) {
    self.compiled = compiled
    self.data = data
    self.rules = rules
    self.kept = kept
  }

  /// Whether a step is complete: the kept check, else one made now and kept (an
  /// unknown step is not complete).
  func isComplete(_ id: StepID) -> Bool {
    guard let index = compiled.stepIndex(of: id) else { return false }
    if let check = kept[index] { return check.isComplete }
    let check = StepCompleteness.check(compiled.flow.steps[index], data: data, rules: rules)
    kept[index] = check
    return check.isComplete
  }

  /// The checks, kept and made; the box is left empty.
  func take() -> KeptStepChecks {
    defer { kept = KeptStepChecks() }
    return kept
  }
}
