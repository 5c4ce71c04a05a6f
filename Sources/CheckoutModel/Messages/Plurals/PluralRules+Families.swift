/// The rules CLDR 44 gives, one per family of languages that share it; each is
/// quoted beside its case in CLDR's syntax (`n` the absolute value, `i` its
/// integer digits, `v` how many fraction digits are written, `f` those digits,
/// `t` those without trailing zeros). A condition on `n` with a range or a
/// remainder (`n % 10 = 1`) holds only for a whole `n`: CLDR's ranges are of
/// whole numbers.
extension PluralRules {
  /// Languages that share one rule in CLDR.
  enum Family: Hashable, Sendable, CaseIterable {
    /// No plural forms (ja, zh, ko, id, th, vi): `other` only.
    case none
    /// one: `i = 1 and v = 0` (en, de, nl, sv, fi, et, ur).
    case oneWhole
    /// one: `n = 1` (tr, nb, el, hu, bg).
    case oneExact
    /// one: `i = 0 or n = 1` (hi, bn, fa, gu, kn, am, zu).
    case zeroOrOne
    /// one: `n = 1 or t != 0 and i = 0,1` (da).
    case danish
    /// one: `t = 0 and i % 10 = 1 and i % 100 != 11 or t % 10 = 1 and t % 100 != 11` (is).
    case icelandic
    /// one: `i = 0,1`; many: `e = 0 and i != 0 and i % 1000000 = 0 and v = 0` (fr).
    case french
    /// one: `i = 0..1`; many: as French (pt, Brazilian Portuguese).
    case portuguese
    /// one: `n = 1`; many: as French (es).
    case spanish
    /// one: `i = 1 and v = 0`; many: as French (it, ca, pt-PT).
    case italian
    /// one: `i = 1 and v = 0 or i = 0 and v != 0`; two: `i = 2 and v = 0` (he).
    case hebrew
    /// zero: `n % 10 = 0 or n % 100 = 11..19 or v = 2 and f % 100 = 11..19`; one:
    /// `n % 10 = 1 and n % 100 != 11 or v = 2 and f % 10 = 1 and f % 100 != 11 or
    /// v != 2 and f % 10 = 1` (lv).
    case latvian
    /// one: `i = 1 and v = 0`; few: `v != 0 or n = 0 or n != 1 and n % 100 = 1..19` (ro).
    case romanian
    /// one: `v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 !=
    /// 11`; few: `v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4
    /// and f % 100 != 12..14` (hr, sr, bs).
    case southSlavic
    /// one: `v = 0 and i % 100 = 1`; two: `v = 0 and i % 100 = 2`; few: `v = 0 and
    /// i % 100 = 3..4 or v != 0` (sl).
    case slovenian
    /// one: `v = 0 and i % 10 = 1 and i % 100 != 11`; few: `v = 0 and i % 10 = 2..4
    /// and i % 100 != 12..14`; many: `v = 0 and i % 10 = 0 or v = 0 and i % 10 =
    /// 5..9 or v = 0 and i % 100 = 11..14` (ru, uk).
    case eastSlavic
    /// one: `i = 1 and v = 0`; few: `v = 0 and i % 10 = 2..4 and i % 100 != 12..14`;
    /// many: `v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0
    /// and i % 100 = 12..14` (pl).
    case polish
    /// one: `i = 1 and v = 0`; few: `i = 2..4 and v = 0`; many: `v != 0` (cs, sk).
    case czech
    /// one: `n % 10 = 1 and n % 100 != 11..19`; few: `n % 10 = 2..9 and n % 100 !=
    /// 11..19`; many: `f != 0` (lt).
    case lithuanian
    /// zero: `n = 0`; one: `n = 1`; two: `n = 2`; few: `n % 100 = 3..10`; many:
    /// `n % 100 = 11..99` (ar).
    case arabic

