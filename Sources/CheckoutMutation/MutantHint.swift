/// What a mutant changes, by the names a story uses: the step and row it is on,
/// and the value at stake. A hint is written from it.
package struct MutantSubject: Hashable, Sendable {
  /// The step the change is on (its id), when it is on one.
  package var step: String?
  /// The row the change is on (its id), when it is on one.
  package var row: String?
  /// What is at stake: the edge's target step, the requirement, the rule, the limit
  /// (`minLength 5`), the matcher's code or field, the locale, the keys shown unformatted.
  package var value: String?
  /// A second name: the operation a `then` edge's row calls, the title a locale loses, the
  /// presentation before the change, the key a step's completion check reads, a named rule.
  package var other: String?
  /// A matcher's operation and the first row that calls it, when the flow names them.
  package var call: (operation: String, row: String?)? {
    get { operation.map { ($0, caller) } }
    set { (operation, caller) = (newValue?.operation, newValue?.row) }
  }
  /// For a step's completion check: the first row that requires the step, and its step.
  package var requiredBy: (step: String, row: String)? {
    get { requiringStep.flatMap { step in requiringRow.map { (step, $0) } } }
    set { (requiringStep, requiringRow) = (newValue?.step, newValue?.row) }
  }
  /// ``requiredBy``'s step.
  private var requiringStep: String?
  /// ``requiredBy``'s row.
  private var requiringRow: String?
  /// ``call``'s operation.
  private var operation: String?
  /// ``call``'s row.
  private var caller: String?

  /// A subject; every part optional.
  package init(step: String? = nil, row: String? = nil, value: String? = nil, other: String? = nil) {
    (self.step, self.row, self.value, self.other) = (step, row, value, other)
  }
}

extension MutationOperator {
  /// What a story that kills a mutant of this operator checks, as scenario
  /// lines to adapt (words in capitals are for the user to fill in); the one
  /// place each operator's hint is written. An operator whose kill takes
  /// several lines of set-up says `several lines:`.
  package func hint(_ subject: MutantSubject) -> String {
    let step = subject.step ?? "STEP"
    let row = subject.row ?? "ROW"
    let value = subject.value ?? "VALUE"
    let operation = subject.call?.operation ?? "OPERATION"
    let tap = subject.call?.row.map { "tap \($0)" } ?? "tap the row that calls \(operation)"
    let offer = "expect offer \(step)\(subject.row.map { ".\($0)" } ?? "")"
    switch self {
    case .removeEdge:
      let call = subject.other.map { "api \($0) ok, " } ?? ""
      return "expect at \(step), \(call)tap \(row), then expect at \(value)"
    case .dropGuard:
      guard subject.row != nil else {
        let check = "leave \(step)'s completion check\(subject.other.map { " on \($0)" } ?? "") unmet"
        guard let button = subject.requiredBy else {
          return
            "several lines: \(check), tap a row that requires \(step), then expect at the step of that row (the tap is refused)"
        }
        return
          "several lines: \(check), expect at \(button.step), tap \(button.row), then expect at \(button.step) (the tap is refused)"
      }
      return "with \(value) not complete: expect at \(step), tap \(row), then expect at \(step) (the tap is refused)"
    case .dropRule:
      return "expect at \(step), set \(row) VALUE (one only its \(value) rule rejects), then expect invalid \(row)"
    case .shiftBound:
      let place = subject.row == nil ? "set ROW" : "expect at \(step), set \(row)"
      let named = subject.row == nil ? " (ROW: a row with the rule \(subject.other ?? "NAME"))" : ""
      return
        "several lines: \(place) VALUE (just inside \(value)), then expect valid \(row); set \(row) VALUE (just outside it), then expect invalid \(row)\(named)"
    case .dropCondition:
      return
        "with its \(value) false: expect at \(step), tap or set \(row), then expect at \(step) or expect value KEY (it changes nothing)"
    case .changePresentation:
      let joined = subject.other == "modal" ? "|" : ">"
      return "tap the row that opens \(step), then expect stack …\(joined)\(step)"
    case .moveMatcher:
      return "api \(operation) fail \(value), \(tap), then \(offer)"
    case .swapMatchers:
      return "api \(operation) fail \(value) (an error the first matcher alone should take), \(tap), then \(offer)"
    case .dropTranslation:
      return "locale \(value), expect at \(step), then expect title \(subject.other.map { "\"\($0)\"" } ?? "\"TITLE\"")"
    case .dropFormat:
      return
        "locale \(value), expect at \(step), then expect detail \(row) \"TEXT\" (\(subject.other ?? "its values") formatted)"
    }
  }
}

extension Mutant {
  /// What a story that kills this mutant checks: ``MutationOperator/hint(_:)`` of its subject.
  package var hint: String { mutationOperator.hint(subject) }
}
