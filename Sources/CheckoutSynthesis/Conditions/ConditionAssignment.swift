import CheckoutModel

extension ValueSynthesizer {
  /// Values for the condition's keys that make it hold (`hold: true`) or fail
  /// (`hold: false`) on `data`, changing few keys (one, then two, are tried first;
  /// past that, the condition's shape guides the search): only the changed keys are
  /// returned (an empty answer: it already does). A key bound to a row gets
  /// a value that row takes (a toggle a Bool, a picker one of its options, a text
  /// row a value its rules accept where one serves); a blank text is `.string("")`.
  package func assignment(making condition: Condition, hold: Bool, data: [DataKey: Value]) -> Result<
    [DataKey: Value], SynthesisFailure
  > {
    var keys: [DataKey] = []
    for key in condition.keys where !keys.contains(key) { keys.append(key) }
    let current = flow.data.merging(data) { _, own in own }
    if condition.holds(in: current) == hold { return .success([:]) }
    // What no session can do is said in the words lint uses for it.
    let wanted = hold ? condition : .not(condition)
    guard satisfiability.canHold(wanted) else {
      return .failure(
        SynthesisFailure(
          reason:
            "no session data makes \"\(ConditionText.describe(condition, flow: flow))\" \(hold ? "hold" : "fail"): \(satisfiability.reason(wanted))"
        ))
    }
    let domains = keys.map { domain(for: $0, in: condition, data: current) }
    var budget = Self.assignmentBudget
    var found: [DataKey: Value]?
    // Change one key, then two, ...: the first assignment found changes the fewest.
    func searchChanging(_ counts: ClosedRange<Int>) {
      for count in counts where found == nil && budget > 0 {
        Self.forEachCombination(of: keys.count, choosing: count) { chosen in
          found = search(
            chosen, domains: domains, keys: keys, condition: condition, hold: hold, data: current, budget: &budget)
          return found != nil || budget <= 0
        }
      }
    }
    searchChanging(1...max(1, min(2, keys.count)))
    if found == nil {
      // Over many keys, read the assignment off the condition's shape instead.
      let byKey = Dictionary(uniqueKeysWithValues: zip(keys, domains))
      for option in shaped(condition, hold: hold, domains: byKey, data: current) {
        let changed = option.filter { current[$0.key] != $0.value }
        if condition.holds(in: current.merging(changed) { $1 }) == hold {
          found = changed
          break
        }
      }
    }
    if keys.count > 2 { searchChanging(3...keys.count) }
    if let found { return .success(found) }
    let text = ConditionText.describe(condition, flow: flow)
    guard budget > 0 else {
      return .failure(
        SynthesisFailure(
          reason:
            "gave up making \"\(text)\" \(hold ? "hold" : "fail") after \(Self.assignmentBudget) tries over \(keys.count) keys"
        ))
    }
    // Values of secret keys never appear in words; sensitive ones are masked.
    let masking = Masking(flow)
    let tried = keys.indices.map { index in
      let shown = domains[index].map { value in
        value.isPresent ? masking.display(value, of: keys[index]) : "blank"
      }
      return "\(keys[index]) (\(shown.joined(separator: ", ")))"
    }.joined(separator: "; ")
    return .failure(SynthesisFailure(reason: "no values make \"\(text)\" \(hold ? "hold" : "fail"): tried \(tried)"))
  }

  /// Tries every value of the chosen keys' domains (other than their current value).
  private func search(
    _ chosen: [Int], domains: [[Value]], keys: [DataKey], condition: Condition, hold: Bool,
    data: [DataKey: Value], budget: inout Int
  ) -> [DataKey: Value]? {
    var trial = data
    var changes: [DataKey: Value] = [:]
    func assign(_ position: Int, _ budget: inout Int) -> Bool {
      guard budget > 0 else { return false }
      guard position < chosen.count else {
        budget -= 1
        return condition.holds(in: trial) == hold
      }
      let key = keys[chosen[position]]
      for value in domains[chosen[position]] where value != data[key] {
        trial[key] = value
        changes[key] = value
        if assign(position + 1, &budget) { return true }
      }
      trial[key] = data[key]
      changes[key] = nil
      return false
    }
    return assign(0, &budget) ? changes : nil
  }

