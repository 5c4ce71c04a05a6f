/// Conditions in words, for messages: `Gift card is filled in or Code is filled in`
/// (in the words of `messages`, by default English).
package enum ConditionText {
  package static func describe(_ condition: Condition, flow: Flow, messages: EngineMessages = .english) -> String {
    switch condition {
    case .equals(let key, let value): return messages.text(.conditionEquals, name(key, flow), value.displayText)
    case .present(let key, let present):
      return messages.text(present ? .conditionFilledIn : .conditionEmpty, name(key, flow))
    case .all(let conditions): return joined(conditions, by: .conditionAnd, flow: flow, messages: messages)
    case .any(let conditions): return joined(conditions, by: .conditionOr, flow: flow, messages: messages)
    case .not(let inner): return messages.text(.conditionNot, describe(inner, flow: flow, messages: messages))
    }
  }

  /// `a and b and c`: each condition described, joined pairwise by the message.
  private static func joined(
    _ conditions: [Condition], by message: EngineMessageID, flow: Flow, messages: EngineMessages
  ) -> String {
    let described = conditions.map { describe($0, flow: flow, messages: messages) }
    guard var text = described.first else { return "" }
    for next in described.dropFirst() { text = messages.text(message, text, next) }
    return text
  }

  /// The title of the first row bound to the key, else the key.
  private static func name(_ key: DataKey, _ flow: Flow) -> String {
    flow.steps.lazy.flatMap(\.rows).first { $0.bind == key }?.title ?? key.rawValue
  }
}
