/// Reading `"renamed"`: each of `steps`, `rows` and `keys` an object of old name ->
/// new name, every name spelt as its kind requires. Whether the new names exist is
/// a lint check (``RenameChecks``).
extension FlowDecoder {
  func decodeRenames(_ object: ObjectReader) -> FlowRenames {
    guard let node = object.node("renamed") else { return FlowRenames() }
    guard
      let renamed = ObjectReader(
        node, at: object.path.appending("renamed"), what: "the renames since the previous version",
        fields: FlowFields.renamed, sink: sink)
    else { return FlowRenames() }
    var renames = FlowRenames()
    for (old, new) in pairs(renamed, "steps", what: "step id", check: IdentifierSyntax.isIdentifier) {
      renames.steps[StepID(old)] = StepID(new)
    }
    for (old, new) in pairs(renamed, "rows", what: "row, written step.row", check: { RowRef(parsing: $0) != nil }) {
      if let old = RowRef(parsing: old), let new = RowRef(parsing: new) {
        renames.rows[old] = new
      }
    }
    for (old, new) in pairs(renamed, "keys", what: "data key", check: IdentifierSyntax.isKey) {
      renames.keys[DataKey(old)] = DataKey(new)
    }
    return renames
  }

  /// The old -> new pairs of one object of `renamed`; a name that is not spelt as
  /// `check` requires, a new name that is not a string, or a name renamed to itself
  /// is reported and left out.
  private func pairs(
    _ renamed: ObjectReader, _ field: String, what: String, check: (String) -> Bool
  ) -> [(String, String)] {
    guard let node = renamed.node(field) else { return [] }
    let path = renamed.path.appending(field)
    guard case .object(let members) = node.kind else {
      renamed.wrongType(field, expected: "an object of old \(what) -> new \(what)", found: node)
      return []
    }
    var pairs: [(String, String)] = []
    var seen: Set<String> = []
    for member in members {
      let memberPath = path.appending(member.key)
      guard seen.insert(member.key).inserted else {
        sink.error(
          "duplicate-field", "\(Quoting.quoted(member.key)) is renamed more than once", at: memberPath,
          offset: member.keyOffset)
        continue
      }
      guard check(member.key) else {
        sink.error(
          "invalid-rename", "\(Quoting.quoted(member.key)) is not a valid \(what)", at: memberPath,
          offset: member.keyOffset, suggestion: example(field))
        continue
      }
      guard case .string(let new) = member.value.kind else {
        sink.error(
          "wrong-type", "expected the new \(what) as a string, found \(member.value.typeDescription)", at: memberPath)
        continue
      }
      guard check(new) else {
        sink.error(
          "invalid-rename", "\(Quoting.quoted(new)) is not a valid \(what)", at: memberPath, suggestion: example(field))
        continue
      }
      guard new != member.key else {
        sink.error(
          "invalid-rename", "\(Quoting.quoted(new)) is renamed to itself", at: memberPath,
          suggestion: "remove the entry: a name that did not change needs no rename")
        continue
      }
      pairs.append((member.key, new))
    }
    return pairs
  }

  private func example(_ field: String) -> String {
    switch field {
    case "steps": return "write it like \"stepOne\": a letter, then letters, digits, '_' or '-'"
    case "rows": return "write it like \"creditCard.cvv\": the step's id, a dot, the row's id"
    default: return "write it like \"payment.card.cvv\": names joined by dots"
    }
  }
}
