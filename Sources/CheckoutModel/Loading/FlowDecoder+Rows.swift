extension FlowDecoder {
  /// Decodes a row: its kind-specific fields as written are kept for the validator
  /// (in ``ModelPositions/writtenCells``) and mapped onto the row's ``Cell``. A row
  /// whose `cell` cannot be read is kept as an `info` row and remembered, so that
  /// checks that depend on its kind are skipped.
  mutating func decodeRow(_ node: JSONNode, at path: JSONPath) -> Row? {
    guard let object = ObjectReader(node, at: path, what: "a row", fields: FlowFields.row, sink: sink)
    else { return nil }
    let id = object.identifier("id", required: true, what: "row id") ?? ""
    let title = localized(object, "title", required: true) ?? ""
    let cellNames = CellKind.allCases.map(\.rawValue)
    let cell = object.choice("cell", allowed: cellNames).flatMap(CellKind.init(rawValue:))
    if !object.has("cell") { object.missing("cell", "one of \(Suggestions.list(cellNames))") }
    if cell == nil { positions.unreadableRows.insert(path) }
    var fields = CellFields(kind: cell ?? .info)
    fields.bind = object.key("bind")
    fields.placeholder = localized(object, "placeholder")
    fields.keyboard = object.choice("keyboard", allowed: Keyboard.allCases.map(\.rawValue))
      .flatMap(Keyboard.init(rawValue:))
    fields.options = decodeOptions(object)
    var row = Row(id: RowID(id), cell: fields.placeholderCell, title: title)
    row.rules = positions.keep(
      (object.array("rules", what: "a list of rules") ?? []).map { decodeRule($0.node, at: $0.path) },
      at: path.appending("rules"))
    row.visibleWhen = object.node("visibleWhen").flatMap {
      decodeCondition($0, at: path.appending("visibleWhen"))
    }
    row.enabledWhen = object.node("enabledWhen").flatMap {
      decodeCondition($0, at: path.appending("enabledWhen"))
    }
    row.sensitive = object.bool("sensitive") ?? false
    row.secret = object.bool("secret") ?? false
    fields.detail = localized(object, "detail")
    row.requires = stepList(object, "requires")
    fields.action = decodeAction(object)
    // The validator checks the fields as written; the model keeps the cell they make.
    positions.writtenCells[path] = fields
    row.cell = fields.cell ?? fields.placeholderCell
    return row
  }

  private mutating func decodeOptions(_ object: ObjectReader) -> PickerOptions? {
    guard let node = object.node("options") else { return nil }
    let path = object.path.appending("options")
    switch node.kind {
    case .array(let elements):
      let options = elements.enumerated().map { decodeOption($0.element, at: path.appending($0.offset)) }
      return .list(positions.keep(options, at: path))
    case .object:
      guard
        let source = ObjectReader(
          node, at: path, what: "an option source", fields: FlowFields.optionSource, sink: sink),
        let key = source.key("from", required: true)
      else { return nil }
      return .from(key)
    default:
      object.wrongType(
        "options", expected: "a list of { \"value\", \"label\" } or { \"from\": key }", found: node)
      return nil
    }
  }

  private mutating func stepList(_ object: ObjectReader, _ name: String) -> [StepID] {
    let steps = (object.array(name, what: "a list of step ids") ?? []).map { element -> StepID? in
      guard case .string(let text) = element.node.kind else {
        sink.error(
          "wrong-type", "expected a step id (a string), found \(element.node.typeDescription)", at: element.path)
        return nil
      }
      return StepID(text)
    }
    return positions.keep(steps, at: object.path.appending(name))
  }

  /// Reads a list of data keys; each element that is not a key is reported.
  private mutating func keyList(_ object: ObjectReader, _ name: String) -> [DataKey] {
    let keys = (object.array(name, what: "a list of data keys") ?? []).map { element -> DataKey? in
      guard case .string(let text) = element.node.kind else {
        sink.error(
          "wrong-type", "expected a data key (a string), found \(element.node.typeDescription)", at: element.path)
        return nil
      }
      return ObjectReader.checkKey(text, at: element.path, offset: nil, sink: sink)
    }
    return positions.keep(keys, at: object.path.appending(name))
  }

  /// Reads `actions`: an object of action name -> the step where it is done. A
  /// name that is not an identifier, or a step that is not a string, is reported
  /// and left out (whether the step exists is checked with the other references).
  private mutating func actionSteps(_ object: ObjectReader) -> [ActionName: StepID] {
    guard let node = object.node("actions") else { return [:] }
    let path = object.path.appending("actions")
    guard case .object(let members) = node.kind else {
      object.wrongType("actions", expected: "an object of action name -> step id", found: node)
      return [:]
    }
    var actions: [ActionName: StepID] = [:]
    for member in members {
      let memberPath = path.appending(member.key)
      guard IdentifierSyntax.isIdentifier(member.key) else {
        sink.error(
          "invalid-action-name", "\(Quoting.quoted(member.key)) is not a valid action name", at: memberPath,
          offset: member.keyOffset,
          suggestion: "write it like \"three_d_secure\": a letter, then letters, digits, '_' or '-'")
        continue
      }
      guard case .string(let step) = member.value.kind, IdentifierSyntax.isIdentifier(step) else {
        sink.error(
          "wrong-type",
          "expected the id of the step where \(Quoting.quoted(member.key)) is done, found \(member.value.typeDescription)",
          at: memberPath)
        continue
      }
      guard actions.updateValue(StepID(step), forKey: ActionName(member.key)) == nil else {
        sink.error(
          "duplicate-field", "\(Quoting.quoted(member.key)) is listed more than once", at: memberPath,
          offset: member.keyOffset)
        continue
      }
    }
    return actions
  }

  /// Reads `opens`, `action`, `submit` (+ `then`, `validates`, `provides`): at most one of the first three.
  private mutating func decodeAction(_ object: ObjectReader) -> RowAction? {
    let present = ["opens", "action", "submit"].filter(object.has)
    if present.count > 1 {
      sink.error(
        "conflicting-actions",
        "a row does one thing when tapped, but this one has \(Suggestions.list(present, conjunction: "and"))",
        at: object.path.appending(present[1]), offset: object.nameOffset(present[1]), suggestion: "keep one of them")
    }
    for dependent in ["then", "validates", "provides", "actions"] where object.has(dependent) && !object.has("submit") {
      sink.error(
        "missing-submit", "\(Quoting.quoted(dependent)) only applies to a row that has \"submit\"",
        at: object.path.appending(dependent), offset: object.nameOffset(dependent))
    }
    if let opens = object.identifier("opens", what: "step id") {
      return .opens(StepID(opens))
    }
    if let action = object.choice("action", allowed: ["close", "resume"]) {
      return action == "resume" ? .resume : .close
    }
    if let operation = object.identifier("submit", what: "operation name") {
      let then = object.identifier("then", what: "step id").map(StepID.init)
      let validates = object.has("validates") ? stepList(object, "validates") : nil
      let provides = keyList(object, "provides")
      return .submit(
        Submit(
          operation: OperationName(operation), then: then, validates: validates, provides: provides,
          actions: actionSteps(object)))
    }
    return nil
  }
}
