import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutSessions

/// The auto host's limit on events for one send: reached with events still to
/// send, it says so instead of leaving a session that looks at rest.
@Suite struct AutoHostLimitTests {
  @Test func reachingTheLimitWithEventsLeftEndsWithANotice() {
    var session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    let effects = AutoHost(limit: 1).send(.tap("checkout"), to: &session)
    #expect(
      effects.last
        == .notice(
          "the host stopped after 1 event with 1 more to send (next: appear stepOne); the session is left as it is"))
    #expect(session.navigation.description == "cart", "the push was never confirmed")
  }

  @Test func aSendThatEndsWithinTheLimitHasNoNotice() {
    var session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    let effects = AutoHost(limit: 2).send(.tap("checkout"), to: &session)
    #expect(effects == [.navigate(.push("stepOne"))])
    #expect(session.navigation.description == "cart>stepOne")
  }
}
