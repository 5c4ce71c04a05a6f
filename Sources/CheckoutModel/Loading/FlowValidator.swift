/// The meaning checks of a flow: every id resolves, every row's attributes fit its
/// kind, every rule can run. Works on the model, so flows built in Swift get the
/// same checks as flows loaded from JSON.
struct FlowValidator {
  let flow: Flow
  let positions: ModelPositions
  let customRules: Set<String>
  private let sink: DiagnosticSink
  private let stepIDs: [String]
  private let knownSteps: Set<String>
  private let stepsByID: [StepID: Step]
  /// The operations the flow's submits name, each once, in flow order.
  private let operations: [String]

  /// A validator reporting to `sink` (by default a sink of its own).
  init(flow: Flow, positions: ModelPositions, customRules: Set<String>, sink: DiagnosticSink = DiagnosticSink()) {
    self.sink = sink
    self.flow = flow
    self.positions = positions
    self.customRules = customRules
    self.stepIDs = flow.steps.map(\.id.rawValue).filter { !$0.isEmpty }
    self.knownSteps = Set(stepIDs)
    self.stepsByID = Dictionary(flow.steps.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    self.operations = flow.submitOperations
  }

  @discardableResult
  func validate() -> [Diagnostic] {
    checkStepIDs()
    if !flow.start.rawValue.isEmpty {
      checkStep(flow.start, at: JSONPath.root.appending("start"))
    }
    for (stepIndex, step) in flow.steps.enumerated() {
      checkRowIDs(step, stepIndex)
      for (rowIndex, row) in step.rows.enumerated() {
        let path = positions.rowPath(stepIndex, rowIndex)
        RowValidator(row: row, written: positions.writtenCells[path], path: path, validator: self).validate(
          kindKnown: !positions.unreadableRows.contains(path))
      }
    }
    for (index, matcher) in flow.errors.enumerated() {
      checkMatcher(matcher, at: positions.errorPath(index))
    }
    checkNamedRules()
    return sink.diagnostics
  }

  /// A named rule is built from one built-in rule, under a name no built-in or
  /// registered custom rule has.
  private func checkNamedRules() {
    for (name, rule) in flow.rules.sorted(by: { $0.key < $1.key }) {
      let path = JSONPath.root.appending("rules").appending(name)
      if FlowFields.ruleKinds.contains(name) || name == "message" {
        sink.error(
          "shadowed-rule", "named rule \"\(name)\" has the name of a built-in rule", at: path,
          suggestion: "give it a name of its own, like \"\(name)Rule\"")
      } else if customRules.contains(name) {
        sink.error(
          "shadowed-rule", "named rule \"\(name)\" has the name of a custom rule the program registered", at: path,
          suggestion: "give one of them another name")
      }
      switch rule.kind {
      case .custom(let other):
        let what =
          flow.rules[other] != nil ? "another named rule, \"\(other)\"" : "\"\(other)\", which is not a built-in rule"
        sink.error(
          "rule-not-built-in", "named rule \"\(name)\" is defined as \(what)", at: path,
          suggestion:
            "define it from a built-in rule: \(Suggestions.list(FlowFields.ruleKinds.filter { $0 != "custom" }))")
      case .pattern(let pattern):
        if let problem = PatternCache.problem(with: pattern) {
          sink.error(
            "invalid-pattern", "\"\(pattern)\" is not a valid regular expression: \(problem)",
            at: path.appending("pattern"))
        }
      case .oneOf(let values) where values.isEmpty:
        sink.error("invalid-value", "\"oneOf\" needs at least one value", at: path.appending("oneOf"))
      default:
        break
      }
    }
  }

  private func checkStepIDs() {
    var first: [StepID: Int] = [:]
    for (index, step) in flow.steps.enumerated() where !step.id.rawValue.isEmpty {
      if let earlier = first[step.id] {
        sink.error(
          "duplicate-step",
          "duplicate step id \(Quoting.quoted(step.id)); it is first used at \(positions.stepPath(earlier))",
          at: positions.stepPath(index).appending("id"), suggestion: "step ids must be unique in a flow")
      } else {
        first[step.id] = index
      }
    }
  }

  private func checkRowIDs(_ step: Step, _ stepIndex: Int) {
    var first: [RowID: Int] = [:]
    for (index, row) in step.rows.enumerated() where !row.id.rawValue.isEmpty {
      if let earlier = first[row.id] {
        sink.error(
          "duplicate-row",
          "duplicate row id \(Quoting.quoted(row.id)) in step \(Quoting.quoted(step.id)); it is first used at \(positions.rowPath(stepIndex, earlier))",
          at: positions.rowPath(stepIndex, index).appending("id"),
          suggestion: "row ids must be unique within their step")
      } else {
        first[row.id] = index
      }
    }
  }

  /// Reports `step` unless the flow has it, suggesting the nearest step id.
  func checkStep(_ step: StepID, at path: JSONPath) {
    guard !knownSteps.contains(step.rawValue), let unknown = flow.unknownStep(step) else { return }
    sink.error("unknown-step", unknown.message, at: path, suggestion: unknown.suggestion)
  }

  private func checkMatcher(_ matcher: ErrorMatcher, at path: JSONPath) {
    checkOperations(of: matcher, at: path)
    guard let step = stepsByID[matcher.step] else {
      checkStep(matcher.step, at: path.appending("step"))
      return
    }
    guard let row = matcher.row, step.row(row) == nil else { return }
    let rowIDs = step.rows.map(\.id.rawValue)
    // A row this version renamed (written under its old id, on its new step).
    let renamedRow = flow.renamed.rows.sorted { $0.key < $1.key }.first { old, new in
      old.row == row && flow.renamed.step(old.step) == step.id && new.row != row
    }
    sink.error(
      "unknown-row", "step \(Quoting.quoted(step.id)) has no row \(Quoting.quoted(row))", at: path.appending("row"),
      suggestion: renamedRow.map { Flow.renamedSuggestion($0.key.description, to: $0.value.description, in: "rows") }
        ?? Suggestions.didYouMean(row.rawValue, in: rowIDs)
        ?? (rowIDs.isEmpty ? "the step has no rows" : "its rows are \(Suggestions.list(rowIDs, conjunction: "and"))"))
  }

  /// A matcher scoped to an operation no submit calls never matches anything.
  private func checkOperations(of matcher: ErrorMatcher, at path: JSONPath) {
    guard let named = matcher.operations else { return }
    for (index, operation) in named.enumerated() {
      guard !operations.contains(operation.rawValue), let unknown = flow.unknownOperation(operation) else { continue }
      let at = path.appending("operation")
      sink.error(
        "unknown-operation", unknown.message,
        at: positions.operationLists.contains(path) || named.count > 1 ? at.appending(index) : at,
        suggestion: unknown.suggestion)
    }
  }

  func error(_ code: Diagnostic.Code, _ message: String, at path: JSONPath, suggestion: String? = nil) {
    sink.error(code, message, at: path, suggestion: suggestion)
  }

  /// Whether a problem was already reported at `path` or inside it (an option the
  /// decoder could not read, so the list it left is shorter than the one written).
  func reported(within path: JSONPath) -> Bool {
    sink.diagnostics.contains { $0.path?.components.starts(with: path.components) == true }
  }
}
