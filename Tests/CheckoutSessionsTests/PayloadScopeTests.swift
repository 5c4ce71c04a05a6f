import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// A call sends a secret or sensitive value (a card number, a CVV) only when one of
/// its submits validates, shows the submit on, or opens for an action the step of
/// a row that binds it: a discount or a seat hold is never sent the card the
/// shopper typed for the payment.
@Suite struct PayloadScopeTests {
  static func payload(_ effects: [Effect]) -> Payload? {
    for effect in effects {
      if case .callAPI(_, let payload, _) = effect { return payload }
    }
    return nil
  }

  /// PLNDR, card typed, then a discount code applied from the review step.
  static func discountAfterTheCard() -> (DrivenSession, Payload?) {
    var driven = DrivenSession()
    driven.fillAddressAndCard(cvv: "987")
    driven.send(.tap("continue"))
    driven.send(.tap("discount"))
    driven.send(.set(.row("code"), .string("SAVE10")))
    let payload = payload(driven.send(.tap("apply")))
    return (driven, payload)
  }

  @Test func aDiscountIsNotSentTheCardButThePaymentIs() throws {
    var (driven, discount) = Self.discountAfterTheCard()
    let sent = try #require(discount)
    #expect(sent.values["discount.code"] == .string("SAVE10"))
    #expect(sent.values["payment.card.cvv"] == nil && sent.values["payment.card.number"] == nil, "\(sent)")
    #expect(sent.values["shipping.zip"] == .string("97201"), "a value neither secret nor sensitive is still sent")
    driven.send(.apiSucceeded("applyDiscount", [:]))
    driven.send(.tap("cancel"))
    let order = try #require(Self.payload(driven.send(.tap("placeOrder"))))
    #expect(order.values["payment.card.cvv"] == .string("987"))
    #expect(order.values["payment.card.number"] == .string("4242 4242 4242 4242"))
  }

  @Test func theScopeIsTheFlowsNotTheSessions() {
    let withheld = ShippedFlows.plndrCompiled.withheldKeys
    #expect(withheld["applyDiscount"] == ["payment.card.cvv", "payment.card.number"])
    #expect(withheld["placeOrder"] == nil)
  }

  /// A submit with no `validates` checks every step on the stack: its calls send
  /// every value, as a flow written before the scope expects.
  @Test func aSubmitThatValidatesEveryStepSendsEveryValue() throws {
    let source = """
      { "format": 1, "id": "food", "title": "Food", "start": "bag",
        "steps": [
          { "id": "bag", "title": "Bag", "rows": [
            { "id": "card", "cell": "disclosure", "title": "Card", "opens": "card" },
            { "id": "hold", "cell": "button", "title": "Hold", "submit": "hold", "validates": ["bag"] },
            { "id": "pay", "cell": "button", "title": "Pay", "submit": "pay" } ] },
          { "id": "card", "title": "Card", "rows": [
            { "id": "code", "cell": "secure", "title": "Code", "bind": "card.code", "secret": true },
            { "id": "back", "cell": "button", "title": "Back", "action": "close" } ] } ],
        "errors": [{ "code": "*", "step": "bag" }] }
      """
    let compiled = CompiledFlow(try FlowLoader().load(json: source))
    #expect(compiled.withheldKeys == ["hold": ["card.code"]])
    var session = CheckoutSession(flow: compiled, today: ShippedFlows.today)
    _ = session.send(.tap("card"))
    _ = session.send(.appeared("card"))
    _ = session.send(.set(.row("code"), .string("123")))
    _ = session.send(.tap("back"))
    _ = session.send(.appeared("bag"))
    let hold = try #require(Self.payload(session.send(.tap("hold"))))
    #expect(hold.values["card.code"] == nil)
    _ = session.send(.apiSucceeded("hold", [:]))
    let pay = try #require(Self.payload(session.send(.tap("pay"))))
    #expect(pay.values["card.code"] == .string("123"))
  }

  /// A call waiting when the engine still sent every value to every operation
  /// (its digest is of that body) is sent again with that same body: a provider
  /// refuses a retry whose body differs under the same key.
  @Test func aCallStartedWithTheWholeBodyIsRetriedWithIt() throws {
    let (driven, discount) = Self.discountAfterTheCard()
    let scoped = try #require(discount)
    var snapshot = driven.session.snapshot(revealSensitive: true)
    var whole = scoped.values
    whole["payment.card.cvv"] = .string("987")
    whole["payment.card.number"] = .string("4242 4242 4242 4242")
    let wholePayload = Payload(values: whole, masking: ShippedFlows.plndrCompiled.masking)
    let index = try #require(snapshot.calls.firstIndex { $0.operation == "applyDiscount" })
    snapshot.calls[index].digest = PayloadDigest(wholePayload).rawValue
    var restored = try CheckoutSession(restoring: snapshot, flow: ShippedFlows.plndrCompiled)
    restored.restoreSecrets(driven.session.secretValues)
    let again = try #require(Self.payload(restored.send(.callAgain("applyDiscount"))))
    #expect(again == wholePayload)
    // A call started now is retried with the scoped body.
    var current = try CheckoutSession(
      restoring: driven.session.snapshot(revealSensitive: true), flow: ShippedFlows.plndrCompiled)
    current.restoreSecrets(driven.session.secretValues)
    #expect(Self.payload(current.send(.callAgain("applyDiscount"))) == scoped)
  }
}
