import Foundation
import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// What a host prints, logs or keeps of the engine's call and event types never
/// holds a secret or an unmasked sensitive value, and reads like the engine's
/// other lines (not Swift's reflection of an enum).
@Suite struct HostFacingPrintingTests {
  static let cvv = "7373"
  static let card = "4000002760003184"

  // MARK: Events

  /// A `set` event holds the value typed and cannot know it is a CVV: it is not
  /// `Codable`, so a host's event journal cannot write it by accident.
  @Test func anEventIsNotEncodable() {
    let event = SessionEvent.set(.row("cvv"), .string(Self.cvv))
    #expect(!((event as Any) is any Encodable), "a set event would encode its value in clear")
    #expect(!((event as Any) is any Decodable))
  }

  /// What a journal writes instead: the description, with no value.
  @Test func anEventsDescriptionIsAJournalLineWithoutTheValue() {
    let events: [SessionEvent] = [
      .set(.row("cvv"), .string(Self.cvv)), .set(.key("payment.card.number"), .string(Self.card)),
      .set(.row("zip", on: "address"), .string("97201")), .tap("placeOrder"),
      .apiSucceeded("placeOrder", ["order.number": .string("PL-1")]),
      .actionCompleted("placeOrder", ["payment.card.number": .string(Self.card)]),
    ]
    let lines = events.map(\.description)
    #expect(
      lines == [
        "set cvv", "set payment.card.number", "set address.zip", "tap placeOrder", "api placeOrder ok",
        "action placeOrder completed",
      ])
    for line in lines { #expect(!line.contains(Self.cvv) && !line.contains("3184") && !line.contains("97201")) }
  }

  // MARK: Outcomes

  @Test func anOutcomePrintsItsKindAndKeysButNoValue() {
    let succeeded = CheckoutAPIOutcome.succeeded([
      "order.number": .string("ORD-1"), "payment.card.number": .string(Self.card),
    ])
    #expect("\(succeeded)" == "succeeded: order.number, payment.card.number")
    #expect("\(CheckoutAPIOutcome.succeeded([:]))" == "succeeded")
    #expect(
      String(
        describing: CheckoutAPIOutcome.failed([
          APIError(code: "card_declined", field: "payment.card.number", message: "Card \(Self.card) declined")
        ])) == "failed: card_declined")
    #expect(
      String(describing: CheckoutAPIOutcome.failed([APIError(code: "cvv_invalid"), APIError(code: "item_sold_out")]))
        == "failed: cvv_invalid ; item_sold_out")
    #expect(String(describing: CheckoutAPIOutcome.failed([])) == "failed")
    #expect(
      String(describing: CheckoutAPIOutcome.actionRequired("three_d_secure", [:])) == "actionRequired three_d_secure")
    #expect(
      String(
        describing: CheckoutAPIOutcome.actionRequired(
          "three_d_secure", ["challenge.url": .string("https://bank.example")]))
        == "actionRequired three_d_secure: challenge.url")
    // Interpolated, optional or not, as a host's log line does.
    let optional: CheckoutAPIOutcome? = succeeded
    #expect("\(optional as Any)" == "Optional(succeeded: order.number, payment.card.number)")
  }

  @Test func aReportIsALogLineWithoutValues() {
    let answered = CallReport.answered(
      operation: "placeOrder", key: "placeOrder-1",
      outcome: .succeeded(["order.number": .string("ORD-1"), "payment.card.number": .string(Self.card)]))
    #expect("\(answered)" == "placeOrder placeOrder-1 answered succeeded: order.number, payment.card.number")
    #expect(
      "\(CallReport.recovering(operation: "placeOrder", key: "placeOrder-2", session: "s1"))"
        == "placeOrder placeOrder-2 recovering (session s1)")
    #expect(
      "\(CallReport.unanswered(operation: "placeOrder", key: "placeOrder-1", error: URLError(.timedOut)))"
        .hasPrefix("placeOrder placeOrder-1 unanswered: "))
  }

  /// An exchange knows its flow (the request's payload does): the answer's values
  /// are shown, masked as the flow masks them, a secret never.
  @Test func anExchangeShowsTheAnswersValuesMaskedByTheFlow() {
    let masking = ShippedFlows.plndrCompiled.masking
    let payload = Payload(
      values: ["payment.card.number": .string(Self.card), "payment.card.cvv": .string(Self.cvv)], masking: masking)
    let request = CheckoutAPIRequest(
      session: "s1", flow: "plndr", operation: "placeOrder", payload: payload, key: "placeOrder-1")
    let answer = CheckoutAPIOutcome.succeeded([
      "order.number": .string("ORD-1"), "payment.card.number": .string(Self.card),
      "payment.card.cvv": .string(Self.cvv),
    ])
    let exchange = CallExchange(request: request, outcome: answer)
    #expect(
      "\(exchange)" == "callAPI placeOrder {payment.card.cvv: •••, payment.card.number: •••• 3184} "
        + "key placeOrder-1 answered succeeded: order.number = ORD-1, payment.card.cvv = •••, "
        + "payment.card.number = •••• 3184")
    #expect(
      String(describing: CallExchange(request: request, outcome: nil))
        == "callAPI placeOrder {payment.card.cvv: •••, payment.card.number: •••• 3184} key placeOrder-1 unanswered")
    let printed = "\(exchange) \(CallStep.call(exchange))"
    #expect(!printed.contains(Self.cvv) && !printed.contains(Self.card) && !printed.contains("CheckoutSessions."))
  }
}
