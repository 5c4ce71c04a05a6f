/// A validation rule on a row, with an optional message that replaces the default.
///
/// ```swift
/// Rule(.pattern("^[0-9]{3,4}$"), message: "3 or 4 digits")
/// ```
public struct Rule: Hashable, Sendable {
  /// What the rule checks.
  public var kind: RuleKind
  /// Replaces the rule's default message.
  public var message: LocalizedText?
  /// The flow's named rule (see ``Flow/rules``) this rule was written as, e.g.
  /// `postalCode`; nil for a rule written out in the row.
  public var name: String?

  /// Creates a rule.
  public init(_ kind: RuleKind, message: LocalizedText? = nil) {
    self.kind = kind
    self.message = message
  }

  /// A rule written as one of the flow's named rules: `kind` and `message` come
  /// from the definition (or `message` overrides it).
  public init(_ kind: RuleKind, message: LocalizedText?, name: String) {
    self.kind = kind
    self.message = message
    self.name = name
  }

  /// The rule's name as written in a row: the flow's name for it, or the built-in one.
  package var writtenName: String { name ?? kind.name }
}

/// What a rule checks.
public enum RuleKind: Hashable, Sendable {
  /// The value is present and not blank.
  case required
  /// The value looks like an e-mail address.
  case email
  /// The digits pass the Luhn check (spaces and dashes ignored).
  case luhn
  /// Only the digits 0-9.
  case digits
  /// `MM/YY`, not before the session's date.
  case expiry
  /// The whole value matches this regular expression.
  case pattern(String)
  /// At least this many characters.
  case minLength(Int)
  /// At most this many characters.
  case maxLength(Int)
  /// One of these values.
  case oneOf([String])
  /// A rule the embedding program registered under this name.
  case custom(String)

  /// The rule's name as written in a flow file: its ``RuleName``, or a custom
  /// rule's own name.
  package var name: String {
    if case .custom(let name) = self { return name }
    return ruleName.rawValue
  }
}

/// A condition on the session data, for `visibleWhen`, `enabledWhen` and completion checks.
///
/// ```swift
/// let billingShown: Condition = .equals("billing.sameAsShipping", .bool(false))
/// ```
public indirect enum Condition: Hashable, Sendable {
  /// The key's value equals this value.
  case equals(DataKey, Value)
  /// The key has a non-blank value (`true`), or has none (`false`).
  case present(DataKey, Bool)
  /// Every condition holds.
  case all([Condition])
  /// At least one condition holds.
  case any([Condition])
  /// The condition does not hold.
  case not(Condition)

  /// Every key the condition reads.
  package var keys: [DataKey] {
    switch self {
    case .equals(let key, _), .present(let key, _): return [key]
    case .all(let conditions), .any(let conditions): return conditions.flatMap(\.keys)
    case .not(let condition): return condition.keys
    }
  }
}

/// Where an API error is fixed, and which errors it applies to.
///
/// A matcher applies to the errors of every operation, or only to those of the
/// operations it names (a checkout that holds seats, then books, scopes each
/// call's errors to its call):
///
/// ```swift
/// ErrorMatcher(code: "cvv_invalid", step: "creditCard", row: "cvv")
/// ErrorMatcher(code: "seat_taken", step: "seatMap", row: "seat", operations: ["book"])
/// ```
public struct ErrorMatcher: Hashable, Sendable {
  /// The error codes matched, if the matcher looks at codes.
  public var code: CodePattern?
  /// The key or API field path matched, if the matcher looks at fields.
  public var field: String?
  /// The step that fixes the error.
  public var step: StepID
  /// The row of that step that fixes it.
  public var row: RowID?
  /// Shown instead of the API's message.
  public var message: LocalizedText?
  /// Several errors of one response are offered highest priority first.
  public var priority: Int
  /// The operations whose errors the matcher applies to (`"operation"` in the flow
  /// file); nil: every operation's.
  public var operations: [OperationName]?

  /// Creates a matcher; `code` is parsed as ``CodePattern`` text (`card_*`, `*`).
  public init(
    code: String? = nil, field: String? = nil, step: StepID, row: RowID? = nil,
    message: LocalizedText? = nil, priority: Int = 0, operations: [OperationName]? = nil
  ) {
    self.code = code.map(CodePattern.init(parsing:))
    self.field = field
    self.step = step
    self.row = row
    self.message = message
    self.priority = priority
    self.operations = operations
  }

  /// Whether this matcher applies to an error with this code and field.
  package func matches(code errorCode: String, field errorField: String?) -> Bool {
    if let code, !code.matches(errorCode) { return false }
    if let field, field != errorField { return false }
    return code != nil || field != nil
  }

  /// Whether this matcher applies to the errors of `operation`: it names no
  /// operation, or names this one.
  package func applies(to operation: OperationName) -> Bool {
    operations?.contains(operation) ?? true
  }
}

/// An error code pattern: exact, a prefix ending in `*`, or `*` alone.
public enum CodePattern: Hashable, Sendable, CustomStringConvertible {
  /// Matches exactly this code.
  case exact(String)
  /// Matches codes that start with this text.
  case prefix(String)
  /// Matches every code: the fallback.
  case any

  /// Parses `card_*` as a prefix, `*` as any, anything else as exact.
  package init(parsing text: String) {
    if text == "*" {
      self = .any
    } else if text.hasSuffix("*") {
      self = .prefix(String(text.dropLast()))
    } else {
      self = .exact(text)
    }
  }

  /// Whether the pattern matches the code.
  package func matches(_ code: String) -> Bool {
    switch self {
    case .exact(let exact): return code == exact
    case .prefix(let prefix): return code.hasPrefix(prefix)
    case .any: return true
    }
  }

  /// The pattern as written in a flow file.
  public var description: String {
    switch self {
    case .exact(let exact): return exact
    case .prefix(let prefix): return prefix + "*"
    case .any: return "*"
    }
  }
}
