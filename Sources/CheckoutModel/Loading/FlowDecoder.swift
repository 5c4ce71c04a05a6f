/// Turns a parsed JSON document into a ``Flow``, reporting every type and field problem.
///
/// Decoding never stops at the first problem: a wrong field is reported and left
/// at its default, so the rest of the document is still checked. Rows whose cell
/// kind could not be read are listed in `unreadableRows` so the validator does not
/// pile guesses on top of an error already reported.
struct FlowDecoder {
  let sink: DiagnosticSink
  /// Where each decoded step, row and error matcher stood in the document.
  var positions = ModelPositions()
  /// The flow's `locales`, read first: a string written per locale takes the first's text as its default.
  var locales: [String] = []

  init(sink: DiagnosticSink) {
    self.sink = sink
  }

  /// The flow, or nil when the document is not even an object with a supported format.
  mutating func decode(_ root: JSONNode) -> Flow? {
    // Another format's fields are not typos: say which formats are read, and nothing else.
    if case .object(let members) = root.kind, let format = members.first(where: { $0.key == "format" }),
      case .number(let number) = format.value.kind, number != Double(Flow.currentFormat)
    {
      sink.error(
        "unsupported-format",
        "unsupported flow format \(Value.format(number)); this version of CheckoutEngine reads format \(Flow.currentFormat) only",
        at: JSONPath.root.appending("format"))
      return nil
    }
    guard let object = ObjectReader(root, at: .root, what: "a flow", fields: FlowFields.flow, sink: sink)
    else { return nil }
    if object.has("$schema") { _ = object.string("$schema") }
    decodeFormat(object)
    locales = decodeLocales(object)
    let id = object.identifier("id", required: true, what: "flow id") ?? ""
    let title = localized(object, "title", required: true) ?? ""
    let version = object.integer("version", minimum: 1)
    let renamed = decodeRenames(object)
    let start = object.identifier("start", required: true, what: "step id") ?? ""
    let data = decodeData(object)
    let rules = decodeNamedRules(object)
    let messages = decodeMessages(object)
    var steps: [Step] = []
    if let elements = object.array("steps", required: true, what: "a list of steps") {
      if elements.isEmpty {
        sink.error("empty-flow", "a flow needs at least one step", at: object.path.appending("steps"))
      }
      for (index, element) in elements.enumerated() {
        guard let (step, rowIndices) = decodeStep(element.node, at: element.path) else { continue }
        steps.append(step)
        positions.stepIndices.append(index)
        positions.rowIndices.append(rowIndices)
      }
    }
    var errors: [ErrorMatcher] = []
    for (index, element) in (object.array("errors", what: "a list of error matchers") ?? []).enumerated() {
      guard let matcher = decodeErrorMatcher(element.node, at: element.path) else { continue }
      if matcher.operations != nil, case .object(let members) = element.node.kind,
        case .array? = members.first(where: { $0.key == "operation" })?.value.kind
      {
        positions.operationLists.insert(element.path)
      }
      errors.append(matcher)
      positions.errorIndices.append(index)
    }
    var flow = Flow(
      id: FlowID(id), title: title, start: StepID(start), data: data, rules: rules, steps: steps, errors: errors,
      version: version, renamed: renamed, locales: locales)
    flow.messages = messages
    return flow
  }

  /// The flow's named rules: name -> a rule written as in a row's `rules`.
  private func decodeNamedRules(_ object: ObjectReader) -> [String: Rule] {
    guard let node = object.node("rules") else { return [:] }
    guard case .object(let members) = node.kind else {
      object.wrongType("rules", expected: "an object of rule name -> rule", found: node)
      return [:]
    }
    var rules: [String: Rule] = [:]
    for member in members {
      let path = object.path.appending("rules").appending(member.key)
      guard rules[member.key] == nil else {
        sink.error(
          "duplicate-field", "rule \"\(member.key)\" is defined more than once", at: path, offset: member.keyOffset)
        continue
      }
      guard IdentifierSyntax.isIdentifier(member.key) else {
        sink.error(
          "invalid-identifier",
          "\"\(member.key)\" is not a valid rule name: use a letter, then letters, digits, '_' or '-'",
          at: path, offset: member.keyOffset)
        continue
      }
      if let rule = decodeRule(member.value, at: path) { rules[member.key] = rule }
    }
    return rules
  }

  /// Reports a missing or mistyped format (an unsupported number was reported first).
  private func decodeFormat(_ object: ObjectReader) {
    guard let node = object.node("format") else {
      object.missing("format", "the format version; this version of CheckoutEngine reads format \(Flow.currentFormat)")
      return
    }
    if case .number = node.kind { return }
    object.wrongType("format", expected: "the number \(Flow.currentFormat)", found: node)
  }

  private func decodeData(_ object: ObjectReader) -> [DataKey: Value] {
    guard let node = object.node("data") else { return [:] }
    guard case .object(let members) = node.kind else {
      object.wrongType("data", expected: "an object of key -> value", found: node)
      return [:]
    }
    var data: [DataKey: Value] = [:]
    var seen: Set<String> = []
    for member in members {
      let path = object.path.appending("data").appending(member.key)
      guard seen.insert(member.key).inserted else {
        sink.error(
          "duplicate-field", "key \(Quoting.quoted(member.key)) appears more than once", at: path,
          offset: member.keyOffset)
        continue
      }
      guard let key = ObjectReader.checkKey(member.key, at: path, offset: member.keyOffset, sink: sink) else {
        continue
      }
      if let value = decodeDataValue(member.value, at: path) { data[key] = value }
    }
    return data
  }

