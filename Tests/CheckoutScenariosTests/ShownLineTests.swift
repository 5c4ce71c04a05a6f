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
  ])
  func aSecretValueIsNeverShown(written: String, shown: String) throws {
    let command = try #require(try ScenarioParser.parse(written, line: 1))
    #expect(command.shown(source: written, flow: ShippedFlows.plndrCompiled) == shown)
  }
}
