/// The legacy language subtags a client may still send: Java's `Locale` (before
/// Java 17) and Android write Hebrew as `iw`, Indonesian as `in` and Yiddish as
/// `ji`. The IANA subtag registry deprecates each for the language it became.
extension LanguageTag {
  /// Each legacy language subtag, and the language it became: `iw` is `he`, `in`
  /// is `id`, `ji` is `yi`.
  package static let legacyLanguages: [String: String] = ["iw": "he", "in": "id", "ji": "yi"]

  /// The tag with its legacy language replaced, the rest as written; nil when its
  /// language is no legacy one.
  ///
  /// ```swift
  /// LanguageTag.replacingLegacyLanguage("iw-IL")  // "he-IL"
  /// LanguageTag.replacingLegacyLanguage("he")     // nil
  /// ```
  package static func replacingLegacyLanguage(_ tag: String) -> String? {
    let language = tag.prefix { $0 != "-" }
    guard let modern = legacyLanguages[language.lowercased()] else { return nil }
    return modern + tag.dropFirst(language.count)
  }
}
