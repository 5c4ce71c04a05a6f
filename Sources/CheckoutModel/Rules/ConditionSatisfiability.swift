/// Decides whether a condition can ever hold in a session of a flow: the one
/// answer lint, the coverage matrix and the story generator share.
///
/// A key with a finite domain (see ``KeyDomains``: a toggle, a picker, a `oneOf`
/// text row) takes only the values of its domain. Any other key the flow knows
/// (see ``FlowKeys``: bound by a value row, held in the data, or provided by a
/// submit) may take any value, or none, during a session: the shopper sets bound
/// keys, API answers fill provided ones, and a host may set a data key. A key the
/// flow does not know never has a value. The answer is exact for these domains:
/// a finite key is tried with each value of its domain, any other with one
/// representative of every class of values the condition can tell apart (no
/// value, each value the condition names and its number/text twins, and one value
/// it does not name), so "never holds" is only said when no session data could
/// make it hold. Conditions over too many combinations are taken as satisfiable
/// rather than guessed at.
///
/// ```swift
/// let analysis = ConditionSatisfiability(flow)
/// analysis.canHold(.equals("delivery.slot", .string("now")))  // false: the picker offers asap, 1900, 1930
/// ```
package struct ConditionSatisfiability: Sendable {
  package let keys: FlowKeys
  /// The finite domains; nil when every known key is taken to take any value.
  package var domains: KeyDomains?
  /// When true every key is taken as known: whether the tests alone can hold together.
  package var everyKeySettable = false
  /// When set, the condition is asked of the data a submit's call is made with:
  /// a value its checks reject is not tried (see ``SubmitChecks``).
  package var submitChecks: SubmitChecks?
  private let masking: Masking?

  /// The most combinations of representatives tried before giving up (and saying "can hold").
  package static let combinationLimit = 20_000

  /// The analysis of a flow: its keys and their domains.
  package init(_ flow: Flow) {
    self.keys = FlowKeys(flow)
    self.domains = KeyDomains(flow)
    self.masking = Masking(flow)
  }

  /// An analysis over the keys of a flow, each known key taking any value.
  package init(keys: FlowKeys, everyKeySettable: Bool = false) {
    self.keys = keys
    self.everyKeySettable = everyKeySettable
    self.domains = nil
    self.masking = nil
  }

  /// Whether some data the flow can hold makes the condition true.
  package func canHold(_ condition: Condition) -> Bool {
    canHold(condition, trying: nil)
  }

  /// ``canHold(_:)``, with `trying` tried even when the submit's checks reject it.
  func canHold(_ condition: Condition, trying: (key: DataKey, value: Value?)?) -> Bool {
    let read = Array(Set(condition.keys)).sorted { $0.rawValue < $1.rawValue }
    let candidates = read.map { key in
      representatives(of: key, in: condition).filter { value in
        if let trying, trying.key == key, trying.value == value { return true }
        return rejection(of: value, for: key, in: condition) == nil
      }
    }
    var combinations = 1
    for list in candidates {
      combinations *= max(list.count, 1)
      if combinations > Self.combinationLimit { return true }
    }
    var data: [DataKey: Value] = [:]
    return search(condition, read[...], candidates[...], &data)
  }

  /// Why a condition that cannot hold does not: the keys it reads that never have
  /// a value; else each key compared with a value it never takes, naming the values
  /// it can take; else a contradiction among its tests.
  package func reason(_ condition: Condition) -> String {
    let fixed = Array(Set(condition.keys)).filter { !keys.isKnown($0) }.sorted { $0.rawValue < $1.rawValue }
    var relaxed = self
    relaxed.everyKeySettable = true
    relaxed.domains = nil
    if !fixed.isEmpty, relaxed.canHold(condition) {
      return fixed.map { key in
        "\(Quoting.quoted(key)) never has a value (no row binds it, the data does not hold it, no submit provides it)"
      }.joined(separator: "; ")
    }
    var unlimited = self
    unlimited.domains = nil
    if let domains, unlimited.canHold(condition) {
      return domainReason(condition, domains)
    }
    let names = Suggestions.list(Array(Set(condition.keys.map(\.rawValue))).sorted(), conjunction: "and")
    return "its tests contradict each other: no values of \(names) satisfy them together"
  }

  /// The keys whose domains keep the condition from holding, with the values they take.
  private func domainReason(_ condition: Condition, _ domains: KeyDomains) -> String {
    var parts: [String] = []
    var named: Set<DataKey> = []
    for case .equals(let key, let value) in Self.leaves(of: condition) {
      guard let domain = domains.domain(of: key),
        !domain.values.contains(where: { $0.map { Condition.equal($0, value) } ?? false })
      else { continue }
      named.insert(key)
      let part =
        "\(Quoting.quoted(key)) is never \(shown(value, of: key)): it takes only \(describe(domain, of: key))"
      if !parts.contains(part) { parts.append(part) }
    }
    if parts.isEmpty {
      let limited = Array(Set(condition.keys)).filter { domains.domain(of: $0) != nil && !named.contains($0) }
      for key in limited.sorted(by: { $0.rawValue < $1.rawValue }) {
        guard let domain = domains.domain(of: key) else { continue }
        parts.append("\(Quoting.quoted(key)) takes only \(describe(domain, of: key))")
      }
      return "no values these keys can take make it hold: " + parts.joined(separator: "; ")
    }
    return parts.joined(separator: "; ")
  }

  /// `asap, 1900 or 1930, or no value (the options of picker "slot" on step "delivery")`.
  private func describe(_ domain: KeyDomains.Domain, of key: DataKey) -> String {
    let present = domain.values.compactMap { $0 }.filter(\.isPresent).map { shown($0, of: key) }
    let blank = domain.values.contains { !($0?.isPresent ?? false) }
    var text = present.isEmpty ? "no value" : Self.list(present)
    if blank && !present.isEmpty { text += ", or no value" }
    return "\(text) (\(domain.source))"
  }

  /// A value as a message shows it: hidden for a secret key, masked for a sensitive
  /// one (see ``Masking/shown(_:of:)``).
  func shown(_ value: Value, of key: DataKey) -> String {
    masking?.shown(value, of: key) ?? value.asWritten
  }

  /// `a`, `a or b`, `a, b or c`: the items as they are (already quoted).
  private static func list(_ items: [String]) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " or " + last
  }

  /// The tests of a condition, through `all`, `any` and `not`.
  private static func leaves(of condition: Condition) -> [Condition] {
    switch condition {
    case .equals, .present: return [condition]
    case .all(let parts), .any(let parts): return parts.flatMap(leaves)
    case .not(let inner): return leaves(of: inner)
    }
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

  /// One value of every class the condition can tell apart, for one key; for a
  /// key with a finite domain, the values of its domain.
  func representatives(of key: DataKey, in condition: Condition) -> [Value?] {
    guard everyKeySettable || keys.isKnown(key) else { return [nil] }
    if let domain = domains?.domain(of: key) { return domain.values }
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

  /// Why the submit's checks keep `value` out of `key`, or nil when they may not:
  /// only a value that stands for itself is judged (no value, a value of a key's
  /// finite domain, a text the condition names that reads as no number), never a
  /// representative of a class of values, some of which may pass.
  func rejection(of value: Value?, for key: DataKey, in condition: Condition) -> SubmitChecks.Rejection? {
    guard let submitChecks else { return nil }
    if let value, domains?.domain(of: key) == nil {
      guard case .string(let text) = value, Double(text) == nil,
        Self.constants(of: key, in: condition).contains(value)
      else { return nil }
    }
    return submitChecks.rejection(of: value, for: key)
  }

  /// The values a condition compares the key with.
  package static func constants(of key: DataKey, in condition: Condition) -> [Value] {
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
