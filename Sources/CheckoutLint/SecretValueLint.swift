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
