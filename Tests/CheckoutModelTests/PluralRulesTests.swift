import CheckoutModel
import Testing

/// CLDR's cardinal plural rules, one language at a time: the categories of the
/// numbers CLDR's own samples list for each (`@integer` and `@decimal`), and
/// seeded checks of the rules' shape over many numbers.
@Suite struct PluralRulesTests {
  /// Numbers and the category CLDR's samples give them, by language.
  static let samples: [String: [(String, PluralCategory)]] = [
    "en": [("1", .one), ("0", .other), ("2", .other), ("1.0", .other), ("1.5", .other), ("21", .other)],
    "de": [("1", .one), ("5", .other), ("1.0", .other)],
    "nl": [("1", .one), ("0", .other)],
    "sv": [("1", .one), ("2", .other)],
    "fi": [("1", .one), ("2", .other)],
    "fr": [
      ("0", .one), ("1", .one), ("1.5", .one), ("2", .other), ("1000000", .many), ("2000000", .many),
      ("1000001", .other), ("1000000.0", .other),
    ],
    "es": [("1", .one), ("1.0", .one), ("0", .other), ("1.5", .other), ("1000000", .many), ("3", .other)],
    "it": [("1", .one), ("1.0", .other), ("0", .other), ("1000000", .many)],
    "pt": [("0", .one), ("1", .one), ("1.5", .one), ("2", .other), ("1000000", .many)],
    "pt-PT": [("0", .other), ("1", .one), ("1.5", .other), ("1000000", .many)],
    "ja": [("0", .other), ("1", .other), ("2", .other), ("1.5", .other)],
    "tr": [("1", .one), ("1.0", .one), ("2", .other)],
    "nb": [("1", .one), ("0", .other)],
    "da": [("1", .one), ("0", .other), ("0.1", .one), ("1.5", .one), ("2", .other), ("2.1", .other), ("0.0", .other)],
    "pl": [
      ("1", .one), ("2", .few), ("4", .few), ("22", .few), ("24", .few), ("102", .few), ("0", .many), ("5", .many),
      ("11", .many), ("12", .many), ("14", .many), ("21", .many), ("25", .many), ("112", .many), ("1.5", .other),
      ("1.0", .other),
    ],
    "cs": [("1", .one), ("2", .few), ("4", .few), ("0", .other), ("5", .other), ("22", .other), ("1.5", .many)],
    "ru": [
      ("1", .one), ("21", .one), ("101", .one), ("11", .many), ("2", .few), ("23", .few), ("12", .many), ("0", .many),
      ("5", .many), ("111", .many), ("1.5", .other),
    ],
    "uk": [("1", .one), ("21", .one), ("3", .few), ("14", .many), ("1.5", .other)],
    "ar": [
      ("0", .zero), ("1", .one), ("2", .two), ("3", .few), ("10", .few), ("103", .few), ("11", .many), ("99", .many),
      ("111", .many), ("100", .other), ("102", .other), ("0.5", .other),
    ],
    // The languages CLDR 44 gives rules the first table lacked, with CLDR's samples.
    "he": [
      ("1", .one), ("0.0", .one), ("0.5", .one), ("0.05", .one), ("2", .two), ("0", .other), ("3", .other),
      ("17", .other), ("20", .other), ("100", .other), ("1.0", .other), ("2.5", .other), ("10.0", .other),
    ],
    "hi": [("0", .one), ("1", .one), ("0.5", .one), ("1.0", .one), ("0.04", .one), ("2", .other), ("1.1", .other)],
    "bn": [("0", .one), ("1", .one), ("2", .other), ("17", .other)],
    "fa": [("0", .one), ("1", .one), ("1.1", .other), ("2.6", .other)],
    "ur": [("1", .one), ("0", .other), ("2", .other), ("1.0", .other)],
    "id": [("0", .other), ("1", .other), ("1.5", .other)],
    "ms": [("1", .other)], "th": [("1", .other)], "vi": [("1", .other)], "zh": [("1", .other)], "ko": [("1", .other)],
    "ro": [
      ("1", .one), ("0", .few), ("2", .few), ("16", .few), ("101", .few), ("1001", .few), ("0.0", .few), ("1.5", .few),
      ("10.0", .few), ("20", .other), ("35", .other), ("100", .other), ("1000", .other),
    ],
    "lt": [
      ("1", .one), ("21", .one), ("101", .one), ("1.0", .one), ("21.0", .one), ("2", .few), ("9", .few), ("22", .few),
      ("102", .few), ("2.0", .few), ("0.1", .many), ("1.7", .many), ("10.1", .many), ("0", .other), ("10", .other),
      ("11", .other), ("19", .other), ("20", .other), ("0.0", .other), ("16.0", .other),
    ],
    "lv": [
      ("0", .zero), ("10", .zero), ("11", .zero), ("19", .zero), ("20", .zero), ("100", .zero), ("0.0", .zero),
      ("16.0", .zero), ("1", .one), ("21", .one), ("101", .one), ("0.1", .one), ("1.0", .one), ("2.1", .one),
      ("10.1", .one), ("2", .other), ("9", .other), ("22", .other), ("102", .other), ("0.2", .other), ("1.9", .other),
      ("10.2", .other),
    ],
    "sk": [("1", .one), ("2", .few), ("4", .few), ("0", .other), ("5", .other), ("1.5", .many), ("0.0", .many)],
    "hr": [
      ("1", .one), ("21", .one), ("101", .one), ("0.1", .one), ("1.1", .one), ("10.1", .one), ("2", .few),
      ("24", .few), ("62", .few), ("0.2", .few), ("1.4", .few), ("5.2", .few), ("0", .other), ("5", .other),
      ("11", .other), ("12", .other), ("19", .other), ("0.0", .other), ("0.5", .other), ("1.0", .other),
      ("2.0", .other),
    ],
    "sr": [("1", .one), ("3", .few), ("13", .other), ("0.1", .one)],
    "bs": [("21", .one), ("22", .few), ("25", .other)],
    "sl": [
      ("1", .one), ("101", .one), ("1001", .one), ("2", .two), ("102", .two), ("3", .few), ("4", .few), ("104", .few),
      ("0.0", .few), ("1.5", .few), ("0", .other), ("5", .other), ("19", .other), ("100", .other),
    ],
    "el": [("1", .one), ("1.0", .one), ("0", .other), ("0.9", .other), ("1.1", .other)],
    "hu": [("1", .one), ("2", .other)],
    "bg": [("1", .one), ("16", .other)],
    "ca": [("1", .one), ("0", .other), ("2", .other), ("1.5", .other), ("1000000", .many)],
    "et": [("1", .one), ("0", .other), ("1.5", .other)],
    "is": [
      ("1", .one), ("21", .one), ("101", .one), ("0.1", .one), ("1.0", .one), ("1.1", .one), ("10.1", .one),
      ("0", .other), ("2", .other), ("11", .other), ("16", .other), ("0.0", .other), ("0.2", .other),
      ("1.8", .other), ("10.0", .other),
    ],
  ]

