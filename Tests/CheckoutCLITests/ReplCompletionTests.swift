import CheckoutCLI
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing

/// Tab completion as a function of the line, the cursor and the session.
@Suite struct ReplCompletionTests {
  static let flowPath = ReplayAndReplTests.flowsDirectory + "/plndr.json"

  /// PLNDR at Step One (`tap checkout` done).
  static let onStepOne: CheckoutSession = {
    var host = ScenarioHost(today: ShippedFlows.today)
    _ = host.run(.flow(flowPath))
    _ = host.run(.tap("checkout"))
    return fixture(host.session, "a PLNDR session at Step One")
  }()

  @Test(arguments: [
    (
      "",
      [
        "accept", "api", "appear", "auto", "back", "decline", "expect", "help", "locale", "manual", "plan", "quit",
        "restore", "set", "show", "snapshot", "stack", "tap", "today",
      ]
    ),
    ("ta", ["tap"]),
    ("s", ["set", "show", "snapshot", "stack"]),
    ("sn", ["snapshot"]),
    ("snapshot ", []),
    ("re", ["restore"]),
    ("restore ", []),
    ("tap ", ["continue", "creditCard", "shippingAddress"]),
    ("tap c", ["continue", "creditCard"]),
    ("set ", ["shippingMethod"]),
    (
      "set shipping.",
      [
        "shipping.city", "shipping.country", "shipping.method", "shipping.name", "shipping.state", "shipping.street",
        "shipping.zip",
      ]
    ),
    ("set payment.card.c", ["payment.card.cvv"]),
    ("set shippingMethod ", ["express", "overnight", "standard"]),
    ("set 3 e", ["express"]),
    (
      "expect ",
      ["at", "detail", "effect", "error", "focus", "invalid", "offer", "route", "stack", "title", "valid", "value"]
    ),
    ("expect title c", ["continue", "creditCard"]),
    ("expect detail ", ["creditCard", "shippingAddress"]),
    ("expect va", ["valid", "value"]),
    ("expect at step", ["stepOne", "stepTwo"]),
    ("expect effect c", ["callAPI"]),
    ("appear cr", ["creditCard"]),
    ("plan cre", ["creditCard"]),
    (
      "plan creditCard.",
      ["creditCard.cvv", "creditCard.done", "creditCard.expiry", "creditCard.name", "creditCard.number"]
    ),
    (
      "help ",
      [
        "accept", "api", "appear", "auto", "back", "decline", "expect", "flow", "help", "locale", "manual", "plan",
        "quit", "restore", "set", "show", "snapshot", "stack", "tap", "today",
      ]
    ),
    ("help ex", ["expect"]),
    ("api ", ["applyDiscount", "placeOrder"]),
    ("api placeOrder ", ["action", "fail", "ok"]),
    ("api placeOrder action ", []),  // PLNDR's submit declares no action
    ("back ", []),
    ("tap zzz", []),
  ])
  func candidates(_ line: String, _ expected: [String]) {
    #expect(ReplCompletion.candidates(line: line, cursor: line.count, session: Self.onStepOne) == expected, "\(line)|")
  }

  @Test func actionNamesAreTheOnesTheOperationsSubmitsDeclare() {
    let session = CheckoutSession(flow: ActionFlows.compiled)
    let line = "api placeOrder action "
    #expect(ReplCompletion.candidates(line: line, cursor: line.count, session: session) == ["three_d_secure"])
    let typed = "api placeOrder act"
    #expect(ReplCompletion.candidates(line: typed, cursor: typed.count, session: session) == ["action"])
  }

  @Test func onlyTheTextBeforeTheCursorCounts() {
    let line = "tap c checkout"
    #expect(ReplCompletion.candidates(line: line, cursor: 5, session: Self.onStepOne) == ["continue", "creditCard"])
    #expect(ReplCompletion.candidates(line: line, cursor: 2, session: Self.onStepOne) == ["tap"])
  }

  @Test func tapOffersDisabledRowsToo() {
    // Continue is disabled on Step One (address and card incomplete) and still offered.
    #expect(Self.onStepOne.screen.row("continue")?.isEnabled == false)
    #expect(ReplCompletion.candidates(line: "tap co", cursor: 6, session: Self.onStepOne) == ["continue"])
  }

  @Test func withoutASessionOnlyWordsOfTheLanguage() {
    #expect(ReplCompletion.candidates(line: "tap ", cursor: 4, session: nil) == [])
    #expect(ReplCompletion.candidates(line: "expect fo", cursor: 9, session: nil) == ["focus"])
  }

  @Test func theREPLGivesTheReaderACompleterForTheScreenOnDisplay() {
    let capture = CapturedTerminal()
    var reader: any LineReader = ReplSecretsTests.TerminalLikeReader(lines: ["tap checkout"])
    _ = ReplCommand.run(.onTheTestDay, capture.terminal, reader: &reader)
    let completer = (reader as! ReplSecretsTests.TerminalLikeReader).completer
    #expect(completer?("tap c", 5) == ["continue", "creditCard"], "the completer of the last prompt, on Step One")
  }
}
