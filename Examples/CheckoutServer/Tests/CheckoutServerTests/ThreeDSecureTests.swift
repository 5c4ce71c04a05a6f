import CheckoutEngine
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CheckoutServer

/// 3-D Secure over HTTP on the express flow, whose payment declares the action:
/// Stripe's test cards ask for it, `actionCompleted` (or the challenge's `confirm`
/// row) sends the same call again under its key with the action appended, and the
/// ledger charges each order once.
@Suite struct ThreeDSecureTests {
  static let quiet = Logger(label: "checkout-server-test") { _ in SwiftLogNoOpLogHandler() }

  /// A server whose demo API records its answers in `ledger`.
  static func dependencies(_ ledger: InMemoryCallLedger) -> AppDependencies {
    AppDependencies(logger: quiet, ledger: ledger, environment: [:])
  }

  /// `actionCompleted` of the express payment, with a result.
  static func completed(_ result: String) -> String {
    #""event":"actionCompleted","operation":"confirmPayment","data":{"three_d_secure.result":"\#(result)"}"#
  }

  /// The keys the ledger answered for a session, without the session's prefix.
  static func keys(_ ledger: InMemoryCallLedger, _ id: String) async -> [String] {
    await ledger.entries.keys.filter { $0.hasPrefix(id + ":") }.map { String($0.dropFirst(id.count + 1)) }.sorted()
  }

