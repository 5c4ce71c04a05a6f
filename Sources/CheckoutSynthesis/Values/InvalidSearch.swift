import CheckoutModel

/// Finds a value that breaks one rule of a row: candidates aimed at that rule,
/// ranked by how cleanly they break it (every other rule passing first), each
/// checked with the engine's evaluator.
struct InvalidSearch {
  let synthesizer: ValueSynthesizer
  let row: Row
  /// The index of the rule to break in `row.rules`.
  let index: Int
  let data: [DataKey: Value]

  private var rule: Rule { row.rules[index] }
  private var target: RuleKind { rule.kind }
  /// The row's other rules.
  private var others: [RuleKind] {
    var kinds = row.rules.map(\.kind)
    kinds.remove(at: index)
    return kinds
  }

  func run() -> Result<InvalidValue, SynthesisFailure> {
    switch row.cell {
    case .toggle:
      if let value = best([.bool(true), .bool(false)]) { return .success(flagged(value)) }
      return .failure(unbreakable("neither on nor off breaks it"))
    case .picker:
      // The offered options, and no choice at all (a picker can be cleared).
      let choices = [Value.string("")] + synthesizer.options(of: row, data: data).map { Value.string($0.value) }
      if let value = best(choices) { return .success(flagged(value)) }
      return refusedValue()
    case .disclosure, .button, .info:
      return .failure(unbreakable("\(row.kind.withArticle) row takes no value"))
    case .text, .secure, .number, .email, .phone:
      var random = synthesizer.random(for: row, "invalid \(index)")
      if let value = best(texts(random: &random).map(Value.string)) { return .success(flagged(value)) }
      return .failure(unbreakable(reasonUnbreakable))
    }
  }

  /// The candidate that fails the rule with the best rank; the first such in order.
  private func best(_ candidates: [Value]) -> Value? {
    var best: (rank: Int, value: Value)?
    for value in candidates {
      guard let rank = rank(value), rank < (best?.rank ?? Int.max) else { continue }
      best = (rank, value)
      if rank == 0 { break }
    }
    return best?.value
  }

  /// 0: fails only the rule; 1: the rule is the first failure; 2: fails it among
  /// earlier failures; nil: passes it.
  private func rank(_ value: Value) -> Int? {
    guard !synthesizer.evaluator.passes(target, value, remember: false) else { return nil }
    if synthesizer.passes(others, value) { return 0 }
    let earlier = row.rules.prefix(index).map(\.kind)
    return synthesizer.passes(earlier, value) ? 1 : 2
  }

  private func flagged(_ value: Value) -> InvalidValue {
    InvalidValue(rule: rule, value: value, message: synthesizer.message(for: row, value) ?? "", refused: false)
  }

  private func unbreakable(_ why: String) -> SynthesisFailure {
    synthesizer.failure(row, [rule], "no value breaks \(rule.kind.synthesisText): \(why)")
  }

  private var reasonUnbreakable: String {
    switch target {
    case .required: return "the empty value passes it"
    case .minLength(let minimum) where minimum <= 1:
      return "blank values pass every rule but required, and every other value is long enough"
    case .maxLength(let maximum) where maximum >= CandidateText.longest:
      return "a longer value has more than the \(CandidateText.longest) characters the synthesiser builds"
    default: return "every value the synthesiser tried passes it"
    }
  }

  /// A value the picker does not offer, which the session refuses: for a rule that
  /// no offered option breaks.
  private func refusedValue() -> Result<InvalidValue, SynthesisFailure> {
    let offered = Set(synthesizer.options(of: row, data: data).flatMap { [$0.value, $0.label.text.lowercased()] })
    var random = synthesizer.random(for: row, "refused \(index)")
    let candidates = texts(random: &random).filter { !offered.contains($0) && !offered.contains($0.lowercased()) }
    for text in candidates where !synthesizer.evaluator.passes(target, .string(text), remember: false) {
      if case .failure(let problem) = RowInput.accept(
        .string(text), for: row, data: data.merging(synthesizer.flow.data) { own, _ in own })
      {
        return .success(InvalidValue(rule: rule, value: .string(text), message: problem.message, refused: true))
      }
    }
    return .failure(unbreakable("no option it offers breaks it, and no value that is not offered does either"))
  }

