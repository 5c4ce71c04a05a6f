/// Whether a locale tag is a well-formed BCP 47 language tag (RFC 5646, section
/// 2.1): a language of 2 or 3 letters (with up to three 3-letter extended
/// subtags), then optionally a script (4 letters), a region (2 letters or 3
/// digits), variants (5 to 8 letters or digits, or a digit and 3 more), extensions
/// (a singleton, then subtags of 2 to 8) and a private use part (`x-…`), each
/// subtag after a `-`, in any case.
///
/// ```swift
/// LanguageTag.isWellFormed("de")          // true
/// LanguageTag.isWellFormed("zh-Hant-TW")  // true
/// LanguageTag.isWellFormed("de_DE")       // false
/// ```
package enum LanguageTag {
  /// Whether `tag` is well-formed; the registry of subtags is not consulted.
  package static func isWellFormed(_ tag: String) -> Bool {
    let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).map { $0.lowercased() }
    guard let language = subtags.first, isAlpha(language, 2...3) else { return false }
    var index = 1
    var extended = 0
    while index < subtags.count, extended < 3, isAlpha(subtags[index], 3...3) {
      index += 1
      extended += 1
    }
    if index < subtags.count, isAlpha(subtags[index], 4...4) { index += 1 }
    if index < subtags.count, isAlpha(subtags[index], 2...2) || isDigits(subtags[index], 3...3) { index += 1 }
    var variants: Set<String> = []
    while index < subtags.count, isVariant(subtags[index]) {
      guard variants.insert(subtags[index]).inserted else { return false }
      index += 1
    }
    var singletons: Set<String> = []
    while index < subtags.count, subtags[index].count == 1, subtags[index] != "x",
      isAlphanumeric(subtags[index], 1...1)
    {
      guard singletons.insert(subtags[index]).inserted else { return false }
      index += 1
      let start = index
      while index < subtags.count, isAlphanumeric(subtags[index], 2...8) { index += 1 }
      guard index > start else { return false }
    }
    if index < subtags.count, subtags[index] == "x" {
      index += 1
      let start = index
      while index < subtags.count, isAlphanumeric(subtags[index], 1...8) { index += 1 }
      guard index > start else { return false }
    }
    return index == subtags.count
  }

  /// The tag in the case RFC 5646 recommends (section 2.1.1), so that a tag matches
  /// another whatever its case: the language (and extended language) lowercase, a
  /// script title-case, a region uppercase, every other subtag, and everything after
  /// a singleton (`-u-…`, `-x-…`), lowercase. A tag that is not well-formed is
  /// returned as it is.
  ///
  /// ```swift
  /// LanguageTag.canonical("DE")          // "de"
  /// LanguageTag.canonical("de-at")       // "de-AT"
  /// LanguageTag.canonical("ZH-hant-tw")  // "zh-Hant-TW"
  /// ```
  package static func canonical(_ tag: String) -> String {
    guard isWellFormed(tag) else { return tag }
    var afterSingleton = false
    let subtags = tag.split(separator: "-").enumerated().map { index, subtag -> String in
      let lowered = subtag.lowercased()
      if index == 0 || afterSingleton { return lowered }
      switch subtag.count {
      case 1:
        afterSingleton = true
        return lowered
      case 2: return subtag.uppercased()
      case 4 where subtag.allSatisfy(\.isLetter): return lowered.prefix(1).uppercased() + lowered.dropFirst()
      default: return lowered
      }
    }
    return subtags.joined(separator: "-")
  }

  /// How to write a tag that is not well-formed: ``hyphenHint(_:)`` for a POSIX
  /// locale name (`de_DE`), else what a tag is made of.
  package static func writingHint(_ tag: String) -> String {
    hyphenHint(tag)
      ?? "write a language of 2 or 3 letters, then an optional script and region, like \"de\", "
      + "\"pt-BR\" or \"zh-Hant-TW\""
  }

  /// `write "de-DE": a tag joins its parts with "-"` for a tag written with `_` (a
  /// POSIX locale name, `de_DE`) that is well-formed with `-`; nil otherwise.
  ///
  /// ```swift
  /// LanguageTag.hyphenHint("en_US")  // "write \"en-US\": a tag joins its parts with \"-\""
  /// LanguageTag.hyphenHint("en-US")  // nil
  /// ```
  package static func hyphenHint(_ tag: String) -> String? {
    let hyphenated = String(tag.map { $0 == "_" ? "-" : $0 })
    guard hyphenated != tag, !isWellFormed(tag), isWellFormed(hyphenated) else { return nil }
    return "write \(Quoting.quoted(hyphenated)): a tag joins its parts with \"-\""
  }

  private static func isVariant(_ subtag: String) -> Bool {
    if isAlphanumeric(subtag, 5...8) { return true }
    guard subtag.count == 4, let first = subtag.unicodeScalars.first, isDigit(first) else { return false }
    return isAlphanumeric(subtag, 4...4)
  }

  private static func isAlpha(_ subtag: String, _ lengths: ClosedRange<Int>) -> Bool {
    lengths.contains(subtag.unicodeScalars.count) && subtag.unicodeScalars.allSatisfy(isLetter)
  }

  private static func isDigits(_ subtag: String, _ lengths: ClosedRange<Int>) -> Bool {
    lengths.contains(subtag.unicodeScalars.count) && subtag.unicodeScalars.allSatisfy(isDigit)
  }

  private static func isAlphanumeric(_ subtag: String, _ lengths: ClosedRange<Int>) -> Bool {
    lengths.contains(subtag.unicodeScalars.count) && subtag.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) }
  }

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) }
  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
