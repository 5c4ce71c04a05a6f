import CheckoutModel

extension FlowLinter {
  /// A flow whose calls open steps after their success, but each of whose calls can
  /// be made again after it succeeds, never finishes:
  /// no success places the order (`Flow.isFinal(then:step:)`: a step from which no
  /// submit can be reached), so a session is never marked finished, a placed
  /// order is never shown as one, and the shopper may order again and again
  /// (an order's `then` that leads back to the address step). A warning at each
  /// submit's `then` (or its row, when it has none), saying what a final call is.
  func checkFinishes() {
    var submits: [(path: JSONPath, operation: OperationName, then: StepID?)] = []
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() {
        guard case .submit(let submit)? = row.action else { continue }
        if Flow.isFinal(then: submit.then, step: flow.step) { return }
        let path = positions.rowPath(stepIndex, rowIndex)
        submits.append((submit.then == nil ? path : path.appending("then"), submit.operation, submit.then))
      }
    }
    // A flow whose calls all leave the shopper where they were (no "then": a form
    // that only sends) is not judged: only one that opens steps after its calls.
    guard submits.contains(where: { $0.then != nil }) else { return }
    for submit in submits {
      let after =
        submit.then.map { "its success opens \(Quoting.quoted($0)), from where a call can be made again" }
        ?? "it has no \"then\", so its success leaves the shopper where they can call again"
      sink.warning(
        "never-finishes",
        "the checkout never finishes: no call's success places the order; \(Quoting.quoted(submit.operation)): \(after)",
        at: submit.path,
        suggestion:
          "give the call that places the order a \"then\" step no submit can be reached from (a confirmation with \"presentation\": \"reset\")"
      )
    }
  }
}
