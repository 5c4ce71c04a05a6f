import CheckoutLint
import CheckoutModel
import Testing

/// A `secure` cell whose `secret` (or `sensitive`) was dropped shows and stores
/// the value typed in it (a CVV on screen and in a snapshot): lint warns at the
/// row's `cell`, with its line, column and JSON path, and says what to write.
@Suite struct LintSecureCellTests {
  static func flow(_ marks: String) -> String {
    """
    {
      "format": 1, "id": "shop", "title": "Shop", "start": "pay",
      "steps": [
        { "id": "pay", "title": "Pay", "rows": [
          { "id": "cvc", "cell": "secure", "title": "Security code", "bind": "payment.card.cvc"\(marks) },
          { "id": "go", "cell": "button", "title": "Pay", "submit": "pay" } ] }
      ],
      "errors": [{ "code": "*", "step": "pay" }]
    }
    """
  }

  static func findings(_ source: String) -> [String] {
    FlowLoader().lint(bytes: Array(source.utf8)).diagnostics.filter { $0.code == "secure-not-hidden" }.map {
      $0.rendered(file: "shop.json")
    }
  }

  @Test func aSecureCellNeitherSecretNorSensitiveIsWarnedAtItsCell() {
    #expect(
      Self.findings(Self.flow(""))
        == [
          #"shop.json:5:30: warning: steps[0].rows[0].cell: row "cvc" is a secure cell, but "payment.card.cvc" is neither secret nor sensitive: its value is shown on screen, printed and stored in snapshots as typed; add "secret": true to the row (never shown, logged or stored: a CVV), or "sensitive": true (shown masked)"#
        ])
  }

  @Test(arguments: [#", "secret": true"#, #", "sensitive": true"#])
  func aSecretOrSensitiveSecureCellIsNot(_ marks: String) {
    #expect(Self.findings(Self.flow(marks)).isEmpty)
  }
}
