import CheckoutModel

extension FlowLinter {
  /// A toggle with no first value in `data` starts with no value: the screen shows
  /// it off, but a condition comparing its key with `false` does not hold until
  /// the shopper turns it on and off again (no value is not false), so what the
  /// condition shows or enables stays hidden or disabled while the toggle reads off.
  /// A warning at each such comparison; a first value in `data` is the fix.
  func checkToggleStarts() {
    var toggles: [DataKey: RowID] = [:]
    for row in flow.steps.flatMap(\.rows) {
      if case .toggle(let key) = row.cell, toggles[key] == nil { toggles[key] = row.id }
    }
    let unstarted = toggles.filter { flow.data[$0.key] == nil && !keys.provided.contains($0.key) }
    guard !unstarted.isEmpty else { return }
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() {
        for (field, condition) in [("visibleWhen", row.visibleWhen), ("enabledWhen", row.enabledWhen)] {
          guard let condition else { continue }
          warnFalseComparisons(in: condition, unstarted, at: positions.rowPath(stepIndex, rowIndex).appending(field))
        }
      }
      for (index, check) in step.complete.enumerated() {
        let path = positions.stepPath(stepIndex).appending("complete").appending(index).appending("when")
        warnFalseComparisons(in: check.when, unstarted, at: path)
      }
    }
  }

  private func warnFalseComparisons(in condition: Condition, _ unstarted: [DataKey: RowID], at path: JSONPath) {
    for key in Self.keysComparedWithFalse(condition).sorted() {
      guard let toggle = unstarted[key] else { continue }
      sink.warning(
        "toggle-starts-unset",
        "\(Quoting.quoted(key)) is compared with false, but toggle \(Quoting.quoted(toggle)) starts with no value (the flow's data gives it none): it shows off, yet this does not hold until the shopper turns it on and off again",
        at: path, suggestion: "give it a first value in \"data\": \(Quoting.quoted(key)): false")
    }
  }

  /// The keys a condition compares with `false`, through `all`, `any` and `not`, each once.
  private static func keysComparedWithFalse(_ condition: Condition) -> Set<DataKey> {
    switch condition {
    case .equals(let key, .bool(false)): return [key]
    case .equals, .present: return []
    case .all(let parts), .any(let parts): return parts.reduce(into: []) { $0.formUnion(keysComparedWithFalse($1)) }
    case .not(let inner): return keysComparedWithFalse(inner)
    }
  }
}
