import CheckoutModel

/// Why the synthesiser has no value: which rules of which row conflict, or which
/// condition cannot be made to hold, in words a flow author understands.
///
/// ```swift
/// failure.description
/// // "row zip (ZIP code): no value satisfies pattern ^[0-9]{5}$ and minLength 6 together"
/// ```
package struct SynthesisFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The row whose rules no value satisfies (nil for a condition).
  package var row: RowID?
  /// The row's title, for the description.
  package var title: String?
  /// The rules that conflict (the fewest the synthesiser found), or the one it cannot serve.
  package var rules: [Rule]
  /// The reason, without the row.
  package var reason: String

  /// Creates a failure.
  package init(row: RowID? = nil, title: String? = nil, rules: [Rule] = [], reason: String) {
    self.row = row
    self.title = title
    self.rules = rules
    self.reason = reason
  }

  /// `row zip (ZIP code): no value satisfies ...`, or the reason alone.
  package var description: String {
    guard let row else { return reason }
    return "row \(row)\(title.map { " (\($0))" } ?? ""): \(reason)"
  }
}

/// A value that breaks one rule of a row, and what the session does with it.
package struct InvalidValue: Hashable, Sendable {
  /// The rule the value breaks.
  package var rule: Rule
  /// The value to enter.
  package var value: Value
  /// What the shopper reads: the row's error (the engine's first failing rule,
  /// which is `rule`'s message whenever a value can fail `rule` alone first), or,
  /// when ``refused``, the reason the session refuses the value.
  package var message: String
  /// True when the session refuses to set the value at all (a picker value it does
  /// not offer) instead of storing it and flagging the row.
  package var refused: Bool

  /// Creates an invalid value.
  package init(rule: Rule, value: Value, message: String, refused: Bool = false) {
    self.rule = rule
    self.value = value
    self.message = message
    self.refused = refused
  }
}

extension RuleKind {
  /// The rule as a flow author writes it: `pattern ^[0-9]{5}$`, `minLength 6`, `oneOf [a, b]`.
  var synthesisText: String {
    switch self {
    case .pattern(let pattern): return "pattern \(pattern)"
    case .minLength(let minimum): return "minLength \(minimum)"
    case .maxLength(let maximum): return "maxLength \(maximum)"
    case .oneOf(let values): return "oneOf [\(values.joined(separator: ", "))]"
    case .custom(let name): return "the custom rule \(name)"
    default: return name
    }
  }
}
