import CheckoutScenarios
import CheckoutTestSupport
import Testing

/// How a report shows a scenario line: as written without its comment, except
/// that the value of a secret or sensitive row or key is `•••`.
@Suite struct ShownLineTests {
  @Test(arguments: [
    ("set cvv 987", "set cvv •••"),
    ("set payment.card.cvv 987  # the back of the card", "set payment.card.cvv •••"),
    ("set 4 987", "set 4 •••"),
    ("set quantity 2", "set quantity 2"),
    ("expect value payment.card.cvv 987", "expect value payment.card.cvv •••"),
    ("set number 4242424242424242", "set number •••"),
    ("expect value payment.card.name Ada  # shown", "expect value payment.card.name Ada"),
    ("  tap checkout", "tap checkout"),
    ("set CVV 7396", "set CVV •••"),
    ("expect detail cvv 7397", "expect detail cvv •••"),
    ("expect error cvv 7382", "expect error cvv •••"),
    ("expect detail subtotal \"$84.00\"", "expect detail subtotal \"$84.00\""),
    (
      "api placeOrder ok payment.card.cvv=7391 payment.card.cv=7392 order.number=X",
      "api placeOrder ok payment.card.cvv=••• payment.card.cv=••• order.number=X"
    ),
  ])
  func aSecretValueIsNeverShown(written: String, shown: String) throws {
    let command = try #require(try ScenarioParser.parse(written, line: 1))
    #expect(command.shown(source: written, flow: ShippedFlows.plndrCompiled) == shown)
  }

  /// A line that does not parse: with no screen, a row number may name the CVV,
  /// so what follows it is hidden, in the line and in the syntax error.
  @Test(arguments: [
    ("tap 4 7394", "tap 4 •••", "unexpected \"•••\" after 'tap'; usage: tap ROW"),
    ("tap cvv 7381", "tap cvv •••", "unexpected \"•••\" after 'tap'; usage: tap ROW"),
  ])
  func aLineThatDoesNotParseHidesWhatFollowsASecretName(written: String, shown: String, message: String) {
    let flow = ShippedFlows.plndrCompiled
    #expect(TypedLine(written, flow: flow).shown == shown)
    #expect(throws: ScenarioSyntaxError.self) { try ScenarioParser.parse(written) }
    do {
      _ = try ScenarioParser.parse(written)
    } catch {
      #expect(error.redacted(line: written, flow: flow).message == message)
    }
  }
}
