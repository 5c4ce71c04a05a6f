import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutPlanning
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// Once the order is placed no call follows it: a host that lost (or did not
/// follow) the success's `reset confirmation` and shows the review step again gets
/// the confirmation back when the shopper taps Place order again, never a second
/// call (which would charge twice under a new key); any other submit is refused.
@Suite struct PlacedOrderTests {
  /// An order placed whose confirmation the host did not show: it reported the
  /// review step instead, and the session gave the `reset` up.
  static func placedButStillOnReview() -> CheckoutSession {
    var driven = APICallTests.atReview()
    driven.send(.tap("placeOrder"))
    var session = driven.session
    let answered = session.send(.apiSucceeded("placeOrder", ["order.number": .string("PL-1")]))
    #expect(answered.contains(.navigate(.reset("confirmation"))))
    let notice = session.send(.appeared("stepTwo"))
    #expect(notice.map(\.kind) == [.notice])
    #expect(session.navigation.top == "stepTwo" && session.finished == "placeOrder")
    return session
  }

  @Test func theOrdersSubmitTappedAgainShowsItsConfirmationAndCallsNothing() {
    var session = Self.placedButStillOnReview()
    let before = session.callsMade
    #expect(session.send(.tap("placeOrder")) == [.navigate(.reset("confirmation"))])
    #expect(session.calls.isEmpty && session.callsMade == before)
    #expect(session.send(.appeared("confirmation")) == [])
    #expect(session.navigation.description == "confirmation")
    #expect(session.value(for: "order.number") == .string("PL-1"))
  }

  @Test func anotherSubmitAfterTheOrderIsRefusedSayingWhy() throws {
    var session = Self.placedButStillOnReview()
    #expect(session.send(.back) == [])
    #expect(session.send(.back) == [])
    #expect(session.navigation.description == "cart")
    #expect(session.send(.tap("discount")) == [.navigate(.present("discount"))])
    #expect(session.send(.appeared("discount")) == [])
    let refused = try #require(session.send(.tap("apply")).first?.refusal)
    #expect(refused.code == .orderFinished)
    #expect(refused.event == .tap)
    #expect(refused.message.hasPrefix("your order is placed (Place order); "))
    #expect(session.calls.isEmpty)
  }
}
