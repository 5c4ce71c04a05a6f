import Foundation
import CheckoutModel

/// Builds strings that a `pattern` rule's regular expression matches, and strings
/// close to those that it does not: every string returned was checked against the
/// pattern engine the rules use.
///
/// ```swift
/// let zip = PatternSynthesizer("^[0-9]{5}(-[0-9]{4})?$")
/// zip.matches(count: 2, seed: 7)             // ["72101-2785", "97846-7217"]
/// zip.nonMatches(near: ["97201"], seed: 7)    // ["97a01", "97!01", "97Z01", ...]
/// ```
package struct PatternSynthesizer: Sendable {
  /// The pattern, as written in the rule.
  package let pattern: String
  /// The parsed pattern, or why it could not be parsed.
  let tree: Result<RegexNode, RegexSyntaxError>
  /// Constructs generated only approximately (lookarounds, possessive quantifiers...).
  package let approximations: [String]
  /// The pattern compiled by the engine the rules use, once.
  private let expression: NSRegularExpression?

  /// Parses the pattern.
  package init(_ pattern: String) {
    self.pattern = pattern
    var parser = RegexParser(pattern)
    do {
      tree = .success(try parser.parse())
    } catch {
      tree = .failure(error)
    }
    approximations = parser.approximations
    expression = try? PatternCache.compile(pattern)
  }

  /// Why the synthesiser cannot read the pattern, or nil when it can.
  package var unsupportedSyntax: String? {
    guard case .failure(let error) = tree else { return nil }
    return "\(error.message) (at character \(error.offset + 1))"
  }

  /// The fewest and most characters a match can have, when the pattern could be read.
  package var lengthBounds: (minimum: Int, maximum: Int?)? {
    guard case .success(let node) = tree else { return nil }
    return node.lengths
  }

  /// Whether the pattern engine matches the whole text.
  package func accepts(_ text: String) -> Bool {
    guard let expression else { return false }
    let range = NSRange(text.startIndex..., in: text)
    return expression.firstMatch(in: text, options: [.anchored], range: range)?.range == range
  }

  /// Up to `count` different strings the pattern matches, with lengths in `lengths`
  /// where the pattern allows, seeded; fewer (or none) when the attempts run out.
  package func matches(count: Int, lengths: ClosedRange<Int> = 0...Int.max, seed: UInt64) -> [String] {
    var random = SynthesisRandom(seed: seed, salt: pattern)
    return matches(count: count, lengths: lengths, preference: .text, random: &random)
  }

  /// Strings the pattern does not match, each a small change to one of `near`
  /// (a character replaced, one added, one removed), then a few short strings.
  package func nonMatches(near: [String], seed: UInt64) -> [String] {
    var random = SynthesisRandom(seed: seed, salt: "not " + pattern)
    return nonMatches(near: near, random: &random)
  }

  func matches(count: Int, lengths: ClosedRange<Int>, preference: CharacterPreference, random: inout SynthesisRandom)
    -> [String]
  {
    guard count > 0, case .success(let node) = tree else { return [] }
    let bounds = node.lengths
    let low = max(lengths.lowerBound, bounds.minimum)
    let high = min(lengths.upperBound, bounds.maximum ?? Int.max)
    guard low <= high, low <= PatternSynthesizer.longest else { return [] }
    var found: [String] = []
    var seen: Set<String> = []
    let attempts = max(count * 6, 24)
    for attempt in 0..<attempts where found.count < count {
      var builder = StringBuilder(random: random, preference: preference, slack: attempt < attempts / 2 ? 3 : 8)
      let text = builder.build(node, low: low, high: max(low, min(high, low + PatternSynthesizer.longest)))
      random = builder.random
      guard !seen.contains(text) else { continue }
      seen.insert(text)
      if accepts(text) { found.append(text) }
    }
    return found
  }

  func nonMatches(near: [String], random: inout SynthesisRandom) -> [String] {
    let foreign: [Character] = ["a", "!", "0", "Z", "#", " "]
    var candidates: [String] = []
    for text in near {
      let characters = Array(text)
      for index in random.shuffled(Array(characters.indices)).prefix(4) {
        for replacement in foreign where replacement != characters[index] {
          var changed = characters
          changed[index] = replacement
          candidates.append(String(changed))
        }
      }
      if let last = characters.last { candidates.append(text + String(last)) }
      candidates.append(text + "!")
      candidates.append(text + "0")
      if characters.count > 1 {
        candidates.append(String(characters.dropLast()))
        candidates.append(String(characters.dropFirst()))
      }
    }
    candidates += ["!", "x", "0", "!!!", "abc", "123", "x!0 #"]
    var seen: Set<String> = []
    return candidates.filter { seen.insert($0).inserted && !$0.isEmpty && !accepts($0) }
  }

  /// The longest string the synthesiser builds.
  static let longest = 4_096
}

