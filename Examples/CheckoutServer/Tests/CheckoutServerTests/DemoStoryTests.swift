import CheckoutEngine
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CheckoutServer

/// A checkout as the stories drive it: where the card is entered, which rows fix
/// which detail, and how to get from the card step back to the submit.
struct StoryCheckout: Sendable, CustomStringConvertible {
  var flow: String
  /// The step holding the card.
  var cardStep: String
  /// The row of each card detail on ``cardStep``.
  var rows: [CardDetail: String]
  /// The submit row and its operation.
  var submitRow: String
  var operation: String
  /// The step a placed order resets to.
  var finalStep: String
  /// The rows tapped, in order, to go from ``cardStep`` back to the submit row.
  var returnTaps: [String]
  /// The step a discount code is entered on, the row it is bound to and the row
  /// that applies it, and the row that closes the step.
  var discountStep: String
  var applyRow: String
  var closeDiscountRow: String

  var description: String { flow }

  static let plndr = StoryCheckout(
    flow: "plndr", cardStep: "creditCard", rows: [.number: "number", .expiry: "expiry", .securityCode: "cvv"],
    submitRow: "placeOrder", operation: "placeOrder", finalStep: "confirmation", returnTaps: ["done", "continue"],
    discountStep: "discount", applyRow: "apply", closeDiscountRow: "cancel")

  static let express = StoryCheckout(
    flow: "express", cardStep: "cardEntry", rows: [.number: "number", .expiry: "expiry", .securityCode: "cvc"],
    submitRow: "pay", operation: "confirmPayment", finalStep: "receipt", returnTaps: ["done", "done"],
    discountStep: "promo", applyRow: "apply", closeDiscountRow: "close")

  static let all = [plndr, express]

  /// The values typed first, and the values a shopper changes them to.
  static let firstValues: [CardDetail: String] = [.expiry: "12/30", .securityCode: "123"]
  static let changedValues: [CardDetail: String] = [
    .number: "4242 4242 4242 4242", .expiry: "11/31", .securityCode: "456",
  ]

  /// Opens the session's first step that leads to the submit (PLNDR's stepOne;
  /// express starts on it) and fills the shipping details there.
  func start(_ client: any TestClientProtocol, _ id: String) async throws {
    if flow == "plndr" {
      try await client.open(id, "checkout", "stepOne")
      try await client.open(id, "shippingAddress", "address")
      for (row, value) in [
        ("name", "Ada Lovelace"), ("street", "1 Main St"), ("city", "Portland"), ("state", "OR"), ("zip", "97201"),
      ] {
        #expect(try await client.set(id, row, value).status == .ok)
      }
      _ = try await DemoStoryTests.follow(client, id, try await client.tap(id, "done"))
    } else {
      for (row, value) in [
        ("email", "ada@example.com"), ("firstName", "Ada"), ("lastName", "Lovelace"), ("address1", "1 Main St"),
        ("city", "Portland"), ("zip", "97201"),
      ] {
        #expect(try await client.set(id, row, value).status == .ok)
      }
    }
  }

  /// Opens the card step from the step ``start`` left on.
  func openCardStep(_ client: any TestClientProtocol, _ id: String) async throws {
    if flow == "plndr" {
      try await client.open(id, "creditCard", "creditCard")
    } else {
      try await client.open(id, "payment", "paymentSheet")
      try await client.open(id, "card", "cardEntry")
    }
  }