  private func decodeDataValue(_ node: JSONNode, at path: JSONPath) -> Value? {
    switch node.kind {
    case .string(let text): return .string(text)
    case .number(let number): return .number(number)
    case .bool(let flag): return .bool(flag)
    case .array(let elements):
      let options = elements.enumerated().compactMap { decodeOption($0.element, at: path.appending($0.offset)) }
      return options.count == elements.count ? .options(options) : nil
    case .null, .object:
      sink.error(
        "wrong-type",
        "expected a string, number, boolean or list of options, found \(node.typeDescription)",
        at: path)
      return nil
    }
  }

  func decodeOption(_ node: JSONNode, at path: JSONPath) -> PickerOption? {
    guard let object = ObjectReader(node, at: path, what: "an option", fields: FlowFields.option, sink: sink)
    else { return nil }
    let value = object.string("value", required: true, what: "the value stored when chosen")
    let label = localized(object, "label", required: true, what: "the text the shopper reads")
    guard let value, let label else { return nil }
    return PickerOption(value: value, label: label)
  }

  private mutating func decodeStep(_ node: JSONNode, at path: JSONPath) -> (Step, [Int])? {
    guard let object = ObjectReader(node, at: path, what: "a step", fields: FlowFields.step, sink: sink)
    else { return nil }
    let id = object.identifier("id", required: true, what: "step id") ?? ""
    let title = localized(object, "title", required: true) ?? ""
    let presentation =
      object.choice("presentation", allowed: Presentation.allCases.map(\.rawValue))
      .flatMap(Presentation.init(rawValue:)) ?? .push
    var rows: [Row] = []
    var rowIndices: [Int] = []
    for (index, element) in (object.array("rows", required: true, what: "a list of rows") ?? []).enumerated() {
      guard let row = decodeRow(element.node, at: element.path) else { continue }
      rows.append(row)
      rowIndices.append(index)
    }
    let complete =
      object.array("complete", what: "a list of completion checks")?.compactMap {
        decodeCompletionCheck($0.node, at: $0.path)
      } ?? []
    let step = Step(id: StepID(id), title: title, presentation: presentation, rows: rows, complete: complete)
    return (step, rowIndices)
  }

  private func decodeCompletionCheck(_ node: JSONNode, at path: JSONPath) -> CompletionCheck? {
    guard
      let object = ObjectReader(
        node, at: path, what: "a completion check", fields: FlowFields.completionCheck, sink: sink)
    else { return nil }
    let message = localized(object, "message", required: true, what: "why the step is incomplete")
    guard let whenNode = object.node("when") else {
      object.missing("when", "the condition that must hold")
      return nil
    }
    guard let condition = decodeCondition(whenNode, at: path.appending("when")), let message else {
      return nil
    }
    return CompletionCheck(when: condition, message: message)
  }

  private func decodeErrorMatcher(_ node: JSONNode, at path: JSONPath) -> ErrorMatcher? {
    guard
      let object = ObjectReader(
        node, at: path, what: "an error matcher", fields: FlowFields.errorMatcher, sink: sink)
    else { return nil }
    let code = object.string("code", what: "an error code, a prefix ending in '*', or '*'")
    let field = object.string("field", what: "a key or API field path")
    if !object.has("code") && !object.has("field") {
      sink.error(
        "matcher-without-condition", "an error matcher needs \"code\" or \"field\" (or both)", at: path)
    }
    if let code, code.dropLast().contains("*") || code.isEmpty {
      sink.error(
        "invalid-code-pattern",
        "\(Quoting.quoted(code)) is not a code pattern: write an exact code, a prefix ending in '*', or '*' alone",
        at: path.appending("code"))
    }
    let step = object.identifier("step", required: true, what: "step id")
    let row = object.identifier("row", what: "row id")
    let message = localized(object, "message")
    let priority = object.integer("priority") ?? 0
    let operations = decodeMatcherOperations(object)
    guard let step else { return nil }
    return ErrorMatcher(
      code: code, field: field, step: StepID(step), row: row.map(RowID.init), message: message,
      priority: priority, operations: operations)
  }

  /// A matcher's `operation`: one operation name, or a non-empty list of them.
  private func decodeMatcherOperations(_ object: ObjectReader) -> [OperationName]? {
    let what = "an operation name, or a non-empty list of operation names"
    guard let node = object.node("operation") else { return nil }
    let path = object.path.appending("operation")
    switch node.kind {
    case .string(let text):
      // A misspelt name is reported once, not also as an operation no submit calls.
      guard object.identifier("operation", what: "operation name") != nil, IdentifierSyntax.isIdentifier(text) else {
        return nil
      }
      return [OperationName(text)]
    case .array(let elements):
      guard !elements.isEmpty else {
        sink.error(
          "invalid-value", "\"operation\" lists no operation: name one or more, or leave the field out", at: path,
          suggestion: "without \"operation\", the matcher applies to every operation's errors")
        return nil
      }
      var names: [OperationName] = []
      for (index, element) in elements.enumerated() {
        let elementPath = path.appending(index)
        guard case .string(let text) = element.kind else {
          sink.error("wrong-type", "expected an operation name, found \(element.typeDescription)", at: elementPath)
          continue
        }
        guard IdentifierSyntax.isIdentifier(text) else {
          sink.error(
            "invalid-identifier",
            "\(Quoting.quoted(text)) is not a valid operation name: use a letter, then letters, digits, '_' or '-'",
            at: elementPath)
          continue
        }
        if names.contains(OperationName(text)) {
          sink.error("duplicate-value", "operation \(Quoting.quoted(text)) is listed twice", at: elementPath)
          continue
        }
        names.append(OperationName(text))
      }
      return names.count == elements.count ? names : nil
    default:
      object.wrongType("operation", expected: what, found: node)
      return nil
    }
  }
}
