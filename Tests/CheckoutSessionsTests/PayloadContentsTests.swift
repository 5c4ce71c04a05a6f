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

  /// A billing address typed, then "same as shipping" turned back on: its rows are
  /// hidden, so the call does not send the stale billing street and ZIP (an API
  /// would check the card against them, and an error about them would route to
  /// rows the shopper cannot see). Turned off again, they are sent.
  @Test func valuesOfRowsThatAreHiddenAreNotSent() throws {
    func placeOrder(billingSame: Bool) throws -> Payload {
      var driven = DrivenSession()
      driven.fillAddressAndCard()
      driven.send(.tap("shippingAddress"))
      driven.send(.set(.row("billingSame"), .bool(false)))
      driven.send(.set(.row("billingStreet"), .string("2 Side St")))
      driven.send(.set(.row("billingZip"), .string("10001")))
      driven.send(.set(.row("billingSame"), .bool(billingSame)))
      driven.send(.tap("done"))
      driven.send(.tap("continue"))
      return try #require(Self.payload(driven.send(.tap("placeOrder"))))
    }
    let same = try placeOrder(billingSame: true)
    #expect(same.values["billing.zip"] == nil && same.values["billing.street"] == nil, "\(same)")
    #expect(same.values["billing.sameAsShipping"] == .bool(true))
    #expect(same.values["shipping.zip"] == .string("97201"))
    let other = try placeOrder(billingSame: false)
    #expect(other.values["billing.zip"] == .string("10001") && other.values["billing.street"] == .string("2 Side St"))
  }

  /// A key also bound by a row that is always shown, or provided by a submit, is
  /// always sent, whatever its other rows' `visibleWhen`.
  @Test func aKeyAnyAlwaysShownRowBindsIsSent() throws {
    let source = """
      { "format": 1, "id": "gift", "title": "Gift", "start": "bag",
        "steps": [
          { "id": "bag", "title": "Bag", "rows": [
            { "id": "gift", "cell": "toggle", "title": "Gift", "bind": "gift.on" },
            { "id": "note", "cell": "text", "title": "Note", "bind": "gift.note",
              "visibleWhen": { "key": "gift.on", "equals": true } },
            { "id": "to", "cell": "text", "title": "To", "bind": "gift.to",
              "visibleWhen": { "key": "gift.on", "equals": true } },
            { "id": "pay", "cell": "button", "title": "Pay", "submit": "pay" } ] },
          { "id": "review", "title": "Review", "rows": [
            { "id": "to", "cell": "text", "title": "To", "bind": "gift.to" } ] } ],
        "errors": [{ "code": "*", "step": "bag" }] }
      """
    var session = CheckoutSession(flow: CompiledFlow(try FlowLoader().load(json: source)), today: ShippedFlows.today)
    _ = session.send(.set(.row("gift"), .bool(true)))
    _ = session.send(.set(.row("note"), .string("Happy birthday")))
    _ = session.send(.set(.row("to"), .string("Ada")))
    _ = session.send(.set(.row("gift"), .bool(false)))
    let pay = try #require(Self.payload(session.send(.tap("pay"))))
    #expect(Set(pay.values.keys) == ["gift.on", "gift.to"], "\(pay)")
  }
}