  /// Types the card (the first expiry and security code) on the card step.
  func enterCard(_ client: any TestClientProtocol, _ id: String, number: String) async throws {
    let name = flow == "plndr" ? "name" : "cardholder"
    for (row, value) in [
      (name, "Ada Lovelace"), (try #require(rows[.number]), number),
      (try #require(rows[.expiry]), try #require(Self.firstValues[.expiry])),
      (try #require(rows[.securityCode]), try #require(Self.firstValues[.securityCode])),
    ] {
      #expect(try await client.set(id, row, value).status == .ok)
    }
    if flow == "express" {
      try await client.open(id, "billing", "billingAddress")
      #expect(try await client.set(id, "zip", "97201").status == .ok)
      _ = try await DemoStoryTests.follow(client, id, try await client.tap(id, "done"))
    }
  }

  /// From the card step to the step of the submit row.
  func returnToSubmit(_ client: any TestClientProtocol, _ id: String) async throws {
    for row in returnTaps {
      let tapped = try await client.tap(id, row)
      #expect(tapped.status == .ok, "\(row): \(tapped.text)")
      _ = try await DemoStoryTests.follow(client, id, tapped)
    }
  }

  /// A new session with `number` entered, on the step of the submit row.
  func readyToSubmit(_ client: any TestClientProtocol, number: String) async throws -> String {
    let id = try await client.createSession(flow)
    try await start(client, id)
    try await openCardStep(client, id)
    try await enterCard(client, id, number: number)
    try await returnToSubmit(client, id)
    return id
  }

  /// Taps the submit row; for a 3-D Secure test card on a flow that declares the
  /// action (express), checks the challenge opens and completes it
  /// (`authenticated`). Returns the reply that carries the call's final answer.
  func submitThroughThreeDSecure(_ client: any TestClientProtocol, _ id: String, number: String) async throws
    -> Reply
  {
    let submitted = try await client.tap(id, submitRow)
    guard flow == "express", ThreeDSecureCard.lookUp(number) != nil else { return submitted }
    #expect(
      submitted["effects"]?.effectLines == ["callAPI \(operation) actionRequired", "navigate present challenge"],
      "\(submitted.text)")
    #expect(try await client.appeared(id, "challenge").status == .ok)
    return try await client.event(
      id, #""event":"actionCompleted","operation":"\#(operation)","data":{"three_d_secure.result":"authenticated"}"#)
  }

  /// Submits and checks the order is placed, then reports the final step.
  func submitAndExpectTheOrderPlaced(_ client: any TestClientProtocol, _ id: String) async throws {
    let ordered = try await client.tap(id, submitRow)
    #expect(
      ordered["effects"]?.effectLines == ["callAPI \(operation) succeeded", "navigate reset \(finalStep)"],
      "\(ordered.text)")
    let number = ordered["effects"]?[0]?["outcome"]?["data"]?["order.number"]?.string
    #expect(number == DemoCheckoutAPI.orderNumber(for: SessionID(id), flow: FlowID(flow)))
    let final = try await client.appeared(id, finalStep)
    #expect(final["state"]?.string == finalStep)
  }
}

/// Every failure the demo API answers is fixed by the route the flow offers: the
/// shopper accepts the offer, the host app follows the navigation to the focused
/// row, the shopper changes that value, and the next submit places the order.
@Suite struct DemoStoryTests {
  /// The test cards a flow can send to the API: those that pass the `luhn` rule
  /// (the other is caught while typing, see below).
  static let cardsThatReachTheAPI = StripeTestCard.all.keys.sorted().filter(passesLuhn)

  /// The Luhn check of a card number's digits (the test's own, to pick the cards).
  static func passesLuhn(_ number: String) -> Bool {
    let digits = number.compactMap(\.wholeNumberValue).reversed()
    let sum = digits.enumerated().reduce(0) { sum, pair in
      let doubled = pair.offset % 2 == 1 ? pair.element * 2 : pair.element
      return sum + (doubled > 9 ? doubled - 9 : doubled)
    }
    return !digits.isEmpty && sum % 10 == 0
  }

  /// The step under the top of a navigation state (`cart>stepOne|creditCard` ->
  /// `stepOne`): the step a `pop` or `dismiss` reveals.
  static func stepBelowTop(_ state: String) -> String? {
    guard let cut = state.lastIndex(where: { $0 == ">" || $0 == "|" }) else { return nil }
    let rest = state[..<cut]
    let start = rest.lastIndex(where: { $0 == ">" || $0 == "|" }).map(rest.index(after:)) ?? rest.startIndex
    return String(rest[start...])
  }

  /// Performs the navigation commands of `reply` as the host app would, reporting
  /// each step that appears, until a reply asks for none; returns that reply.
  @discardableResult
  static func follow(_ client: any TestClientProtocol, _ id: String, _ reply: Reply) async throws -> Reply {
    var reply = reply
    for _ in 0..<8 {
      let commands = reply["effects"]?.array.filter { $0["kind"]?.string == "navigate" }.compactMap {
        $0["command"]?.string
      }
      guard let command = commands?.last else { return reply }
      let parts = command.split(separator: " ")
      let step: String
      if parts.count == 2 {
        step = String(parts[1])
      } else {
        let state = try #require(try await client.send(.get, "/sessions/\(id)")["state"]?.string)
        step = try #require(stepBelowTop(state), "nothing under \(state) for \(command)")
      }
      reply = try await client.appeared(id, step)
      #expect(reply.status == .ok, "appeared \(step): \(reply.text)")
    }
    Issue.record("the navigation did not settle")
    return reply
  }

  @Test func theStepBelowTheTopOfAState() {
    #expect(Self.stepBelowTop("cart>stepOne|creditCard") == "stepOne")
    #expect(Self.stepBelowTop("cart>stepOne>stepTwo") == "stepOne")
    #expect(Self.stepBelowTop("checkout|paymentSheet") == "checkout")
    #expect(Self.stepBelowTop("cart") == nil)
  }

  @Test(arguments: StoryCheckout.all, DemoStoryTests.cardsThatReachTheAPI)
  func aDeclinedTestCardIsFixedByChangingTheValueTheRouteFocuses(checkout: StoryCheckout, number: String) async throws {
    let card = try #require(StripeTestCard.lookUp(number))
    let row = try #require(checkout.rows[card.detail])
    let target = "\(checkout.cardStep).\(row)"
    try await withApp { client in
      let id = try await checkout.readyToSubmit(client, number: number)

      // A 3-D Secure test card asks for the action where the flow declares it
      // (express): the decline is the answer once the shopper authenticated.
      let declined = try await checkout.submitThroughThreeDSecure(client, id, number: number)
      #expect(
        declined["effects"]?.effectLines == ["callAPI \(checkout.operation) failed", "offer \(target)"],
        "\(declined.text)")
      let message = declined["effects"]?[1]?["message"]?.string

      let accepted = try await client.event(id, #""event":"accept""#)
      let arrived = try await Self.follow(client, id, accepted)
      #expect(arrived["effects"]?.effectLines == ["focus \(target)"], "\(arrived.text)")
      #expect(arrived["screen"]?["step"]?.string == checkout.cardStep)
      let focused = arrived["screen"]?.row(row)
      #expect(focused?["isFocused"]?.bool == true)
      #expect(focused?["error"]?.string == message)

      let changed = try await client.set(id, row, try #require(StoryCheckout.changedValues[card.detail]))
      #expect(changed.status == .ok, "\(changed.text)")
      #expect(changed["screen"]?.row(row)?["error"] == nil)

      try await checkout.returnToSubmit(client, id)
      try await checkout.submitAndExpectTheOrderPlaced(client, id)
    }
  }

  @Test(arguments: StoryCheckout.all)
  func theTestCardFailingTheLuhnCheckIsCaughtOnTheCardStepAndFixedByAnotherCard(checkout: StoryCheckout) async throws {
    let kept = Set(StripeTestCard.all.keys).subtracting(Self.cardsThatReachTheAPI)
    #expect(kept == ["4242424242424241"])
    try await withApp { client in
      let id = try await client.createSession(checkout.flow)
      try await checkout.start(client, id)
      try await checkout.openCardStep(client, id)
      let typed = try await client.set(id, "number", "4242424242424241")
      #expect(typed.status == .ok)
      #expect(typed["screen"]?.row("number")?["error"]?.string == "Card number is not a valid card number")
      #expect(typed["screen"]?.row("number")?["value"]?.string == "•••• 4241")

      try await checkout.enterCard(client, id, number: "4242 4242 4242 4242")
      try await checkout.returnToSubmit(client, id)
      try await checkout.submitAndExpectTheOrderPlaced(client, id)
    }
  }

  @Test(arguments: StoryCheckout.all)
  func anExpiredDiscountCodeIsFixedByChangingTheCode(checkout: StoryCheckout) async throws {
    let target = "\(checkout.discountStep).code"
    try await withApp { client in
      let id = try await client.createSession(checkout.flow)
      if checkout.flow == "express" { try await checkout.start(client, id) }
      let opener = checkout.flow == "plndr" ? "discount" : "promo"
      try await client.open(id, opener, checkout.discountStep)
      #expect(try await client.set(id, "code", "EXPIRED-5").status == .ok)

      let declined = try await client.tap(id, checkout.applyRow)
      #expect(
        declined["effects"]?.effectLines == ["callAPI applyDiscount failed", "offer \(target)"], "\(declined.text)")
      let arrived = try await Self.follow(client, id, try await client.event(id, #""event":"accept""#))
      #expect(arrived["effects"]?.effectLines == ["focus \(target)"], "\(arrived.text)")
      #expect(arrived["screen"]?.row("code")?["isFocused"]?.bool == true)

      #expect(try await client.set(id, "code", "SAVE10").status == .ok)
      let applied = try await client.tap(id, checkout.applyRow)
      #expect(applied["effects"]?.effectLines.first == "callAPI applyDiscount succeeded", "\(applied.text)")
      _ = try await Self.follow(client, id, applied)

      // Then the order goes through with a good card.
      let closed = try await client.tap(id, checkout.closeDiscountRow)
      #expect(closed.status == .ok, "\(closed.text)")
      _ = try await Self.follow(client, id, closed)
      if checkout.flow == "plndr" { try await checkout.start(client, id) }
      try await checkout.openCardStep(client, id)
      try await checkout.enterCard(client, id, number: "4242424242424242")
      try await checkout.returnToSubmit(client, id)
      try await checkout.submitAndExpectTheOrderPlaced(client, id)
    }
  }
}

/// The demo API's memory of declined values: only a change gets through.
@Suite struct DeclinedValuesTests {
  static func request(session: SessionID, number: String, cvv: String, expiry: String = "12/30") throws
    -> CheckoutAPIRequest
  {
    let compiled = try #require(DemoCheckoutAPITests.catalog["plndr"])
    let values: [DataKey: Value] = [
      "payment.card.number": .string(number), "payment.card.cvv": .string(cvv), "payment.card.expiry": .string(expiry),
    ]
    return CheckoutAPIRequest(
      session: session, flow: "plndr", operation: "placeOrder",
      payload: Payload(values: values, masking: compiled.masking), key: "placeOrder-1")
  }

  static func succeeded(_ outcome: CheckoutAPIOutcome) -> Bool {
    if case .succeeded = outcome { return true }
    return false
  }

  @Test func theSameSecurityCodeIsDeclinedAgainAndAChangedOneGoesThrough() throws {
    let api = DemoCheckoutAPI()
    let card = "4000000000000127"
    #expect(!Self.succeeded(api.answer(try Self.request(session: "s1", number: card, cvv: "123"))))
    #expect(!Self.succeeded(api.answer(try Self.request(session: "s1", number: card, cvv: "123"))))
    // Another session has its own memory: its first code is declined.
    #expect(!Self.succeeded(api.answer(try Self.request(session: "s2", number: card, cvv: "456"))))
    #expect(Self.succeeded(api.answer(try Self.request(session: "s1", number: card, cvv: "456"))))
    #expect(api.declined.count == 1)  // s1's digest is forgotten once its change went through
  }

  @Test func anExpiredCardGoesThroughOnceTheExpiryChangesNotTheSecurityCode() throws {
    let api = DemoCheckoutAPI()
    let card = "4000 0000 0000 0069"
    #expect(!Self.succeeded(api.answer(try Self.request(session: "s1", number: card, cvv: "123"))))
    #expect(!Self.succeeded(api.answer(try Self.request(session: "s1", number: card, cvv: "456"))))
    #expect(Self.succeeded(api.answer(try Self.request(session: "s1", number: card, cvv: "456", expiry: "11/31"))))
  }

  @Test func aCardDeclinedOnItsNumberIsDeclinedWhateverElseChanges() throws {
    let api = DemoCheckoutAPI()
    for (cvv, expiry) in [("123", "12/30"), ("456", "12/30"), ("456", "11/31")] {
      #expect(
        !Self.succeeded(
          api.answer(try Self.request(session: "s1", number: "4000000000000002", cvv: cvv, expiry: expiry))))
    }
    #expect(api.declined.count == 0)
  }

  @Test func theOldestDeclinedValueIsForgottenWhenFull() {
    let memory = DeclinedValues(capacity: 2)
    #expect(!memory.isChange("111", session: "a", card: "4000000000000127"))
    #expect(!memory.isChange("222", session: "b", card: "4000000000000127"))
    #expect(!memory.isChange("333", session: "c", card: "4000000000000127"))
    #expect(memory.count == 2)
    // "a" was the oldest: forgotten, so its next value is a first try again.
    #expect(!memory.isChange("999", session: "a", card: "4000000000000127"))
    #expect(memory.isChange("999", session: "c", card: "4000000000000127"))
  }
}
