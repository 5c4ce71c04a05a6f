import CheckoutEngine
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// A whole checkout over HTTP, as a host app drives it: performing each navigation
/// command and reporting each step that appears.
@Suite struct CheckoutStoryTests {
  /// Fills the PLNDR address and card from stepOne and comes back to stepOne.
  static func fillAddressAndCard(
    _ client: any TestClientProtocol, _ id: String, card: String, cvv: String
  ) async throws {
    try await client.open(id, "shippingAddress", "address")
    for (row, value) in [
      ("name", "Ada Lovelace"), ("street", "1 Main St"), ("city", "Portland"), ("state", "OR"), ("zip", "97201"),
    ] {
      let reply = try await client.set(id, row, value)
      #expect(reply.status == .ok, "\(reply.text)")
    }
    let closed = try await client.tap(id, "done")
    #expect(closed["effects"]?.effectLines == ["navigate dismiss"])
    _ = try await client.appeared(id, "stepOne")

    try await client.open(id, "creditCard", "creditCard")
    for (row, value) in [("name", "Ada Lovelace"), ("number", card), ("expiry", "12/30"), ("cvv", cvv)] {
      let reply = try await client.set(id, row, value)
      #expect(reply.status == .ok, "\(reply.text)")
    }
    let entered = try await client.send(.get, "/sessions/\(id)")
    #expect(entered["screen"]?.row("number")?["value"]?.string == "•••• " + String(card.suffix(4)))
    #expect(entered["screen"]?.row("cvv")?["value"]?.string == "•••")
    _ = try await client.tap(id, "done")
    _ = try await client.appeared(id, "stepOne")
  }