  /// An express session paying with `number`, on its challenge step.
  static func challenged(_ client: any TestClientProtocol, number: String) async throws -> String {
    let id = try await StoryCheckout.express.readyToSubmit(client, number: number)
    let paid = try await client.tap(id, "pay")
    #expect(
      paid["effects"]?.effectLines == ["callAPI confirmPayment actionRequired", "navigate present challenge"],
      "\(paid.text)")
    #expect(paid["effects"]?[0]?["outcome"]?["action"]?.string == "three_d_secure")
    let challenge = try await client.appeared(id, "challenge")
    #expect(challenge["state"]?.string == "checkout|challenge", "\(challenge.text)")
    #expect(try await client.send(.get, "/sessions/\(id)")["waiting"] == .array([.string("confirmPayment")]))
    return id
  }

  @Test(arguments: ["4000 0027 6000 3184", "4000 0025 0000 3155"])
  func anAuthenticatedPaymentIsChargedOnceUnderOneCallKey(number: String) async throws {
    let ledger = InMemoryCallLedger()
    try await withApp(dependencies: Self.dependencies(ledger)) { client in
      let id = try await Self.challenged(client, number: number)
      #expect(await ledger.successes(of: "confirmPayment", in: SessionID(id)) == 0)

      let paid = try await client.event(id, Self.completed("authenticated"))
      #expect(
        paid["effects"]?.effectLines == ["callAPI confirmPayment succeeded", "navigate reset receipt"], "\(paid.text)")
      let order = try #require(paid["effects"]?[0]?["outcome"]?["data"]?["order.number"]?.string)
      #expect(order == DemoCheckoutAPI.orderNumber(for: SessionID(id), flow: "express"))
      #expect(order.hasPrefix("EXPRESS-"))
      let receipt = try await client.appeared(id, "receipt")
      #expect(receipt["screen"]?.row("thanks")?["detail"]?.string == "Order \(order) is confirmed.")

      // The first request and its continuation: one call, one key, one charge.
      let keys = await Self.keys(ledger, id)
      #expect(keys == ["confirmPayment-1", "confirmPayment-1/three_d_secure-1"])
      #expect(Set(keys.map { IdempotencyKey($0).call }) == ["confirmPayment-1"])
      #expect(await ledger.successes(of: "confirmPayment", in: SessionID(id)) == 1)
    }
  }

  @Test func aCardDeclinedAfterAuthenticationIsRoutedToTheCardNumber() async throws {
    let ledger = InMemoryCallLedger()
    try await withApp(dependencies: Self.dependencies(ledger)) { client in
      let id = try await Self.challenged(client, number: "4000 0082 6000 3178")
      let declined = try await client.event(id, Self.completed("authenticated"))
      #expect(
        declined["effects"]?.effectLines == ["callAPI confirmPayment failed", "offer cardEntry.number"],
        "\(declined.text)")
      #expect(declined["effects"]?[0]?["outcome"]?["errors"]?[0]?["code"]?.string == "insufficient_funds")
      let arrived = try await DemoStoryTests.follow(client, id, try await client.event(id, #""event":"accept""#))
      #expect(arrived["effects"]?.effectLines == ["focus cardEntry.number"], "\(arrived.text)")
      #expect(await Self.keys(ledger, id) == ["confirmPayment-1", "confirmPayment-1/three_d_secure-1"])
      #expect(await ledger.successes(of: "confirmPayment", in: SessionID(id)) == 0)
    }
  }

  @Test func aFailedChallengeIsRoutedToTheCardAndTheConfirmRowThenPasses() async throws {
    let ledger = InMemoryCallLedger()
    try await withApp(dependencies: Self.dependencies(ledger)) { client in
      let id = try await Self.challenged(client, number: "4000 0027 6000 3184")
      let failed = try await client.event(id, Self.completed("failed"))
      #expect(
        failed["effects"]?.effectLines == ["callAPI confirmPayment failed", "offer cardEntry.number"], "\(failed.text)")
      #expect(
        failed["effects"]?[0]?["outcome"]?["errors"]?[0]?["code"]?.string == "payment_intent_authentication_failure")
      _ = try await DemoStoryTests.follow(client, id, try await client.event(id, #""event":"accept""#))
      try await StoryCheckout.express.returnToSubmit(client, id)

      // A new call (a new key) asks again; the challenge's confirm row passes it,
      // whatever result the failed challenge left in the session.
      let again = try await client.tap(id, "pay")
      #expect(again["effects"]?.effectLines == ["callAPI confirmPayment actionRequired", "navigate present challenge"])
      _ = try await client.appeared(id, "challenge")
      let confirmed = try await client.tap(id, "confirm")
      #expect(
        confirmed["effects"]?.effectLines == ["callAPI confirmPayment succeeded", "navigate reset receipt"],
        "\(confirmed.text)")
      #expect(
        await Self.keys(ledger, id) == [
          "confirmPayment-1", "confirmPayment-1/three_d_secure-1", "confirmPayment-2",
          "confirmPayment-2/three_d_secure-1",
        ])
      #expect(await ledger.successes(of: "confirmPayment", in: SessionID(id)) == 1)
    }
  }

  @Test func cancellingTheChallengeCancelsTheCallAndTheNextTapIsANewCall() async throws {
    let ledger = InMemoryCallLedger()
    try await withApp(dependencies: Self.dependencies(ledger)) { client in
      let id = try await Self.challenged(client, number: "4000 0027 6000 3184")
      let cancelled = try await client.tap(id, "cancel")
      #expect(cancelled["effects"]?.effectLines == ["navigate dismiss"], "\(cancelled.text)")
      // The call is cancelled once the step has left the screen.
      let left = try await client.appeared(id, "checkout")
      let notice = left["effects"]?.array.first { $0["kind"]?.string == "notice" }?["message"]?.string
      #expect(notice?.contains(#"You left "Confirm with your bank""#) == true, "\(left.text)")
      #expect(try await client.send(.get, "/sessions/\(id)")["waiting"] == nil)
      let late = try await client.event(id, Self.completed("authenticated"))
      #expect(late.status == .unprocessableContent, "\(late.text)")

      let again = try await client.tap(id, "pay")
      #expect(again["effects"]?.effectLines == ["callAPI confirmPayment actionRequired", "navigate present challenge"])
      _ = try await client.appeared(id, "challenge")
      let paid = try await client.event(id, #""event":"actionCompleted","operation":"confirmPayment""#)
      #expect(paid["effects"]?.effectLines == ["callAPI confirmPayment succeeded", "navigate reset receipt"])
      #expect(
        await Self.keys(ledger, id) == ["confirmPayment-1", "confirmPayment-2", "confirmPayment-2/three_d_secure-1"])
      #expect(await ledger.successes(of: "confirmPayment", in: SessionID(id)) == 1)
    }
  }

  @Test func aFlowThatDoesNotDeclareTheActionIsNeverAskedForIt() {
    let declared = DeclaredActions(catalog: DemoCheckoutAPITests.catalog)
    #expect(declared.declares("three_d_secure", flow: "express", operation: "confirmPayment"))
    #expect(!declared.declares("three_d_secure", flow: "plndr", operation: "placeOrder"))
    #expect(!declared.declares("three_d_secure", flow: "express", operation: "applyDiscount"))
  }

  @Test func anActionCountsOnlyWhenEveryServedVersionDeclaresIt() throws {
    let express = try #require(DemoCheckoutAPITests.catalog["express"]).flow
    var older = express
    older.version = 1
    for (s, step) in older.steps.enumerated() {
      for (r, row) in step.rows.enumerated() {
        guard case .button(.submit(var submit)) = row.cell else { continue }
        submit.actions = [:]
        older.steps[s].rows[r].cell = .button(.submit(submit))
      }
    }
    #expect(
      DeclaredActions(versions: ["express": [express]]).declares(
        "three_d_secure", flow: "express", operation: "confirmPayment"))
    #expect(
      !DeclaredActions(versions: ["express": [older, express]]).declares(
        "three_d_secure", flow: "express", operation: "confirmPayment"))
  }
}

