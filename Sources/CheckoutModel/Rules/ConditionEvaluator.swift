extension Condition {
  /// Whether the condition holds on the data.
  ///
  /// ```swift
  /// Condition.equals("billing.sameAsShipping", .bool(false)).holds(in: ["billing.sameAsShipping": .bool(false)])  // true
  /// ```
  package func holds(in data: [DataKey: Value]) -> Bool {
    switch self {
    case .equals(let key, let expected):
      guard let value = data[key] else { return false }
      return Condition.equal(value, expected)
    case .present(let key, let present):
      return (data[key]?.isPresent ?? false) == present
    case .all(let conditions):
      return conditions.allSatisfy { $0.holds(in: data) }
    case .any(let conditions):
      return conditions.contains { $0.holds(in: data) }
    case .not(let condition):
      return !condition.holds(in: data)
    }
  }

  /// Equal values; a number also equals its text (`3` and `"3"`), as data typed in a
  /// text field arrives as text.
  package static func equal(_ value: Value, _ expected: Value) -> Bool {
    switch (value, expected) {
    case (.number(let number), .string(let text)), (.string(let text), .number(let number)):
      return Double(text) == number
    default:
      return value == expected
    }
  }
}
