/// A validation rule the embedding program provides, named in flows by its name.
///
/// ```swift
/// let postalCode = CustomRule(name: "postalCode", message: "Enter a valid postal code") { value in
///   value.count == 5 && value.allSatisfy(\.isNumber)
/// }
/// ```
public struct CustomRule: Sendable {
  /// The name flows use: `"rules": ["postalCode"]`.
  public var name: String
  /// The message shown when the rule fails and the flow gives none.
  public var message: String
  /// Whether a (non-empty) value passes.
  public var check: @Sendable (String) -> Bool

  /// Creates a custom rule.
  public init(name: String, message: String, check: @escaping @Sendable (String) -> Bool) {
    self.name = name
    self.message = message
    self.check = check
  }
}

/// The custom rules a program registers; the loader accepts flows that name them.
public struct RuleRegistry: Sendable {
  /// The rules by name.
  public private(set) var rules: [String: CustomRule] = [:]

  /// An empty registry: only built-in rules.
  public init() {}

  /// A registry holding these rules.
  public init(_ rules: [CustomRule]) {
    for rule in rules { register(rule) }
  }

  /// Adds (or replaces) a rule.
  package mutating func register(_ rule: CustomRule) {
    rules[rule.name] = rule
  }

  /// The registered names.
  package var names: Set<String> { Set(rules.keys) }
}
