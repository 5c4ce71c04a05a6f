/// Where the parts of a decoded flow stood in its JSON document.
///
/// The decoder skips an element it cannot read at all (say, a row that is a
/// number), so the model's indices and the document's can differ; this map keeps
/// the validator's JSON paths pointing at the right element.
struct ModelPositions: Sendable {
  var stepIndices: [Int] = []
  var rowIndices: [[Int]] = []
  var errorIndices: [Int] = []
  /// Rows whose `cell` could not be read: checks that depend on the kind are skipped.
  var unreadableRows: Set<JSONPath> = []

  /// Positions for a flow built in code: every index is its own.
  static func identity(for flow: Flow) -> ModelPositions {
    ModelPositions(
      stepIndices: Array(flow.steps.indices),
      rowIndices: flow.steps.map { Array($0.rows.indices) },
      errorIndices: Array(flow.errors.indices))
  }

  func stepPath(_ step: Int) -> JSONPath {
    JSONPath.root.appending("steps").appending(stepIndices[step])
  }

  func rowPath(_ step: Int, _ row: Int) -> JSONPath {
    stepPath(step).appending("rows").appending(rowIndices[step][row])
  }

  func errorPath(_ error: Int) -> JSONPath {
    JSONPath.root.appending("errors").appending(errorIndices[error])
  }
}