  /// The values worth trying for a key: those the condition names, a valid value of
  /// the row bound to it, and a blank; limited to what that row can hold.
  private func domain(for key: DataKey, in condition: Condition, data: [DataKey: Value]) -> [Value] {
    let named = ConditionSatisfiability.constants(of: key, in: condition)
    var values: [Value] = []
    if let row = flow.steps.lazy.flatMap(\.rows).first(where: { $0.bind == key && $0.kind.takesValue }) {
      switch row.cell {
      case .toggle:
        values = [.bool(true), .bool(false)]
      case .picker:
        let offered = options(of: row, data: data).map { Value.string($0.value) }
        values = named.filter { value in offered.contains { Condition.equal($0, value) } } + offered
      case .disclosure, .button, .info:
        break  // not found: only a row that takes a value is looked for
      case .text, .secure, .number, .email, .phone:
        let accepted = named.filter { ($0.isPresent && message(for: row, .string($0.displayText)) == nil) }
        values = accepted.map { .string($0.displayText) }
        if let valid = try? validValue(for: row, data: data).get() { values.append(valid) }
        values += named.map { .string($0.displayText) }
        values.append(.string(""))
      }
    } else {
      values = named
      for case .bool(let flag) in named { values.append(.bool(!flag)) }
      values += [.string("x"), .string("")]
    }
    var seen: Set<Value> = []
    return values.filter { seen.insert($0).inserted }
  }

  /// Assignments read off the condition's shape: an `all` that must hold needs an
  /// assignment for every part, an `any` one for one part (and the reverse when it
  /// must fail). At most a few alternatives, each checked by the caller.
  private func shaped(_ condition: Condition, hold: Bool, domains: [DataKey: [Value]], data: [DataKey: Value])
    -> [[DataKey: Value]]
  {
    let limit = 8
    switch condition {
    case .equals(let key, let expected):
      let values = (domains[key] ?? []).filter { Condition.equal($0, expected) == hold }
      return (condition.holds(in: data) == hold ? [[:]] : []) + values.prefix(2).map { [key: $0] }
    case .present(let key, let present):
      let values = (domains[key] ?? []).filter { $0.isPresent == (present == hold) }
      return (condition.holds(in: data) == hold ? [[:]] : []) + values.prefix(2).map { [key: $0] }
    case .not(let inner):
      return shaped(inner, hold: !hold, domains: domains, data: data)
    case .all(let parts) where hold, .any(let parts) where !hold:
      var options: [[DataKey: Value]] = [[:]]
      for part in parts {
        let partOptions = shaped(part, hold: hold, domains: domains, data: data)
        var combined: [[DataKey: Value]] = []
        for option in options {
          for partOption in partOptions where combined.count < limit {
            guard partOption.allSatisfy({ option[$0.key] == nil || option[$0.key] == $0.value }) else { continue }
            combined.append(option.merging(partOption) { $1 })
          }
        }
        options = combined
      }
      return options
    case .all(let parts), .any(let parts):
      return Array(parts.flatMap { shaped($0, hold: hold, domains: domains, data: data) }.prefix(limit))
    }
  }

  /// How many assignments the search tries before it gives up.
  static let assignmentBudget = 50_000

  /// Calls `body` with each way to choose `count` of `0..<total`, in order, until it returns true.
  static func forEachCombination(of total: Int, choosing count: Int, _ body: ([Int]) -> Bool) {
    var chosen: [Int] = []
    func extend(from start: Int) -> Bool {
      guard chosen.count < count else { return body(chosen) }
      guard start < total else { return false }
      for index in start..<total where total - index >= count - chosen.count {
        chosen.append(index)
        if extend(from: index + 1) { return true }
        chosen.removeLast()
      }
      return false
    }
    _ = extend(from: 0)
  }
}
