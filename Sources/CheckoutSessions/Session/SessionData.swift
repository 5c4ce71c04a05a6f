import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// A session's values and the step checks made on them, as one value that keeps
/// its cache true by itself: every change through its API drops the checks it can
/// change (one key's `set` only the checks of the steps that read the key; any
/// other change all of them), so no handler manages the cache.
struct SessionData: Sendable {
  /// The values (the flow's initial data and what was entered, secrets included).
  private(set) var values: [DataKey: Value]
  /// Step checks made on `values` with the session's rules, by step index (see ``StepCheck``).
  private(set) var checks = KeptStepChecks()

  init(_ values: [DataKey: Value]) {
    self.values = values
  }

  /// Every value, to read or change at will; any change drops every kept check.
  var all: [DataKey: Value] {
    get { values }
    set {
      values = newValue
      checks.removeAll()
    }
    _modify {
      checks.removeAll()
      yield &values
    }
  }

  /// Stores one value; when it changes, only the checks of the steps that read
  /// the key are dropped. Returns whether the value changed.
  @discardableResult
  mutating func update(_ value: Value, for key: DataKey, in compiled: CompiledFlow) -> Bool {
    guard values.updateValue(value, forKey: key) != value else { return false }
    for step in compiled.dependencies.steps(reading: key) { checks[step] = nil }
    return true
  }

  /// Puts back a value `key` had before (nil: it had none, and is removed), as
  /// ``update(_:for:in:)`` stores one.
  mutating func restore(_ value: Value?, for key: DataKey, in compiled: CompiledFlow) {
    if let value {
      update(value, for: key, in: compiled)
    } else if values.removeValue(forKey: key) != nil {
      for step in compiled.dependencies.steps(reading: key) { checks[step] = nil }
    }
  }

  /// The rules changed (the session's date): no kept check holds any more.
  mutating func rulesChanged() {
    checks.removeAll()
  }

  /// The kept check of the step at this index in the flow, else a fresh one, kept.
  mutating func check(ofStepAt index: Int, in compiled: CompiledFlow, rules: RuleEvaluator) -> StepCheck {
    if let kept = checks[index] { return kept }
    let check = StepCompleteness.check(compiled.flow.steps[index], data: values, rules: rules)
    checks[index] = check
    return check
  }

  /// Checks the steps that have no kept check, and keeps their checks.
  mutating func keepChecks(of steps: [StepID], in compiled: CompiledFlow, rules: RuleEvaluator) {
    for id in steps {
      guard let index = compiled.stepIndex(of: id) else { continue }
      _ = check(ofStepAt: index, in: compiled, rules: rules)
    }
  }

  /// The kept check of a step, or a fresh one (not kept) if it has none.
  func check(of step: Step, in compiled: CompiledFlow, rules: RuleEvaluator) -> StepCheck {
    if let index = compiled.stepIndex(of: step.id), let kept = checks[index] { return kept }
    return StepCompleteness.check(step, data: values, rules: rules)
  }

  /// Runs planning with the session's guards: the kept checks answering `requires`
  /// (``GuardChecks/isComplete(_:)``, checking a step only when asked, keeping the
  /// checks it made) and the data answering rows' `visibleWhen` and `enabledWhen`.
  /// The checks are moved into the box while it plans, so its writes never copy them.
  mutating func planning<Result>(
    in compiled: CompiledFlow, rules: RuleEvaluator, _ plan: (RouteGuards) -> Result
  ) -> Result {
    let box = GuardChecks(compiled: compiled, data: values, rules: rules, kept: checks)
    checks = KeptStepChecks()
    defer { checks = box.take() }
    return plan(RouteGuards(isComplete: box.isComplete, data: values))
  }
}
