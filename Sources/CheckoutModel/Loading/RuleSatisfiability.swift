/// Finds rules of one row that no value but an empty one can pass together
/// (every rule except `required` passes on an empty value).
///
/// Sound before complete: a combination is reported only when it is proven that no
/// present value passes it. Values a row could hold are tried directly where the
/// flow lists them (`oneOf`, picker options); otherwise the rules are compared by
/// the characters they allow and the lengths they need, and a `pattern` in the
/// ``SimplePattern`` subset is read for the lengths it can match with those
/// characters. Anything else (custom rules, other patterns) is taken as passable.
///
/// ```swift
/// RuleSatisfiability(rules: [Rule(.digits), Rule(.expiry)]).problem(patternsValid: true)
/// // "expiry needs a \"/\" (MM/YY), which digits (0-9 only) does not allow"
/// ```
package struct RuleSatisfiability {
  let rules: [RuleKind]
  /// Each rule's name as the row writes it (a named rule's name, or the built-in one).
  let names: [String]
  let options: [PickerOption]?

  package init(rules: [Rule], options: [PickerOption]? = nil) {
    self.rules = rules.map(\.kind)
    self.names = rules.map(\.writtenName)
    self.options = options
  }

  private func has(_ kind: RuleKind) -> Bool { rules.contains(kind) }

  /// Why no present value passes the rules together, or nil when one may.
  /// `patternsValid` says every `pattern` compiles: when one does not (it is
  /// reported on its own), nothing that would run it is said on top of it.
  package func problem(patternsValid: Bool) -> String? {
    if let problem = lengthProblem ?? characterProblem { return problem }
    guard patternsValid else { return nil }
    return oneOfProblem ?? optionsProblem ?? patternProblem
  }

  // MARK: Lengths

  private var minimumLength: Int? {
    rules.compactMap { if case .minLength(let n) = $0 { n } else { nil } }.max()
  }

  private var maximumLength: Int? {
    rules.compactMap { if case .maxLength(let n) = $0 { n } else { nil } }.min()
  }

  /// The fewest characters a present value passing the rules has, and the rule
  /// that says so; nil when only `minLength` (or nothing) sets a lower bound.
  private var neededLength: (length: Int, why: String)? {
    let needs: [(Bool, Int, String)] = [
      (has(.luhn), 12, "luhn needs at least 12 digits"),
      (has(.expiry), 5, "expiry needs 5 characters (MM/YY)"),
      (has(.email), 5, "email needs at least 5 characters (a@b.c)"),
    ]
    var best: (length: Int, why: String)?
    for (applies, length, why) in needs where applies && length > (best?.length ?? 0) { best = (length, why) }
    if let minimum = minimumLength, minimum > (best?.length ?? 0) {
      best = (minimum, "minLength \(minimum) needs at least \(minimum)")
    }
    return best
  }

  private var lengthProblem: String? {
    guard let maximum = maximumLength else { return nil }
    if let minimum = minimumLength, minimum > maximum {
      return "minLength \(minimum) is more than maxLength \(maximum): no value can pass"
    }
    guard let needed = neededLength, needed.length > maximum else { return nil }
    return "\(needed.why), more than maxLength \(maximum): no value can pass"
  }

  // MARK: Characters

  private var characterProblem: String? {
    let onlyDigits = "0-9"
    let cardCharacters = "digits, spaces and dashes"
    if has(.email) {
      if has(.digits) { return "email needs an \"@\", which digits (\(onlyDigits) only) does not allow" }
      if has(.luhn) { return "email needs an \"@\", which luhn (\(cardCharacters) only) does not allow" }
      if has(.expiry) { return "email needs an \"@\", which expiry (MM/YY) does not allow" }
    }
    if has(.expiry) {
      if has(.digits) { return "expiry needs a \"/\" (MM/YY), which digits (\(onlyDigits) only) does not allow" }
      if has(.luhn) { return "expiry needs a \"/\" (MM/YY), which luhn (\(cardCharacters) only) does not allow" }
    }
    return nil
  }

  /// The ASCII characters a present value passing the rules may hold (leading and
  /// trailing blanks included: those rules read the value trimmed), and the rules
  /// that restrict them; nil when any character may appear.
  private var allowedCharacters: (set: [Bool], by: String)? {
    var set = [Bool](repeating: true, count: 128)
    var by: [String] = []
    func restrict(_ name: String, _ allowed: String) {
      let bytes = Set(allowed.utf8)
      for byte in 0..<128 where !bytes.contains(UInt8(byte)) { set[byte] = false }
      by.append(name)
    }
    let digits = "0123456789 \t"
    if has(.digits) { restrict("digits", digits) }
    if has(.luhn) { restrict("luhn", digits + "-") }
    if has(.expiry) { restrict("expiry", digits + "/") }
    return by.isEmpty ? nil : (set, by.joined(separator: " and "))
  }

  // MARK: Listed values

  /// The name of the first rule other than `required`, `oneOf` and custom rules that a value fails.
  private func failedRule(_ value: String, includingOneOf: Bool) -> String? {
    let evaluator = RuleEvaluator()
    let index = rules.firstIndex { kind in
      switch kind {
      case .required, .custom: return false
      case .oneOf: return includingOneOf && !evaluator.passes(kind, .string(value))
      default: return !evaluator.passes(kind, .string(value))
      }
    }
    return index.map { names[$0] }
  }

  private var oneOfProblem: String? {
    let lists = rules.compactMap { if case .oneOf(let values) = $0 { values } else { nil } }
    guard let first = lists.first else { return nil }
    let candidates = first.filter { value in lists.allSatisfy { $0.contains(value) } }
    if candidates.isEmpty {
      return "no value is in every oneOf list: no value can pass"
    }
    let present = candidates.filter { Value.string($0).isPresent }
    guard !present.isEmpty else { return nil }
    var failures: [String] = []
    for value in present {
      guard let failed = failedRule(value, includingOneOf: false) else { return nil }
      failures.append("\(Quoting.quoted(value)) fails \(failed)")
    }
    return "no oneOf value passes the other rules (\(failures.joined(separator: ", "))): no value can pass"
  }

  private var optionsProblem: String? {
    guard let options, !options.isEmpty else { return nil }
    let present = options.map(\.value).filter { Value.string($0).isPresent }
    guard !present.isEmpty else { return nil }
    var failures: [String] = []
    for value in present {
      guard let failed = failedRule(value, includingOneOf: true) else { return nil }
      failures.append("\(Quoting.quoted(value)) fails \(failed)")
    }
    return "no option of the picker passes its rules (\(failures.joined(separator: ", "))): no choice can be valid"
  }

  // MARK: Patterns

  private var patternProblem: String? {
    let needed = neededLength
    let maximum = maximumLength
    let characters = allowedCharacters
    let allowed = characters?.set ?? [Bool](repeating: true, count: 128)
    let with = characters.map { " using what \($0.by) allows" } ?? ""
    for case .pattern(let text) in rules {
      guard let pattern = SimplePattern(text) else { continue }
      let lengths = PatternLengths.of(pattern.items, allowed: allowed).compactMap { range in
        range.upperBound >= 1 ? max(range.lowerBound, 1)...range.upperBound : nil
      }
      guard let longest = lengths.last?.upperBound, let shortest = lengths.first?.lowerBound else {
        guard let characters else {
          return "pattern \(Quoting.quoted(text)) matches only an empty value: no value can pass"
        }
        return
          "pattern \(Quoting.quoted(text)) needs characters that \(characters.by) does not allow: no value can pass"
      }
      if has(.email), !PatternLengths.mayContain(pattern.items, UInt8(ascii: "@"), allowed: allowed) {
        return "email needs an \"@\", which pattern \(Quoting.quoted(text)) does not allow: no value can pass"
      }
      let span =
        "pattern \(Quoting.quoted(text)) matches values of \(PatternLengths.describe(lengths)) characters\(with)"
      if let needed, longest < needed.length { return "\(span), but \(needed.why): no value can pass" }
      if let maximum, shortest > maximum { return "\(span), but maxLength is \(maximum): no value can pass" }
      let low = needed?.length ?? 1
      let high = maximum ?? Int.max
      if !lengths.contains(where: { $0.upperBound >= low && $0.lowerBound <= high }) {
        return "\(span), but the rules need \(low) to \(high): no value can pass"
      }
    }
    return nil
  }
}