/// Which characters a generated string should favour when a class allows a choice.
enum CharacterPreference: Sendable {
  /// ASCII letters and digits, then punctuation, then space.
  case text
  /// ASCII digits first (for `digits` and `luhn` rows).
  case digits

  /// Groups of candidate characters, most wanted first.
  var tiers: [[Unicode.Scalar]] {
    switch self {
    case .text: return CharacterPreference.textTiers
    case .digits: return CharacterPreference.digitTiers
    }
  }

  private static let asciiDigits = (48...57).compactMap(Unicode.Scalar.init)
  private static let asciiLetters =
    (65...90).compactMap(Unicode.Scalar.init) + (97...122).compactMap(Unicode.Scalar.init)
  private static let punctuation: [Unicode.Scalar] = [
    "-", ".", "_", "+", "(", ")", "/", ",", ":", "'", "#", "&", "*", "!", "?", "@", "=", "%", "$", ";", "~", "<", ">",
    "[", "]", "{", "}", "|", "^", "`", "\\", "\"",
  ]
  private static let others: [Unicode.Scalar] = ["é", "ü", "ß", "Ж", "中", "€", "\u{A0}", "\t", "\n", "\r", "\u{0}"]
  private static let textTiers = [asciiLetters + asciiDigits, punctuation, [" "], others]
  private static let digitTiers = [asciiDigits, asciiLetters, punctuation, [" "], others]
}

/// Builds one string for a tree, aiming at a length range.
struct StringBuilder {
  var random: SynthesisRandom
  let preference: CharacterPreference
  /// How many characters past the shortest a free choice may add.
  let slack: Int
  /// Where each capturing group's last match lies in the output, in scalars.
  private var captures: [Int: Range<Int>] = [:]
  /// The output's length in scalars (counting a string's scalars walks it).
  private var written = 0

  init(random: SynthesisRandom, preference: CharacterPreference, slack: Int) {
    self.random = random
    self.preference = preference
    self.slack = slack
  }

  mutating func build(_ node: RegexNode, low: Int, high: Int) -> String {
    var output = ""
    emit(node, low: low, high: high, into: &output)
    return output
  }

  private mutating func emit(_ node: RegexNode, low: Int, high: Int, into output: inout String) {
    switch node {
    case .empty, .assertion: return
    case .character(let choice):
      let members = choice.members(preference)
      if !members.isEmpty {
        output.unicodeScalars.append(members[random.below(members.count)])
        written += 1
      }
    case .sequence(let parts, _):
      emitSequence(parts.count, part: { parts[$0] }, lengths: parts.map(\.lengths), low: low, high: high, into: &output)
    case .alternation(let alternatives, _):
      let feasible = alternatives.filter { Self.fits($0.lengths, low: low, high: high) }
      let choices = feasible.isEmpty ? alternatives : feasible
      emit(choices[random.below(choices.count)], low: low, high: high, into: &output)
    case .group(let inner, let capture):
      let start = written
      emit(inner, low: low, high: high, into: &output)
      if let capture { captures[capture] = start..<written }
    case .repetition(let inner, let minimum, let maximum, _):
      let lengths = inner.lengths
      let count = repetitions(of: lengths, minimum: minimum, maximum: maximum, low: low, high: high)
      emitSequence(
        count, part: { _ in inner }, lengths: Array(repeating: lengths, count: count), low: low, high: high,
        into: &output)
    case .backreference(let group):
      guard let range = captures[group], !range.isEmpty else { return }
      let scalars = Array(output.unicodeScalars.dropFirst(range.lowerBound).prefix(range.count))
      output.unicodeScalars.append(contentsOf: scalars)
      written += scalars.count
    }
  }

