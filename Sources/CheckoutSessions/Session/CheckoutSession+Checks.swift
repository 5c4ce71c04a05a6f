import CheckoutModel
import CheckoutPlanning
import CheckoutRows

extension CheckoutSession {
  /// Step completeness on the session's data (with the step checks it keeps).
  public var completeness: StepCompleteness {
    StepCompleteness(compiled: compiled, data: values, rules: rules, known: stepChecks)
  }

  /// The kept check of the step at this index in the flow, else a fresh one, kept.
  mutating func keptCheck(ofStepAt index: Int) -> StepCheck {
    if let kept = stepChecks[index] { return kept }
    let check = StepCompleteness.check(compiled.flow.steps[index], data: values, rules: rules)
    stepChecks[index] = check
    return check
  }

  /// Checks the steps that have no kept check on the current data, and keeps their
  /// checks, so the next event on the same data does not check them again.
  mutating func keepChecks(of steps: [StepID]) {
    for id in steps {
      guard let index = compiled.stepIndex(of: id) else { continue }
      _ = keptCheck(ofStepAt: index)
    }
  }

  /// The kept check of a step, or a fresh one (not kept) if it has none.
  func check(of step: Step) -> StepCheck {
    if let index = compiled.stepIndex(of: step.id), let kept = stepChecks[index] { return kept }
    return StepCompleteness.check(step, data: values, rules: rules)
  }

  /// Lends the kept checks to planning: the box answers the planner's `requires`
  /// guards (``GuardChecks/isComplete(_:)``), checking a step only when the planner
  /// asks about it; give the checks back with ``keepChecks(from:)`` after planning.
  /// The session holds none while they are lent (so the box's writes never copy).
  mutating func lendChecks() -> GuardChecks {
    let checks = GuardChecks(compiled: compiled, data: values, rules: rules, kept: stepChecks)
    stepChecks = KeptStepChecks()
    return checks
  }

  /// Takes back the checks lent to planning, with those it made.
  package mutating func keepChecks(from checks: GuardChecks) {
    stepChecks = checks.take()
  }

  /// Why a row of the current data cannot be used now (see ``ScreenRenderer/disabledReason(_:_:)``),
  /// from the kept checks of the steps it requires.
  func disabledReason(_ row: Row) -> String? {
    if row.enabledWhen == nil && row.requires.isEmpty { return nil }
    return ScreenRenderer.disabled(
      row, data: values, flow: compiled.flow, step: compiled.step, check: { check(of: $0) })?.reason
  }

  /// For tests: the ids of the steps with a kept check, in flow order.
  var keptCheckSteps: [StepID] { stepChecks.steps.map { compiled.flow.steps[$0].id } }
}

/// The step checks a session keeps, lent to the planner while it plans: a step is
/// checked the first time the planner asks about it, and its check kept. A class so
/// the planner's escaping `isComplete` closure can write to it; only planning holds
/// it, then the session takes the checks back.
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
