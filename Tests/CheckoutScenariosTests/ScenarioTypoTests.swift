import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutScenarios

/// A name in a scenario that the flow does not have is a typo, said with the
/// likely name, never a line that passes quietly: an `api` line's operation, an
/// `appear` line's step, an `expect offer` target.
@Suite struct ScenarioTypoTests {
  @Test func anAPILineForAnOperationNoSubmitCallsCannotRun() throws {
    let outcomes = try ExpectTitleTests.run(["api placOrder ok", "api refund ok", "api placeOrder ok"])
    #expect(outcomes[0].problem == #"no submit calls operation "placOrder"; did you mean "placeOrder"?"#)
    #expect(outcomes[0].problemWord == 1, "the operation's column")
    #expect(
      outcomes[1].problem
        == #"no submit calls operation "refund"; the operations are "placeOrder" and "applyDiscount""#)
    #expect(outcomes[2].problem == nil)
  }

  /// The typo's answer is not queued: the real call is answered by the next line.
  @Test func theMistypedAnswerIsNotQueued() throws {
    var host = ScenarioHost(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    _ = host.run(.api("placOrder", .failed([APIError(code: "cvv_invalid")])))
    var api = host.api
    #expect(api.answer("placOrder") == nil)
  }

  @Test func anAPILineBeforeTheFlowSaysToNameTheFlowFirst() {
    var host = ScenarioHost()
    let outcome = host.run(.api("placeOrder", .succeeded([:])))
    #expect(outcome.problem == "no flow yet; start the scenario with 'flow PATH'")
  }

  @Test func appearingAStepTheFlowDoesNotHaveCannotRun() throws {
    let outcomes = try ExpectTitleTests.run(["tap checkout", "manual", "appear stepOen", "appear nowhereAtAll"])
    #expect(outcomes[2].problem == #"unknown step "stepOen"; did you mean "stepOne"?"#)
    #expect(outcomes[2].problemWord == 1)
    #expect(outcomes[2].effects.isEmpty, "nothing was sent to the session")
    #expect(outcomes[3].problem?.hasPrefix(#"unknown step "nowhereAtAll"; the steps are "cart", "stepOne""#) == true)
  }

  @Test func anOfferOfAStepOrRowTheFlowDoesNotHaveSaysTheLikelyName() throws {
    let outcomes = try ExpectTitleTests.run([
      "expect offer creditCrd.cvv", "expect offer creditCard.cvc", "expect offer creditCard", "expect offer none",
    ])
    #expect(
      outcomes[0].failure?.actual == #"offer none; the flow has no step "creditCrd" (did you mean "creditCard"?)"#)
    #expect(outcomes[1].failure?.actual == #"offer none; creditCard has no row "cvc" (did you mean "cvv"?)"#)
    #expect(outcomes[2].failure?.actual == "offer none", "a step the flow has: the mismatch alone")
    #expect(outcomes[3].passed)
  }
}
