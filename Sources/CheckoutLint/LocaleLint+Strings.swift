import CheckoutModel

extension LocaleLint {
  /// Every string of the flow the shopper reads, with where the document wrote it:
  /// the flow's title, named rules' messages, option labels in the data, and each
  /// step's title, completion messages and rows (title, placeholder, detail,
  /// option labels, rule messages), then the matchers' messages.
  static func strings(of flow: Flow, positions: ModelPositions) -> [Written] {
    var strings = [Written(path: JSONPath.root.appending("title"), text: flow.title)]
    for (name, rule) in flow.rules.sorted(by: { $0.key < $1.key }) {
      if let message = rule.message {
        strings.append(
          Written(path: JSONPath.root.appending("rules").appending(name).appending("message"), text: message))
      }
    }
    for (key, value) in flow.data.sorted(by: { $0.key < $1.key }) {
      guard case .options(let options) = value else { continue }
      let path = JSONPath.root.appending("data").appending(key.rawValue)
      strings += options.enumerated().map {
        Written(path: path.appending($0.offset).appending("label"), text: $0.element.label)
      }
    }
    for (stepIndex, step) in flow.steps.enumerated() {
      let stepPath = positions.stepPath(stepIndex)
      strings.append(Written(path: stepPath.appending("title"), text: step.title))
      strings += step.complete.enumerated().map {
        Written(
          path: stepPath.appending("complete").appending($0.offset).appending("message"), text: $0.element.message)
      }
      for (rowIndex, row) in step.rows.enumerated() {
        strings += rowStrings(row, at: positions.rowPath(stepIndex, rowIndex), flow: flow, positions: positions)
      }
    }
    for (index, matcher) in flow.errors.enumerated() {
      if let message = matcher.message {
        strings.append(Written(path: positions.errorPath(index).appending("message"), text: message))
      }
    }
    return strings
  }

  private static func rowStrings(_ row: Row, at path: JSONPath, flow: Flow, positions: ModelPositions) -> [Written] {
    var strings = [Written(path: path.appending("title"), text: row.title)]
    if let placeholder = row.cell.textEntry?.placeholder {
      strings.append(Written(path: path.appending("placeholder"), text: placeholder))
    }
    if let detail = row.cell.detail {
      strings.append(Written(path: path.appending("detail"), text: detail, isTemplate: true))
    }
    if case .picker(_, .list(let options)) = row.cell {
      let list = path.appending("options")
      strings += options.enumerated().map {
        Written(path: positions.elementPath(list, $0.offset).appending("label"), text: $0.element.label)
      }
    }
    let rules = path.appending("rules")
    for (index, rule) in row.rules.enumerated() {
      guard let message = rule.message else { continue }
      // A named rule's message is the definition's, written there, unless the row overrides it.
      if let name = rule.name, flow.rules[name]?.message == message { continue }
      strings.append(Written(path: positions.elementPath(rules, index).appending("message"), text: message))
    }
    return strings
  }
}
