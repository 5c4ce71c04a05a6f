import CheckoutEngine

/// What a client may write into a session: only the keys the flow's value rows
/// bind (the flow's `data` and what an API `provides` are read-only), values up to
/// ``valueBytes`` (more where a row's `maxLength` allows more), and a session's entered values up to ``sessionBytes`` in all.
/// Checked on every `set` event; a refusal changes nothing.
struct DataLimits: Sendable {
  /// The longest value a `set` may carry, in UTF-8 bytes.
  var valueBytes = 1_024
  /// The most a session's entered values may hold, in UTF-8 bytes of keys and values.
  var sessionBytes = 16_384

  /// Before the event: a key no value row binds is 422 `read_only_key` (the flow's
  /// data, a key an API provides, a key only info rows show) or 422 `unknown_key`;
  /// a value over ``valueBytes`` is 413 `value_too_large`, one holding a control
  /// character other than tab, line feed and carriage return 422 `control_character`
  /// (``ClientText``). The value is never echoed. A `set` of a row, what a page
  /// sends for what the shopper typed or pasted, is refused in the shopper's words
  /// (`host.problem.tooLong`, `host.problem.controlCharacter`, the row by its
  /// title in the language of `speaker`'s session, restored only then); a `set`
  /// of a key, a developer's, in English, saying what is wrong and where.
  func check(_ event: SessionEvent, on compiled: CompiledFlow, speaker: () -> ShopperSpeaker?) throws(ServerError) {
    guard case .set(let target, let value) = event else { return }
    if case .key(let key) = target, let refusal = compiled.setRefusal(for: key) {
      let code = refusal.kind == .readOnly ? "read_only_key" : "unknown_key"
      throw ServerError(.unprocessableContent, code, refusal.message, at: "key")
    }
    let bytes = value.displayText.utf8.count
    let most = valueBytes(for: target, in: compiled.flow)
    guard bytes <= most else {
      let english = "the value is \(bytes) bytes; a value may hold at most \(most) bytes (UTF-8)"
      throw ServerError(
        .contentTooLarge, "value_too_large",
        Self.shoppers("host.problem.tooLong", for: target, by: speaker, otherwise: english), at: "value")
    }
    do {
      try ClientText.check(value, at: "value")
    } catch {
      throw ServerError(
        error.status, error.error,
        Self.shoppers("host.problem.controlCharacter", for: target, by: speaker, otherwise: error.detail),
        at: error.at)
    }
  }

  /// The most UTF-8 bytes a `set` of `target` may carry: ``valueBytes``, or four
  /// bytes for each character its row's `maxLength` rule allows when that is more
  /// (UTF-8 writes any character in at most four), so the server never refuses
  /// what the flow takes: 500 characters of a Japanese note are 1,500 bytes. The
  /// rule's own message says the limit in characters beyond it.
  func valueBytes(for target: SetTarget, in flow: Flow) -> Int {
    let rows: [Row]
    switch target {
    case .row(let id, _): rows = flow.steps.flatMap(\.rows).filter { $0.id == id }
    case .key(let key): rows = flow.steps.flatMap(\.rows).filter { $0.bind == key }
    }
    let characters = rows.compactMap { row in
      row.rules.compactMap { rule -> Int? in
        if case .maxLength(let count) = rule.kind { return count }
        return nil
      }.min()
    }.max()
    return max(valueBytes, 4 * (characters ?? 0))
  }

  /// The host word `id` naming the row of a `set` of a row (`target`) by its title
  /// in the session's language (`speaker`'s); `otherwise` for a `set` of a key, or
  /// when there is no session to say it in.
  private static func shoppers(
    _ id: String, for target: SetTarget, by speaker: () -> ShopperSpeaker?, otherwise: String
  ) -> String {
    guard case .row = target, let speaker = speaker() else { return otherwise }
    let title = ShopperWords.rowTitle(of: target, in: speaker.session, top: speaker.top)
    return ShopperWords(speaker.session).text(id, ["row": title], otherwise: otherwise)
  }

  /// After a `set` event: the value holds no card number unless its row is one a
  /// card number belongs in (`sensitive` or `secret`), else 422
  /// `card_number_in_text`; and the session's entered values fit (``checkSize(of:after:)``).
  func checkEntered(_ session: CheckoutSession, after event: SessionEvent) throws(ServerError) {
    try checkCardNumber(in: session, after: event)
    try checkSize(of: session, after: event)
  }

  /// A card number typed into a free-text row (a name, a street, a discount code)
  /// would be stored and shown as typed: refused, and the value never echoed.
  func checkCardNumber(in session: CheckoutSession, after event: SessionEvent) throws(ServerError) {
    guard case .set(let target, let value) = event, CardNumberText.containsCardNumber(value.displayText) else {
      return
    }
    let rows = ShopperWords.rows(of: target, in: session)
    guard !rows.contains(where: { $0.sensitive || $0.secret }) else { return }
    // In the shopper's words (host.problem.cardNumber), the row by its title.
    let title = rows.first?.title.text(in: session.locale) ?? target.description
    throw ServerError(
      .unprocessableContent, "card_number_in_text",
      ShopperWords(session).text("host.problem.cardNumber", ["row": title], otherwise: title), at: "value")
  }

  /// After a `set` event: the entered values (every key a value row binds; secrets,
  /// each at most ``valueBytes`` and never stored, left out) must fit in
  /// ``sessionBytes``, or the event is 422 `session_too_large`: for a `set` of a
  /// row (what a page sends for what the shopper typed) in the shopper's words
  /// (`host.problem.tooMuchText`, the row by its title in the session's language),
  /// for a `set` of a key in English with the sizes.
  func checkSize(of session: CheckoutSession, after event: SessionEvent) throws(ServerError) {
    guard case .set(let target, _) = event else { return }
    let bytes = Self.enteredBytes(of: session)
    guard bytes <= sessionBytes else {
      let english =
        "with this value the session's entered values would hold \(bytes) bytes; a session may hold at most \(sessionBytes) bytes (UTF-8, keys and values)"
      throw ServerError(
        .unprocessableContent, "session_too_large",
        Self.shoppers("host.problem.tooMuchText", for: target, by: { ShopperSpeaker(session) }, otherwise: english),
        at: "value")
    }
  }

  /// The UTF-8 bytes of the keys value rows bind and of their values.
  static func enteredBytes(of session: CheckoutSession) -> Int {
    var bytes = 0
    for key in session.compiled.boundKeys {
      guard let value = session.value(for: key) else { continue }  // a secret is nil: never stored
      bytes += key.rawValue.utf8.count + value.displayText.utf8.count
    }
    return bytes
  }
}
