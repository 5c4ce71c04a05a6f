/// Where the parts of a decoded flow stood in its JSON document.
///
/// The decoder skips an element it cannot read at all (say, a row that is a
/// number), so the model's indices and the document's can differ; this map keeps
/// the validator's JSON paths pointing at the right element. It also keeps what
/// the document wrote that the model cannot hold (a row's fields its kind does not
/// take), so that the validator reports it where it stands.
package struct ModelPositions: Sendable {
  var stepIndices: [Int] = []
  var rowIndices: [[Int]] = []
  var errorIndices: [Int] = []
  /// Rows whose `cell` could not be read: checks that depend on the kind are skipped.
  var unreadableRows: Set<JSONPath> = []
  /// Each row's kind-specific fields as the document wrote them, by the row's path:
  /// the model's ``Cell`` keeps only what the kind takes, the validator checks them all.
  /// Empty for a flow built in code, whose cells are checked as they are.
  var writtenCells: [JSONPath: CellFields] = [:]
  /// Lists of a row (`rules`, `options`, `requires`, `validates`) some of whose
  /// elements could not be read: the document index of each element the model kept.
  var elementIndices: [JSONPath: [Int]] = [:]
  /// The flow's `messages` texts that are written but wrong (a placeholder that is
  /// not the message's, a `format.*` text not of its shape), by message id: loading
  /// reports each and leaves it out of ``Flow/messages``; lint does not count it as
  /// missing too. Empty for a flow built in code.
  package var rejectedMessages: [String: EngineMessageText] = [:]
  /// The matchers (by path) whose `operation` is written as a list, even of one.
  var operationLists: Set<JSONPath> = []
  /// Set when loading found problems, so that lint runs only the checks a loading
  /// problem cannot mislead: every key the document writes (see
  /// ``JSONNode/writtenFlowKeys``), loaded or not. Nil for a flow that loaded clean.
  package var writtenKeys: Set<DataKey>?

  /// Whether a picker's option list lost an option that could not be read: the
  /// values the picker offers are then not all known.
  package var lostAnOption: Bool {
    elementIndices.keys.contains { $0.description.hasSuffix(".options") }
  }

  /// Positions for a flow built in code: every index is its own.
  package static func identity(for flow: Flow) -> ModelPositions {
    ModelPositions(
      stepIndices: Array(flow.steps.indices),
      rowIndices: flow.steps.map { Array($0.rows.indices) },
      errorIndices: Array(flow.errors.indices))
  }

  package func stepPath(_ step: Int) -> JSONPath {
    JSONPath.root.appending("steps").appending(stepIndices[step])
  }

  package func rowPath(_ step: Int, _ row: Int) -> JSONPath {
    stepPath(step).appending("rows").appending(rowIndices[step][row])
  }

  /// The path of the model's element `index` of the list at `list`.
  package func elementPath(_ list: JSONPath, _ index: Int) -> JSONPath {
    list.appending(elementIndices[list]?[index] ?? index)
  }

  /// The elements that could be read; remembers where they stood when some could not.
  mutating func keep<Element>(_ decoded: [Element?], at list: JSONPath) -> [Element] {
    let indices = decoded.indices.filter { decoded[$0] != nil }
    if indices.count != decoded.count { elementIndices[list] = indices }
    return decoded.compactMap { $0 }
  }

  package func errorPath(_ error: Int) -> JSONPath {
    JSONPath.root.appending("errors").appending(errorIndices[error])
  }
}
