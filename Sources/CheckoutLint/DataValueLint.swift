import CheckoutModel

extension FlowLinter {
  /// Each first value the flow's `data` gives a key must be one every value row
  /// bound to that key can hold: a toggle holds true or false; a picker one of its
  /// options (its fixed list, or the list `{ "from": key }` names when the data
  /// holds it and no submit provides it); and a row's rules that depend on the
  /// value alone (``SubmitChecks/valueOnlyFailure(of:_:rules:)``: not `expiry`, nor
  /// a custom rule) must pass. Otherwise the first screen shows a value the row
  /// would refuse from the shopper. A blank value (what every row holds before it
  /// is filled) and a list of options (a picker's source) are not judged.
  func checkDataValues() {
    var bound: [DataKey: [(step: StepID, row: Row)]] = [:]
    for step in flow.steps {
      for row in step.rows where row.kind.takesValue {
        if let key = row.bind, flow.data[key] != nil { bound[key, default: []].append((step.id, row)) }
      }
    }
    let masking = Masking(flow)
    let rules = RuleEvaluator()
    for (key, value) in flow.data.sorted(by: { $0.key < $1.key }) where value.isPresent {
      guard let rows = bound[key] else { continue }
      if case .options = value { continue }
      let path = JSONPath.root.appending("data").appending(key.rawValue)
      let starts = "\(Quoting.quoted(key)) starts as \(masking.shown(value, of: key)) in the flow's data, but"
      for (step, row) in rows {
        let named = "\(Quoting.quoted(row.id)) on step \(Quoting.quoted(step))"
        if let refusal = kindRefusal(of: value, by: row, named: named) {
          sink.error(
            "invalid-data-value", "\(starts) \(refusal.problem)", at: path,
            suggestion: "\(refusal.fix), or leave \(Quoting.quoted(key)) out of \"data\"")
        } else if let message = SubmitChecks.valueOnlyFailure(of: row, value, rules: rules) {
          sink.error(
            "invalid-data-value", "\(starts) row \(named) refuses it (\(Quoting.quoted(message)))", at: path,
            suggestion:
              "start it with a value the row's rules accept, or leave \(Quoting.quoted(key)) out of \"data\"")
        }
      }
    }
  }

  /// Why a toggle or a picker cannot hold `value` at all, and what to write instead;
  /// nil for any other row, and for a picker whose options are not known before a
  /// session (a `from` list the data does not hold, or that a submit provides).
  private func kindRefusal(of value: Value, by row: Row, named: String) -> (problem: String, fix: String)? {
    switch row.cell {
    case .toggle:
      if case .bool = value { return nil }
      return ("toggle \(named) holds only true or false", "write true or false (without quotes)")
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
      return (
        "picker \(named) does not offer it: its options\(held) are \(Self.describe(options))",
        "start it as the value of one of the options"
      )
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
