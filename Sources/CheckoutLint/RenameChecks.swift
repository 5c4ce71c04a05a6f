import CheckoutModel
import CheckoutPlanning

/// `renamed` must lead somewhere: every new step, row and key a rename names must
/// exist in this version of the flow, or sessions carried across would land on
/// nothing. Each problem is reported at the rename's JSON path
/// (`renamed.rows["creditCard.cvv"]`), with the nearest name when one is close.
struct RenameChecks {
  let flow: Flow
  let keys: FlowKeys
  let sink: DiagnosticSink

  func check() {
    let renamed = JSONPath.root.appending("renamed")
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
}
