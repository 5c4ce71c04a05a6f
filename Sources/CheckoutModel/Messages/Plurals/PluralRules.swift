/// A language's cardinal plural rules: which ``PluralCategory`` a number falls in.
///
/// One table, ``PluralRules/table``, written from the Unicode CLDR's cardinal
/// plural rules (`common/supplemental/plurals.xml`, CLDR 44; the rule of each
/// family is quoted beside it). Numbers are never written in compact form here, so
/// CLDR's exponent operand `e` is always 0. A language the table lacks has no
/// rules: every number is `other` (lint warns about a plural in such a language).
///
/// ```swift
/// let polish = PluralRules.for("pl")!
/// polish.category(of: "1")   // .one    (1 produkt)
/// polish.category(of: "22")  // .few    (22 produkty)
/// polish.category(of: "5")   // .many   (5 produktów)
/// polish.category(of: "1.5") // .other  (1,5 produktu)
/// ```
package struct PluralRules: Hashable, Sendable {
  /// The tag the rules were found under in the table (`pl`, `pt-PT`).
  package let language: String
  /// The languages' shared rule.
  let family: Family

  /// Languages that share one rule in CLDR.
  enum Family: Hashable, Sendable, CaseIterable {
    /// No plural forms (ja): `other` only.
    case none
    /// one: `i = 1 and v = 0` (en, de, nl, sv, fi).
    case oneWhole
    /// one: `n = 1` (tr, nb).
    case oneExact
    /// one: `n = 1 or t != 0 and i = 0,1` (da).
    case danish
    /// one: `i = 0,1`; many: `e = 0 and i != 0 and i % 1000000 = 0 and v = 0` (fr).
    case french
    /// one: `i = 0..1`; many: as French (pt, Brazilian Portuguese).
    case portuguese
    /// one: `n = 1`; many: as French (es).
    case spanish
    /// one: `i = 1 and v = 0`; many: as French (it, pt-PT).
    case italian
    /// one: `v = 0 and i % 10 = 1 and i % 100 != 11`; few: `v = 0 and i % 10 = 2..4
    /// and i % 100 != 12..14`; many: `v = 0 and i % 10 = 0 or v = 0 and i % 10 =
    /// 5..9 or v = 0 and i % 100 = 11..14` (ru, uk).
    case eastSlavic
    /// one: `i = 1 and v = 0`; few: `v = 0 and i % 10 = 2..4 and i % 100 != 12..14`;
    /// many: `v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0
    /// and i % 100 = 12..14` (pl).
    case polish
    /// one: `i = 1 and v = 0`; few: `i = 2..4 and v = 0`; many: `v != 0` (cs).
    case czech
    /// zero: `n = 0`; one: `n = 1`; two: `n = 2`; few: `n % 100 = 3..10`; many:
    /// `n % 100 = 11..99` (ar).
    case arabic
  }

  /// The table: each language (or regional tag) the engine has plural rules for.
  static let table: [String: Family] = [
    "en": .oneWhole, "de": .oneWhole, "nl": .oneWhole, "sv": .oneWhole, "fi": .oneWhole,
    "fr": .french, "es": .spanish, "it": .italian, "pt": .portuguese, "pt-PT": .italian,
    "ja": .none, "tr": .oneExact, "nb": .oneExact, "no": .oneExact, "da": .danish,
    "ru": .eastSlavic, "uk": .eastSlavic, "pl": .polish, "cs": .czech, "ar": .arabic,
  ]

  /// The languages with rules, sorted: for messages.
  package static let languages: [String] = table.keys.sorted()

  /// No rules: every number is `other` (a language the table lacks).
  package static let otherOnly = PluralRules(language: "", family: .none)

  /// The rules of a locale tag: its own entry (`pt-PT`), else its language's (`de`
  /// for `de-CH`), else nil.
  package static func `for`(_ locale: String) -> PluralRules? {
    let parts = locale.split(separator: "-")
    guard let first = parts.first else { return nil }
    let language = first.lowercased()
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
  package func category(_ number: PluralOperands) -> PluralCategory {
    let (n, i, v, t) = (number.n, number.i, number.v, number.t)
    let millions = i != 0 && i % 1_000_000 == 0 && v == 0
    switch family {
    case .none: return .other
    case .oneWhole: return i == 1 && v == 0 ? .one : .other
    case .oneExact: return n == 1 ? .one : .other
    case .danish: return n == 1 || (t != 0 && (i == 0 || i == 1)) ? .one : .other
    case .french: return i == 0 || i == 1 ? .one : millions ? .many : .other
    case .portuguese: return i == 0 || i == 1 ? .one : millions ? .many : .other
    case .spanish: return n == 1 ? .one : millions ? .many : .other
    case .italian: return i == 1 && v == 0 ? .one : millions ? .many : .other
    case .eastSlavic:
      guard v == 0 else { return .other }
      if i % 10 == 1 && i % 100 != 11 { return .one }
      if (2...4).contains(i % 10) && !(12...14).contains(i % 100) { return .few }
      return .many
    case .polish:
      if i == 1 && v == 0 { return .one }
      guard v == 0 else { return .other }
      if (2...4).contains(i % 10) && !(12...14).contains(i % 100) { return .few }
      return .many
    case .czech:
      if v != 0 { return .many }
      return i == 1 ? .one : (2...4).contains(i) ? .few : .other
    case .arabic:
      let whole = n.rounded(.towardZero) == n
      if n == 0 { return .zero }
      if n == 1 { return .one }
      if n == 2 { return .two }
      guard whole else { return .other }
      let hundred = Int(n.truncatingRemainder(dividingBy: 100))
      return (3...10).contains(hundred) ? .few : (11...99).contains(hundred) ? .many : .other
    }
  }

  /// Every category the language has (CLDR's list for it), `other` last.
  package var categories: [PluralCategory] {
    switch family {
    case .none: return [.other]
    case .oneWhole, .oneExact, .danish: return [.one, .other]
    case .french, .portuguese, .spanish, .italian: return [.one, .many, .other]
    case .eastSlavic, .polish, .czech: return [.one, .few, .many, .other]
    case .arabic: return PluralCategory.allCases
    }
  }

  /// The categories a count of things needs a form for: those some whole number
  /// below a million falls in (French `many` is for millions only, Czech `many` for
  /// decimals only: a text without them says `other` there).
  package var needed: [PluralCategory] {
    switch family {
    case .french, .portuguese, .spanish, .italian: return [.one, .other]
    case .czech: return [.one, .few, .other]
    case .none, .oneWhole, .oneExact, .danish, .eastSlavic, .polish, .arabic: return categories
    }
  }
}
