import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutSynthesis

/// Seeded random rule combinations: every value the synthesiser returns passes
/// (or, when invalid, fails) its rules by the engine's evaluator; combinations
/// built around a known value are always served; failures name rules of the row.
@Suite struct ValueSynthesizerPropertyTests {
  let evaluator = RuleEvaluator(today: ValueSynthesizerTests.today)
  static let words = ["apple", "kiwi", "12345", "4242424242424242", "shopper@example.com", "07/28", "AB12"]

  func randomRules(_ random: inout SeededRandom) -> [RuleKind] {
    var rules: [RuleKind] = []
    if random.int(in: 0...1) == 0 { rules.append(.required) }
    switch random.int(in: 0...6) {
    case 0: rules.append(.email)
    case 1: rules.append(.luhn)
    case 2: rules.append(.digits)
    case 3: rules.append(.expiry)
    case 4:
      let patterns = PatternSynthesizerTests.allPatterns
      rules.append(.pattern(patterns[random.int(in: 0..<patterns.count)]))
    case 5:
      rules.append(.oneOf((0..<random.int(in: 1...3)).map { _ in Self.words[random.int(in: 0..<Self.words.count)] }))
    default: break
    }
    if random.int(in: 0...3) == 0 { rules.append(.digits) }
    if random.int(in: 0...2) == 0 { rules.append(.minLength(random.int(in: 0...20))) }
    if random.int(in: 0...2) == 0 { rules.append(.maxLength(random.int(in: 1...30))) }
    return rules
  }

  func check(_ row: Row, seed: UInt64) -> Bool {
    let synthesizer = ValueSynthesizer(
      flow: ValueSynthesizerTests.flow([row]), today: ValueSynthesizerTests.today, seed: seed)
    var served = false
    switch synthesizer.validValue(for: row) {
    case .success(let value):
      #expect(value.isPresent)
      #expect(evaluator.firstFailure(of: row.rules, value: value, title: row.title) == nil, "\(row.rules): \(value)")
      served = true
    case .failure(let failure):
      #expect(!failure.rules.isEmpty, "\(row.rules): \(failure)")
      #expect(failure.rules.allSatisfy(row.rules.contains), "\(row.rules): \(failure)")
    }
    for invalid in synthesizer.invalidValues(for: row) {
      #expect(!invalid.refused)
      #expect(!evaluator.passes(invalid.rule.kind, invalid.value), "\(row.rules): \(invalid)")
      #expect(evaluator.firstFailure(of: row.rules, value: invalid.value, title: row.title) == invalid.message)
    }
    return served
  }

  @Test func randomRuleCombinationsOnlyEverGiveVerifiedValues() {
    var random = SeededRandom(seed: 0x5EED_7A1E)
    var served = 0
    for index in 0..<300 {
      let row = ValueSynthesizerTests.row(randomRules(&random))
      if check(row, seed: UInt64(index)) { served += 1 }
    }
    // Most random combinations are satisfiable; the rest are reported, not guessed.
    #expect(served > 150, "served \(served) of 300")
  }

  @Test func combinationsBuiltAroundAKnownValueAreAlwaysServed() throws {
    var random = SeededRandom(seed: 0xC0_FFEE)
    let patterns = PatternSynthesizerTests.allPatterns
    for index in 0..<250 {
      let pattern = patterns[index % patterns.count]
      let witness = try #require(PatternSynthesizer(pattern).matches(count: 1, seed: UInt64(index)).first, "\(pattern)")
      var rules: [RuleKind] = [.required, .pattern(pattern)]
      if random.int(in: 0...1) == 0 { rules.append(.minLength(random.int(in: 0...witness.count))) }
      if random.int(in: 0...1) == 0 { rules.append(.maxLength(witness.count + random.int(in: 0...10))) }
      if witness.allSatisfy(\.isASCII) && witness.allSatisfy(\.isNumber) && random.int(in: 0...1) == 0 {
        rules.append(.digits)
      }
      if random.int(in: 0...3) == 0 { rules.append(.oneOf([witness, "not-this"])) }
      if RuleEvaluator.passesLuhnCheck(witness) { rules.append(.luhn) }
      let row = ValueSynthesizerTests.row(random.int(in: 0...1) == 0 ? rules : rules.reversed())
      #expect(check(row, seed: UInt64(index)), "\(rules) has the value \(witness) but none was served")
    }
  }

  @Test func formatRulesWithRoomyLengthsAreAlwaysServed() {
    var random = SeededRandom(seed: 42)
    for index in 0..<100 {
      let format: [RuleKind] = [[.email], [.luhn], [.digits], [.expiry], [.luhn, .digits]][index % 5]
      var rules: [RuleKind] = [.required] + format
      if random.int(in: 0...1) == 0 { rules.append(.maxLength(random.int(in: 19...40))) }
      if random.int(in: 0...1) == 0 { rules.append(.minLength(random.int(in: 0...5))) }
      #expect(check(ValueSynthesizerTests.row(rules), seed: UInt64(index)), "\(rules)")
    }
  }
}
