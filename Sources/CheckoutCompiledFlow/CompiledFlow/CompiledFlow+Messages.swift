import CheckoutModel

/// The languages a session of a flow may be in, and the engine's messages in each
/// (with the flow's own ``Flow/messages`` in their place).
extension CompiledFlow {
  /// The locale a session of the flow starts in when its host names none, and the
  /// one a plain text of the flow's `messages` is in: the first of the flow's
  /// ``Flow/locales``, else English.
  package static func defaultLocale(of flow: Flow) -> String { flow.locales.first ?? "en" }

  /// The locales a session may be in: the flow's own ``Flow/locales`` (its default
  /// first), then the engine's other languages, then any other locale the flow's
  /// `messages` write a text in.
  package var locales: [String] {
    var locales = flow.locales
    for language in EngineMessages.languages where !locales.contains(language) { locales.append(language) }
    return locales + messageBooks.keys.filter { !locales.contains($0) }.sorted()
  }

  /// Whether a session may be in the locale (``sessionLocale(for:)`` finds it).
  package func supports(locale: String) -> Bool { sessionLocale(for: locale) != nil }

  /// The locale a session asked for `tag` is in, or nil when it cannot be in it.
  /// Tags match whatever their case (BCP 47): a tag the flow lists or its
  /// `messages` write is spelled as the flow spells it (its texts are found by
  /// that spelling: `DE` is the flow's `de`); a regional form of the engine's
  /// languages (`de-ch` is `de-CH`, shown in the `de` messages) or of the flow's
  /// (`PL-pl` is `pl-PL`, shown in its `pl` words) in the case RFC 5646 recommends
  /// (``LanguageTag/canonical(_:)``). The one place a session's locale is chosen:
  /// when it starts, when it changes, and when a snapshot is read. A legacy
  /// language (`iw`, which older Java and Android clients send for Hebrew) that
  /// matches no locale as written is the language it became (`he`): see
  /// ``LanguageTag/legacyLanguages``.
  ///
  /// ```swift
  /// compiled.sessionLocale(for: "DE")      // "de"
  /// compiled.sessionLocale(for: "de-at")   // "de-AT"
  /// compiled.sessionLocale(for: "iw")      // "he", when the flow lists "he"
  /// compiled.sessionLocale(for: "xx")      // nil
  /// ```
  package func sessionLocale(for tag: String) -> String? {
    guard LanguageTag.isWellFormed(tag) else { return nil }
    if let locale = matchedLocale(for: tag) { return locale }
    return LanguageTag.replacingLegacyLanguage(tag).flatMap(matchedLocale)
  }

  /// ``sessionLocale(for:)`` of a well-formed tag as written.
  private func matchedLocale(for tag: String) -> String? {
    if let written = flowSpelling(of: tag) { return written }
    let canonical = LanguageTag.canonical(tag)
    guard let dash = canonical.firstIndex(of: "-") else {
      return EngineMessages.language(of: canonical) != nil ? canonical : nil
    }
    let regional = canonical[dash...]
    if let language = flowSpelling(of: String(canonical[..<dash])) { return language + regional }
    return EngineMessages.language(of: canonical) != nil ? canonical : nil
  }

  /// The tag as the flow writes it in its `locales` or its `messages`, whatever
  /// the case `tag` is written in; nil when the flow writes neither.
  private func flowSpelling(of tag: String) -> String? {
    let lowered = tag.lowercased()
    return flow.locales.first { $0.lowercased() == lowered }
      ?? messageBooks.keys.sorted().first { $0.lowercased() == lowered }
  }

  /// The engine's messages in a locale, with the flow's overrides; English for a
  /// locale of no language the engine has. Their ``EngineMessages/locale`` is
  /// `locale` itself: the flow's words around them are shown in it.
  package func messages(for locale: String) -> EngineMessages {
    Self.messages(for: locale, books: messageBooks)
  }

