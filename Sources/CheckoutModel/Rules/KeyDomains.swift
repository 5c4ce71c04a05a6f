/// The values a key can take during a session, where the flow allows only a few.
///
/// A key has a finite domain when every value row that binds it allows only a
/// few values and no submit `provides` it (an API answer may fill it with
/// anything): a toggle is true or false, a picker holds one of its options (a fixed
/// list, or `{ "from": key }` a list in the flow's data that no submit provides),
/// and a text row with a `oneOf` rule one of the values it names (any other value
/// is refused by the rule). Any of them may also be blank (never set, or cleared),
/// unless the flow's data gives it a first value; that value is in the domain too.
/// Every other key may take any value, as far as the flow says.
///
/// ```swift
/// KeyDomains(flow).domain(of: "delivery.slot")?.values  // [nil, "", "asap", "1900", "1930"]
/// ```
package struct KeyDomains: Sendable {
  /// The values one key can take, and what limits them.
  package struct Domain: Sendable, Hashable {
    /// Each value the key can take; nil when it can have none.
    package var values: [Value?]
    /// What limits them, for messages: `the options of picker "slot" on step "delivery"`.
    package var source: String
  }

  private let domains: [DataKey: Domain]

  /// The domains of a flow's keys.
  package init(_ flow: Flow) {
    let keys = FlowKeys(flow)
    var rowsByKey: [DataKey: [(step: Step, row: Row)]] = [:]
    for step in flow.steps {
      for row in step.rows where row.kind.takesValue {
        if let key = row.bind { rowsByKey[key, default: []].append((step, row)) }
      }
    }
    var domains: [DataKey: Domain] = [:]
    for (key, rows) in rowsByKey where !keys.provided.contains(key) {
      var values: [Value?] = [flow.data[key]]
      var sources: [String] = []
      var finite = true
      for (step, row) in rows {
        guard let allowed = Self.values(of: row, in: flow, keys: keys) else {
          finite = false
          break
        }
        values += allowed.values.map { $0 }
        sources.append("\(allowed.what) \(Quoting.quoted(row.id)) on step \(Quoting.quoted(step.id))")
      }
      guard finite else { continue }
      var seen: Set<Value?> = []
      domains[key] = Domain(
        values: values.filter { seen.insert($0).inserted },
        source: sources.joined(separator: "; "))
    }
    self.domains = domains
  }

  /// The key's domain, or nil when it may take any value (or is unknown to the flow).
  package func domain(of key: DataKey) -> Domain? { domains[key] }

  /// The values a row lets its key take (a blank among them), or nil for any.
  private static func values(of row: Row, in flow: Flow, keys: FlowKeys) -> (values: [Value], what: String)? {
    switch row.cell {
    case .toggle:
      return ([.bool(true), .bool(false)], "toggle")
    case .picker(_, .list(let options)):
      return ([.string("")] + options.map { .string($0.value) }, "the options of picker")
    case .picker(_, .from(let source)):
      guard !keys.provided.contains(source), case .options(let options)? = flow.data[source] else { return nil }
      return (
        [.string("")] + options.map { .string($0.value) },
        "the options in \(Quoting.quoted(source)) of picker"
      )
    case .text, .secure, .number, .email, .phone:
      for rule in row.rules {
        if case .oneOf(let allowed) = rule.kind {
          return ([.string("")] + allowed.map { .string($0) }, "the oneOf rule of row")
        }
      }
      return nil
    case .disclosure, .button, .info:
      return nil
    }
  }
}
