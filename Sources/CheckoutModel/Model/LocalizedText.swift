/// Words a flow shows the shopper, in the flow's default language and, when the
/// flow ships several (``Flow/locales``), in each of them.
///
/// A flow file writes one as a plain string (the default language only) or as an
/// object of locale -> string; a literal in Swift is either form too:
///
/// ```swift
/// let title: LocalizedText = "Card number"
/// let localized: LocalizedText = ["en": "Card number", "de": "Kartennummer"]
/// localized.text(in: "de")     // "Kartennummer"
/// localized.text(in: "de-CH")  // "Kartennummer" (the language without its region)
/// localized.text(in: "fr")     // "Card number" (the default)
/// ```
public struct LocalizedText: Hashable, Sendable, CustomStringConvertible {
  /// The text in the flow's default language: what a session in that language, a
  /// message in the default language and a plain string show.
  public var text: String
  /// The text in each locale the flow file wrote it in (the default's included),
  /// by locale tag; empty for a plain string.
  package var translations: [String: String]

  /// Text in the default language, `text`, and in each locale of `translations`
  /// (the default's too, when it is written under its tag); without translations,
  /// a plain string in a flow file.
  public init(_ text: String, translations: [String: String] = [:]) {
    self.text = text
    self.translations = translations
  }

  /// Whether the text is written per locale (an object in a flow file).
  package var isLocalized: Bool { !translations.isEmpty }

  /// Each text as the flow file wrote it, with its path: the plain string at
  /// `path`, or each locale's at `path.LOCALE`, in the order of the tags.
  package func written(at path: JSONPath) -> [(path: JSONPath, text: String)] {
    guard isLocalized else { return [(path, text)] }
    return translations.sorted { $0.key < $1.key }.map { (path.appending($0.key), $0.value) }
  }

  /// The text a shopper reading `locale` sees: the text written for that tag,
  /// else for its language alone (`de` for `de-CH`), else the default language's.
  /// A nil locale is the default language.
  public func text(in locale: String?) -> String {
    // A plain string or the default language: no lookup at all.
    guard let locale, !translations.isEmpty else { return text }
    if let exact = translations[locale] { return exact }
    if let dash = locale.firstIndex(of: "-"), let language = translations[String(locale[..<dash])] {
      return language
    }
    return text
  }

  /// The tag whose text ``text(in:)`` shows for `locale`: `locale` itself, or its
  /// language alone (`de` for `de-CH`); nil when it shows the default language's.
  package func writtenTag(for locale: String?) -> String? {
    guard let locale, !translations.isEmpty else { return nil }
    if translations[locale] != nil { return locale }
    if let dash = locale.firstIndex(of: "-"), translations[String(locale[..<dash])] != nil {
      return String(locale[..<dash])
    }
    return nil
  }

  /// Whether `typed` is this text in any of its languages, ignoring case: a
  /// shopper may choose a picker option by its label in their own language.
  package func matches(_ typed: String) -> Bool {
    let typed = typed.lowercased()
    return text.lowercased() == typed || translations.values.contains { $0.lowercased() == typed }
  }

  /// The text with `locale`'s string as its default, when it has one: what the
  /// flow does for each string once it knows its default locale.
  package func defaulting(to locale: String) -> LocalizedText {
    guard let text = translations[locale], text != self.text else { return self }
    return LocalizedText(text, translations: translations)
  }

  /// The default language's text.
  public var description: String { text }
}

extension LocalizedText: ExpressibleByStringInterpolation {
  /// A plain string (an interpolated one too, `"Step \(index)"`): the default language only.
  public init(stringLiteral value: String) {
    self.init(value)
  }
}

extension LocalizedText: ExpressibleByDictionaryLiteral {
  /// Text per locale, written in the flow's locale order: the first entry is the
  /// default until the flow names its default locale.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(
      elements.first?.1 ?? "", translations: Dictionary(elements, uniquingKeysWith: { first, _ in first }))
  }
}

extension LocalizedText: Codable {
  /// Reads a plain string or an object of locale -> string (the first entry in
  /// sorted order is the default until a flow says otherwise).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      self.init(text)
      return
    }
    let translations = try container.decode([String: String].self)
    self.init(translations.sorted { $0.key < $1.key }.first?.value ?? "", translations: translations)
  }

  /// Writes a plain string when the text has no translations (the form every
  /// host reads today), else the object of locale -> string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if translations.isEmpty {
      try container.encode(text)
    } else {
      try container.encode(translations)
    }
  }
}
