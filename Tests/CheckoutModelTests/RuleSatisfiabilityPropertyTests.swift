import CheckoutTestSupport
import Testing
@testable import CheckoutModel

/// Unsatisfiable-rule reports are sound: on seeded random rule sets, whenever a
/// value from a wide pool passes every rule (and, for a picker, is an option), no
/// problem is reported.
@Suite struct RuleSatisfiabilityPropertyTests {
  static let pool = [
    "1", "12", "123", "1234", "12345", "123456", "12345-6789", "US", "CA", "us", "abc", "Ada Lovelace",
    "a@b.co", "ada@example.com", "03/29", " 03/29 ", "12/99", "4242424242424242", "4242 4242 4242 4242",
    "5555-5555-5555-4444", "424242424242", " 12345 ", "SAVE10", "x-1", "0", "0000000000000000000",
  ]
  static let patterns = [
    "^[0-9]{5}(-[0-9]{4})?$", "^[A-Z]{2}$", "^[A-Za-z]{2}$", "^[0-9]{3,4}$", "^[A-Za-z0-9-]{3,20}$",
    "^[0-9 ]{12,23}$", "^[0-9]{2}/[0-9]{2}$", "^[a-z]+@[a-z]+\\.[a-z]+$", "^.+$", "^[0-9]+$",
  ]

  static func rules(_ random: inout SeededRandom) -> [Rule] {
    (0..<random.int(in: 1...4)).map { _ -> Rule in
      switch random.int(in: 0...9) {
      case 0: return Rule(.required)
      case 1: return Rule(.email)
      case 2: return Rule(.luhn)
      case 3: return Rule(.digits)
      case 4: return Rule(.expiry)
      case 5: return Rule(.pattern(patterns[random.int(in: 0..<patterns.count)]))
      case 6: return Rule(.minLength(random.int(in: 0...20)))
      case 7: return Rule(.maxLength(random.int(in: 0...20)))
      default: return Rule(.oneOf((0..<random.int(in: 1...3)).map { _ in pool[random.int(in: 0..<pool.count)] }))
      }
    }
  }

  @Test func noProblemIsReportedWhenSomeValuePasses() {
    var random = SeededRandom(seed: 1_121)
    let evaluator = RuleEvaluator()
    var passable = 0
    var reported = 0
    for _ in 0..<3_000 {
      let rules = Self.rules(&random)
      let options =
        random.chance(0.3)
        ? (0..<random.int(in: 1...3)).map { _ in
          PickerOption(value: Self.pool[random.int(in: 0..<Self.pool.count)], label: "o")
        }
        : nil
      let candidates = options?.map(\.value) ?? Self.pool
      let passing = candidates.first { value in
        Value.string(value).isPresent && evaluator.firstFailure(of: rules, value: .string(value), title: "T") == nil
      }
      let problem = RuleSatisfiability(rules: rules, options: options).problem(patternsValid: true)
      if let passing {
        passable += 1
        #expect(
          problem == nil,
          "\(rules) (options \(options.map(\.description) ?? "none")): \"\(passing)\" passes, yet: \(problem ?? "")")
      } else if problem != nil {
        reported += 1
      }
    }
    #expect(
      passable > 300 && reported > 100, "the generator covers both answers (\(passable) passable, \(reported) reported)"
    )
  }
}
