import CheckoutModel

/// Decides whether a condition can ever hold in a session of a flow.
///
/// A key the flow knows (see ``FlowKeys``: bound by a value row, held in the data,
/// or provided by a submit) may take any value, or none, during a session: the
/// shopper sets bound keys, API answers fill provided ones, and a host may set a
/// data key. A key the flow does not know never has a value. The answer is exact
/// for these domains: each key is tried with one representative of every class of
/// values the condition can tell apart (no value, each value the condition names
/// and its number/text twins, and one value it does not name), so "never holds" is
/// only said when no session data could make it hold. Conditions over too many
/// combinations are taken as satisfiable rather than guessed at.
package struct ConditionSatisfiability {
  package let keys: FlowKeys
  /// When true every key is taken as known: whether the tests alone can hold together.
  package var everyKeySettable = false

  /// The most combinations of representatives tried before giving up (and saying "can hold").
  package static let combinationLimit = 20_000

  /// An analysis over the keys of a flow.
  package init(keys: FlowKeys, everyKeySettable: Bool = false) {
    self.keys = keys
    self.everyKeySettable = everyKeySettable
  }

  /// Whether some data the flow can hold makes the condition true.
  package func canHold(_ condition: Condition) -> Bool {
    let read = Array(Set(condition.keys)).sorted { $0.rawValue < $1.rawValue }
    let candidates = read.map { representatives(of: $0, in: condition) }
    var combinations = 1
    for list in candidates {
      combinations *= max(list.count, 1)
      if combinations > Self.combinationLimit { return true }
    }
    var data: [DataKey: Value] = [:]
    return search(condition, read[...], candidates[...], &data)
  }

  /// Why a condition that cannot hold does not: the keys it reads that never have
  /// a value, or else a contradiction among its tests.
  package func reason(_ condition: Condition) -> String {
    let fixed = Array(Set(condition.keys)).filter { !keys.isKnown($0) }.sorted { $0.rawValue < $1.rawValue }
    var relaxed = self
    relaxed.everyKeySettable = true
    guard !fixed.isEmpty, relaxed.canHold(condition) else {
      let names = Suggestions.list(Array(Set(condition.keys.map(\.rawValue))).sorted(), conjunction: "and")
      return "its tests contradict each other: no values of \(names) satisfy them together"
    }
    let parts = fixed.map { key in
      "\(Quoting.quoted(key)) never has a value (no row binds it, the data does not hold it, no submit provides it)"
    }
    return parts.joined(separator: "; ")
  }

  private func search(
    _ condition: Condition, _ read: ArraySlice<DataKey>, _ candidates: ArraySlice<[Value?]>,
    _ data: inout [DataKey: Value]
  ) -> Bool {
    guard let key = read.first, let values = candidates.first else { return condition.holds(in: data) }
    for value in values {
      data[key] = value
      if search(condition, read.dropFirst(), candidates.dropFirst(), &data) { return true }
    }
    data[key] = nil
    return false
  }

  /// One value of every class the condition can tell apart, for one key.
  private func representatives(of key: DataKey, in condition: Condition) -> [Value?] {
    guard everyKeySettable || keys.isKnown(key) else { return [nil] }
    let constants = Self.constants(of: key, in: condition)
    let texts = Set(constants.compactMap { if case .string(let text) = $0 { text } else { nil } })
    var values: [Value?] = [nil, .string(Self.unnamed(avoiding: texts))]
    values += constants.map { $0 }
    // A number equals its text ("3" and 3): try each number named, as a number and
    // as a text the condition does not name.
    var numbers: [Double] = []
    for constant in constants {
      switch constant {
      case .number(let number): numbers.append(number)
      case .string(let text): if let number = Double(text) { numbers.append(number) }
      default: break
      }
    }
    for number in numbers {
      values.append(.number(number))
      if number.isFinite { values.append(.string(Self.spelling(of: number, avoiding: texts))) }
    }
    return values
  }

  /// The values a condition compares the key with.
  private static func constants(of key: DataKey, in condition: Condition) -> [Value] {
    switch condition {
    case .equals(let other, let value): return other == key ? [value] : []
    case .present: return []
    case .all(let conditions), .any(let conditions): return conditions.flatMap { constants(of: key, in: $0) }
    case .not(let inner): return constants(of: key, in: inner)
    }
  }

  /// A present text that none of `texts` is and that is no number.
  private static func unnamed(avoiding texts: Set<String>) -> String {
    var text = "x"
    while texts.contains(text) { text += "x" }
    return text
  }

  /// A text that reads as the number and is none of `texts` (leading zeros added as needed).
  private static func spelling(of number: Double, avoiding texts: Set<String>) -> String {
    let digits = Value.format(abs(number))
    let sign = number < 0 ? "-" : ""
    var zeros = ""
    while texts.contains(sign + zeros + digits) { zeros += "0" }
    return sign + zeros + digits
  }
}
