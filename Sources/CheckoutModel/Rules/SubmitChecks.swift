/// What a submit lets through: when the shopper taps a submit row, the session
/// checks the steps it validates (its `validates`, else the steps open, the row's
/// own among them) before it makes the call, and the row is enabled only while
/// the steps it `requires` are complete. A value that one of their rows rejects is
/// therefore never in the data a call is made with, whatever the row's guards say.
///
/// Only rows checked whatever the data are counted (a value row with no
/// `visibleWhen` and no `enabledWhen`), and only rules that depend on the value
/// alone: `expiry` (the session's date) and custom rules (the host's code) are
/// never taken to reject anything, so a rejection found here is certain.
///
/// ```swift
/// let checks = SubmitChecks(pay, submit: submit, on: "cart", in: flow)
/// checks.rejection(of: .string("FREE"), for: "order.code")?.message  // "Only digits"
/// ```
package struct SubmitChecks: Sendable {
  /// A row the submit checks, and the step it is on.
  package struct Check: Sendable {
    package let step: StepID
    package let row: Row
  }

  /// A value a checked row rejects: the row, and the message of its first rule the value fails.
  package struct Rejection: Sendable, Equatable {
    package let step: StepID
    package let row: RowID
    package let message: String
  }

  /// The rows checked, by the key they bind, in flow order.
  package let checks: [DataKey: [Check]]
  private let rules = RuleEvaluator()

  /// The checks made before `row`'s submit calls its operation (`row` is on `step`).
  package init(_ row: Row, submit: Submit, on step: StepID, in flow: Flow) {
    let checked = Set(submit.validates ?? [step]).union(row.requires)
    var checks: [DataKey: [Check]] = [:]
    for candidate in flow.steps where checked.contains(candidate.id) {
      for checkedRow in candidate.rows
      where checkedRow.kind.takesValue && checkedRow.visibleWhen == nil && checkedRow.enabledWhen == nil {
        guard let key = checkedRow.bind, !checkedRow.rules.isEmpty else { continue }
        checks[key, default: []].append(Check(step: candidate.id, row: checkedRow))
      }
    }
    self.checks = checks
  }

  /// The first checked row that rejects `value` as the value of `key`, or nil
  /// when every checked row may accept it.
  package func rejection(of value: Value?, for key: DataKey) -> Rejection? {
    for check in checks[key] ?? [] {
      if let message = Self.valueOnlyFailure(of: check.row, value, rules: rules) {
        return Rejection(step: check.step, row: check.row.id, message: message)
      }
    }
    return nil
  }

  /// The message (in the flow's default language) of the first of `row`'s rules
  /// that depend on the value alone which `value` fails, or nil when it passes them
  /// all: a refusal that holds whatever the session's date and the host's code.
  package static func valueOnlyFailure(of row: Row, _ value: Value?, rules: RuleEvaluator) -> String? {
    for rule in row.rules where dependsOnValueAlone(rule.kind) {
      guard !rules.passes(rule.kind, value, remember: false) else { continue }
      return rule.message?.text(in: nil) ?? rules.defaultMessage(rule.kind, title: row.title.text(in: nil))
    }
    return nil
  }

  /// Whether a rule's answer depends on the value alone (not on the session's date
  /// or on code the host registers). FlowFormat.md lists these rules (### First
  /// values in data); HandKeptListsTests checks that list.
  package static func dependsOnValueAlone(_ kind: RuleKind) -> Bool {
    switch kind {
    case .required, .email, .luhn, .digits, .pattern, .minLength, .maxLength, .oneOf: return true
    case .expiry, .custom: return false
    }
  }
}
