/// What a flow renamed since its previous version: steps, rows and data keys, old
/// name -> new name. A session saved on the previous version is carried across by
/// them (`SnapshotMigrator` in CheckoutSessions); `checkout diff` reports them as renames, not as a
/// removal and an addition.
///
/// ```json
/// "renamed": {
///   "steps": { "stepOne": "shipping" },
///   "rows": { "creditCard.cvv": "creditCard.securityCode" },
///   "keys": { "payment.card.cvv": "payment.card.securityCode" }
/// }
/// ```
///
/// A row rename names both ends as `step.row`, so a row can move to another step
/// (`"stepOne.shippingMethod": "delivery.method"`). Row names are written with the
/// old step's id on the left and the new one's on the right.
public struct FlowRenames: Hashable, Sendable {
  /// Old step id -> new step id.
  public var steps: [StepID: StepID]
  /// Old `step.row` -> new `step.row`.
  public var rows: [RowRef: RowRef]
  /// Old data key -> new data key.
  public var keys: [DataKey: DataKey]

  /// Creates a set of renames (empty by default).
  public init(steps: [StepID: StepID] = [:], rows: [RowRef: RowRef] = [:], keys: [DataKey: DataKey] = [:]) {
    self.steps = steps
    self.rows = rows
    self.keys = keys
  }

  /// Whether nothing was renamed.
  package var isEmpty: Bool { steps.isEmpty && rows.isEmpty && keys.isEmpty }

  /// The new name of an old step (itself when it was not renamed).
  package func step(_ old: StepID) -> StepID { steps[old] ?? old }

  /// The new place of an old row: its own rename, else its step's.
  package func row(_ old: RowRef) -> RowRef {
    rows[old] ?? RowRef(step: step(old.step), row: old.row)
  }

  /// The new name of an old key (itself when it was not renamed).
  package func key(_ old: DataKey) -> DataKey { keys[old] ?? old }
}

extension RowRef: Comparable {
  /// Reads `step.row`; nil unless the text is two non-empty parts around one dot.
  package init?(parsing text: String) {
    guard let dot = text.firstIndex(of: ".") else { return nil }
    let step = String(text[..<dot])
    let row = String(text[text.index(after: dot)...])
    guard !step.isEmpty, !row.isEmpty, !row.contains(".") else { return nil }
    self.init(step: StepID(step), row: RowID(row))
  }

  /// In the order of their `step.row` text.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
}