  /// Candidate texts aimed at breaking the rule, most telling first.
  private func texts(random: inout SynthesisRandom) -> [String] {
    let base = synthesizer.validValues(for: textRow, kinds: others, data: data) { $0.count >= 4 }.prefix(4).map(
      \.displayText)
    switch target {
    case .required:
      return ["", " "]
    case .email:
      return base.map { $0.replacingOccurrences(of: "@", with: ".") } + [
        "shopper.example.com", "shopper@example", "shopper at example.com",
      ]
    case .luhn:
      let cards = TestCards.all.map(\.number)
      return (base + cards).filter { $0.allSatisfy(\.isNumber) }.map(TestCards.breakingCheckDigit(of:)) + [
        "1234567812345678"
      ]
    case .digits:
      return base.map { String($0.dropLast()) + "a" } + base.map { $0 + "a" } + ["12a45", "abc"]
    case .expiry:
      let today = synthesizer.today
      let nextYear = CandidateText.expiry(monthsAfter: 12, today)
      return [
        CandidateText.expiry(monthsAfter: -1, today), CandidateText.expiry(monthsAfter: -12, today),
        "13/" + nextYear.suffix(2), "00/" + nextYear.suffix(2), nextYear.replacingOccurrences(of: "/", with: "-"),
        nextYear.replacingOccurrences(of: "/", with: ""),
      ]
    case .pattern(let pattern):
      let synthesizer = synthesizer.patternSynthesizer(pattern)
      let shape = CandidateText(synthesizer: self.synthesizer, row: textRow, kinds: others, lengths: nil)
      var near = synthesizer.matches(
        count: 3, lengths: shape.lengths ?? 1...Int.max, preference: shape.preference, random: &random)
      near += base
      return synthesizer.nonMatches(near: near, random: &random)
    case .minLength(let minimum):
      guard minimum > 1 else { return [] }
      // One character short first, then shorter.
      let oneShort = synthesizer.validValues(
        for: textRow, kinds: others, data: data, lengths: (minimum - 1)...(minimum - 1)
      ) { !$0.isEmpty }
      let shorter =
        oneShort.isEmpty
        ? synthesizer.validValues(for: textRow, kinds: others, data: data, lengths: 1...(minimum - 1)) : []
      return (oneShort + shorter).map(\.displayText) + base.map { String($0.prefix(minimum - 1)) }
    case .maxLength(let maximum):
      guard maximum < CandidateText.longest else { return [] }
      guard maximum < PatternSynthesizer.longest else { return [String(repeating: "x", count: maximum + 1)] }
      let long = synthesizer.validValues(
        for: textRow, kinds: others, data: data, lengths: (maximum + 1)...(maximum + 1)
      ) { !$0.isEmpty }.map(\.displayText)
      let padded = base.map {
        $0 + String(repeating: $0.last.map(String.init) ?? "x", count: max(0, maximum + 1 - $0.count))
      }
      return long + padded + [String(repeating: "x", count: maximum + 1), String(repeating: "1", count: maximum + 1)]
    case .oneOf(let values):
      let more = synthesizer.validValues(for: textRow, kinds: others, data: data).map(\.displayText)
      return (base + more).filter { !values.contains($0) } + values.map { $0 + "x" } + ["other"]
    case .custom:
      return base + CandidateText.words + [
        "x", "0", "!", "12345", "abc", "ABC-123", String(repeating: "x", count: 300),
      ]
    }
  }

  /// The row as a text row, so that a picker's refused values are built as texts.
  private var textRow: Row {
    var copy = row
    switch row.cell {
    case .picker(let bind, _), .toggle(let bind): copy.cell = .text(TextEntry(bind: bind))
    case .text, .secure, .number, .email, .phone, .disclosure, .button, .info: break
    }
    return copy
  }
}
