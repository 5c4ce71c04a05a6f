import CheckoutModel
import CheckoutPlanning

/// `renamed` must lead somewhere and leave nothing behind: every new step, row and
/// key a rename names must exist in this version of the flow, and its old name must
/// be gone from it (unless another rename of this version takes that name over, as
/// in a swap), or sessions carried across would land on nothing, or on the wrong
/// thing. Each problem is reported at the rename's JSON path
/// (`renamed.rows["creditCard.cvv"]`), with the nearest name when one is close.
struct RenameChecks {
  let flow: Flow
  let keys: FlowKeys
  let sink: DiagnosticSink

  func check() {
    checkNewNamesExist()
    checkOldNamesAreGone()
  }

  private var renamed: JSONPath { JSONPath.root.appending("renamed") }

  private func checkNewNamesExist() {
    let stepIDs = flow.steps.map(\.id.rawValue)
    for (old, new) in flow.renamed.steps.sorted(by: { $0.key < $1.key }) where flow.step(new) == nil {
      sink.error(
        "unknown-rename",
        "step \(Quoting.quoted(old)) is renamed to \(Quoting.quoted(new)), which is not a step of this flow",
        at: renamed.appending("steps").appending(old.rawValue),
        suggestion: Suggestions.didYouMean(new.rawValue, in: stepIDs)
          ?? "the steps are \(Suggestions.list(stepIDs, conjunction: "and"))")
    }
    let rowNames = flow.steps.flatMap { step in step.rows.map { "\(step.id).\($0.id)" } }
    for (old, new) in flow.renamed.rows.sorted(by: { $0.key < $1.key }) where flow.step(new.step)?.row(new.row) == nil {
      let what =
        flow.step(new.step) == nil
        ? "the flow has no step \(Quoting.quoted(new.step))"
        : "step \(Quoting.quoted(new.step)) has no row \(Quoting.quoted(new.row))"
      sink.error(
        "unknown-rename",
        "row \(Quoting.quoted(old.description)) is renamed to \(Quoting.quoted(new.description)), but \(what)",
        at: renamed.appending("rows").appending(old.description),
        suggestion: Suggestions.didYouMean(new.description, in: rowNames)
          ?? "write the new row as step.row, e.g. \(Quoting.quoted(rowNames.first ?? "creditCard.cvv"))")
    }
    for (old, new) in flow.renamed.keys.sorted(by: { $0.key < $1.key }) where !keys.isKnown(new) {
      sink.error(
        "unknown-rename",
        "key \(Quoting.quoted(old)) is renamed to \(Quoting.quoted(new)): no row binds it, the flow's data does not hold it, and no submit provides it",
        at: renamed.appending("keys").appending(old.rawValue),
        suggestion: Suggestions.didYouMean(new.rawValue, in: keys.known)
          ?? "bind it to a value row, or rename to a key the flow holds")
    }
  }

  /// A renamed name that this version still has: a session's value or place under
  /// it would be carried to the new name while the old one, still in use, is left
  /// empty (a key renamed onto another row's key mixes the two rows' values). A
  /// name another rename of this version takes over (`a -> b` with `b -> a`) is
  /// a new thing under an old name, not a leftover.
  private func checkOldNamesAreGone() {
    let stepTargets = Set(flow.renamed.steps.values)
    for (old, new) in flow.renamed.steps.sorted(by: { $0.key < $1.key })
    where flow.step(old) != nil && !stepTargets.contains(old) {
      sink.error(
        "renamed-still-present",
        "step \(Quoting.quoted(old)) is renamed to \(Quoting.quoted(new)), but this version still has a step \(Quoting.quoted(old)): a renamed step's old id must be gone",
        at: renamed.appending("steps").appending(old.rawValue),
        suggestion:
          "remove the rename if \(Quoting.quoted(old)) is still that step, or give the step left under it another id")
    }
    let rowTargets = Set(flow.renamed.rows.values)
    for (old, new) in flow.renamed.rows.sorted(by: { $0.key < $1.key })
    where flow.step(old.step)?.row(old.row) != nil && !rowTargets.contains(old) && !stepTargets.contains(old.step)
      && flow.renamed.steps[old.step] == nil
    {
      sink.error(
        "renamed-still-present",
        "row \(Quoting.quoted(old.description)) is renamed to \(Quoting.quoted(new.description)), but this version still has the row \(Quoting.quoted(old.description)): a renamed row's old name must be gone",
        at: renamed.appending("rows").appending(old.description),
        suggestion:
          "remove the rename if \(Quoting.quoted(old.description)) is still that row, or give the row left under it another id"
      )
    }
    let keyTargets = Set(flow.renamed.keys.values)
    for (old, new) in flow.renamed.keys.sorted(by: { $0.key < $1.key })
    where keys.isKnown(old) && !keyTargets.contains(old) {
      sink.error(
        "renamed-still-present",
        "key \(Quoting.quoted(old)) is renamed to \(Quoting.quoted(new)), but this version still holds \(Quoting.quoted(old)) (\(holder(of: old))): a renamed key's old name must be gone, or the values stored under it move to \(Quoting.quoted(new)) and leave it empty",
        at: renamed.appending("keys").appending(old.rawValue),
        suggestion: "remove the rename if \(Quoting.quoted(old)) is still that value, or bind its rows to the new key")
    }
  }

  /// What makes this version hold a key: the first value row that binds it
  /// (`address.state binds it`), else its data, else the first submit providing it.
  private func holder(of key: DataKey) -> String {
    for step in flow.steps {
      for row in step.rows where row.kind.takesValue && row.bind == key {
        return "\(step.id).\(row.id) binds it"
      }
    }
    if flow.data[key] != nil { return "the flow's data holds it" }
    for case .submit(let submit)? in flow.steps.lazy.flatMap(\.rows).map(\.action) where submit.provides.contains(key) {
      return "submit \(Quoting.quoted(submit.operation)) provides it"
    }
    return "the flow holds it"
  }
}
