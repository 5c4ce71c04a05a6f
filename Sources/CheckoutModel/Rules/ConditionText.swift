/// Conditions in words, for messages: `Gift card is filled in or Code is filled in`.
package enum ConditionText {
  /// The condition in words, naming each key by its row's title in `locale` (nil:
  /// the flow's default language).
  package static func describe(_ condition: Condition, flow: Flow, locale: String? = nil) -> String {
    switch condition {
    case .equals(let key, let value): return "\(name(key, flow, locale)) is \(value.displayText)"
    case .present(let key, let present): return "\(name(key, flow, locale)) is \(present ? "filled in" : "empty")"
    case .all(let conditions):
      return conditions.map { describe($0, flow: flow, locale: locale) }.joined(separator: " and ")
    case .any(let conditions):
      return conditions.map { describe($0, flow: flow, locale: locale) }.joined(separator: " or ")
    case .not(let inner): return "not (\(describe(inner, flow: flow, locale: locale)))"
    }
  }

  /// The title of the first row bound to the key, else the key.
  private static func name(_ key: DataKey, _ flow: Flow, _ locale: String?) -> String {
    flow.steps.lazy.flatMap(\.rows).first { $0.bind == key }?.title.text(in: locale) ?? key.rawValue
  }
}