    /// The category of a number's operands.
    func category(_ number: PluralOperands) -> PluralCategory {
      let (n, i, v, f, t) = (number.n, number.i, number.v, number.f, number.t)
      // `n` is whole when no fraction digit but zeros is written (`1.0`).
      let whole = f == 0
      let millions = i != 0 && i % 1_000_000 == 0 && v == 0
      switch self {
      case .none: return .other
      case .oneWhole: return i == 1 && v == 0 ? .one : .other
      case .oneExact: return n == 1 ? .one : .other
      case .zeroOrOne: return i == 0 || n == 1 ? .one : .other
      case .danish: return n == 1 || (t != 0 && (i == 0 || i == 1)) ? .one : .other
      case .icelandic:
        return (t == 0 && i % 10 == 1 && i % 100 != 11) || (t % 10 == 1 && t % 100 != 11) ? .one : .other
      case .french: return i == 0 || i == 1 ? .one : millions ? .many : .other
      case .portuguese: return i == 0 || i == 1 ? .one : millions ? .many : .other
      case .spanish: return n == 1 ? .one : millions ? .many : .other
      case .italian: return i == 1 && v == 0 ? .one : millions ? .many : .other
      case .hebrew:
        if (i == 1 && v == 0) || (i == 0 && v != 0) { return .one }
        return i == 2 && v == 0 ? .two : .other
      case .latvian:
        if (whole && (i % 10 == 0 || (11...19).contains(i % 100))) || (v == 2 && (11...19).contains(f % 100)) {
          return .zero
        }
        let one =
          (whole && i % 10 == 1 && i % 100 != 11) || (v == 2 && f % 10 == 1 && f % 100 != 11)
          || (v != 2 && f % 10 == 1)
        return one ? .one : .other
      case .romanian:
        if i == 1 && v == 0 { return .one }
        return v != 0 || i == 0 || (1...19).contains(i % 100) ? .few : .other
      case .southSlavic:
        if (v == 0 && i % 10 == 1 && i % 100 != 11) || (f % 10 == 1 && f % 100 != 11) { return .one }
        let few =
          (v == 0 && (2...4).contains(i % 10) && !(12...14).contains(i % 100))
          || ((2...4).contains(f % 10) && !(12...14).contains(f % 100))
        return few ? .few : .other
      case .slovenian:
        guard v == 0 else { return .few }
        switch i % 100 {
        case 1: return .one
        case 2: return .two
        case 3, 4: return .few
        default: return .other
        }
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
      case .lithuanian:
        guard whole else { return .many }
        if (11...19).contains(i % 100) { return .other }
        return i % 10 == 1 ? .one : i % 10 >= 2 ? .few : .other
      case .arabic:
        let integral = n.rounded(.towardZero) == n
        if n == 0 { return .zero }
        if n == 1 { return .one }
        if n == 2 { return .two }
        guard integral else { return .other }
        let hundred = Int(n.truncatingRemainder(dividingBy: 100))
        return (3...10).contains(hundred) ? .few : (11...99).contains(hundred) ? .many : .other
      }
    }

    /// Every category of the family (CLDR's list), `other` last.
    var categories: [PluralCategory] {
      switch self {
      case .none: return [.other]
      case .oneWhole, .oneExact, .zeroOrOne, .danish, .icelandic: return [.one, .other]
      case .french, .portuguese, .spanish, .italian: return [.one, .many, .other]
      case .hebrew: return [.one, .two, .other]
      case .latvian: return [.zero, .one, .other]
      case .romanian, .southSlavic: return [.one, .few, .other]
      case .slovenian: return [.one, .two, .few, .other]
      case .eastSlavic, .polish, .czech, .lithuanian: return [.one, .few, .many, .other]
      case .arabic: return PluralCategory.allCases
      }
    }

    /// The categories some whole number below a million falls in.
    var needed: [PluralCategory] {
      switch self {
      case .french, .portuguese, .spanish, .italian: return [.one, .other]
      case .czech, .lithuanian: return [.one, .few, .other]
      case .none, .oneWhole, .oneExact, .zeroOrOne, .danish, .icelandic, .hebrew, .latvian, .romanian, .southSlavic,
        .slovenian, .eastSlavic, .polish, .arabic:
        return categories
      }
    }
  }
}
