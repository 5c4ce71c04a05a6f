/// Conditions in words, for messages: `Gift card is filled in or Code is filled in`.
package enum ConditionText {
  package static func describe(_ condition: Condition, flow: Flow) -> String {
    switch condition {
    case .equals(let key, let value): return "\(name(key, flow)) is \(value.displayText)"
    case .present(let key, let present): return "\(name(key, flow)) is \(present ? "filled in" : "empty")"
    case .all(let conditions): return conditions.map { describe($0, flow: flow) }.joined(separator: " and ")
    case .any(let conditions): return conditions.map { describe($0, flow: flow) }.joined(separator: " or ")
    case .not(let inner): return "not (\(describe(inner, flow: flow)))"
    }
  }

  /// The title of the first row bound to the key, else the key.
  private static func name(_ key: DataKey, _ flow: Flow) -> String {
    flow.steps.lazy.flatMap(\.rows).first { $0.bind == key }?.title ?? key.rawValue
  }
}
