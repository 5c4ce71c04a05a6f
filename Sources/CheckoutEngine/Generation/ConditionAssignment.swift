extension ValueSynthesizer {
  /// Values for the condition's keys that make it hold (`hold: true`) or fail
  /// (`hold: false`) on `data`, changing as few keys as possible: only the changed
  /// keys are returned (an empty answer: it already does). A key bound to a row gets
  /// a value that row takes (a toggle a Bool, a picker one of its options, a text
  /// row a value its rules accept where one serves); a blank text is `.string("")`.
  public func assignment(making condition: Condition, hold: Bool, data: [DataKey: Value]) -> Result<[DataKey: Value], SynthesisFailure> {
    var keys: [DataKey] = []
    for key in condition.keys where !keys.contains(key) { keys.append(key) }
    let current = flow.data.merging(data) { _, own in own }
    if condition.holds(in: current) == hold { return .success([:]) }
    let domains = keys.map { domain(for: $0, in: condition, data: current) }
    // Change one key, then two, ...: the first assignment found changes the fewest.
    var budget = 50_000
    for count in 1...max(1, keys.count) {
      for chosen in Self.combinations(of: Array(keys.indices), choosing: count) {
        if let found = search(chosen, domains: domains, keys: keys, condition: condition, hold: hold, data: current, budget: &budget) {
          return .success(found)
        }
        if budget <= 0 { break }
      }
    }
    let text = ConditionText.describe(condition, flow: flow)
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
    let named = Self.constants(for: key, in: condition)
    var values: [Value] = []
    if let row = flow.steps.lazy.flatMap(\.rows).first(where: { $0.bind == key && $0.cell.takesValue }) {
      switch row.cell {
      case .toggle:
        values = [.bool(true), .bool(false)]
      case .picker:
        let offered = options(of: row, data: data).map { Value.string($0.value) }
        values = named.filter { value in offered.contains { Condition.equal($0, value) } } + offered
      default:
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

  /// The values the condition compares the key with.
  private static func constants(for key: DataKey, in condition: Condition) -> [Value] {
    switch condition {
    case .equals(let other, let value): return other == key ? [value] : []
    case .present: return []
    case .all(let conditions), .any(let conditions): return conditions.flatMap { constants(for: key, in: $0) }
    case .not(let inner): return constants(for: key, in: inner)
    }
  }

  /// Every way to choose `count` of the elements, in order.
  static func combinations(of elements: [Int], choosing count: Int) -> [[Int]] {
    guard count > 0 else { return [[]] }
    guard elements.count >= count else { return [] }
    var result: [[Int]] = []
    for (offset, element) in elements.enumerated() {
      for rest in combinations(of: Array(elements.dropFirst(offset + 1)), choosing: count - 1) {
        result.append([element] + rest)
      }
    }
    return result
  }
}
