import CheckoutLint
import CheckoutModel
import CheckoutTestSupport
import Testing

/// A secret or sensitive value that no call sends (no submit validates the step
/// of a row that binds it) is a card typed for nothing since calls send such a
/// value only where their submits validate it: lint warns at the row's `bind`.
@Suite struct LintMaskedValueSentTests {
  @Test func lintWarnsOfACardNoCallIsSent() throws {
    let source = """
      { "format": 1, "id": "food", "title": "Food", "start": "bag",
        "steps": [
          { "id": "bag", "title": "Bag", "rows": [
            { "id": "card", "cell": "disclosure", "title": "Card", "opens": "card" },
            { "id": "pay", "cell": "button", "title": "Pay", "submit": "pay", "validates": ["bag"] } ] },
          { "id": "card", "title": "Card", "rows": [
            { "id": "number", "cell": "text", "title": "Number", "bind": "card.number", "sensitive": true },
            { "id": "back", "cell": "button", "title": "Back", "action": "close" } ] } ],
        "errors": [{ "code": "*", "step": "bag" }] }
      """
    func warnings(_ source: String) -> [String] {
      FlowLoader().lint(bytes: Array(source.utf8)).diagnostics.filter { $0.code.rawValue == "masked-value-not-sent" }
        .map { "\($0.severity) " + $0.rendered(file: "food.json") }
    }
    let found = warnings(source)
    #expect(found.count == 1, "\(found)")
    let warning = try #require(found.first)
    #expect(warning.hasPrefix("warning food.json:7:"), "\(warning)")
    #expect(warning.contains("steps[1].rows[0].bind"), "\(warning)")
    #expect(warning.contains("\"card.number\", a sensitive key, is sent to no API call"), "\(warning)")
    #expect(warning.contains("add \"card\" to the \"validates\""), "\(warning)")
    let fixed = source.replacingOccurrences(of: "\"validates\": [\"bag\"]", with: "\"validates\": [\"bag\", \"card\"]")
    #expect(warnings(fixed).isEmpty)
  }

  @Test(arguments: PackagePaths.shippedFlowNames)
  func theShippedFlowsSendEveryCardToTheirPayment(_ name: String) throws {
    let path = PackagePaths.flows.appendingPathComponent(name).path
    let report = FlowLoader().lint(contentsOf: path)
    #expect(report.flow != nil)
    #expect(!report.diagnostics.contains { $0.code.rawValue == "masked-value-not-sent" }, "\(report.diagnostics)")
  }
}
