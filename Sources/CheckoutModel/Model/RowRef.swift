/// A row of a step: where an error is shown.
public struct RowRef: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The step.
  public var step: StepID
  /// The row.
  public var row: RowID
  /// Creates a reference.
  public init(step: StepID, row: RowID) {
    self.step = step
    self.row = row
  }
  /// `creditCard.cvv`.
  public var description: String { RowReference(step: step, row: row).description }
}