  @Test func plndrIncorrectCVCRoutesBackToTheCVVAndThenTheOrderGoesThrough() async throws {
    try await withApp { client in
      let created = try await client.send(.post, "/sessions", body: #"{"flow":"plndr"}"#)
      let id = try #require(created["id"]?.string)

      let checkout = try await client.tap(id, "checkout")
      #expect(checkout["effects"]?.effectLines == ["navigate push stepOne"])
      let stepOne = try await client.appeared(id, "stepOne")
      #expect(stepOne["state"]?.string == "cart>stepOne")

      // Stripe's test card for a wrong CVC.
      try await Self.fillAddressAndCard(client, id, card: "4000000000000127", cvv: "123")
      let onStepOne = try await client.send(.get, "/sessions/\(id)")
      #expect(onStepOne["state"]?.string == "cart>stepOne")
      #expect(onStepOne["screen"]?.row("creditCard")?["detail"]?.string == "•••• 0127")

      try await client.open(id, "continue", "stepTwo")
      let placed = try await client.tap(id, "placeOrder")
      #expect(placed.status == .ok, "\(placed.text)")
      #expect(placed["effects"]?.effectLines == ["callAPI placeOrder failed", "offer creditCard.cvv"])
      let outcome = placed["effects"]?[0]?["outcome"]
      #expect(outcome?["errors"]?[0]?["code"]?.string == "cvv_invalid")
      #expect(outcome?["errors"]?[0]?["field"]?.string == "payment.card.cvv")
      #expect(placed["effects"]?[1]?["code"]?.string == "cvv_invalid")
      #expect(placed["state"]?.string == "cart>stepOne>stepTwo")

      let waiting = try await client.send(.get, "/sessions/\(id)")
      #expect(waiting["offer"]?["step"]?.string == "creditCard")
      #expect(waiting["offer"]?["row"]?.string == "cvv")

      // Placing the order again while the offer waits is refused.
      let again = try await client.tap(id, "placeOrder")
      #expect(again.status == .unprocessableContent)

      let accepted = try await client.event(id, #""event":"accept""#)
      #expect(accepted["effects"]?.effectLines == ["navigate pop"])
      let route = try await client.send(.get, "/sessions/\(id)")["route"]
      #expect(route?["to"]?.string == "creditCard.cvv")
      #expect(route?["commands"]?.array.compactMap(\.string) == ["pop", "present creditCard"])
      #expect(route?["awaiting"]?.string == "stepOne")

      let popped = try await client.appeared(id, "stepOne")
      #expect(popped["effects"]?.effectLines == ["navigate present creditCard"])
      #expect(popped["state"]?.string == "cart>stepOne")

      let arrived = try await client.appeared(id, "creditCard")
      #expect(arrived["effects"]?.effectLines == ["focus creditCard.cvv"])
      #expect(arrived["state"]?.string == "cart>stepOne|creditCard")
      let cvv = arrived["screen"]?.row("cvv")
      #expect(cvv?["isFocused"]?.bool == true)
      // PLNDR's matcher for cvv_invalid says it in the flow's words (the API's stay in the outcome).
      #expect(cvv?["error"]?.string == "The security code (CVV) isn't right. Please check the back of your card.")
      #expect(try await client.send(.get, "/sessions/\(id)")["route"] == nil)

      // A card that goes through.
      _ = try await client.set(id, "number", "4242 4242 4242 4242")
      let fixed = try await client.set(id, "cvv", "456")
      #expect(fixed["screen"]?.row("cvv")?["error"] == nil)
      _ = try await client.tap(id, "done")
      _ = try await client.appeared(id, "stepOne")
      try await client.open(id, "continue", "stepTwo")
      let ordered = try await client.tap(id, "placeOrder")
      #expect(ordered["effects"]?.effectLines == ["callAPI placeOrder succeeded", "navigate reset confirmation"])
      let number = try #require(ordered["effects"]?[0]?["outcome"]?["data"]?["order.number"]?.string)
      #expect(number == DemoCheckoutAPI.orderNumber(for: SessionID(id), flow: "plndr"))
      let thanks = try await client.appeared(id, "confirmation")
      #expect(thanks["state"]?.string == "confirmation")
      #expect(thanks["screen"]?.row("thanks")?["detail"]?.string == "Order number \(number)")
    }
  }

  @Test func expressDeclinedCardRoutesThroughTwoModalsToTheCardNumber() async throws {
    try await withApp { client in
      let id = try await client.createSession("express")
      for (row, value) in [
        ("email", "ada@example.com"), ("firstName", "Ada"), ("lastName", "Lovelace"), ("address1", "1 Main St"),
        ("city", "Portland"), ("zip", "97201"),
      ] {
        let reply = try await client.set(id, row, value)
        #expect(reply.status == .ok, "\(reply.text)")
      }
      try await client.open(id, "payment", "paymentSheet")
      try await client.open(id, "card", "cardEntry")
      for (row, value) in [
        ("cardholder", "Ada Lovelace"), ("number", "4000000000009995"), ("expiry", "12/30"), ("cvc", "123"),
      ] {
        let reply = try await client.set(id, row, value)
        #expect(reply.status == .ok, "\(reply.text)")
      }
      try await client.open(id, "billing", "billingAddress")
      _ = try await client.set(id, "zip", "97201")
      for step in ["cardEntry", "paymentSheet", "checkout"] {
        let closed = try await client.tap(id, "done")
        #expect(closed["effects"]?.effectLines == ["navigate dismiss"], "\(closed.text)")
        _ = try await client.appeared(id, step)
      }
      let paid = try await client.tap(id, "pay")
      #expect(
        paid["effects"]?.effectLines == ["callAPI confirmPayment failed", "offer cardEntry.number"], "\(paid.text)")
      #expect(paid["effects"]?[0]?["outcome"]?["errors"]?[0]?["code"]?.string == "insufficient_funds")
      let accepted = try await client.event(id, #""event":"accept""#)
      #expect(accepted["effects"]?.effectLines == ["navigate present paymentSheet"])
      let sheet = try await client.appeared(id, "paymentSheet")
      #expect(sheet["effects"]?.effectLines == ["navigate present cardEntry"])
      let entry = try await client.appeared(id, "cardEntry")
      #expect(entry["effects"]?.effectLines == ["focus cardEntry.number"])
      #expect(entry["state"]?.string == "checkout|paymentSheet|cardEntry")
    }
  }
}

/// The demo API answers every Stripe test card so that each flow routes it to the
/// row that fixes it.
@Suite struct DemoCheckoutAPITests {
  static let catalog: FlowCatalog = {
    // swift-format-ignore
    try! FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: Logger(label: "test"))
  }()

  /// The row that fixes a card's error: the CVC, the expiry, or the number.
  static func fixingRow(_ card: StripeTestCard, cvc: String) -> String {
    switch card.detail {
    case .securityCode: return cvc
    case .expiry: return "expiry"
    case .number: return "number"
    }
  }

  @Test func eachCardsDetailFollowsStripesCode() {
    let details = StripeTestCard.all.mapValues(\.detail)
    #expect(details["4000000000000127"] == .securityCode)
    #expect(details["4000000000000101"] == .securityCode)
    #expect(details["4000000000000069"] == .expiry)
    #expect(details.values.filter { $0 == .number }.count == StripeTestCard.all.count - 3)
  }

  @Test(arguments: ["plndr", "express"])
  func everyTestCardResolvesToTheRowThatFixesIt(flow: String) async throws {
    let compiled = try #require(Self.catalog[FlowID(flow)])
    let (step, cvc, operation) =
      flow == "plndr" ? ("creditCard", "cvv", "placeOrder") : ("cardEntry", "cvc", "confirmPayment")
    let api = DemoCheckoutAPI()
    #expect(StripeTestCard.all.count >= 10)
    for (number, card) in StripeTestCard.all {
      let payload = Payload(
        values: ["payment.card.number": .string(number), "payment.card.cvv": .string("123")], masking: compiled.masking)
      let outcome = api.answer(
        CheckoutAPIRequest(
          session: "s1", flow: compiled.flow.id, operation: OperationName(operation), payload: payload,
          key: IdempotencyKey("\(operation)-1")))
      guard case .failed(let errors) = outcome, let error = errors.first else {
        Issue.record("\(number) was not declined")
        continue
      }
      let resolution = try #require(compiled.resolution(for: error, from: OperationName(operation)))
      #expect(resolution.target == "\(step).\(Self.fixingRow(card, cvc: cvc))", "\(number) \(card.code) -> \(error)")
    }
  }

  @Test func otherCardsSucceedWithADeterministicOrderNumber() {
    let compiled = Self.catalog["plndr"]!
    let payload = Payload(values: ["payment.card.number": .string("4242424242424242")], masking: compiled.masking)
    let request = CheckoutAPIRequest(
      session: "abc", flow: "plndr", operation: "placeOrder", payload: payload, key: "placeOrder-1")
    #expect(
      DemoCheckoutAPI().answer(request)
        == .succeeded(["order.number": .string(DemoCheckoutAPI.orderNumber(for: "abc", flow: "plndr"))]))
    #expect(DemoCheckoutAPI.orderNumber(for: "abc", flow: "plndr").count == 14)
    // The prefix is the flow's; the digits are the session's, on any instance.
    #expect(DemoCheckoutAPI.orderNumber(for: "abc", flow: "express").hasPrefix("EXPRESS-"))
    #expect(DemoCheckoutAPI.orderNumber(for: "abc", flow: "tickets").hasPrefix("TICKETS-"))
    #expect(
      DemoCheckoutAPI.orderNumber(for: "abc", flow: "plndr").dropFirst(6)
        == DemoCheckoutAPI.orderNumber(for: "abc", flow: "express").dropFirst(8))
    #expect(
      DemoCheckoutAPI.orderNumber(for: "abc", flow: "plndr") != DemoCheckoutAPI.orderNumber(for: "abd", flow: "plndr"))
  }

  @Test func cardNumbersAreMatchedWithoutSpaces() {
    #expect(StripeTestCard.lookUp("4000 0000 0000 0002")?.resolvedCode == "generic_decline")
    #expect(StripeTestCard.lookUp("4000-0000-0000-0069")?.param == "exp_month")
    #expect(StripeTestCard.lookUp("4242424242424242") == nil)
  }
}
