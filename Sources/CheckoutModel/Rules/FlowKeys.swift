/// The data keys a flow can hold, and every place it reads one.
///
/// A key is *known* when a value row binds it (the shopper sets it), the flow's
/// `data` holds it, or a submit `provides` it (the API's success data fills it).
/// A flow reads keys in detail templates, `visibleWhen`/`enabledWhen`, completion
/// checks, `options.from`, the `bind` of info and disclosure rows (which only show
/// a value), and error matchers' `field` where it names a key (see ``namesKey(_:)``).
package struct FlowKeys {
  /// One place a flow reads a key.
  package struct Read {
    /// The key read.
    package var key: DataKey
    /// Where: the JSON path of the key (or of the template that holds it).
    package var path: JSONPath
  }

  /// Keys bound by value rows: the shopper sets them.
  package let bound: Set<DataKey>
  /// Keys some submit's success data fills.
  package let provided: Set<DataKey>
  /// The flow's initial data.
  package let data: [DataKey: Value]
  /// Every key the flow can hold, sorted (for suggestions).
  package let known: [String]

  package init(_ flow: Flow) {
    var bound: Set<DataKey> = []
    var provided: Set<DataKey> = []
    for row in flow.steps.flatMap(\.rows) {
      if row.kind.takesValue, let key = row.bind { bound.insert(key) }
      if case .submit(let submit) = row.action { provided.formUnion(submit.provides) }
    }
    self.bound = bound
    self.provided = provided
    self.data = flow.data
    self.known = bound.union(provided).union(flow.data.keys).map(\.rawValue).sorted()
  }

  /// Whether the flow can hold the key.
  package func isKnown(_ key: DataKey) -> Bool {
    bound.contains(key) || provided.contains(key) || data[key] != nil
  }

  /// Whether an error matcher's `field` names a data key rather than an API field
  /// path: it has a dot, and its first name begins a key the flow knows
  /// (`shipping.zipp` when the flow binds `shipping.zip`). Any other field
  /// (`cvc`, `buyerIdentity.email`) is the API's own path, matched as written.
  package func namesKey(_ field: String) -> Bool {
    guard let dot = field.firstIndex(of: ".") else { return false }
    let prefix = field[...dot]
    return known.contains { $0.hasPrefix(prefix) }
  }

  /// Every place the flow reads a key, in document order within each row.
  package static func reads(of flow: Flow, positions: ModelPositions) -> [Read] {
    let keys = FlowKeys(flow)
    var reads: [Read] = []
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() {
        let path = positions.rowPath(stepIndex, rowIndex)
        if !row.kind.takesValue, let key = row.bind { reads.append(Read(key: key, path: path.appending("bind"))) }
        if case .from(let key) = row.options {
          reads.append(Read(key: key, path: path.appending("options").appending("from")))
        }
        if let condition = row.visibleWhen { reads += conditionReads(condition, at: path.appending("visibleWhen")) }
        if let condition = row.enabledWhen { reads += conditionReads(condition, at: path.appending("enabledWhen")) }
        if let detail = row.detail, case .success(let template) = DetailTemplate.parse(detail.text) {
          reads += template.keys.map { Read(key: $0, path: path.appending("detail")) }
        }
      }
      for (index, check) in step.complete.enumerated() {
        let path = positions.stepPath(stepIndex).appending("complete").appending(index).appending("when")
        reads += conditionReads(check.when, at: path)
      }
    }
    for (index, matcher) in flow.errors.enumerated() {
      guard let field = matcher.field, keys.namesKey(field) else { continue }
      reads.append(Read(key: DataKey(field), path: positions.errorPath(index).appending("field")))
    }
    return reads
  }

  /// The keys a condition reads, each at the path of its `key` field.
  package static func conditionReads(_ condition: Condition, at path: JSONPath) -> [Read] {
    switch condition {
    case .equals(let key, _), .present(let key, _):
      return [Read(key: key, path: path.appending("key"))]
    case .all(let conditions):
      return conditions.enumerated().flatMap {
        conditionReads($0.element, at: path.appending("all").appending($0.offset))
      }
    case .any(let conditions):
      return conditions.enumerated().flatMap {
        conditionReads($0.element, at: path.appending("any").appending($0.offset))
      }
    case .not(let inner):
      return conditionReads(inner, at: path.appending("not"))
    }
  }
}
