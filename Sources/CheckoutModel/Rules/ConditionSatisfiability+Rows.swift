extension ConditionSatisfiability {
  /// The steps whose completion checks can never all hold, each with why: no
  /// session completes them, so a row that `requires` one is never enabled.
  package func neverCompleteSteps(of flow: Flow) -> [StepID: String] {
    var found: [StepID: String] = [:]
    for step in flow.steps where !step.complete.isEmpty && found[step.id] == nil {
      let all = Condition.all(step.complete.map(\.when))
      if !canHold(all) { found[step.id] = reason(all) }
    }
    return found
  }

  /// Whether some session can use the row: its `visibleWhen` and `enabledWhen`
  /// can hold and no step it `requires` is in `neverComplete`.
  package func canUse(_ row: Row, neverComplete: [StepID: String]) -> Bool {
    if let condition = row.visibleWhen, !canHold(condition) { return false }
    if let condition = row.enabledWhen, !canHold(condition) { return false }
    return !row.requires.contains { neverComplete[$0] != nil }
  }
}

extension Flow {
  /// The flow without the rows no session can ever use (see
  /// ``ConditionSatisfiability/canUse(_:neverComplete:)``): the graph a shopper can
  /// really walk. The flow itself when every row can be used.
  package func keepingUsableRows() -> Flow {
    let analysis = ConditionSatisfiability(self)
    let neverComplete = analysis.neverCompleteSteps(of: self)
    var usable = self
    var removed = false
    for index in usable.steps.indices {
      let rows = usable.steps[index].rows.filter { analysis.canUse($0, neverComplete: neverComplete) }
      if rows.count != usable.steps[index].rows.count {
        usable.steps[index].rows = rows
        removed = true
      }
    }
    return removed ? usable : self
  }
}
