import CheckoutCLI
import CheckoutEngine
import Foundation
import Testing

/// `checkout lint` and `checkout replay` on flows that name their own rules and
/// declare what a submit provides; lint reporting a key nothing sets.
@Suite struct FlowDataCommandTests {
  static let flow = """
    {
      "format": 1, "id": "mini", "title": "Mini", "start": "address",
      "rules": { "postalCode": { "pattern": "^[0-9]{5}$", "message": "Enter 5 digits." } },
      "steps": [
        { "id": "address", "title": "Address", "rows": [
          { "id": "zip", "cell": "text", "title": "ZIP", "bind": "ship.zip", "rules": ["required", "postalCode"] },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "thanks", "provides": ["order.number"] } ] },
        { "id": "thanks", "title": "Thank you", "presentation": "reset", "rows": [
          { "id": "number", "cell": "info", "title": "Order", "detail": "Order {order.number}" } ] }
      ],
      "errors": [{ "code": "*", "step": "address", "row": "zip" }]
    }
    """

  @Test func lintAcceptsNamedRulesAndProvidedKeys() throws {
    try withFlowDirectory(["mini.json": Self.flow]) { directory in
      let result = runCheckout(["lint", "mini.json"], in: directory)
      #expect(result.status == 0)
      #expect(result.output == "mini.json: ok (2 steps, 3 rows, 1 error matcher)\n")
    }
  }

  @Test func lintReportsAKeyNothingSets() throws {
    let typo = Self.flow.replacingOccurrences(of: "{order.number}", with: "{order.nubmer}")
    try withFlowDirectory(["typo.json": typo]) { directory in
      let result = runCheckout(["lint", "typo.json"], in: directory)
      #expect(result.status == 1)
      #expect(
        result.output == """
          typo.json:9:69: error: steps[1].rows[0].detail: unknown key "order.nubmer": no row binds it, the flow's data does not hold it, and no submit provides it; did you mean "order.number"?
          1 error, 0 warnings in 1 file

          """)
    }
  }

  @Test func replayRunsAFlowWithNamedRulesAndFillsProvidedKeys() throws {
    let scenario = """
      flow mini.json
      set zip 123
      expect error zip "Enter 5 digits."
      set zip 97201
      expect valid zip
      api placeOrder ok
      tap pay
      expect at thanks
      expect value order.number MI-\(Self.standInDigits)
      """
    try withFlowDirectory(["mini.json": Self.flow, "ok.scenario": scenario]) { directory in
      let result = runCheckout(["replay", "ok.scenario"], in: directory)
      #expect(result.output == "ok.scenario: ok (4 passed, 0 failed)\n4 passed, 0 failed\n")
      #expect(result.status == 0)
    }
  }

  /// The development API's stand-in digits for `order.number` of `placeOrder` in `mini`.
  static var standInDigits: String {
    String(DevelopmentAPI.standIn(for: "order.number", operation: "placeOrder", flow: "mini").displayText.dropFirst(3))
  }
}
