import CheckoutModel

extension FlowLinter {
  /// Each first value the flow's `data` gives a key must be one every value row
  /// bound to that key can hold (``DataValueRules``). Otherwise the first screen
  /// shows a value the row would refuse from the shopper.
  func checkDataValues() {
    let rules = DataValueRules(flow: flow, keys: keys)
    let masking = Masking(flow)
    for (key, value) in flow.data.sorted(by: { $0.key < $1.key }) {
      let path = JSONPath.root.appending("data").appending(key.rawValue)
      let starts = "\(Quoting.quoted(key)) starts as \(masking.shown(value, of: key)) in the flow's data, but"
      for refusal in rules.refusals(of: value, for: key) {
        sink.error(
          "invalid-data-value", "\(starts) \(refusal.problem)", at: path,
          suggestion: "\(refusal.startFix), or leave \(Quoting.quoted(key)) out of \"data\"")
      }
    }
  }
}

/// What a value of a key must be for every value row bound to the key to hold it:
/// a toggle holds true or false; a picker one of its options (its fixed list, or
/// the list `{ "from": key }` names when the flow's data holds it and no submit
/// provides it); and a row's rules that depend on the value alone
/// (``SubmitChecks/valueOnlyFailure(of:_:rules:)``: not `expiry`, nor a custom
/// rule) must pass. A blank value (what every row holds before it is filled) and a
/// list of options (a picker's source) are not judged.
///
/// One definition for the flow's own `data` (lint) and for session data given
/// beside a flow (`checkout plan --data`).
///
/// ```swift
/// DataValueRules(flow: flow).refusals(of: .string("yes"), for: "gift.enabled")
/// // [toggle "gift" on step "payment" holds only true or false; write true or false (without quotes)]
/// ```
package struct DataValueRules {
  /// Why a row refuses a value, and what to write instead.
  package struct Refusal: Hashable, Sendable {
    /// What is wrong: `toggle "gift" on step "payment" holds only true or false`.
    package var problem: String
    /// What would be valid: `write true or false (without quotes)`.
    package var fix: String
    /// The same for a first value in the flow's `data`: `start it with a value the row's rules accept`.
    package var startFix: String

    init(problem: String, fix: String, startFix: String? = nil) {
      self.problem = problem
      self.fix = fix
      self.startFix = startFix ?? fix
    }
  }

  let flow: Flow
  let keys: FlowKeys
  private let bound: [DataKey: [(step: StepID, row: Row)]]
  private let rules = RuleEvaluator()

  /// The checks of the flow's value rows.
  package init(flow: Flow) { self.init(flow: flow, keys: FlowKeys(flow)) }

  init(flow: Flow, keys: FlowKeys) {
    self.flow = flow
    self.keys = keys
    var bound: [DataKey: [(step: StepID, row: Row)]] = [:]
    for step in flow.steps {
      for row in step.rows where row.kind.takesValue {
        if let key = row.bind { bound[key, default: []].append((step.id, row)) }
      }
    }
    self.bound = bound
  }

  /// `unknown key "gift.enabld": no row binds it, …`: a key the flow can never hold.
  package static func unknownKey(_ key: DataKey) -> String {
    "unknown key \(Quoting.quoted(key)): no row binds it, the flow's data does not hold it, and no submit provides it"
  }

  /// Whether the flow can hold `key`: a value row binds it, its data holds it, or a submit provides it.
  package func isKnown(_ key: DataKey) -> Bool { keys.isKnown(key) }

  /// Every key the flow can hold (for suggestions).
  package var knownKeys: [String] { keys.known }

  /// Why each value row bound to `key` refuses `value`, in flow order; empty when
  /// every one holds it.
  package func refusals(of value: Value, for key: DataKey) -> [Refusal] {
    guard value.isPresent, let rows = bound[key] else { return [] }
    if case .options = value { return [] }
    return rows.compactMap { step, row in
      let named = "\(Quoting.quoted(row.id)) on step \(Quoting.quoted(step))"
      if let refusal = kindRefusal(of: value, by: row, named: named) { return refusal }
      guard let message = SubmitChecks.valueOnlyFailure(of: row, value, rules: rules) else { return nil }
      return Refusal(
        problem: "row \(named) refuses it (\(Quoting.quoted(message)))",
        fix: "give it a value the row's rules accept", startFix: "start it with a value the row's rules accept")
    }
  }

  /// Why a toggle or a picker cannot hold `value` at all, and what to write instead;
  /// nil for any other row, and for a picker whose options are not known before a
  /// session (a `from` list the data does not hold, or that a submit provides).
  private func kindRefusal(of value: Value, by row: Row, named: String) -> Refusal? {
    switch row.cell {
    case .toggle:
      if case .bool = value { return nil }
      return Refusal(problem: "toggle \(named) holds only true or false", fix: "write true or false (without quotes)")
    case .picker(_, let source):
      let options: [PickerOption]
      var held = ""
      switch source {
      case .list(let list): options = list
      case .from(let list):
        guard !keys.provided.contains(list), case .options(let listed)? = flow.data[list] else { return nil }
        options = listed
        held = " (in \(Quoting.quoted(list)))"
      }
      let text = value.displayText
      guard !options.contains(where: { $0.value == text }) else { return nil }
      return Refusal(
        problem: "picker \(named) does not offer it: its options\(held) are \(Self.describe(options))",
        fix: "write the value of one of the options", startFix: "start it as the value of one of the options")
    case .text, .secure, .number, .email, .phone, .disclosure, .button, .info:
      return nil
    }
  }

  /// `"floor" or "balcony"`; past eight options, the first eight and how many there are.
  private static func describe(_ options: [PickerOption]) -> String {
    let limit = 8
    guard !options.isEmpty else { return "none" }
    guard options.count > limit else { return Suggestions.list(options.map(\.value)) }
    return options.prefix(limit).map { Quoting.quoted($0.value) }.joined(separator: ", ")
      + ", … (\(options.count) in all)"
  }
}
