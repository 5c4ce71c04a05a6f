/// The names a flow has, and what to say of a name it does not have: one
/// definition for lint, the scenario language and the REPL.
extension Flow {
  /// The operations the flow's submits call, each once, in flow order.
  package var submitOperations: [String] {
    var operations: [String] = []
    for case .submit(let submit)? in steps.lazy.flatMap(\.rows).map(\.action)
    where !operations.contains(submit.operation.rawValue) {
      operations.append(submit.operation.rawValue)
    }
    return operations
  }

  /// What to suggest for `name`, one of `names` misspelt: the nearest
  /// (`did you mean "placeOrder"?`), else every name (`the operations are "hold"
  /// and "book"`), else `none` when there are none.
  package static func suggestion(for name: String, among names: [String], plural: String, none: String) -> String {
    Suggestions.didYouMean(name, in: names)
      ?? (names.isEmpty ? none : "the \(plural) are \(Suggestions.list(names, conjunction: "and"))")
  }

  /// `no submit calls operation "placOrder"` and what to suggest, for an operation
  /// no submit of the flow calls; nil for one a submit calls.
  package func unknownOperation(_ operation: OperationName) -> (message: String, suggestion: String)? {
    let operations = submitOperations
    guard !operations.contains(operation.rawValue) else { return nil }
    return (
      "no submit calls operation \(Quoting.quoted(operation.rawValue))",
      Self.suggestion(
        for: operation.rawValue, among: operations, plural: "operations", none: "the flow has no submit row")
    )
  }

  /// `unknown step "adress"` and what to suggest, for a step the flow does not
  /// have; nil for one it has. A step this version renamed is named by its new id.
  package func unknownStep(_ step: StepID) -> (message: String, suggestion: String)? {
    let ids = steps.map(\.id.rawValue).filter { !$0.isEmpty }
    guard !ids.contains(step.rawValue) else { return nil }
    return (
      "unknown step \(Quoting.quoted(step))",
      renamed.steps[step].map { Self.renamedSuggestion(step.rawValue, to: $0.rawValue, in: "steps") }
        ?? Self.suggestion(for: step.rawValue, among: ids, plural: "steps", none: "the flow has no steps")
    )
  }

  /// What to say of an old name this version's `renamed` maps to a new one, where
  /// the old name is still written: `"promo" was renamed to "offers" in
  /// renamed.steps; write "offers"`. `field` is `steps`, `rows` or `keys`.
  package static func renamedSuggestion(_ old: String, to new: String, in field: String) -> String {
    "\(Quoting.quoted(old)) was renamed to \(Quoting.quoted(new)) in renamed.\(field); write \(Quoting.quoted(new))"
  }
}
