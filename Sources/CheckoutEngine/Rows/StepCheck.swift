/// What keeps one step from being complete: its failing value rows in row order,
/// then its failing completion checks.
///
/// ```swift
/// let check = session.completeness.check(flow.step("address")!)
/// check.rowFailures.first?.row  // "street"
/// check.problems                // ["Street is required"]
/// ```
public struct StepCheck: Hashable, Sendable {
  /// A visible, enabled value row whose rules fail.
  public struct RowFailure: Hashable, Sendable {
    /// The row.
    public var row: RowID
    /// The first failing rule's message.
    public var message: String
  }

  /// The failing rows, in row order.
  public var rowFailures: [RowFailure]
  /// The messages of the step's completion checks that do not hold.
  public var checkFailures: [String]

  /// Every message: rows first, then completion checks.
  public var problems: [String] { rowFailures.map(\.message) + checkFailures }

  /// Whether nothing keeps the step from being complete.
  public var isComplete: Bool { rowFailures.isEmpty && checkFailures.isEmpty }
}

/// For each data key, the rows bound to it and the steps whose check reads it: the key a value row binds,
/// the keys of its `visibleWhen` and `enabledWhen`, and the keys of the step's
/// completion checks. Rules read only their row's own value (and the session's
/// date), so a changed key can change the checks of these steps and no others.
struct StepDependencies: Sendable {
  private let readers: [DataKey: [StepID]]
  private let binders: [DataKey: [CheckoutSession.RowRef]]

  init(_ flow: Flow) {
    var readers: [DataKey: [StepID]] = [:]
    var binders: [DataKey: [CheckoutSession.RowRef]] = [:]
    for step in flow.steps {
      for row in step.rows {
        if let bind = row.bind { binders[bind, default: []].append(CheckoutSession.RowRef(step: step.id, row: row.id)) }
      }
      var keys: Set<DataKey> = []
      for row in step.rows where row.cell.takesValue {
        if let bind = row.bind { keys.insert(bind) }
        keys.formUnion(row.visibleWhen?.keys ?? [])
        keys.formUnion(row.enabledWhen?.keys ?? [])
      }
      for check in step.complete { keys.formUnion(check.when.keys) }
      for key in keys { readers[key, default: []].append(step.id) }
    }
    self.readers = readers
    self.binders = binders
  }

  /// The steps whose check reads the key.
  func steps(reading key: DataKey) -> [StepID] { readers[key] ?? [] }

  /// The rows bound to the key, on every step.
  func rows(binding key: DataKey) -> [CheckoutSession.RowRef] { binders[key] ?? [] }
}
