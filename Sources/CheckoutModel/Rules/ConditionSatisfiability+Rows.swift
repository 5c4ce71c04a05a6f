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

  /// Whether some session can use the row (on `step` of `flow`): its `visibleWhen`
  /// and `enabledWhen` can hold, no step it `requires` is in `neverComplete`, and
  /// a submit's guards can hold with values its checks accept (``submitBlock(_:on:in:)``).
  package func canUse(_ row: Row, on step: StepID, in flow: Flow, neverComplete: [StepID: String]) -> Bool {
    if let condition = row.visibleWhen, !canHold(condition) { return false }
    if let condition = row.enabledWhen, !canHold(condition) { return false }
    if row.requires.contains(where: { neverComplete[$0] != nil }) { return false }
    return submitBlock(row, on: step, in: flow) == nil
  }
}

extension Flow {
  /// The flow without the rows no session can ever use (see
  /// ``ConditionSatisfiability/canUse(_:on:in:neverComplete:)``): the graph a shopper can
  /// really walk. The flow itself when every row can be used.
  package func keepingUsableRows() -> Flow {
    let analysis = ConditionSatisfiability(self)
    let neverComplete = analysis.neverCompleteSteps(of: self)
    var usable = self
    var removed = false
    for index in usable.steps.indices {
      let step = usable.steps[index].id
      let rows = usable.steps[index].rows.filter {
        analysis.canUse($0, on: step, in: self, neverComplete: neverComplete)
      }
      if rows.count != usable.steps[index].rows.count {
        usable.steps[index].rows = rows
        removed = true
      }
    }
    return removed ? usable : self
  }
}

extension ConditionSatisfiability {
  /// Why a submit row can never make its call, or nil when it may: its guards
  /// (`visibleWhen`, `enabledWhen`) can hold, but only with values the rows its
  /// submit checks first reject (``SubmitChecks``), so every tap that the guards
  /// let through is answered with an offer to fix a row, never with the call.
  /// Guards that can never hold at all are not this answer's to report.
  ///
  /// ```swift
  /// // pay: "enabledWhen": { "key": "order.code", "equals": "FREE" }; row "code" binds it with "digits"
  /// analysis.submitBlock(pay, on: "bag", in: flow)
  /// // "\"order.code\" would have to be \"FREE\", which row \"code\" on step \"bag\" refuses (\"Only digits\")"
  /// ```
  package func submitBlock(_ row: Row, on step: StepID, in flow: Flow) -> String? {
    guard case .submit(let submit)? = row.action else { return nil }
    let guards = [row.visibleWhen, row.enabledWhen].compactMap { $0 }
    guard let first = guards.first else { return nil }
    let condition = guards.count == 1 ? first : .all(guards)
    guard canHold(condition) else { return nil }
    var checked = self
    checked.submitChecks = SubmitChecks(row, submit: submit, on: step, in: flow)
    guard !checked.canHold(condition) else { return nil }
    return checked.refusedValues(condition)
  }

  /// The values the checks refuse that the condition needs: each one that alone
  /// would let it hold, else every one refused.
  private func refusedValues(_ condition: Condition) -> String {
    var refused: [(key: DataKey, value: Value?, rejection: SubmitChecks.Rejection)] = []
    for key in Array(Set(condition.keys)).sorted(by: { $0.rawValue < $1.rawValue }) {
      for value in representatives(of: key, in: condition) {
        if let rejection = rejection(of: value, for: key, in: condition) { refused.append((key, value, rejection)) }
      }
    }
    let needed = refused.filter { canHold(condition, trying: ($0.key, $0.value)) }
    return (needed.isEmpty ? refused : needed).map { key, value, rejection in
      let what = value.map { "be \(shown($0, of: key))" } ?? "have no value"
      return
        "\(Quoting.quoted(key)) would have to \(what), which row \(Quoting.quoted(rejection.row)) on step \(Quoting.quoted(rejection.step)) refuses (\(Quoting.quoted(rejection.message)))"
    }.joined(separator: "; ")
  }
}
