import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// No silent date: a session always has one, so the expiry rule always checks,
/// and an impossible date is refused with the reason wherever it is read.
@Suite struct SessionDateTests {
  @Test func aSessionMadeWithoutADateStillRefusesAnExpiredCard() {
    var session = CheckoutSession(flow: ShippedFlows.plndrCompiled)
    session.send(.set(.key("payment.card.expiry"), .string("01/20")))
    let expiry = CheckoutSession.RowRef(step: "creditCard", row: "expiry")
    #expect(session.rowErrors[expiry] != nil, "January 2020 is before any system date this test runs on")
    session.send(.set(.key("payment.card.expiry"), .string("12/99")))
    #expect(session.rowErrors[expiry] == nil)
  }

  @Test func theDateGivenIsTheOneUsed() throws {
    let later = try CalendarDate.parse("2031-06-15")
    var session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: later)
    session.send(.set(.key("payment.card.expiry"), .string("05/31")))
    #expect(session.today == later)
    #expect(session.rowErrors[CheckoutSession.RowRef(step: "creditCard", row: "expiry")] != nil)
  }

  @Test func anImpossibleDateIsAnErrorThatSaysWhy() {
    #expect(throws: CalendarDate.ParseError(description: #""2026-11-31" is not a date: November 2026 has 30 days"#)) {
      try CalendarDate.parse("2026-11-31")
    }
    #expect(
      throws: CalendarDate.ParseError(description: #"--today: "2026-02-29" is not a date: February 2026 has 28 days"#)
    ) {
      try CalendarDate.parse("2026-02-29", option: "--today")
    }
  }
}