  /// The rule evaluator's context for a session in the locale: the flow's rules and
  /// patterns, the engine's messages in it, and the locale its texts are read in
  /// (nil for the default language, whose texts are read as written). The default
  /// language's is made once (``defaultRuleContext``).
  package func ruleContext(for locale: String) -> RuleEvaluator.Context {
    if locale == defaultLocale { return defaultRuleContext }
    return RuleEvaluator.Context(
      registry: registry, patterns: patterns, messages: messages(for: locale), locale: locale)
  }

  /// ``messages(for:)`` from a flow's message books.
  static func messages(for locale: String, books messageBooks: [String: EngineMessages]) -> EngineMessages {
    let messages: EngineMessages
    let language = locale.split(separator: "-", maxSplits: 1).first.map(String.init) ?? locale
    if let book = messageBooks[locale] {
      messages = book
    } else if let book = messageBooks[language] ?? EngineMessages.language(of: locale).flatMap({ messageBooks[$0] }) {
      // A regional form of a language the flow's messages write (`pl-PL` reads
      // their `pl`), whether the engine speaks it or not.
      messages = book
    } else {
      messages = EngineMessages.for(locale) ?? .english
    }
    return messages.locale == locale ? messages : messages.named(locale)
  }

  /// For each locale a flow's `messages` write a text in (a plain text is in
  /// `defaultLocale`), the engine's messages with those texts in their place.
  static func messageBooks(_ flow: Flow, defaultLocale: String) -> [String: EngineMessages] {
    var texts: [String: [EngineMessageID: String]] = [:]
    for (id, text) in flow.messages {
      guard let message = EngineMessageID(id: id) else { continue }
      for (locale, written) in text.texts(defaultLocale: defaultLocale) {
        texts[locale, default: [:]][message] = written
      }
    }
    return texts.reduce(into: [:]) { books, entry in
      let base = EngineMessages.for(entry.key) ?? .english
      books[entry.key] = base.overriding(entry.value, locale: entry.key)
    }
  }
}

/// A session's locale that is not one of its flow's: names the ones it may be.
public struct UnsupportedLocale: Error, Hashable, Sendable, CustomStringConvertible {
  /// The locale asked for.
  package var locale: String
  /// The locales the session may be in.
  package var supported: [String]

  /// The error for `locale`, naming the locales a session may be in.
  package init(locale: String, supported: [String]) {
    self.locale = locale
    self.supported = supported
  }

  /// `unknown locale "xx"; the languages are en, de, fr, es, it, nl, pt, ja`; a tag
  /// written with `_` says how to write it: `unknown locale "en_US" (write "en-US":
  /// a tag joins its parts with "-"); the languages are …`, and a typo the nearest
  /// language: `unknown locale "pll" (did you mean "pl"?); the languages are …`; a
  /// legacy tag the one it became: `unknown locale "iw" (did you mean "he"? "iw"
  /// is the old tag of "he"); the languages are …`.
  public var description: String {
    // A tag of the length of a language it may be in, a letter away, is another
    // language (`da`, Danish, is no typo of `de`); a longer or shorter one is a
    // typo (`pll`) or a 3-letter code (`deu`) of it. Tags ignore case (`Dee`).
    let near = Suggestions.didYouMean(locale.lowercased(), in: supported.filter { $0.count != locale.count })
    let hint = (LanguageTag.hyphenHint(locale) ?? legacyHint ?? near).map { " (\($0))" } ?? ""
    return "unknown locale \(Quoting.quoted(locale))\(hint); the languages are \(supported.joined(separator: ", "))"
  }

  /// `did you mean "he"? "iw" is the old tag of "he"` for a legacy language whose
  /// language the session cannot be in either.
  private var legacyHint: String? {
    guard LanguageTag.isWellFormed(locale), let modern = LanguageTag.replacingLegacyLanguage(locale) else { return nil }
    let language = String(modern.prefix { $0 != "-" })
    return
      "did you mean \(Quoting.quoted(modern))? \(Quoting.quoted(String(locale.prefix { $0 != "-" }))) is the old tag of \(Quoting.quoted(language))"
  }
}
