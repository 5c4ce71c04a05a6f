import CheckoutModel

/// The engine's messages in a language the flow adds: one the engine has no table
/// for (`pl`, `sv`) reads every message the flow's `messages` leave out in English.
extension LocaleLint {
  /// A warning per language the flow speaks that the engine does not (listed in
  /// its `locales`, or written in its `messages`) in which some engine message has
  /// no text, with how many and which, at the flow's `messages` (at the language
  /// in `locales` for a flow without them). A text that is written but wrong counts
  /// as written: loading reports it. A regional form reads its language's
  /// texts (`pl-PL` reads `pl`), as a session does; tags match whatever their case.
  func checkAddedLanguages() {
    let defaultLocale = flow.locales.first ?? "en"
    var written: [String: Set<EngineMessageID>] = [:]
    // A text written but wrong has its own error where it stands: it is not missing.
    let writtenTexts = flow.messages.merging(positions.rejectedMessages) { loaded, rejected in
      let both = loaded.texts(defaultLocale: defaultLocale) + rejected.texts(defaultLocale: defaultLocale)
      return .localized(Dictionary(both.map { ($0.locale, $0.text) }, uniquingKeysWith: { first, _ in first }))
    }
    for (id, text) in writtenTexts {
      guard let message = EngineMessageID(id: id) else { continue }  // loading reports it
      for (locale, _) in text.texts(defaultLocale: defaultLocale) {
        written[locale.lowercased(), default: []].insert(message)
      }
    }
    var added: [String] = []
    for locale in wellFormedLocales + written.keys.sorted()
    where EngineMessages.language(of: locale) == nil
      && !added.contains(where: { $0.lowercased() == locale.lowercased() })
    {
      added.append(locale)
    }
    for locale in added {
      let key = locale.lowercased()
      let language = key.split(separator: "-", maxSplits: 1).first.map(String.init) ?? key
      let texts = written[key, default: []].union(written[language, default: []])
      let missing = EngineMessageID.allCases.filter { !texts.contains($0) }
      guard !missing.isEmpty else { continue }
      let all = EngineMessageID.allCases.count
      let which =
        texts.isEmpty
        ? "write none of the engine's \(all) messages in it"
        : "leave out \(missing.count) of the engine's \(all) messages in it: \(missing.map(\.id).joined(separator: ", "))"
      let listed = flow.locales.firstIndex(of: locale)
      let path =
        flow.messages.isEmpty && listed != nil
        ? JSONPath.root.appending("locales").appending(listed ?? 0) : JSONPath.root.appending("messages")
      sink.warning(
        "untranslated-engine-messages",
        "the engine does not speak \(Quoting.quoted(locale)), and the flow's messages \(which); a shopper in \(Quoting.quoted(locale)) reads \(missing.count == 1 ? "it" : "them") in English",
        at: path,
        suggestion:
          "write a text in \(Quoting.quoted(locale)) for \(missing.count == 1 ? "it" : "each") in \"messages\" (the ids and their placeholders are in the \"Words in the shopper's language\" article)"
          + Self.pluralForms(of: missing, in: locale)
      )
    }
  }

  /// `; a plural in "he" (of {count}) takes the forms one, two, other` when some
  /// missing message has a number and the language has plural rules; else empty.
  static func pluralForms(of missing: [EngineMessageID], in locale: String) -> String {
    guard let rules = PluralRules.for(locale), missing.contains(where: { !$0.numberPlaceholders.isEmpty }) else {
      return ""
    }
    let forms = rules.needed.map(\.description).joined(separator: ", ")
    return "; a plural in \(Quoting.quoted(locale)) (of {count}) takes the forms \(forms)"
  }
}
