import CheckoutModel
import CheckoutPlanning

/// What keeps one step from being complete: its failing value rows in row order,
/// then its failing completion checks.
///
/// ```swift
/// let check = session.completeness.check(flow.step("address")!)
/// check.rowFailures.first?.row  // "street"
/// check.problems                // ["Street is required"]
/// ```
package struct StepCheck: Hashable, Sendable {
  /// A visible, enabled value row whose rules fail.
  package struct RowFailure: Hashable, Sendable {
    /// The row.
    package var row: RowID
    /// The first failing rule's message.
    package var message: String
  }

  /// The failing rows, in row order.
  package var rowFailures: [RowFailure]
  /// The messages of the step's completion checks that do not hold.
  package var checkFailures: [String]

  /// Every message: rows first, then completion checks.
  package var problems: [String] { rowFailures.map(\.message) + checkFailures }

  /// Whether nothing keeps the step from being complete.
  package var isComplete: Bool { rowFailures.isEmpty && checkFailures.isEmpty }
}

/// For each data key, the rows bound to it and the steps whose check reads it: the key a value row binds,
/// the keys of its `visibleWhen` and `enabledWhen`, and the keys of the step's
/// completion checks. Rules read only their row's own value (and the session's
/// date), so a changed key can change the checks of these steps and no others.
package struct StepDependencies: Sendable {
  /// Steps by their index in the flow (what ``KeptStepChecks`` keys by).
  private let readers: [DataKey: [Int]]
  private let binders: [DataKey: [RowRef]]

  /// The dependencies of a flow's steps; `stepIndex` finds the step a session
  /// checks for an id (the first with it), so only that step's reads count.
  init(_ flow: Flow, stepIndex: (StepID) -> Int?) {
    var readers: [DataKey: [Int]] = [:]
    var binders: [DataKey: [RowRef]] = [:]
    for (position, step) in flow.steps.enumerated() {
      for row in step.rows {
        if let bind = row.bind { binders[bind, default: []].append(RowRef(step: step.id, row: row.id)) }
      }
      var keys: Set<DataKey> = []
      for row in step.rows where row.kind.takesValue {
        if let bind = row.bind { keys.insert(bind) }
        keys.formUnion(row.visibleWhen?.keys ?? [])
        keys.formUnion(row.enabledWhen?.keys ?? [])
      }
      for check in step.complete { keys.formUnion(check.when.keys) }
      // A later step with the same id is never the one checked for it.
      guard stepIndex(step.id) == position else { continue }
      for key in keys { readers[key, default: []].append(position) }
    }
    self.readers = readers
    self.binders = binders
  }

  /// The indices of the steps whose check reads the key.
  package func steps(reading key: DataKey) -> [Int] { readers[key] ?? [] }

  /// The rows bound to the key, on every step.
  package func rows(binding key: DataKey) -> [RowRef] { binders[key] ?? [] }
}
