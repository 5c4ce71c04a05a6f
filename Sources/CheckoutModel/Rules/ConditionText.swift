/// Conditions in words, for messages: `Gift card is filled in or Code is filled in`,
/// `Gift wrap is on` (in the words of `messages`, by default English).
package enum ConditionText {
  /// The condition in words, naming each key by its row's title in `locale` (nil:
  /// the flow's default language).
  package static func describe(
    _ condition: Condition, flow: Flow, messages: EngineMessages = .english, locale: String? = nil
  ) -> String {
    switch condition {
    case .equals(let key, .bool(let on)):
      return messages.text(on ? .conditionOn : .conditionOff, name(key, flow, locale))
    case .equals(let key, let value):
      return messages.text(
        .conditionEquals, name(key, flow, locale), shown(value, of: key, flow, messages: messages, locale))
    case .present(let key, let present):
      return messages.text(present ? .conditionFilledIn : .conditionEmpty, name(key, flow, locale))
    case .all(let conditions):
      return joined(conditions, by: .conditionAnd, flow: flow, messages: messages, locale: locale)
    case .any(let conditions):
      return joined(conditions, by: .conditionOr, flow: flow, messages: messages, locale: locale)
    case .not(let inner):
      return messages.text(.conditionNot, describe(inner, flow: flow, messages: messages, locale: locale))
    }
  }

  /// `a and b and c`: each condition described, joined pairwise by the message. A
  /// condition of the other kind nested in it is grouped in parentheses, which
  /// every language reads the same (`a and (b or c)`); one of the same kind needs
  /// none (`a and b and c`), nor does a `not`, which brackets its own.
  private static func joined(
    _ conditions: [Condition], by message: EngineMessageID, flow: Flow, messages: EngineMessages, locale: String?
  ) -> String {
    let described = conditions.map { condition -> String in
      let text = describe(condition, flow: flow, messages: messages, locale: locale)
      switch condition {
      case .all(let inner) where inner.count > 1 && message == .conditionOr,
        .any(let inner) where inner.count > 1 && message == .conditionAnd:
        return "(" + text + ")"
      case .all, .any, .equals, .present, .not: return text
      }
    }
    guard var text = described.first else { return "" }
    for next in described.dropFirst() { text = messages.text(message, text, next) }
    return text
  }

  /// A value as the shopper reads it: the label of a picker's option for it (in
  /// `locale`), a number as the language of `messages` writes it (`1.234,5`), else
  /// the value itself (a text as written: the shopper's own words or a code). A
  /// secret key's value is never written (`•••`) and a sensitive one masked: a
  /// disabled or hidden row's reason would otherwise tell what the CVV must be.
  private static func shown(
    _ value: Value, of key: DataKey, _ flow: Flow, messages: EngineMessages, _ locale: String?
  ) -> String {
    let text = value.displayText
    let masking = Masking(flow)
    if masking.isSecret(key) { return Masking.secretPlaceholder }
    if masking.isMasked(key) { return Masking.masked(text) }
    for row in flow.steps.lazy.flatMap(\.rows) where row.bind == key {
      if case .list(let options)? = row.options, let option = options.first(where: { $0.value == text }) {
        return option.label.text(in: locale)
      }
    }
    if case .number = value, let written = messages.formatting.format(value, as: .number) { return written }
    return text
  }

  /// The title of the first row bound to the key, else the key.
  private static func name(_ key: DataKey, _ flow: Flow, _ locale: String?) -> String {
    flow.steps.lazy.flatMap(\.rows).first { $0.bind == key }?.title.text(in: locale) ?? key.rawValue
  }
}
