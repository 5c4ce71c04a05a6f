import CheckoutModel

/// The checks of a flow's languages: its `locales` are BCP 47 language tags, each
/// listed once; every string written per locale has a text in each listed locale
/// and in no other; in a flow of several locales, no string with words is written
/// in the default language only; a detail template shows the same keys in every
/// language; a string is written per locale only in a flow that lists its locales;
/// a language the engine does not speak has the flow's text for every engine message;
/// in a flow of several locales, every error matcher has a `message`; no text holds
/// a bidirectional control, and no title is blank.
struct LocaleLint {
  let flow: Flow
  let positions: ModelPositions
  let sink: DiagnosticSink

  /// One string the shopper reads, where the document wrote it.
  struct Written {
    var path: JSONPath
    var text: LocalizedText
    /// A `detail` template, whose `{keys}` must agree across languages.
    var isTemplate = false
  }

  func check() {
    checkTags()
    let strings = LocaleLint.strings(of: flow, positions: positions)
    for written in strings {
      check(written)
    }
    checkCharacters(strings)
    checkUnlistedLocales(strings)
    checkAddedLanguages()
    checkMatcherMessages()
  }

  /// A text in a locale the flow does not list: reported once per locale, where it
  /// is first written, with how many texts are (a flow translated into a language
  /// it forgot to list would otherwise get an error on every string).
  private func checkUnlistedLocales(_ strings: [Written]) {
    guard !flow.locales.isEmpty else { return }  // a localized text there has its own error
    var unlisted: [(locale: String, first: JSONPath, count: Int)] = []
    for written in strings where written.text.isLocalized {
      for locale in written.text.translations.keys.sorted() where !flow.locales.contains(locale) {
        if let index = unlisted.firstIndex(where: { $0.locale == locale }) {
          unlisted[index].count += 1
        } else {
          unlisted.append((locale, written.path.appending(locale), 1))
        }
      }
    }
    var listed: [String] = []
    for tag in wellFormedLocales where !listed.contains(where: { $0.lowercased() == tag.lowercased() }) {
      listed.append(tag)
    }
    for (locale, first, count) in unlisted {
      let others = count > 1 ? "; \(count) texts are written in it, this is the first" : ""
      sink.error(
        "unknown-locale",
        "\(Quoting.quoted(locale)) is not one of the flow's locales (\(listed.joined(separator: ", ")))\(others)",
        at: first,
        suggestion: Suggestions.didYouMean(locale, in: listed)
          ?? (count > 1 ? "add it to \"locales\", or remove these texts" : "add it to \"locales\", or remove this text")
      )
    }
  }

  /// Each listed locale is a well-formed tag, listed once (tags ignore case).
  private func checkTags() {
    var seen: [String: Int] = [:]
    for (index, tag) in flow.locales.enumerated() {
      let path = JSONPath.root.appending("locales").appending(index)
      guard LanguageTag.isWellFormed(tag) else {
        // `de_DE` (a POSIX locale name) is `de-DE` as a tag.
        sink.error(
          "invalid-locale", "\(Quoting.quoted(tag)) is not a BCP 47 language tag", at: path,
          suggestion: LanguageTag.writingHint(tag))
        continue
      }
      if let earlier = seen[tag.lowercased()] {
        sink.error(
          "duplicate-locale",
          "locale \(Quoting.quoted(tag)) is listed twice; it is first listed at locales[\(earlier)]",
          at: path)
      } else {
        seen[tag.lowercased()] = index
      }
    }
  }

  /// The listed locales that are tags: a malformed one is reported once, where it
  /// is listed, and asked of no text (its texts would be asked again once it is fixed).
  var wellFormedLocales: [String] { flow.locales.filter(LanguageTag.isWellFormed) }

  private func check(_ written: Written) {
    let text = written.text
    guard let defaultLocale = flow.locales.first else {
      guard text.isLocalized else { return }
      let tags = text.translations.keys.sorted()
      sink.error(
        "localized-without-locales",
        "\(field(written.path)) is written per locale, but the flow lists no \"locales\"", at: written.path,
        suggestion:
          "list the flow's languages, the default first, e.g. \"locales\": [\(tags.map(Quoting.quoted).joined(separator: ", "))]; or write a plain string"
      )
      return
    }
    guard text.isLocalized else {
      let missing = Array(wellFormedLocales.dropFirst())
      guard !missing.isEmpty, LocaleLint.hasWords(text.text) else { return }
      sink.error(
        "missing-translation",
        "\(field(written.path)) is written in \(Quoting.quoted(defaultLocale)) only; the flow also lists \(Suggestions.list(missing, conjunction: "and"))",
        at: written.path,
        suggestion:
          "write it as an object of locale -> string: { \(Quoting.quoted(defaultLocale)): \(Quoting.quoted(text.text)), \(Quoting.quoted(missing[0])): … }"
      )
      return
    }
    for locale in wellFormedLocales where text.translations[locale] == nil {
      sink.error(
        "missing-translation", "\(field(written.path)) has no \(Quoting.quoted(locale)) text", at: written.path,
        suggestion: "add \(Quoting.quoted(locale)): the words in that language (the flow lists it in \"locales\")")
    }
    if written.isTemplate { checkTemplateKeys(written, defaultLocale: defaultLocale) }
  }

  /// The template of every language shows the keys the default one shows, each in
  /// the same format (an amount in euros in one language and dollars in another is
  /// a mistake, not a translation).
  private func checkTemplateKeys(_ written: Written, defaultLocale: String) {
    let reference = written.text.translations[defaultLocale] != nil ? defaultLocale : nil
    guard let reference, let keys = LocaleLint.keys(written.text.translations[reference]) else { return }
    for locale in flow.locales where locale != reference {
      guard let other = LocaleLint.keys(written.text.translations[locale]), Set(other) != Set(keys) else { continue }
      sink.error(
        "template-keys-differ",
        "the \(Quoting.quoted(locale)) template shows \(LocaleLint.describe(other)), but the \(Quoting.quoted(reference)) one shows \(LocaleLint.describe(keys))",
        at: written.path.appending(locale),
        suggestion: "show the same {keys}, in the same formats, in every language; only the words around them change")
    }
  }

  /// Whether a text has words to translate: a letter outside its `{keys}` (a
  /// template of keys alone, `{shipping.street}`, or a sample card number reads
  /// the same in every language).
  static func hasWords(_ text: String) -> Bool {
    var inKey = false
    for character in text {
      if character == "{" {
        inKey = true
      } else if character == "}" {
        inKey = false
      } else if !inKey, character.isLetter {
        return true
      }
    }
    return false
  }

  /// The placeholders a template shows (`{order.total:currency(USD)}`); nil when
  /// there is no template or it does not parse (loading reports that).
  private static func keys(_ template: String?) -> [String]? {
    guard let template, case .success(let parsed) = DetailTemplate.parse(template) else { return nil }
    return parsed.placeholders
  }

  private static func describe(_ placeholders: [String]) -> String {
    placeholders.isEmpty ? "no key" : placeholders.joined(separator: ", ")
  }

  /// `"title"`, `"message"`: the field a path ends in, for messages.
  private func field(_ path: JSONPath) -> String {
    guard case .key(let name)? = path.components.last else { return "the text" }
    return Quoting.quoted(name)
  }
}
