import CheckoutModel

extension FlowLinter {
  /// Two ways a flow can give a secret away without showing it:
  /// - a row's `visibleWhen` or `enabledWhen` that compares a secret key with a
  ///   value (`{"key": "payment.card.cvv", "equals": "739"}`): whether the row
  ///   shows, or can be used, tells the value (testing whether it is filled in,
  ///   `present`, tells nothing more than the screen does);
  /// - the flow's `data` giving a secret key a value: every session starts with
  ///   it, and the flow's file holds it in plain text.
  ///
  /// Warnings, at the condition's or the value's path, saying what to write.
  func checkSecretValues() {
    let masking = Masking(flow)
    checkMaskedValuesSent(masking)
    guard !masking.secretKeys.isEmpty else { return }
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() {
        for (member, condition) in [("visibleWhen", row.visibleWhen), ("enabledWhen", row.enabledWhen)] {
          guard let condition else { continue }
          var reported: Set<DataKey> = []
          for key in Self.comparedKeys(condition) where masking.isSecret(key) && reported.insert(key).inserted {
            sink.warning(
              "secret-in-condition",
              "row \(Quoting.quoted(row.id))'s \(member) compares \(Quoting.quoted(key)), a secret key, with a value: whether the row \(member == "visibleWhen" ? "shows" : "can be used") tells the shopper's secret to anyone who sees the screen",
              at: positions.rowPath(stepIndex, rowIndex).appending(member),
              suggestion:
                "test only whether it is filled in ({\"key\": \"\(key.rawValue)\", \"present\": true}), or compare another key"
            )
          }
        }
      }
    }
    for key in flow.data.keys.sorted() where masking.isSecret(key) {
      sink.warning(
        "secret-in-data",
        "the flow's data gives \(Quoting.quoted(key)), a secret key, a value: every session starts with it, and the flow's file holds it in plain text",
        at: JSONPath.root.appending("data").appending(key.rawValue),
        suggestion: "leave \(Quoting.quoted(key)) out of \"data\": the shopper enters it")
    }
  }

  /// A secret or sensitive key that no call sends (`Flow.withheldKeys(masking:)`:
  /// none of its rows is on a step a submit validates, shows the submit on, or
  /// opens for its action): the shopper types a card number no API receives. A
  /// warning at the first row that binds it, naming the operations and the steps.
  private func checkMaskedValuesSent(_ masking: Masking) {
    let operations = flow.submittedOperations
    let withheld = flow.withheldKeys(masking: masking)
    guard !operations.isEmpty, withheld.count == operations.count else { return }
    var reported: Set<DataKey> = []
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() {
        guard row.kind.takesValue, let key = row.bind, masking.isMasked(key),
          withheld.values.allSatisfy({ $0.contains(key) }), reported.insert(key).inserted
        else { continue }
        let names = operations.map { Quoting.quoted($0.rawValue) }.joined(separator: ", ")
        sink.warning(
          "masked-value-not-sent",
          "\(Quoting.quoted(key)), \(masking.isSecret(key) ? "a secret" : "a sensitive") key, is sent to no API call: no submit (\(names)) validates step \(Quoting.quoted(step.id)), where row \(Quoting.quoted(row.id)) binds it, so the shopper types a value no API receives",
          at: positions.rowPath(stepIndex, rowIndex).appending("bind"),
          suggestion:
            "add \(Quoting.quoted(step.id.rawValue)) to the \"validates\" of the submit whose API needs it"
        )
      }
    }
  }

  /// The keys a condition compares with a value (`equals`), in any part of it.
  private static func comparedKeys(_ condition: Condition) -> [DataKey] {
    switch condition {
    case .equals(let key, _): return [key]
    case .present: return []
    case .all(let conditions), .any(let conditions): return conditions.flatMap(comparedKeys)
    case .not(let condition): return comparedKeys(condition)
    }
  }
}
