import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutLint

/// A toggle with no first value in `data` shows off, but has no value: a condition
/// comparing its key with `false` does not hold until the shopper turns it on and
/// off again. Lint warns at each such comparison; a first value, or a key a submit
/// provides, is not warned about.
@Suite struct LintToggleStartTests {
  /// A billing toggle (`billing.same`), the billing ZIP shown by `zipShown`, and the
  /// flow's data (`data`).
  static func flow(zipShown: String, data: String = "{}") -> String {
    """
    {
      "format": 1, "id": "shop", "title": "Shop", "start": "cart", "data": \(data),
      "steps": [
        { "id": "cart", "title": "Cart", "rows": [
          { "id": "same", "cell": "toggle", "title": "Billing same as shipping", "bind": "billing.same" },
          { "id": "zip", "cell": "text", "title": "Billing ZIP", "bind": "billing.zip", "visibleWhen": \(zipShown) },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "pay" } ] }
      ],
      "errors": [{ "code": "*", "step": "cart" }]
    }
    """
  }

  static func warnings(_ source: String) -> [String] {
    FlowLoader().lint(bytes: Array(source.utf8)).diagnostics.filter { $0.severity == .warning }.map {
      "\($0.path?.description ?? ""): \($0.message); \($0.suggestion ?? "")"
    }
  }

  static let warning =
    #"steps[0].rows[1].visibleWhen: "billing.same" is compared with false, but toggle "same" starts with no value (the flow's data gives it none): it shows off, yet this does not hold until the shopper turns it on and off again; give it a first value in "data": "billing.same": false"#

  @Test(arguments: [
    #"{ "key": "billing.same", "equals": false }"#,
    #"{ "not": { "key": "billing.same", "equals": false } }"#,
    #"{ "any": [{ "key": "billing.same", "equals": false }, { "key": "billing.zip", "present": true }] }"#,
  ])
  func aComparisonWithFalseOfAToggleThatStartsUnsetIsAWarning(_ shown: String) {
    #expect(Self.warnings(Self.flow(zipShown: shown)) == [Self.warning])
  }

  @Test func aCompletionCheckIsCheckedToo() {
    let source = Self.flow(zipShown: #"{ "key": "billing.zip", "present": true }"#)
      .replacingOccurrences(
        of: #""title": "Cart", "rows""#,
        with:
          #""title": "Cart", "complete": [{ "when": { "key": "billing.same", "equals": false }, "message": "Say no" }], "rows""#
      )
    #expect(Self.warnings(source).map { $0.prefix(while: { $0 != ":" }) } == ["steps[0].complete[0].when"])
  }

  @Test(arguments: [
    (#"{ "key": "billing.same", "equals": false }"#, #"{ "billing.same": true }"#, "a first value in the data"),
    (#"{ "key": "billing.same", "equals": false }"#, #"{ "billing.same": false }"#, "a first value of false"),
    (
      #"{ "key": "billing.same", "equals": true }"#, "{}",
      "true is not no value either: the condition and the screen agree"
    ),
    (#"{ "not": { "key": "billing.same", "equals": true } }"#, "{}", "off and no value both hold it"),
  ])
  func comparisonsTheScreenAgreesWithAreNotWarnedAbout(_ shown: String, _ data: String, _ why: String) {
    #expect(Self.warnings(Self.flow(zipShown: shown, data: data)) == [], "\(why)")
  }
}
