import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutModel

/// A picker's options: an option the loader cannot read is reported where it
/// stands, and the list it leaves short is not also called empty.
@Suite struct PickerOptionsReportingTests {
  @Test func unreadableOptionsAreNotAlsoAnEmptyList() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: """
          { "id": "method", "cell": "picker", "title": "Method", "bind": "payment.method", "options": [
                1️⃣{ "value": "card", 2️⃣"title": "Card" } ] }
          """),
      [
        .error(
          "1️⃣", #"missing required field "label" (the text the shopper reads)"#, path: "steps[0].rows[1].options[0]"),
        .error(
          "2️⃣", #"unknown field "title" in an option"#, path: "steps[0].rows[1].options[0].title",
          suggestion: #"valid fields are "value" and "label""#),
      ])
  }

  @Test func anEmptyListIsReported() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: """
          { "id": "method", "cell": "picker", "title": "Method", "bind": "payment.method", "options": 1️⃣[] }
          """),
      [.error("1️⃣", "a picker needs at least one option", path: "steps[0].rows[1].options")])
  }
}
