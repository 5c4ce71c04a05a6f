import CheckoutModel
import CheckoutPlanning

/// Whether steps are complete: every visible, enabled value row passes its rules
/// (required ones are filled in), and the step's completion checks hold. `requires`
/// guards read it.
///
/// ```swift
/// let completeness = StepCompleteness(flow: flow, data: data, rules: RuleEvaluator(today: today))
/// completeness.problems(of: "address")  // ["Street is required"]
/// ```
package struct StepCompleteness: Sendable {
  /// The flow.
  package var flow: Flow {
    didSet { forgetCompiled() }
  }
  /// The session data.
  package var data: [DataKey: Value] {
    didSet { known.removeAll() }
  }
  /// How rules are checked.
  package var rules: RuleEvaluator {
    didSet { known.removeAll() }
  }
  /// The compiled form of `flow`, when there is one: steps are then found by the
  /// planner's index (O(1)) instead of a search of the flow's steps. Dropped when
  /// `flow` is set.
  private(set) var compiled: CompiledFlow?
  /// Checks already made on this data, by step index in `compiled`: a session keeps
  /// them until a key they read changes, so a submit does not check again what a
  /// guard just checked. Dropped when the flow, the data or the rules are set.
  package var known = KeptStepChecks()

  /// Creates a completeness check.
  package init(flow: Flow, data: [DataKey: Value], rules: RuleEvaluator = RuleEvaluator()) {
    self.flow = flow
    self.data = data
    self.rules = rules
  }

  /// A completeness check of a compiled flow: steps are found in O(1), and `known`
  /// (checks kept by step index in `compiled`) answers first.
  package init(
    compiled: CompiledFlow, data: [DataKey: Value], rules: RuleEvaluator, known: KeptStepChecks = KeptStepChecks()
  ) {
    self.flow = compiled.flow
    self.data = data
    self.rules = rules
    self.compiled = compiled
    self.known = known
  }

  /// The guards a route is planned under on this data: `requires` answered by
  /// ``isComplete(_:)``, and rows' `visibleWhen` and `enabledWhen` read on `data`.
  package var routeGuards: RouteGuards { RouteGuards(isComplete: isComplete, data: data) }

  private mutating func forgetCompiled() {
    compiled = nil
    known.removeAll()
  }

  /// The step with this id: what `flow.step(_:)` returns, found in O(1) when the
  /// flow is compiled.
  package func step(_ id: StepID) -> Step? {
    if let compiled { return compiled.step(id) }
    return flow.step(id)
  }

  /// The kept check of a step, if there is one.
  private func kept(_ id: StepID) -> StepCheck? {
    guard !known.isEmpty, let index = compiled?.stepIndex(of: id) else { return nil }
    return known[index]
  }

  /// Whether the step is complete (an unknown step is not).
  package func isComplete(_ step: StepID) -> Bool {
    if let known = kept(step) { return known.isComplete }
    guard let found = self.step(step) else { return false }
    return Self.check(found, data: data, rules: rules).isComplete
  }

  /// What keeps a step from being complete, in row order, then its checks.
  package func problems(of step: Step) -> [String] {
    check(step).problems
  }

  /// The step's failing rows and completion checks.
  package func check(_ step: Step) -> StepCheck {
    if let known = kept(step.id) { return known }
    return Self.check(step, data: data, rules: rules)
  }

  /// The step's check made from scratch on the data: what ``check(_:)`` returns
  /// when no check is kept.
  package static func check(_ step: Step, data: [DataKey: Value], rules: RuleEvaluator) -> StepCheck {
    var failures: [StepCheck.RowFailure] = []
    for row in step.rows where row.kind.takesValue && isVisible(row, data) && isEnabled(row, data) {
      if let failure = rules.firstFailure(
        of: row.rules, value: row.bind.flatMap { data[$0] }, title: row.title, remember: !row.secret)
      {
        failures.append(StepCheck.RowFailure(row: row.id, message: failure))
      }
    }
    let checkFailures =
      step.complete.isEmpty
      ? [] : step.complete.filter { !$0.when.holds(in: data) }.map { $0.message.text(in: rules.locale) }
    return StepCheck(rowFailures: failures, checkFailures: checkFailures)
  }

  /// Whether the row is shown on this data.
  package static func isVisible(_ row: Row, _ data: [DataKey: Value]) -> Bool {
    row.visibleWhen?.holds(in: data) ?? true
  }

  /// Whether the row's own `enabledWhen` holds on this data (guards aside).
  package static func isEnabled(_ row: Row, _ data: [DataKey: Value]) -> Bool {
    row.enabledWhen?.holds(in: data) ?? true
  }
}
