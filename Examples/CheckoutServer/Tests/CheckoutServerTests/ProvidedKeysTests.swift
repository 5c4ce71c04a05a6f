import CheckoutEngine
import Testing

@testable import CheckoutServer

/// The demo API answers each operation with the keys its submits provide, and
/// declines a test card only on the payment (the operation that provides the
/// order number). Was: a ticket hold was answered `order.number` (the attendee
/// step showed "Hold " with nothing after it, and a notice said the key was left
/// out), and a hold made after a declined card was entered failed for ever with
/// the card's error.
@Suite struct ProvidedKeysTests {
  static let api = DemoCheckoutAPI(providedKeys: ProvidedKeys(catalog: DemoCheckoutAPITests.catalog))

  static func request(_ operation: OperationName, flow: FlowID = "tickets", card: String) throws -> CheckoutAPIRequest {
    let compiled = try #require(DemoCheckoutAPITests.catalog[flow])
    let values: [DataKey: Value] = ["payment.card.number": .string(card), "tickets.quantity": .string("2")]
    return CheckoutAPIRequest(
      session: "s1", flow: flow, operation: operation, payload: Payload(values: values, masking: compiled.masking),
      key: IdempotencyKey(operation.rawValue + "-1"))
  }

  @Test func aHoldIsAnsweredItsReferenceAndIsNeverDeclinedForTheCard() throws {
    let number = DemoCheckoutAPI.orderNumber(for: "s1", flow: "tickets")
    let digits = number.drop { $0 != "-" }
    for card in ["4242424242424242", "4000000000000002", "4000000000000069"] {
      #expect(
        Self.api.answer(try Self.request("holdSeats", card: card))
          == .succeeded(["hold.reference": .string("HOLD" + digits)]))
    }
    #expect(
      Self.api.answer(try Self.request("pay", card: "4242424242424242"))
        == .succeeded(["order.number": .string(number)]))
    #expect(Self.api.answer(try Self.request("pay", card: "4000000000000002")).failedCodes == ["generic_decline"])
  }

  @Test func everyShippedFlowsPaymentIsTheOperationThatProvidesTheOrderNumber() throws {
    for (flow, payment) in [("plndr", "placeOrder"), ("express", "confirmPayment"), ("tickets", "pay")]
      as [(FlowID, OperationName)]
    {
      #expect(Self.api.isPayment(try Self.request(payment, flow: flow, card: "4000000000000002")), "\(flow)")
    }
    #expect(!Self.api.isPayment(try Self.request("holdSeats", card: "4000000000000002")))
    // A flow the API does not know: every call with a card is taken as the payment, as before.
    #expect(DemoCheckoutAPI().isPayment(try Self.request("holdSeats", card: "4000000000000002")))
  }

  /// An address check that provides the corrected street (a key a row binds) and
  /// the suggestion: the demo API answers a stand-in suggestion but never the
  /// street, so the street the shopper typed stays. Was: `SHIPPING-03156595`.
  @Test func aKeyARowBindsIsNeverAnsweredAStandIn() throws {
    let source = """
      { "format": 1, "id": "shop", "title": "Shop", "start": "address",
        "steps": [
          { "id": "address", "title": "Address", "rows": [
            { "id": "street", "cell": "text", "title": "Street", "bind": "shipping.street" },
            { "id": "check", "cell": "button", "title": "Check", "submit": "validateAddress",
              "provides": ["shipping.street", "suggestion.street"] } ] } ],
        "errors": [{ "code": "*", "step": "address" }] }
      """
    let compiled = CompiledFlow(try FlowLoader().load(json: source))
    let catalog = FlowCatalog(entries: [FlowCatalog.Entry(file: "shop.json", compiled: compiled)])
    let api = DemoCheckoutAPI(providedKeys: ProvidedKeys(catalog: catalog))
    let request = CheckoutAPIRequest(
      session: "s1", flow: "shop", operation: "validateAddress",
      payload: Payload(values: ["shipping.street": .string("12 Elm Street Apt 4")], masking: compiled.masking),
      key: "validateAddress-1")
    guard case .succeeded(let data) = api.answer(request) else {
      Issue.record("expected a success, got \(api.answer(request))")
      return
    }
    #expect(data["shipping.street"] == nil)
    #expect(data["suggestion.street"] != nil)
  }
}
