import CheckoutModel

/// Makes every mutant of a flow's JSON document, walking it in document order:
/// the named rules, then each step (its title's translations) and its rows, then
/// the error matchers.
package struct MutantGenerator: Sendable {
  /// The parsed document.
  package let root: JSONNode
  /// The document's bytes, for the span each mutant changes.
  package let lines: SourceLines

  private var made: [Mutant] = []
  /// The subject of the mutants made next.
  private var subject = MutantSubject()

  /// Keeps a mutant, with the subject of the mutants made now.
  private mutating func add(_ mutant: Mutant) {
    var kept = mutant
    kept.subject = subject
    made.append(kept)
  }

  /// A generator for a parsed flow document and its bytes.
  package init(root: JSONNode, bytes: [UInt8]) {
    self.root = root
    self.lines = SourceLines(bytes)
  }

  /// The mutants, numbered from 1.
  package func mutants() -> [Mutant] {
    var generator = self
    generator.walk()
    return generator.made.enumerated().map { index, mutant in
      var numbered = mutant
      numbered.id = index + 1
      return numbered
    }
  }

  private mutating func walk() {
    let rules = JSONPath.root.appending("rules")
    if case .object(let members) = root["rules"]?.kind {
      for member in members {
        subject = MutantSubject(other: member.key)
        ruleBounds(member.value, at: rules.appending(member.key))
      }
    }
    for (stepIndex, step) in (root["steps"]?.elements ?? []).enumerated() {
      let stepPath = JSONPath.root.appending("steps").appending(stepIndex)
      let stepID = step["id"]?.string ?? stepPath.description
      subject = MutantSubject(step: stepID, other: step["presentation"]?.string)
      presentation(step, at: stepPath)
      translations(of: step, at: stepPath)
      for (rowIndex, row) in (step["rows"]?.elements ?? []).enumerated() {
        subject = MutantSubject(step: stepID, row: row["id"]?.string ?? "\(rowIndex + 1)")
        self.row(row, at: stepPath.appending("rows").appending(rowIndex))
      }
      subject = MutantSubject(step: stepID)
      subject.requiredBy = requiring(stepID)
      dropEach(.dropGuard, list: "complete", of: step, at: stepPath) { _ in "a completion check" }
    }
    errors()
  }

  private mutating func presentation(_ step: JSONNode, at path: JSONPath) {
    guard let current = step["presentation"]?.string else { return }
    let swapped: String
    switch current {
    case "modal": swapped = "push"
    case "push": swapped = "modal"
    default: return
    }
    let id = step["id"]?.string ?? path.description
    replace(
      .changePresentation, .replaceString(path.appending("presentation"), swapped), node: step["presentation"],
      description: "step \(id) is presented \(swapped) instead of \(current)")
  }

  /// Each text of the step's title in a locale the flow lists after its default,
  /// removed (a flow without `locales` has none to remove).
  private mutating func translations(of step: JSONNode, at path: JSONPath) {
    let locales = (root["locales"]?.elements ?? []).compactMap(\.string).dropFirst()
    guard let title = step["title"], case .object(let members) = title.kind else { return }
    let id = step["id"]?.string ?? path.description
    for member in members where locales.contains(member.key) {
      subject.value = member.key
      subject.other = member.value.string
      remove(
        .dropTranslation, .removeMember(path.appending("title"), key: member.key), in: title, key: member.key,
        description: "step \(id)'s title loses its \(member.key) text (shown in the default language)")
    }
  }

  /// The row's detail with its formats dropped, where a locale story checks it: the
  /// plain string, or each text in a language after the default (a flow without
  /// several `locales` has none: no generated story reads its details).
  private mutating func formats(of row: JSONNode, at path: JSONPath) {
    let locales = (root["locales"]?.elements ?? []).compactMap(\.string).dropFirst()
    guard !locales.isEmpty, let detail = row["detail"] else { return }
    let id = row["id"]?.string ?? path.description
    // Each text with the language a story reads it in: the plain string, the first after the default.
    var texts: [(JSONPath, JSONNode, String, String?)] = []
    if detail.string != nil {
      texts = [(path.appending("detail"), detail, "row \(id)'s detail", locales.first)]
    } else if case .object(let members) = detail.kind {
      texts = members.filter { locales.contains($0.key) }.map {
        (path.appending("detail").appending($0.key), $0.value, "row \(id)'s \($0.key) detail", $0.key)
      }
    }
    for (at, node, what, locale) in texts {
      guard let text = node.string, case .success(let template) = DetailTemplate.parse(text),
        !template.formattedKeys.isEmpty
      else { continue }
      subject.value = locale
      subject.other = template.formattedKeys.map(\.rawValue).joined(separator: ", ")
      let plain = template.written(formats: false)
      replace(
        .dropFormat, .replaceString(at, plain), node: node,
        description: "\(what) shows \(template.formattedKeys.map(\.rawValue).joined(separator: ", ")) unformatted")
    }
  }

  private mutating func row(_ row: JSONNode, at path: JSONPath) {
    let id = row["id"]?.string ?? path.description
    for key in ["opens", "then"] where row[key] != nil {
      let target = row[key]?.string.map { "\"\($0)\"" } ?? ""
      // A `then` edge is taken when the row's call succeeds: the hint scripts that call.
      (subject.value, subject.other) = (row[key]?.string, key == "then" ? row["submit"]?.string ?? "OPERATION" : nil)
      if key == "opens", row["submit"] == nil, row["action"] == nil,
        let rows = path.parent, case .index(let index) = path.components.last
      {
        // A disclosure or button needs its `opens`: the edge goes with its row.
        add(
          Mutant(
            id: 0, mutationOperator: .removeEdge, edit: .removeElement(rows, index: index),
            description: "row \(id) and its edge to \(target) removed", replacement: "",
            span: row.offset..<lines.endOfValue(at: row.offset)))
      } else {
        remove(
          .removeEdge, .removeMember(path, key: key), in: row, key: key,
          description: "row \(id) loses its \(key) \(target)")
      }
    }
    dropEach(.dropGuard, list: "requires", of: row, at: path) { "row \(id) no longer requires \($0.jsonText)" }
    dropEach(.dropRule, list: "rules", of: row, at: path) { "row \(id) loses the rule \(Self.ruleName($0))" }
    for (index, rule) in (row["rules"]?.elements ?? []).enumerated() {
      ruleBounds(rule, at: path.appending("rules").appending(index))
    }
    formats(of: row, at: path)
    for key in ["visibleWhen", "enabledWhen"] where row[key] != nil {
      subject.value = key
      remove(
        .dropCondition, .removeMember(path, key: key), in: row, key: key,
        description: "row \(id) loses its \(key) (always \(key == "visibleWhen" ? "visible" : "enabled"))")
    }
  }

  /// `minLength`/`maxLength` moved by one each way; each quantifier number of a pattern too.
  private mutating func ruleBounds(_ rule: JSONNode, at path: JSONPath) {
    for key in ["minLength", "maxLength"] {
      guard let node = rule[key], let bound = node.integer else { continue }
      subject.value = "\(key) \(bound)"
      for shifted in [bound - 1, bound + 1] where shifted >= 0 {
        replace(
          .shiftBound, .replaceNumber(path.appending(key), shifted), node: node,
          description: "\(key) \(bound) becomes \(shifted)")
      }
    }
    guard let node = rule["pattern"], let pattern = node.string else { return }
    for variant in QuantifierShift.variants(of: pattern) {
      subject.value = "the pattern's quantifier \(variant.from)"
      replace(
        .shiftBound, .replaceString(path.appending("pattern"), variant.pattern), node: node,
        description: "pattern quantifier \(variant.from) becomes \(variant.to)")
    }
  }

  private mutating func errors() {
    let errorsPath = JSONPath.root.appending("errors")
    let errors = root["errors"]?.elements ?? []
    let steps = root["steps"]?.elements ?? []
    for (index, error) in errors.enumerated() {
      let path = errorsPath.appending(index)
      guard let stepID = error["step"]?.string else { continue }
      let rows = steps.first { $0["id"]?.string == stepID }?["rows"]?.elements.compactMap { $0["id"]?.string } ?? []
      subject = MutantSubject(step: stepID, row: error["row"]?.string, value: Self.failure(error))
      subject.call = call(error, steps)
      if let rowID = error["row"]?.string, let position = rows.firstIndex(of: rowID), rows.count > 1 {
        let next = rows[(position + 1) % rows.count]
        replace(
          .moveMatcher, .replaceString(path.appending("row"), next), node: error["row"],
          description: "\(Self.matcherText(error)) resolves on \(stepID).\(next) instead of \(stepID).\(rowID)")
      } else if error["row"] == nil {
        let ids = steps.compactMap { $0["id"]?.string }
        if let position = ids.firstIndex(of: stepID), ids.count > 1 {
          let next = ids[(position + 1) % ids.count]
          replace(
            .moveMatcher, .replaceString(path.appending("step"), next), node: error["step"],
            description: "\(Self.matcherText(error)) resolves on \(next) instead of \(stepID)")
        }
      }
    }
    let matchers = errors.map(Self.matcher)
    for first in errors.indices {
      for second in errors.indices where second > first {
        // A code matcher and a field matcher meet only on an error naming both: such pairs are not swapped.
        guard (matchers[first].code == nil) == (matchers[second].code == nil),
          second == first + 1 || MatcherOverlap.overlap(matchers[first], matchers[second])
        else { continue }
        subject = MutantSubject(
          step: errors[first]["step"]?.string, row: errors[first]["row"]?.string, value: Self.failure(errors[first]))
        subject.call = call(errors[first], steps)
        let start = errors[first].offset
        let end = lines.endOfValue(at: errors[second].offset)
        add(
          Mutant(
            id: 0, mutationOperator: .swapMatchers, edit: .swapElements(errorsPath, first, second),
            description:
              "matchers \(first + 1) (\(Self.matcherText(errors[first]))) and \(second + 1) (\(Self.matcherText(errors[second]))) swapped",
            replacement: errors[second].jsonText + ", … " + errors[first].jsonText, span: start..<end))
      }
    }
  }

  /// Each element of the list `key` dropped in turn (the member itself when it is the last).
  private mutating func dropEach(
    _ mutationOperator: MutationOperator, list key: String, of node: JSONNode, at path: JSONPath,
    _ describe: (JSONNode) -> String
  ) {
    let elements = node[key]?.elements ?? []
    for (index, element) in elements.enumerated() {
      subject.value = element.string ?? Self.ruleName(element)
      if key == "complete" { subject.other = element["when"]?["key"]?.string }
      if elements.count == 1 {
        remove(mutationOperator, .removeMember(path, key: key), in: node, key: key, description: describe(element))
      } else {
        let start = element.offset
        add(
          Mutant(
            id: 0, mutationOperator: mutationOperator, edit: .removeElement(path.appending(key), index: index),
            description: describe(element), replacement: "", span: start..<lines.endOfValue(at: start)))
      }
    }
  }

  private mutating func remove(
    _ mutationOperator: MutationOperator, _ edit: JSONEdit, in object: JSONNode, key: String, description: String
  ) {
    guard let start = object.keyOffset(of: key), let value = object[key] else { return }
    add(
      Mutant(
        id: 0, mutationOperator: mutationOperator, edit: edit, description: description, replacement: "",
        span: start..<lines.endOfValue(at: value.offset)))
  }

  private mutating func replace(
    _ mutationOperator: MutationOperator, _ edit: JSONEdit, node: JSONNode?, description: String
  ) {
    guard let node else { return }
    let replacement: String
    switch edit {
    case .replaceString(_, let text):
      var literal = ""
      JSONNode.writeString(text, to: &literal)
      replacement = literal
    case .replaceNumber(_, let number): replacement = String(number)
    default: replacement = ""
    }
    add(
      Mutant(
        id: 0, mutationOperator: mutationOperator, edit: edit, description: description, replacement: replacement,
        span: node.offset..<lines.endOfValue(at: node.offset)))
  }

  /// The rule's name as a description shows it: `required`, `pattern`, `maxLength`.
  static func ruleName(_ rule: JSONNode) -> String {
    if let name = rule.string { return name }
    guard case .object(let members) = rule.kind else { return rule.jsonText }
    return members.first { $0.key != "message" }?.key ?? rule.jsonText
  }

  /// `code card_*`, `field shipping.zip`.
  static func matcherText(_ error: JSONNode) -> String {
    if let code = error["code"]?.string { return "code \(code)" }
    if let field = error["field"]?.string { return "field \(field)" }
    return "matcher"
  }

  /// The first row of the flow that requires the step, with its step's id.
  private func requiring(_ stepID: String) -> (step: String, row: String)? {
    for step in root["steps"]?.elements ?? [] {
      for row in step["rows"]?.elements ?? []
      where (row["requires"]?.elements ?? []).contains(where: { $0.string == stepID }) {
        guard let step = step["id"]?.string, let row = row["id"]?.string else { continue }
        return (step, row)
      }
    }
    return nil
  }

  /// The operation a matcher is scoped to (its first), and the first row that submits it.
  /// The operation whose failure a story sends to reach the matcher `error`, and the
  /// first row that submits it: the operation the matcher is scoped to, or, for a
  /// matcher of every call, the flow's first submitting row's (any call's failure
  /// reaches it); nil when the flow submits nothing.
  private func call(_ error: JSONNode, _ steps: [JSONNode]) -> (operation: String, row: String?)? {
    let rows = steps.flatMap { $0["rows"]?.elements ?? [] }
    guard let operation = error["operation"]?.string ?? error["operations"]?.elements.first?.string else {
      return rows.lazy.compactMap { row in row["submit"]?.string.map { ($0, row["id"]?.string) } }.first
    }
    return (operation, rows.first { $0["submit"]?.string == operation }?["id"]?.string)
  }

  /// An API failure the matcher takes, as an `api` line writes it: `card_*`,
  /// `CODE field=shipping.zip`.
  static func failure(_ error: JSONNode) -> String {
    if let code = error["code"]?.string { return code }
    return "CODE field=\(error["field"]?.string ?? "FIELD")"
  }

  /// The matcher as the model holds it, for the overlap check.
  static func matcher(_ error: JSONNode) -> ErrorMatcher {
    ErrorMatcher(
      code: error["code"]?.string, field: error["field"]?.string, step: StepID(error["step"]?.string ?? ""),
      row: error["row"]?.string.map(RowID.init), message: error["message"]?.string.map { LocalizedText($0) })
  }
}

extension JSONPath {
  /// The path without its last component; nil for the root.
  var parent: JSONPath? {
    components.isEmpty ? nil : JSONPath(components: Array(components.dropLast()))
  }
}
