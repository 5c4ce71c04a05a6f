import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutSessions

/// An API error offered on a row that takes no value (PLNDR's `item_sold_out` on
/// the cart's "Items in your bag", an info row) is fixed through another row of
/// its step (the quantity). Was: nothing resolved it, so the errors queued behind
/// it (the CVV the API also refused) were never offered: the shopper placed the
/// order again with a CVV the engine knew was wrong.
@Suite struct QueuedAfterInfoRowTests {
  /// At PLNDR's review, the order refused for a sold-out item and the CVV, the
  /// first offer accepted: routed to the cart, its items focused.
  static func atTheSoldOutItem() -> DrivenSession {
    var driven = DrivenSession()
    driven.fillAddressAndCard()
    driven.send(.tap("continue"))
    driven.send(.tap("placeOrder"))
    driven.send(
      .apiFailed("placeOrder", [APIError(code: "item_sold_out"), APIError(code: "cvv_invalid", message: "Bad CVV.")]))
    driven.send(.accept)
    return driven
  }

  @Test func aValueSetOnTheFocusedStepOffersTheNextError() {
    var driven = Self.atTheSoldOutItem()
    #expect(driven.session.navigation.top == "cart")
    #expect(driven.session.focus == CheckoutSession.RowRef(step: "cart", row: "items"))
    let effects = driven.send(.set(.row("quantity"), .string("2")))
    #expect(driven.session.offer?.resolution.target == "creditCard.cvv", "\(effects)")
    #expect(driven.session.focus == nil)
  }

  /// A value set on another step is not the shopper acting on the error: the
  /// offer waits.
  @Test func aValueSetElsewhereLeavesTheFocus() {
    var driven = Self.atTheSoldOutItem()
    driven.send(.tap("checkout"))
    driven.send(.tap("shippingAddress"))
    driven.send(.set(.row("city"), .string("Salem")))
    #expect(driven.session.offer == nil)
    #expect(driven.session.focus == CheckoutSession.RowRef(step: "cart", row: "items"))
  }
}
