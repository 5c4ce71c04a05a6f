import CheckoutLint
import CheckoutModel
import Testing

/// A condition that compares a secret with a value tells it by what the screen
/// shows, and a secret in the flow's `data` sits in the file in plain text: lint
/// warns at each, with its line, column and JSON path, and says what to write.
@Suite struct LintSecretValueTests {
  static func flow(condition: String, data: String = "") -> String {
    """
    {
      "format": 1, "id": "shop", "title": "Shop", "start": "pay",\(data)
      "steps": [
        { "id": "pay", "title": "Pay", "rows": [
          { "id": "cvc", "cell": "secure", "title": "Security code", "bind": "payment.card.cvc", "secret": true },
          { "id": "note", "cell": "info", "title": "Note", "visibleWhen": \(condition) },
          { "id": "go", "cell": "button", "title": "Pay", "submit": "pay" } ] }
      ],
      "errors": [{ "code": "*", "step": "pay" }]
    }
    """
  }

  static func findings(_ source: String) -> [String] {
    FlowLoader().lint(bytes: Array(source.utf8)).diagnostics.filter { $0.code.rawValue.hasPrefix("secret-in-") }.map {
      $0.rendered(file: "shop.json")
    }
  }

  @Test func aConditionComparingASecretWithAValueIsWarned() {
    let compared = #"{ "not": { "key": "payment.card.cvc", "equals": "739" } }"#
    #expect(
      Self.findings(Self.flow(condition: compared))
        == [
          #"shop.json:6:71: warning: steps[0].rows[1].visibleWhen: row "note"'s visibleWhen compares "payment.card.cvc", a secret key, with a value: whether the row shows tells the shopper's secret to anyone who sees the screen; test only whether it is filled in ({"key": "payment.card.cvc", "present": true}), or compare another key"#
        ])
  }

  @Test func aConditionOnWhetherASecretIsFilledInIsNot() {
    #expect(Self.findings(Self.flow(condition: #"{ "key": "payment.card.cvc", "present": true }"#)).isEmpty)
  }

  @Test func aSecretInTheFlowsDataIsWarned() {
    let source = Self.flow(
      condition: #"{ "key": "payment.card.cvc", "present": true }"#,
      data: #"\#n  "data": { "payment.card.cvc": "739" },"#)
    #expect(
      Self.findings(source)
        == [
          #"shop.json:3:33: warning: data["payment.card.cvc"]: the flow's data gives "payment.card.cvc", a secret key, a value: every session starts with it, and the flow's file holds it in plain text; leave "payment.card.cvc" out of "data": the shopper enters it"#
        ])
  }
}
