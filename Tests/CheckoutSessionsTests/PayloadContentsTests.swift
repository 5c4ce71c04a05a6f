import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// A call's payload holds what the flow's value rows bind and what a submit
/// provides: never the flow's other data (a count, a picker's option list).
@Suite struct PayloadContentsTests {
  /// A picker whose options are the flow's data, a data-only count, a secret
  /// code, and two calls: the first provides `quote.id`, the second sends it.
  static let source = """
    { "format": 1, "id": "food", "title": "Food", "start": "bag",
      "data": { "bag.count": 2, "delivery.options": [
          { "value": "asap", "label": "As soon as possible" }, { "value": "1900", "label": "19:00" } ] },
      "steps": [
        { "id": "bag", "title": "Bag", "rows": [
          { "id": "slot", "cell": "picker", "title": "Slot", "bind": "delivery.slot",
            "options": { "from": "delivery.options" } },
          { "id": "code", "cell": "secure", "title": "Code", "bind": "card.code", "secret": true },
          { "id": "quote", "cell": "button", "title": "Quote", "submit": "quote", "provides": ["quote.id"] },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "pay" } ] } ],
      "errors": [{ "code": "*", "step": "bag" }] }
    """

  static func payload(_ effects: [Effect]) -> Payload? {
    for effect in effects {
      if case .callAPI(_, let payload, _) = effect { return payload }
    }
    return nil
  }

  @Test func thePayloadHoldsBoundAndProvidedValuesOnly() throws {
    let flow = try FlowLoader().load(json: Self.source)
    var session = CheckoutSession(flow: CompiledFlow(flow), today: ShippedFlows.today)
    #expect(session.send(.set(.row("slot"), .string("1900"))) == [])
    #expect(session.send(.set(.row("code"), .string("123"))) == [])
    let quote = try #require(Self.payload(session.send(.tap("quote"))))
    #expect(Set(quote.values.keys) == ["delivery.slot", "card.code"])
    #expect(quote.values["card.code"] == .string("123"), "a secret is sent to the API")
    #expect(quote.description == "{card.code: \(Masking.secretPlaceholder), delivery.slot: 1900}")
    _ = session.send(.apiSucceeded("quote", ["quote.id": .string("Q-7")]))
    let pay = try #require(Self.payload(session.send(.tap("pay"))))
    #expect(Set(pay.values.keys) == ["delivery.slot", "card.code", "quote.id"])
    #expect(pay.values["bag.count"] == nil && pay.values["delivery.options"] == nil)
    #expect(session.value(for: "bag.count") == .number(2), "the session still holds the flow's data")
  }

  @Test func plndrsPlaceOrderSendsNoCartCountOrShippingMethodList() throws {
    var driven = DrivenSession()
    driven.fillAddressAndCard()
    driven.send(.tap("continue"))
    let payload = try #require(Self.payload(driven.send(.tap("placeOrder"))))
    #expect(payload.values["cart.count"] == nil && payload.values["cart.subtotal"] == nil)
    #expect(payload.values["shipping.methods"] == nil && payload.values["order.total"] == nil)
    #expect(payload.values["shipping.zip"] == .string("97201"))
    #expect(payload.values["shipping.method"] != nil, "a picker's key is bound, so its initial value is sent")
    #expect(payload.values["billing.sameAsShipping"] == .bool(true))
  }
}
