extension JSONNode {
  /// Every key a flow document writes where a flow may hold one, whether or not
  /// its element loaded: a `data` member, a row's `bind`, a submit's `provides`.
  /// Lint on a flow with loading problems takes these as known, so a key whose row
  /// failed to load is not also reported as unknown wherever it is read.
  package var writtenFlowKeys: Set<DataKey> {
    var keys: Set<DataKey> = []
    guard case .object(let members) = kind else { return keys }
    for member in members {
      switch (member.key, member.value.kind) {
      case ("data", .object(let entries)):
        for entry in entries { keys.insert(DataKey(entry.key)) }
      case ("steps", .array(let steps)):
        for step in steps { keys.formUnion(step.writtenRowKeys) }
      default:
        continue
      }
    }
    return keys
  }

  /// The `bind` and `provides` keys of a step's rows.
  private var writtenRowKeys: Set<DataKey> {
    var keys: Set<DataKey> = []
    guard case .object(let members) = kind, let rows = members.first(where: { $0.key == "rows" })?.value,
      case .array(let elements) = rows.kind
    else { return keys }
    for row in elements {
      guard case .object(let fields) = row.kind else { continue }
      for field in fields {
        switch (field.key, field.value.kind) {
        case ("bind", .string(let key)):
          keys.insert(DataKey(key))
        case ("provides", .array(let provided)):
          for case .string(let key) in provided.map(\.kind) { keys.insert(DataKey(key)) }
        default:
          continue
        }
      }
    }
    return keys
  }
}
