import CheckoutLint
import CheckoutModel
import CheckoutTestSupport
import Testing

/// A flow whose calls open steps, but from every step a call's success opens a
/// call can be made again, never places its order: lint warns at each `then`.
@Suite struct LintNeverFinishesTests {
  static func flow(orderThen: String) -> String {
    """
    { "format": 1, "id": "shop", "title": "Shop", "start": "address",
      "steps": [
        { "id": "address", "title": "Address", "rows": [
          { "id": "street", "cell": "text", "title": "Street", "bind": "shipping.street" },
          { "id": "check", "cell": "button", "title": "Check", "submit": "validateAddress", "then": "review" } ] },
        { "id": "review", "title": "Review", "rows": [
          { "id": "place", "cell": "button", "title": "Place order", "submit": "placeOrder", "then": "\(orderThen)" } ] },
        { "id": "done", "title": "Thank you", "presentation": "reset", "rows": [
          { "id": "thanks", "cell": "info", "title": "Thanks" } ] } ],
      "errors": [{ "code": "*", "step": "address" }] }
    """
  }

  static func warnings(_ source: String) -> [String] {
    FlowLoader().lint(bytes: Array(source.utf8)).diagnostics.filter { $0.code.rawValue == "never-finishes" }.map {
      "\($0.severity) " + $0.rendered(file: "shop.json")
    }
  }

  @Test func anOrderThatLeadsBackToTheStartIsWarnedAtEachThen() throws {
    let found = Self.warnings(Self.flow(orderThen: "address"))
    #expect(found.count == 2, "\(found)")
    let order = try #require(found.first { $0.contains("\"placeOrder\"") })
    #expect(order.hasPrefix("warning shop.json:7:"), "\(order)")
    #expect(order.contains("steps[1].rows[0].then: the checkout never finishes: no call's success places the order"))
    #expect(order.contains("its success opens \"address\", from where a call can be made again"))
    #expect(order.contains("a confirmation with \"presentation\": \"reset\""))
  }

  @Test func anOrderThatOpensAConfirmationFinishes() {
    #expect(Self.warnings(Self.flow(orderThen: "done")).isEmpty)
  }

  /// A form whose calls only send (no `then`) is not judged.
  @Test func callsWithoutThenAreNotJudged() {
    let source = Self.flow(orderThen: "done").replacingOccurrences(of: #", "then": "review""#, with: "")
      .replacingOccurrences(of: #", "then": "done""#, with: "")
    #expect(Self.warnings(source).isEmpty)
  }

  @Test(arguments: PackagePaths.shippedFlowNames)
  func theShippedFlowsFinish(_ name: String) {
    let report = FlowLoader().lint(contentsOf: PackagePaths.flows.appendingPathComponent(name).path)
    #expect(!report.diagnostics.contains { $0.code.rawValue == "never-finishes" }, "\(report.diagnostics)")
  }
}
