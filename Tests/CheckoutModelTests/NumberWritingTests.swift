import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel

/// How every number is written: its shortest decimal in plain digits, rounded as
/// that decimal is written (half away from zero), at any magnitude, in each
/// language's separators and digits.
@Suite struct NumberWritingTests {
  static func formatting(_ language: String) throws -> LocaleFormatting {
    try #require(EngineMessages.for(language)).formatting
  }

  /// `format.number` in the engine's English, with a flow's own sample.
  static func formatting(sample: String) -> LocaleFormatting {
    EngineMessages.english.overriding([.formatNumber: sample], locale: "en").formatting
  }

  @Test(arguments: [
    (1.005, "$1.01"), (1.015, "$1.02"), (2.675, "$2.68"), (-1.005, "-$1.01"), (0.125, "$0.13"), (1.0049999, "$1.00"),
    (1.004999999999999, "$1.00"), (0.005, "$0.01"), (0.0049, "$0.00"), (-0.001, "$0.00"), (9.995, "$10.00"),
    (-9.995, "-$10.00"), (999.995, "$1,000.00"), (0, "$0.00"), (-0.0, "$0.00"), (84, "$84.00"), (91.95, "$91.95"),
  ])
  func amountsRoundTheDecimalAsWritten(_ amount: Double, _ written: String) throws {
    let english = try Self.formatting("en")
    #expect(english.format(.number(amount), as: .currency("USD")) == written)
    #expect(english.format(.string(amount.description), as: .currency("USD")) == written, "the same as a text")
  }

