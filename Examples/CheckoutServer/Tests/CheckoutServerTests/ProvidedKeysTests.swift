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
}
