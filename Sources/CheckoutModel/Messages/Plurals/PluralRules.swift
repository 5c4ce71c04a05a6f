/// A language's cardinal plural rules: which ``PluralCategory`` a number falls in.
///
/// One table, ``PluralRules/table``, written from the Unicode CLDR's cardinal
/// plural rules (`common/supplemental/plurals.xml`, CLDR 44; the rule of each
/// family is quoted beside it, in `PluralRules+Families.swift`). Numbers are never
/// written in compact form here, so CLDR's exponent operand `e` is always 0. A
/// language the table lacks has no rules: every number is `other` (lint warns
/// about a plural in such a language that writes another category).
///
/// ```swift
/// let polish = PluralRules.for("pl")!
/// polish.category(of: "1")   // .one    (1 produkt)
/// polish.category(of: "22")  // .few    (22 produkty)
/// polish.category(of: "5")   // .many   (5 produktów)
/// polish.category(of: "1.5") // .other  (1,5 produktu)
/// ```
package struct PluralRules: Hashable, Sendable {
  /// The tag the rules were found under in the table (`pl`, `pt-PT`; `he` for
  /// the legacy `iw`).
  package let language: String
  /// The languages' shared rule.
  let family: Family

  /// The languages with rules, sorted: for messages.
  package static let languages: [String] = table.keys.sorted()

  /// No rules: every number is `other` (a language the table lacks).
  package static let otherOnly = PluralRules(language: "", family: .none)

  /// The rules of a locale tag: its own entry (`pt-PT`), else its language's (`de`
  /// for `de-CH`), else nil. A legacy language (`iw`, `in`, `ji`) reads the rules
  /// of the language it became (`he`, `id`, `yi`).
  package static func `for`(_ locale: String) -> PluralRules? {
    let parts = locale.split(separator: "-")
    guard let first = parts.first else { return nil }
    let written = first.lowercased()
    let language = LanguageTag.legacyLanguages[written] ?? written
    if parts.count > 1 {
      let regional = language + "-" + parts[1].uppercased()
      if let family = table[regional] { return PluralRules(language: regional, family: family) }
    }
    return table[language].map { PluralRules(language: language, family: $0) }
  }

  /// The category of a number written as decimal text (`5`, `1.50`); `other` for
  /// a text that is not one.
  package func category(of text: String) -> PluralCategory {
    PluralOperands(text).map(category) ?? .other
  }

  /// The category of a number's operands.
  package func category(_ number: PluralOperands) -> PluralCategory { family.category(number) }

  /// Every category the language has (CLDR's list for it), `other` last.
  package var categories: [PluralCategory] { family.categories }

  /// The categories a count of things needs a form for: those some whole number
  /// below a million falls in (French `many` is for millions only, Czech and
  /// Lithuanian `many` for decimals only: a text without them says `other` there).
  package var needed: [PluralCategory] { family.needed }
}
