import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// An API error whose row is hidden now is offered on the row's step: the shopper
/// could neither see the row nor fix it there.
@Suite struct HiddenRowOfferTests {
  static let compiled = fixture("the tip flow") {
    CompiledFlow(
      try FlowLoader().load(
        json: #"""
          {"format": 1, "id": "tips", "title": "Tips", "start": "tip",
           "data": {"tip.choice": "two"}, "steps": [
            {"id": "tip", "title": "Tip", "rows": [
              {"id": "choice", "cell": "picker", "title": "Tip", "bind": "tip.choice",
               "options": [{"value": "two", "label": "2 €"}, {"value": "custom", "label": "Other"}]},
              {"id": "amount", "cell": "text", "title": "Tip amount", "bind": "tip.amount",
               "visibleWhen": {"key": "tip.choice", "equals": "custom"}},
              {"id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder"}]}],
           "errors": [{"code": "tip_too_high", "step": "tip", "row": "amount", "message": "Tips are limited to 20 €."}]}
          """#))
  }

  static func failed(choosing choice: String) -> CheckoutSession {
    var session = CheckoutSession(flow: compiled)
    AutoHost().send(.set(.row("choice"), .string(choice)), to: &session)
    AutoHost().send(.tap("pay"), to: &session)
    _ = session.send(.apiFailed("placeOrder", [APIError(code: "tip_too_high")]))
    return session
  }

  @Test func theErrorOfAHiddenRowIsOfferedOnItsStep() throws {
    let offer = try #require(Self.failed(choosing: "two").offer)
    #expect(offer.resolution.target == "tip")
    #expect(offer.resolution.message == "Tips are limited to 20 €.")
  }

  @Test func theSameErrorOnTheRowShownIsOfferedOnTheRow() throws {
    let offer = try #require(Self.failed(choosing: "custom").offer)
    #expect(offer.resolution.target == "tip.amount")
  }
}
