import CheckoutModel

/// Synthesises values that a row's rules accept or reject, for generated stories.
/// Deterministic from the seed: the same flow, date and seed give the same values.
///
/// Every value it returns was checked with the engine's own ``RuleEvaluator`` (and,
/// for pickers and toggles, with the session's input conversion): candidates are
/// built from the rules, tried in a seeded order, and the first that verifies is
/// returned. When none does, the answer is a ``SynthesisFailure`` naming the rules
/// that conflict, never a guess.
///
/// ```swift
/// let synthesizer = ValueSynthesizer(flow: flow, today: CalendarDate(parsing: "2026-11-21")!, seed: 1)
/// let cvv = flow.step("creditCard")!.row("cvv")!
/// try synthesizer.validValue(for: cvv).get()        // .string("4416")
/// synthesizer.invalidValues(for: cvv).map(\.value)  // [.string(""), .string("68a7")]
/// ```
package struct ValueSynthesizer: Sendable {
  /// The flow whose rows are served.
  package let flow: Flow
  /// The session's date, for `expiry`.
  package let today: CalendarDate
  /// The seed every choice derives from.
  package let seed: UInt64
  /// The engine's evaluator, which every returned value is checked with.
  let evaluator: RuleEvaluator
  /// The flow's patterns, parsed once.
  private let patterns: [String: PatternSynthesizer]
  /// Whether a condition can ever hold: the answer lint and the coverage matrix give
  /// too, every key taken as one the caller may set.
  let satisfiability: ConditionSatisfiability

  /// Prepares a synthesiser for a flow; `registry` holds the custom rules the flow names.
  package init(flow: Flow, today: CalendarDate, seed: UInt64, registry: RuleRegistry = RuleRegistry()) {
    self.flow = flow
    self.today = today
    self.seed = seed
    evaluator = RuleEvaluator(today: today, registry: registry, patterns: PatternCache(flow))
    var patterns: [String: PatternSynthesizer] = [:]
    for rule in flow.steps.flatMap(\.rows).flatMap(\.rules) {
      if case .pattern(let pattern) = rule.kind, patterns[pattern] == nil {
        patterns[pattern] = PatternSynthesizer(pattern)
      }
    }
    self.patterns = patterns
    // Any key may be assigned here (the caller decides which it may set); the
    // domains of toggles, pickers and oneOf rows are the flow's.
    var satisfiability = ConditionSatisfiability(flow)
    satisfiability.everyKeySettable = true
    self.satisfiability = satisfiability
  }

  /// A value every rule of the row accepts (for a picker one of its options, for a
  /// toggle a Bool), different from each value in `avoiding` when another exists.
  /// `data` is the session data so far (a picker's `options: {from: key}` reads it).
  package func validValue(for row: Row, data: [DataKey: Value] = [:], avoiding: [Value] = []) -> Result<
    Value, SynthesisFailure
  > {
    if let problem = valueProblem(row, data: data) { return .failure(problem) }
    let avoided = Set(avoiding.map(\.displayText))
    let values = validValues(for: row, kinds: row.rules.map(\.kind), data: data) { found in
      found.contains { !avoided.contains($0.displayText) }
    }
    if let fresh = values.first(where: { !avoided.contains($0.displayText) }) ?? values.first {
      return .success(fresh)
    }
    return .failure(explainNoValue(for: row, data: data))
  }

  /// For each rule of the row that some value breaks: a value that fails it while the
  /// row's other rules hold as far as possible, in rule order. Rules no value breaks
  /// (`minLength 1`: blank values pass every rule but `required`) are left out;
  /// ``invalidValue(for:breaking:data:)`` says why.
  package func invalidValues(for row: Row, data: [DataKey: Value] = [:]) -> [InvalidValue] {
    row.rules.compactMap { rule in try? invalidValue(for: row, breaking: rule, data: data).get() }
  }

  /// A value that fails `rule` (one of the row's rules), preferring one that passes
  /// every other rule, then one whose first failure is `rule`; or why there is none.
  package func invalidValue(for row: Row, breaking rule: Rule, data: [DataKey: Value] = [:]) -> Result<
    InvalidValue, SynthesisFailure
  > {
    if let problem = valueProblem(row, data: data) { return .failure(problem) }
    guard let index = row.rules.firstIndex(of: rule) else {
      return .failure(failure(row, [rule], "the row has no rule \(rule.kind.synthesisText)"))
    }
    return InvalidSearch(synthesizer: self, row: row, index: index, data: data).run()
  }

  // MARK: Checking

  /// Whether the value passes every rule kind (the engine's evaluator, nothing remembered).
  func passes(_ kinds: [RuleKind], _ value: Value) -> Bool {
    kinds.allSatisfy { evaluator.passes($0, value, remember: false) }
  }

  /// The message the row shows for the value, or nil when it passes every rule.
  func message(for row: Row, _ value: Value) -> String? {
    evaluator.firstFailure(of: row.rules, value: value, title: row.title, remember: false)
  }

  /// The options a picker offers on this data.
  func options(of row: Row, data: [DataKey: Value]) -> [PickerOption] {
    switch row.options {
    case .list(let list)?: return list
    case .from(let key)?:
      if case .options(let list)? = data[key] ?? flow.data[key] { return list }
      return []
    case nil: return []  // only a picker has options
    }
  }

  /// A seeded generator for one purpose on one row.
  func random(for row: Row, _ purpose: String) -> SynthesisRandom {
    SynthesisRandom(seed: seed, salt: "\(purpose)|\(row.id)|\(row.bind?.rawValue ?? "")|\(row.title)")
  }

  func patternSynthesizer(_ pattern: String) -> PatternSynthesizer {
    patterns[pattern] ?? PatternSynthesizer(pattern)
  }

  func failure(_ row: Row, _ rules: [Rule], _ reason: String) -> SynthesisFailure {
    SynthesisFailure(row: row.id, title: row.title.text, rules: rules, reason: reason)
  }

  /// Why the row takes no synthesised value at all, or nil.
  private func valueProblem(_ row: Row, data: [DataKey: Value]) -> SynthesisFailure? {
    guard row.kind.takesValue, row.bind != nil else {
      return failure(row, [], "\(row.kind.withArticle) row takes no value")
    }
    switch row.cell {
    case .picker(_, let source) where options(of: row, data: data).isEmpty:
      if case .from(let key) = source {
        return failure(row, [], "the picker offers no options: data key \(key) holds no option list")
      }
      return failure(row, [], "the picker offers no options")
    case .picker, .text, .secure, .number, .email, .phone, .toggle, .disclosure, .button, .info:
      return nil
    }
  }

  // MARK: Valid values

  /// The values that pass `kinds`, verified, in seeded order, without repeats;
  /// text values are never blank. `lengths` narrows the lengths tried.
  ///
  /// When `enough` is given and says the values from the quick candidates (the
  /// placeholder, hints, listed values, cards...) suffice, the costlier ones
  /// (generated pattern strings) are not built: the values found are the first
  /// values of the full answer, in the same order.
  func validValues(
    for row: Row, kinds: [RuleKind], data: [DataKey: Value], lengths: ClosedRange<Int>? = nil,
    enough: (([Value]) -> Bool)? = nil
  ) -> [Value] {
    if let enough {
      let quick = validValues(for: row, kinds: kinds, data: data, lengths: lengths, quickOnly: true)
      if enough(quick) { return quick }
    }
    return validValues(for: row, kinds: kinds, data: data, lengths: lengths, quickOnly: false)
  }

  private func validValues(
    for row: Row, kinds: [RuleKind], data: [DataKey: Value], lengths: ClosedRange<Int>?, quickOnly: Bool
  ) -> [Value] {
    var random = random(for: row, "valid \(lengths.map { "\($0)" } ?? "")")
    let candidates: [Value]
    switch row.cell {
    case .toggle: candidates = random.shuffled([true, false]).map(Value.bool)
    case .picker: candidates = random.shuffled(options(of: row, data: data)).map { .string($0.value) }
    case .disclosure, .button, .info: candidates = []  // no value to synthesise (refused in valueProblem)
    case .text, .secure, .number, .email, .phone:
      candidates = CandidateText(synthesizer: self, row: row, kinds: kinds, lengths: lengths)
        .valid(random: &random, quickOnly: quickOnly).map(Value.string)
    }
    var seen: Set<Value> = []
    return candidates.filter { value in
      value.isPresent && passes(kinds, value) && seen.insert(value).inserted
    }
  }

  /// The fewest rules of the row that together no value satisfies, in words.
  private func explainNoValue(for row: Row, data: [DataKey: Value]) -> SynthesisFailure {
    var conflict = row.rules
    for rule in row.rules where conflict.count > 1 {
      var trial = conflict
      guard let at = trial.firstIndex(of: rule) else { continue }
      trial.remove(at: at)
      if validValues(for: row, kinds: trial.map(\.kind), data: data).isEmpty { conflict = trial }
    }
    let names = conflict.map(\.kind.synthesisText)
    let together =
      if let last = names.last, names.count > 1 {
        names.dropLast().joined(separator: ", ") + " and " + last + " together"
      } else {
        names.first ?? "the row"
      }
    switch row.cell {
    case .picker:
      let offered = options(of: row, data: data).map(\.value).joined(separator: ", ")
      return failure(row, conflict, "no option it offers (\(offered)) satisfies \(together)")
    case .toggle:
      return failure(row, conflict, "neither on nor off satisfies \(together)")
    case .text, .secure, .number, .email, .phone, .disclosure, .button, .info:
      break  // a text's rules are explained one by one below
    }
    guard conflict.count == 1 else { return failure(row, conflict, "no value satisfies \(together)") }
    switch conflict[0].kind {
    case .pattern(let pattern):
      let synthesizer = patternSynthesizer(pattern)
      if let unsupported = synthesizer.unsupportedSyntax {
        return failure(row, conflict, "cannot synthesise a value for pattern \(pattern): \(unsupported)")
      }
      if let bounds = synthesizer.lengthBounds, bounds.minimum > PatternSynthesizer.longest {
        return failure(
          row, conflict,
          "cannot synthesise a value for pattern \(pattern): its matches have at least \(bounds.minimum) characters, more than the \(PatternSynthesizer.longest) the synthesiser builds"
        )
      }
      if synthesizer.lengthBounds?.maximum == 0 {
        return failure(
          row, conflict, "no non-blank value satisfies pattern \(pattern): it matches only the empty string")
      }
      if !synthesizer.approximations.isEmpty {
        return failure(
          row, conflict,
          "cannot synthesise a value for pattern \(pattern): it uses \(synthesizer.approximations.joined(separator: ", ")), which the synthesiser only approximates, and no string it built matches"
        )
      }
      return failure(
        row, conflict, "cannot synthesise a value for pattern \(pattern): no non-blank string it built matches")
    case .minLength(let minimum) where minimum > CandidateText.longest:
      return failure(
        row, conflict,
        "cannot synthesise a value for minLength \(minimum): more than the \(CandidateText.longest) characters the synthesiser builds"
      )
    case .custom(let name):
      return failure(
        row, conflict,
        "cannot synthesise a value for the custom rule \(name): none of the synthesiser's candidates passes it")
    default:
      return failure(row, conflict, "no non-blank value satisfies \(together)")
    }
  }
}
