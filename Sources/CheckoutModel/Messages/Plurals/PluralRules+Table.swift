/// The table of ``PluralRules``: each language the engine has rules for, and the
/// family of CLDR 44 it shares its rule with (`common/supplemental/plurals.xml`;
/// a language is listed under the rule CLDR gives it, checked against CLDR's
/// samples in `PluralRulesTests`).
extension PluralRules {
  /// Each language (or regional tag) the engine has plural rules for.
  static let table: [String: Family] = {
    var table: [String: Family] = [:]
    for (family, languages) in families {
      for language in languages { table[language] = family }
    }
    return table
  }()

  /// The languages of each family.
  private static let families: [(Family, [String])] = [
    (.none, ["id", "ja", "jv", "km", "ko", "lo", "ms", "my", "th", "vi", "yue", "zh"]),
    (.oneWhole, ["de", "en", "et", "fi", "gl", "nl", "sv", "sw", "ur", "yi"]),
    (
      .oneExact,
      ["af", "az", "bg", "el", "hu", "ka", "kk", "ml", "mn", "mr", "nb", "ne", "no", "sq", "ta", "te", "tr", "uz"]
    ),
    (.zeroOrOne, ["am", "bn", "fa", "gu", "hi", "kn", "zu"]),
    (.danish, ["da"]),
    (.icelandic, ["is"]),
    (.french, ["fr"]),
    (.portuguese, ["pt"]),
    (.spanish, ["es"]),
    (.italian, ["ca", "it", "pt-PT"]),
    (.hebrew, ["he"]),
    (.latvian, ["lv"]),
    (.romanian, ["ro"]),
    (.southSlavic, ["bs", "hr", "sh", "sr"]),
    (.slovenian, ["sl"]),
    (.eastSlavic, ["ru", "uk"]),
    (.polish, ["pl"]),
    (.czech, ["cs", "sk"]),
    (.lithuanian, ["lt"]),
    (.arabic, ["ar"]),
  ]
}