  @Test func textsRoundAsWrittenWhateverTheirDigits() throws {
    let english = try Self.formatting("en")
    #expect(english.format(.string("1.005"), as: .currency("USD")) == "$1.01")
    #expect(english.format(.string("1.00499999999999999999"), as: .currency("USD")) == "$1.00")
    #expect(english.format(.string("0001.5"), as: .currency("USD")) == "$1.50", "leading zeros are no digits")
    #expect(english.format(.string("-0.00"), as: .number) == "0", "no minus on a zero")
    #expect(
      english.format(.string("123456789012345678901234.5"), as: .currency("USD"))
        == "$123,456,789,012,345,678,901,234.50", "more digits than a Double holds")
  }

  @Test(arguments: [
    (999_999_999_999_999, "$999,999,999,999,999.00", "999,999,999,999,999"),
    (1e15, "$1,000,000,000,000,000.00", "1,000,000,000,000,000"),
    (4_000_056_655_665_556, "$4,000,056,655,665,556.00", "4,000,056,655,665,556"),
    (1e17, "$100,000,000,000,000,000.00", "100,000,000,000,000,000"),
    (1e21, "$1,000,000,000,000,000,000,000.00", "1,000,000,000,000,000,000,000"),
    (-1.5e16, "-$15,000,000,000,000,000.00", "-15,000,000,000,000,000"),
    (123_456_789.125, "$123,456,789.13", "123,456,789.125"),
  ])
  func largeValuesInPlainDigits(_ value: Double, _ dollars: String, _ number: String) throws {
    let english = try Self.formatting("en")
    #expect(english.format(.number(value), as: .currency("USD")) == dollars)
    #expect(english.format(.number(value), as: .number) == number)
  }

  /// A value's own text (what rules read, what a payload and a `{key}` show): its
  /// shortest decimal, never `.0` or an exponent.
  @Test(arguments: [
    (3, "3"), (2.5, "2.5"), (-12.25, "-12.25"), (0.1, "0.1"), (0, "0"), (-0.0, "0"), (1e-5, "0.00001"),
    (999_999_999_999_999, "999999999999999"), (1e15, "1000000000000000"), (4_000_056_655_665_556, "4000056655665556"),
    (1e17, "100000000000000000"), (1e21, "1000000000000000000000"), (-1.2345678901234567e19, "-12345678901234567000"),
    (123_456.789, "123456.789"),
  ])
  func aValuesTextIsItsShortestDecimal(_ number: Double, _ text: String) {
    #expect(Value.number(number).displayText == text)
    #expect(Value.format(number) == text)
  }

  @Test func theExtremesOfADouble() {
    #expect(Value.format(.greatestFiniteMagnitude) == "17976931348623157" + String(repeating: "0", count: 292))
    #expect(Value.format(-.greatestFiniteMagnitude).count == 310)
    #expect(Value.format(.leastNonzeroMagnitude) == "0." + String(repeating: "0", count: 323) + "5")
    #expect(Value.format(.infinity) == "inf", "no number: Swift's word for it")
  }

  @Test func aCardNumberGivenAsANumberPassesItsRules() {
    let evaluator = RuleEvaluator(today: CalendarDate(parsing: "2026-11-21"))
    #expect(evaluator.passes(.luhn, .number(4_000_056_655_665_556)))
    #expect(evaluator.passes(.luhn, .number(4_242_424_242_424_242)))
    #expect(!evaluator.passes(.luhn, .number(4_242_424_242_424_241)))
    #expect(evaluator.passes(.digits, .number(4_000_056_655_665_556)))
  }

  /// 1234567.005 and 1e17 in each language's separators (and a flow's Arabic-Indic
  /// digits), as a number and in dollars.
  @Test func separatorsAndDigitsOfEachLanguage() throws {
    let cases: [(LocaleFormatting, number: String, dollars: String, large: String)] = [
      (try Self.formatting("en"), "1,234,567.005", "$1,234,567.01", "100,000,000,000,000,000"),
      (try Self.formatting("de"), "1.234.567,005", "1.234.567,01\u{00A0}$", "100.000.000.000.000.000"),
      (
        try Self.formatting("fr"), "1\u{202F}234\u{202F}567,005", "1\u{202F}234\u{202F}567,01\u{00A0}$",
        "100\u{202F}000\u{202F}000\u{202F}000\u{202F}000\u{202F}000"
      ),
      (try Self.formatting("ja"), "1,234,567.005", "$1,234,567.01", "100,000,000,000,000,000"),
      (Self.formatting(sample: "١٬٢٣٤٬٥٦٧٫٨٩"), "١٬٢٣٤٬٥٦٧٫٠٠٥", "$١٬٢٣٤٬٥٦٧٫٠١", "١٠٠٬٠٠٠٬٠٠٠٬٠٠٠٬٠٠٠٬٠٠٠"),
      (Self.formatting(sample: "1234567,89"), "1234567,005", "$1234567,01", "100000000000000000"),
    ]
    for (formatting, number, dollars, large) in cases {
      #expect(formatting.format(.number(1_234_567.005), as: .number) == number)
      #expect(formatting.format(.number(1_234_567.005), as: .currency("USD")) == dollars)
      #expect(formatting.format(.number(1e17), as: .number) == large)
    }
  }

  @Test(arguments: [
    (2.5, 0, "3"), (-2.5, 0, "-3"), (0.4999, 0, "0"), (0.05, 1, "0.1"), (0.04999, 1, "0"), (1.005, 2, "1.01"),
    (0.0005, 3, "0.001"), (1.2345, 3, "1.235"), (-1.2345, 3, "-1.235"), (0.00049, 3, "0"), (99.9996, 3, "100"),
    (12, 3, "12"), (1e21, 2, "1000000000000000000000"), (1.5e-300, 3, "0"),
  ])
  func roundingToEachNumberOfPlaces(_ value: Double, _ places: Int, _ written: String) throws {
    #expect(try #require(PlainDecimal(value)).rounded(toPlaces: places).written() == written)
  }

  @Test func placesArePaddedWithZerosWhenAsked() throws {
    let decimal = try #require(PlainDecimal("1.5"))
    #expect(decimal.written(places: 0) == "1.5")
    #expect(decimal.written(places: 3) == "1.500")
    #expect(try #require(PlainDecimal(0)).written(places: 2) == "0.00")
    #expect(try #require(PlainDecimal(-0.0)).written(places: 1) == "0.0")
    #expect(try #require(PlainDecimal(12)).written(group: ".", decimal: ",", places: 2) == "12,00")
  }

  @Test func onlyPlainDecimalTextsAreNumbers() {
    for text in ["", "-", "1e3", ".5", "12.", "+1", "1,5", "1.2.3", "١٢٣", " 1", "1 ", "--1", "0x10", "inf", "nan"] {
      #expect(PlainDecimal(text) == nil, "\(text)")
    }
    #expect(PlainDecimal(Double.nan) == nil)
    #expect(PlainDecimal(-Double.infinity) == nil)
    #expect(PlainDecimal("-007.50") == PlainDecimal(-7.5))
  }

  /// Random values of every magnitude Foundation's `Decimal` holds, rounded to 0-3
  /// places: the same as `Decimal(string: value.description)` rounded `.plain`.
  @Test func agreesWithFoundationsDecimalOnRandomValues() throws {
    // The reference itself: Foundation's rounding of the decimal as written.
    #expect(Self.reference(1.005, places: 2) == "1.01")
    #expect(Self.reference(-2.675, places: 2) == "-2.68")
    #expect(Self.reference(1e21, places: nil) == "1000000000000000000000")
    var random = SeededRandom(seed: 20_261_128)
    for round in 0..<4000 {
      let value = Self.randomValue(&random, round: round)
      let decimal = try #require(PlainDecimal(value))
      #expect(decimal.written() == Self.reference(value, places: nil), "\(value)")
      for places in 0...3 {
        let rounded = decimal.rounded(toPlaces: places).written()
        #expect(rounded == Self.reference(value, places: places), "\(value) to \(places) places")
      }
    }
  }

  /// Random bit patterns over the whole range: the plain text reads back as the
  /// same `Double`, with no exponent and no needless `.0`.
  @Test func everyDoubleReadsBackFromItsPlainText() {
    var random = SeededRandom(seed: 7)
    for _ in 0..<5000 {
      let value = Double(bitPattern: random.next())
      guard value.isFinite else { continue }
      let text = Value.format(value)
      #expect(Double(text) == value, "\(value): \(text)")
      #expect(!text.contains("e") && !text.hasSuffix(".0") && !text.hasSuffix("."), "\(value): \(text)")
    }
  }

  /// Whole numbers below 2^53, written from their integer, read as every other
  /// number is: the same text as their shortest decimal's.
  @Test func wholeNumbersAreWrittenAsTheirShortestDecimal() throws {
    var random = SeededRandom(seed: 53)
    let limit: Int64 = 1 << 53
    let edges: [Int64] = [0, 1, -1, 999_999_999_999_999, limit - 1, -(limit - 1)]
    for whole in edges + (0..<4000).map({ _ in Int64.random(in: -limit..<limit, using: &random) }) {
      let number = Double(whole)
      let shortest = try #require(PlainDecimal(number)).written()
      #expect(shortest == String(whole), "a whole number below 2^53 is its own shortest decimal")
      #expect(Value.format(number) == shortest)
    }
    // 2^62: its shortest decimal, not the integer 4611686018427387904.
    #expect(Value.format(Double(limit) * 512) == "4611686018427388000")
  }

  /// A value of a random kind: a decimal of up to six places (many on a tie), a
  /// whole number up to 10^20, or any magnitude from 10^-20 to 10^120.
  static func randomValue(_ random: inout SeededRandom, round: Int) -> Double {
    let sign: Double = random.chance(0.3) ? -1 : 1
    switch round % 3 {
    case 0:
      let places = random.int(in: 1...6)
      let units = random.int(in: 0...99_999_999) * 10 + (random.chance(0.5) ? 5 : random.int(in: 0...9))
      return sign * (Double("\(units)e-\(places)") ?? 0)
    case 1: return sign * Double(UInt64.random(in: 0...UInt64.max, using: &random)) * Double(random.int(in: 1...5))
    default: return sign * Double.random(in: 1..<10, using: &random) * pow(10, Double(random.int(in: -20...120)))
    }
  }

  /// `value`'s `description` read by Foundation's `Decimal`, rounded half away from
  /// zero to `places` when given, in plain digits.
  static func reference(_ value: Double, places: Int?) -> String {
    guard var decimal = Decimal(string: value.description) else { return "unreadable \(value)" }
    if let places {
      var rounded = Decimal()
      NSDecimalRound(&rounded, &decimal, places, .plain)
      decimal = rounded
    }
    return decimal.isZero ? "0" : decimal.description
  }
}
