import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutModel

/// The fast matcher for simple patterns answers exactly as NSRegularExpression
/// does, and refuses every pattern outside its subset.
@Suite struct SimplePatternTests {
  /// What the engine answers: its first anchored match covers the whole text.
  static func engineMatches(_ pattern: String, _ text: String) -> Bool {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
    let range = NSRange(text.startIndex..., in: text)
    return expression.firstMatch(in: text, options: [.anchored], range: range)?.range == range
  }

  static let flowPatterns = [
    "^[1-9][0-9]?$", "^[0-9]{3,4}$", "^[A-Za-z]{2}$", "^[0-9]{5}(-[0-9]{4})?$", "^[A-Za-z0-9-]{3,20}$",
  ]

  @Test func everyPatternOfTheShippedFlowsIsSimple() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var patterns: Set<String> = []
    for name in ["plndr.json", "express.json"] {
      let flow = try FlowLoader().load(contentsOf: root.appendingPathComponent("Flows/\(name)").path)
      for rule in flow.steps.flatMap(\.rows).flatMap(\.rules) {
        if case .pattern(let pattern) = rule.kind { patterns.insert(pattern) }
      }
    }
    #expect(!patterns.isEmpty)
    for pattern in patterns.sorted() {
      #expect(SimplePattern(pattern) != nil, "\(pattern) goes to the regular-expression engine")
    }
  }

  @Test func knownAnswers() {
    let zip = SimplePattern("^[0-9]{5}(-[0-9]{4})?$")
    #expect(zip?.wholeMatch("97201") == true)
    #expect(zip?.wholeMatch("97201-1234") == true)
    #expect(zip?.wholeMatch("97201-123") == false)
    #expect(zip?.wholeMatch("97201\n") == false)
    #expect(zip?.wholeMatch("９７２０１") == false)  // full-width digits are not [0-9]
    #expect(zip?.wholeMatch("") == false)
    #expect(SimplePattern("^[0-9]{3,4}$")?.wholeMatch("1234") == true)
    #expect(SimplePattern("^[0-9]{3,4}$")?.wholeMatch("12345") == false)
  }

  @Test(arguments: [
    "^[0-9]+", "^(a|b)$", "^[^0-9]+$", "^\\d{3}$", "^[a-z]{2,}?$", "^a++$", "^(ab(c)?)?$", "^[[a-z]&&[^aeiou]]$",
    "^a\\$", "^.{3}$", "^\\w+$", "^[a-z]{,3}$", "^(abc)$", "^[z-a]$", "^[a-Z]$", "^[\\n]$",
  ])
  func patternsOutsideTheSubsetAreRefused(_ pattern: String) {
    #expect(SimplePattern(pattern) == nil)
  }

  /// Seeded random patterns of the subset against random texts: the same answers.
  @Test func randomPatternsAgreeWithTheEngine() {
    var random = SeededRandom(seed: 0x5EED_7A77)
    let atoms = ["[0-9]", "[A-Za-z]", "[a-c-]", "[-x0-2]", "a", "b", "-", "\\.", "[.+]", " ", "[A-F0-9]", "\\(", "@"]
    let quantifiers = ["", "", "?", "*", "+", "{2}", "{1,3}", "{0,2}", "{2,}"]
    let alphabet = Array("ab019xAF-. (@+é\n").map(String.init)
    var agreed = 0
    for _ in 0..<400 {
      var pattern = random.chance(0.7) ? "^" : ""
      for _ in 0..<random.int(in: 1...4) {
        if random.chance(0.2) {
          var group = ""
          for _ in 0..<random.int(in: 1...2) {
            group += atoms[random.int(in: 0..<atoms.count)] + quantifiers[random.int(in: 0..<quantifiers.count)]
          }
          pattern += "(\(group))?"
        } else {
          pattern += atoms[random.int(in: 0..<atoms.count)] + quantifiers[random.int(in: 0..<quantifiers.count)]
        }
      }
      pattern += "$"
      guard let simple = SimplePattern(pattern) else {
        Issue.record("\(pattern) is in the subset but was refused")
        continue
      }
      for _ in 0..<25 {
        let text = (0..<random.int(in: 0...6)).map { _ in alphabet[random.int(in: 0..<alphabet.count)] }.joined()
        let expected = Self.engineMatches(pattern, text)
        #expect(simple.wholeMatch(text) == expected, "\(pattern) on \(text.debugDescription)")
        if simple.wholeMatch(text) == expected { agreed += 1 }
      }
      // A text built to match, so positive answers are tested too.
      let matching = Self.sample(simple, &random)
      #expect(
        simple.wholeMatch(matching) == Self.engineMatches(pattern, matching),
        "\(pattern) on \(matching.debugDescription)")
    }
    #expect(agreed == 10_000)
  }

  /// A text the pattern should match: each atom repeated within its counts.
  static func sample(_ pattern: SimplePattern, _ random: inout SeededRandom) -> String {
    func text(_ items: [SimplePattern.Item]) -> String {
      items.map { item -> String in
        switch item {
        case .atom(let set, let minimum, let maximum):
          let members = (0..<128).filter { set[$0] }
          let count = random.int(in: minimum...min(maximum, minimum + 3))
          return String(
            (0..<count).map { _ in Character(UnicodeScalar(UInt8(members[random.int(in: 0..<members.count)]))) })
        case .optionalGroup(let group):
          return random.chance(0.5) ? text(group) : ""
        }
      }.joined()
    }
    return text(pattern.items)
  }
}