  private static func fits(_ lengths: RegexNode.Lengths, low: Int, high: Int) -> Bool {
    lengths.minimum <= high && (lengths.maximum ?? Int.max) >= low
  }

  /// Each part gets the share of the range the parts after it leave.
  private mutating func emitSequence(
    _ count: Int, part: (Int) -> RegexNode, lengths: [RegexNode.Lengths], low: Int, high: Int, into output: inout String
  ) {
    let unbounded = RegexNode.unbounded
    // The fewest and most characters of the parts after each index.
    var afterMinimum = Array(repeating: 0, count: count + 1)
    var afterMaximum = Array(repeating: 0, count: count + 1)
    for index in stride(from: count - 1, through: 0, by: -1) {
      afterMinimum[index] = min(unbounded, afterMinimum[index + 1] + lengths[index].minimum)
      afterMaximum[index] = min(unbounded, afterMaximum[index + 1] + (lengths[index].maximum ?? unbounded))
    }
    var produced = 0
    for index in 0..<count {
      let length = lengths[index]
      let partLow = max(length.minimum, low - produced - afterMaximum[index + 1])
      let partHigh = min(length.maximum ?? unbounded, high - produced - afterMinimum[index + 1])
      let (targetLow, targetHigh) = partLow <= partHigh ? (partLow, partHigh) : (length.minimum, length.minimum)
      let target = random.within(targetLow...min(targetHigh, targetLow + slack))
      let before = written
      emit(part(index), low: target, high: target, into: &output)
      produced += written - before
    }
  }

  /// How many times to repeat a part so that the whole fits the range.
  private mutating func repetitions(of inner: RegexNode.Lengths, minimum: Int, maximum: Int?, low: Int, high: Int)
    -> Int
  {
    if inner.maximum == 0 { return min(minimum, 1) }
    var fewest = minimum
    if let innerMaximum = inner.maximum, innerMaximum > 0 {
      fewest = max(fewest, (low + innerMaximum - 1) / innerMaximum)
    }
    var most = maximum ?? (fewest + slack)
    most = min(most, fewest + slack)
    if inner.minimum > 0 { most = min(most, high / inner.minimum) }
    if let maximum { fewest = min(fewest, maximum) }
    guard most >= fewest else { return fewest }
    return min(random.within(fewest...most), PatternSynthesizer.longest)
  }
}

/// A class's members among the characters generated strings favour, worked out
/// once per pattern: the most wanted tier that has any, for each preference.
struct CharacterChoice: Sendable {
  let set: CharacterSet
  private let text: [Unicode.Scalar]
  private let digits: [Unicode.Scalar]

  init(_ set: CharacterSet) {
    self.set = set
    if case .ranges(let ranges) = set, ranges.count == 1, ranges[0].count == 1,
      let scalar = Unicode.Scalar(ranges[0].lowerBound)
    {
      text = [scalar]
      digits = [scalar]
      return
    }
    text = CharacterChoice.members(of: set, .text)
    digits = CharacterChoice.members(of: set, .digits)
  }

  /// The members to choose from (empty when the set holds no character found).
  func members(_ preference: CharacterPreference) -> [Unicode.Scalar] {
    preference == .digits ? digits : text
  }

  private static func members(of set: CharacterSet, _ preference: CharacterPreference) -> [Unicode.Scalar] {
    for tier in preference.tiers {
      let members = tier.filter(set.contains)
      if !members.isEmpty { return members }
    }
    let hinted = set.hints.filter(set.contains)
    if !hinted.isEmpty { return hinted }
    for value in stride(from: UInt32(0xA1), to: 0x3000, by: 7) {
      if let scalar = Unicode.Scalar(value), set.contains(scalar) { return [scalar] }
    }
    return []
  }
}