/// The lengths of text a ``SimplePattern`` can match using only some characters.
enum PatternLengths {
  /// The achievable lengths, as sorted disjoint ranges (`Int.max` stands for "no limit").
  static func of(_ items: [SimplePattern.Item], allowed: [Bool]) -> [ClosedRange<Int>] {
    var total: [ClosedRange<Int>] = [0...0]
    for item in items {
      let piece: [ClosedRange<Int>]
      switch item {
      case .atom(let bytes, let minimum, let maximum):
        let usable = (0..<128).contains { bytes[$0] && allowed[$0] }
        piece = usable ? [minimum...maximum] : (minimum == 0 ? [0...0] : [])
      case .optionalGroup(let group):
        piece = merge([0...0] + of(group, allowed: allowed))
      }
      total = merge(
        total.flatMap { left in
          piece.map { right in add(left.lowerBound, right.lowerBound)...add(left.upperBound, right.upperBound) }
        })
      if total.isEmpty { return [] }
    }
    return total
  }

  /// Whether a match may hold `byte`: some atom allows it and may be taken.
  static func mayContain(_ items: [SimplePattern.Item], _ byte: UInt8, allowed: [Bool]) -> Bool {
    items.contains { item in
      switch item {
      case .atom(let bytes, _, let maximum): return maximum >= 1 && bytes[Int(byte)] && allowed[Int(byte)]
      case .optionalGroup(let group): return mayContain(group, byte, allowed: allowed)
      }
    }
  }

  /// `5`, `5 or 10`, `3 to 20`, `at least 2`.
  static func describe(_ ranges: [ClosedRange<Int>]) -> String {
    let parts = ranges.map { range -> String in
      if range.upperBound == Int.max { return "at least \(range.lowerBound)" }
      return range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
    }
    return parts.joined(separator: " or ")
  }

  private static func add(_ lhs: Int, _ rhs: Int) -> Int {
    let (sum, overflow) = lhs.addingReportingOverflow(rhs)
    return overflow || lhs == Int.max || rhs == Int.max ? Int.max : sum
  }

  private static func merge(_ ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
    var merged: [ClosedRange<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, range.lowerBound <= add(last.upperBound, 1) {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}