/// The demo API's answers to the 3-D Secure cards, call by call.
@Suite struct ThreeDSecureAnswerTests {
  static func request(_ number: String, key: IdempotencyKey, result: String? = nil) throws -> CheckoutAPIRequest {
    let compiled = try #require(DemoCheckoutAPITests.catalog["express"])
    var values: [DataKey: Value] = ["payment.card.number": .string(number)]
    if let result { values[ThreeDSecureCard.resultKey] = .string(result) }
    return CheckoutAPIRequest(
      session: "s1", flow: "express", operation: "confirmPayment",
      payload: Payload(values: values, masking: compiled.masking), key: key)
  }

  @Test func cardsAreRecognisedAsTyped() {
    #expect(ThreeDSecureCard.lookUp("4000 0027 6000 3184") == .authenticates)
    #expect(ThreeDSecureCard.lookUp("4000-0025-0000-3155") == .authenticates)
    #expect(ThreeDSecureCard.lookUp("4000008260003178") != nil)
    #expect(ThreeDSecureCard.lookUp("4000008260003178") != .authenticates)
    #expect(ThreeDSecureCard.lookUp("4242 4242 4242 4242") == nil)
    #expect(ThreeDSecureCard.lookUp("4000 0000 0000 0002") == nil)
  }

  @Test func theFirstRequestAsksAndTheContinuationAnswersByTheResult() throws {
    let api = DemoCheckoutAPI(declaredActions: DeclaredActions(catalog: DemoCheckoutAPITests.catalog))
    let first: IdempotencyKey = "confirmPayment-1"
    let next: IdempotencyKey = "confirmPayment-1/three_d_secure-1"
    for number in ["4000002760003184", "4000002500003155", "4000008260003178"] {
      #expect(api.answer(try Self.request(number, key: first)) == .actionRequired("three_d_secure", [:]))
      #expect(
        api.answer(try Self.request(number, key: next, result: "failed")).failedCodes == [
          "payment_intent_authentication_failure"
        ])
    }
    let order = DemoCheckoutAPI.orderNumber(for: "s1", flow: "express")
    #expect(
      api.answer(try Self.request("4000002760003184", key: next, result: "authenticated"))
        == .succeeded(["order.number": .string(order)]))
    #expect(
      api.answer(try Self.request("4000008260003178", key: next, result: "authenticated")).failedCodes == [
        "insufficient_funds"
      ])
    // Without the declared action (the API knows no flow's actions) the cards are
    // answered as any other: 3178 is declined at once, the others go through.
    let plain = DemoCheckoutAPI()
    #expect(plain.answer(try Self.request("4000008260003178", key: first)).failedCodes == ["insufficient_funds"])
    #expect(
      plain.answer(try Self.request("4000002760003184", key: first)) == .succeeded(["order.number": .string(order)]))
  }
}

extension CheckoutAPIOutcome {
  /// The codes of a failure; empty for any other answer.
  var failedCodes: [String] {
    if case .failed(let errors) = self { return errors.map(\.code) }
    return []
  }
}
