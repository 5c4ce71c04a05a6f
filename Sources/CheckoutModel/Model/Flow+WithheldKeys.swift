extension Flow {
  /// For each operation, the secret and sensitive keys its calls never send (a card
  /// number, a CVV): those none of whose value rows is on a step one of the
  /// operation's submits validates, shows the submit on, or opens for one of its
  /// actions. A discount or a seat hold is not sent the card typed for the payment.
  /// An operation with a submit that names no `validates` (every step on the stack
  /// is checked) sends them all; operations that withhold nothing are left out.
  package func withheldKeys(masking: Masking) -> [OperationName: Set<DataKey>] {
    var masked: [DataKey: Set<StepID>] = [:]
    var called: [OperationName: Set<StepID>] = [:]
    var sendingAll: Set<OperationName> = []
    for step in steps {
      for row in step.rows {
        if row.kind.takesValue, let key = row.bind, masking.isMasked(key) { masked[key, default: []].insert(step.id) }
        guard case .submit(let submit)? = row.action else { continue }
        guard let validates = submit.validates else {
          sendingAll.insert(submit.operation)
          continue
        }
        called[submit.operation, default: []].formUnion(validates + submit.actions.values + [step.id])
      }
    }
    var withheld: [OperationName: Set<DataKey>] = [:]
    for (operation, steps) in called where !sendingAll.contains(operation) {
      let keys = masked.filter { $0.value.isDisjoint(with: steps) }.keys
      if !keys.isEmpty { withheld[operation] = Set(keys) }
    }
    return withheld
  }

  /// The operations a submit row calls, each once, sorted.
  package var submittedOperations: [OperationName] {
    Set(
      steps.flatMap(\.rows).compactMap { row -> OperationName? in
        guard case .submit(let submit)? = row.action else { return nil }
        return submit.operation
      }
    ).sorted()
  }
}