  @Test("each language's numbers fall in CLDR's categories", arguments: samples.keys.sorted())
  func samplesFallInTheirCategories(_ language: String) throws {
    let rules = try #require(PluralRules.for(language))
    for (number, category) in Self.samples[language] ?? [] {
      #expect(rules.category(of: number) == category, "\(language) \(number)")
      #expect(rules.categories.contains(category), "\(language) \(number): \(category) is not one of its categories")
    }
  }

  @Test func theEightLanguagesAndTheEuropeanOnesHaveRules() {
    for language in EngineMessages.languages + ["pl", "cs", "ru", "uk", "sv", "da", "nb", "fi", "tr", "ar"] {
      #expect(PluralRules.for(language) != nil, "\(language)")
    }
    #expect(PluralRules.for("xx") == nil)
    #expect(PluralRules.for("de-CH")?.language == "de", "a regional tag reads its language's rules")
    #expect(PluralRules.for("pt-pt")?.language == "pt-PT", "a region of its own is found in any case")
    #expect(PluralRules.otherOnly.category(of: "1") == .other)
  }

  @Test func aLegacyLanguageReadsTheRulesOfTheLanguageItBecame() throws {
    let hebrew = try #require(PluralRules.for("iw"))
    #expect(hebrew.language == "he" && hebrew.category(of: "2") == .two)
    #expect(PluralRules.for("iw-IL")?.language == "he")
    #expect(PluralRules.for("in")?.language == "id")
    #expect(PluralRules.for("ji")?.language == "yi")
    #expect(!PluralRules.languages.contains("iw"), "the list names the language, not its old tag")
  }

  @Test("needed is the categories a whole number below 1000 takes, and other", arguments: PluralRules.languages)
  func neededIsWhatWholeNumbersTake(_ language: String) throws {
    let rules = try #require(PluralRules.for(language))
    let taken = Set((0..<1_000).map { rules.category(of: String($0)) }).union([.other])
    #expect(rules.needed == rules.categories.filter(taken.contains), "\(language)")
  }

  @Test func operandsAreReadFromTheNumberAsWritten() throws {
    let operands = try #require(PluralOperands("-1.50"))
    #expect(operands.n == 1.5 && operands.i == 1 && operands.v == 2 && operands.f == 50 && operands.t == 5)
    #expect(PluralOperands(.number(3)) == PluralOperands("3"))
    #expect(PluralOperands("1,000") == nil && PluralOperands("abc") == nil && PluralOperands("1.") == nil)
    #expect(PluralOperands(.bool(true)) == nil)
    #expect(PluralRules.for("en")?.category(of: "many") == .other, "a text that is no number is other")
  }

  /// A small seeded generator, so a failure names a number that fails again.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  @Test("every whole number falls in one of its language's needed categories", arguments: PluralRules.languages)
  func categoriesStayInTheLanguage(_ language: String) throws {
    let rules = try #require(PluralRules.for(language))
    var random = SplitMix(state: 20_261_127)
    var seen = Set<PluralCategory>()
    for _ in 0..<2_000 {
      let whole = Int.random(in: 0...2_000_000, using: &random)
      let category = rules.category(of: String(whole))
      seen.insert(category)
      #expect(rules.categories.contains(category), "\(language) \(whole)")
      if whole < 1_000_000 { #expect(rules.needed.contains(category), "\(language) \(whole) needs \(category)") }
      // Polish, Russian and Ukrainian: the form of n is the form of n + 100 (but for 0 and 1).
      if ["pl", "ru", "uk"].contains(language), whole > 1 {
        #expect(rules.category(of: String(whole + 100)) == category, "\(language) \(whole) and \(whole + 100)")
      }
    }
    for number in 0..<1_000 { seen.insert(rules.category(of: String(number))) }
    let needed = Set(rules.needed).subtracting([.other])
    #expect(needed.isSubset(of: seen), "\(language): some needed category no whole number takes")
    #expect(rules.categories.last == .other)
  }
}
