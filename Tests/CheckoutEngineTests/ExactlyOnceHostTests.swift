import CheckoutTestSupport
import Foundation
import CheckoutEngine
import Testing

// snippet: exactly-once host
/// A host process written against the library alone.
enum ExactlyOnceHost {
  /// A payment API with a ledger: a repeated idempotency key gets its first
  /// answer; a new key charges its session.
  actor Ledger: CheckoutAPI {
    private var answers: [String: CheckoutAPIOutcome] = [:]
    private(set) var charges: [SessionID: Int] = [:]

    func perform(_ request: CheckoutAPIRequest) -> CheckoutAPIOutcome {
      if let first = answers[request.idempotencyKey] { return first }
      charges[request.session, default: 0] += 1
      let answer = CheckoutAPIOutcome.succeeded(["order.number": .string("N-\(request.session)")])
      answers[request.idempotencyKey] = answer
      return answer
    }

    /// The shopper left the call at an action: its answer if it was answered,
    /// else cancelled (answered `failed` now and for good).
    func abandon(_ request: CheckoutAPIRequest) -> CheckoutAPIOutcome {
      if let first = answers[request.idempotencyKey] { return first }
      let answer = CheckoutAPIOutcome.failed([APIError(code: "canceled")])
      answers[request.idempotencyKey] = answer
      return answer
    }
  }

  /// The host process dying at a checkpoint: nothing after it happens.
  struct Crash: Error {}

  /// A shopper's event the host never took, however often it was sent.
  struct NeverTaken: Error {
    let event: SessionEvent
    let session: SessionID
  }

  /// One run of the host process: it dies at `crash`, if given. The CVVs typed
  /// live in its `vault` (memory only) and card numbers are stored whole: without
  /// both, a flow with `secret` or `sensitive` rows fails its rules on the next
  /// request. Calls are lost as soon as they are found waiting (the tests run one
  /// request at a time).
  static func process(
    _ store: any SessionStore, _ api: Ledger, vault: SecretVault, crashingAt crash: CallCheckpoint?
  ) -> CallCoordinator {
    CallCoordinator(
      store: store, api: api, secrets: vault, storeSensitive: true, callTimeout: 0,
      checkpoint: { point in if point == crash { throw Crash() } })
  }

  /// The shopper sends `event` until it is taken; the host restarts (and runs its
  /// recovery pass) after each crash, and a failed store is tried again. Returns
  /// how many times the host crashed.
  @discardableResult
  static func send(
    _ event: SessionEvent, to id: SessionID, flow: CompiledFlow, store: any SessionStore, api: Ledger,
    vault: SecretVault, crashingAt crash: CallCheckpoint? = nil
  ) async throws -> Int {
    var host = process(store, api, vault: vault, crashingAt: crash)
    var crashes = 0
    for _ in 0..<20 {
      do {
        _ = try await host.handle(event, to: id, flow: flow)
        return crashes
      } catch is Crash {
        crashes += 1
        await vault.forget(id)  // restarted: the CVV it held in memory is gone
        host = process(store, api, vault: vault, crashingAt: nil)
        _ = try? await host.recover(id, flow: flow)
      } catch let error as SessionStoreError {
        guard case .unavailable = error.kind else { throw error }
      } catch is EventRefused {
        return crashes  // taken before the crash: the recovery pass placed the order
      }
    }
    throw NeverTaken(event: event, session: id)
  }
}
// end snippet

/// A host written against the library alone gets exactly-once calls across
/// crashes: 100 orders, each killed at a seeded random point of its call (the
/// fault check's kill points, and store failures), are each charged once and end
/// placed. The host's code is the snippet shown in `CallingYourCheckoutAPI.md`.
@Suite struct ExactlyOnceHostTests {

  /// A store whose saves fail now and then, as a database does.
  actor FlakyStore: SessionStore {
    let base = InMemorySessionStore()
    var random: SeededRandom
    var failures = 0
    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws { try await base.insert(snapshot, id: id) }
    func load(_ id: SessionID) async throws -> StoredSession? { await base.load(id) }
    func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
      await base.deleteSessions(savedBefore: cutoff)
    }
    func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
      if random.chance(0.15) {
        failures += 1
        throw SessionStoreError(.unavailable("the database went away"), id: id)
      }
      return try await base.save(snapshot, id: id, expectedVersion: expectedVersion)
    }
  }

  /// A shop: an e-mail, then Pay (`placeOrder`), then a receipt with the order number.
  static func flow() throws -> CompiledFlow {
    CompiledFlow(
      try FlowLoader().load(
        json: #"""
          {"format": 1, "id": "shop", "title": "Shop", "start": "cart", "steps": [
            {"id": "cart", "title": "Cart", "rows": [
              {"id": "email", "cell": "email", "title": "Email", "bind": "contact.email", "rules": ["required"]},
              {"id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "receipt",
               "validates": ["cart"], "provides": ["order.number"]}]},
            {"id": "receipt", "title": "Thanks", "presentation": "reset", "rows": [
              {"id": "number", "cell": "info", "title": "Order", "bind": "order.number"}]}]}
          """#))
  }

  /// The points a call's own request reaches (the abandonment's are tested in `AbandonedActionTests`).
  static let callPoints: [CallCheckpoint] = [.beforeIntentSave, .afterIntentSave, .afterAPIAnswer, .beforeAnswerSave]

  @Test func ordersKilledAtEachPointAreChargedOnceAndPlaced() async throws {
    let flow = try Self.flow()
    let (store, api, vault) = (FlakyStore(seed: 22), ExactlyOnceHost.Ledger(), SecretVault())
    var random = SeededRandom(seed: 2026)
    var reached: [CallCheckpoint: Int] = [:]
    for order in 0..<100 {
      let id = SessionID("order-\(order)")
      try await store.insert(CheckoutSession(flow: flow).snapshot(), id: id)
      try await ExactlyOnceHost.send(
        .set(.row("email"), .string("shopper\(order)@example.com")), to: id, flow: flow, store: store, api: api,
        vault: vault)
      let crash = random.chance(0.2) ? nil : Self.callPoints[random.int(in: 0..<Self.callPoints.count)]
      let crashes = try await ExactlyOnceHost.send(
        .tap("pay"), to: id, flow: flow, store: store, api: api, vault: vault, crashingAt: crash)
      if let crash, crashes > 0 { reached[crash, default: 0] += 1 }
      // The client shows it.
      try await ExactlyOnceHost.send(.appeared("receipt"), to: id, flow: flow, store: store, api: api, vault: vault)
      let session = try CheckoutSession(restoring: try #require(await store.load(id)).snapshot, flow: flow)
      #expect(session.navigation.top == "receipt", "order \(order), killed at \(crash?.rawValue ?? "no point")")
      #expect(session.calls.isEmpty)
      #expect(session.value(for: "order.number") == .string("N-order-\(order)"))
    }
    let charges = await api.charges
    #expect(charges.count == 100)
    #expect(charges.filter { $0.value != 1 }.isEmpty, "charged more than once: \(charges.filter { $0.value != 1 })")
    #expect(Self.callPoints.allSatisfy { reached[$0, default: 0] > 0 }, "every kill point: \(reached)")
    #expect(await store.failures > 10, "the store failed saves too")
  }

  /// A shop that takes a card: its number is sensitive (checked by `luhn`), its CVV secret.
  static func cardFlow() throws -> CompiledFlow {
    CompiledFlow(
      try FlowLoader().load(
        json: #"""
          {"format": 1, "id": "cardshop", "title": "Card shop", "start": "card", "steps": [
            {"id": "card", "title": "Card", "rows": [
              {"id": "number", "cell": "text", "title": "Card number", "bind": "payment.card.number",
               "sensitive": true, "rules": ["required", "luhn"]},
              {"id": "cvv", "cell": "secure", "title": "CVV", "bind": "payment.card.cvv", "secret": true,
               "rules": ["required"]},
              {"id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "receipt",
               "validates": ["card"], "provides": ["order.number"]}]},
            {"id": "receipt", "title": "Thanks", "presentation": "reset", "rows": [
              {"id": "number", "cell": "info", "title": "Order", "bind": "order.number"}]}]}
          """#))
  }

  /// The same host on a flow with a card: the CVV typed in one request is in the
  /// vault for the next, and the card number is stored whole, so the order is
  /// placed, once, also when the host dies after it saved the call's intent.
  @Test(arguments: [nil, CallCheckpoint.afterIntentSave, .afterAPIAnswer, .beforeAnswerSave])
  func aCardIsChargedOnceWithTheVaultAndTheWholeNumber(_ crash: CallCheckpoint?) async throws {
    let flow = try Self.cardFlow()
    let (store, api, vault) = (InMemorySessionStore(), ExactlyOnceHost.Ledger(), SecretVault())
    let id = SessionID("card")
    try await store.insert(CheckoutSession(flow: flow).snapshot(), id: id)
    for event: SessionEvent in [
      .set(.row("number"), .string("4242 4242 4242 4242")), .set(.row("cvv"), .string("737")),
    ] {
      try await ExactlyOnceHost.send(event, to: id, flow: flow, store: store, api: api, vault: vault)
    }
    try await ExactlyOnceHost.send(
      .tap("pay"), to: id, flow: flow, store: store, api: api, vault: vault, crashingAt: crash)
    try await ExactlyOnceHost.send(.appeared("receipt"), to: id, flow: flow, store: store, api: api, vault: vault)
    let stored = try #require(await store.load(id))
    #expect(stored.snapshot.navigation.top == "receipt", "the order was not placed: \(stored.snapshot.navigation)")
    #expect(await api.charges == [id: 1])
    #expect(!String(decoding: stored.snapshot.jsonData(), as: UTF8.self).contains("737"), "a CVV was stored")
  }

  /// An API that charges, then loses its answer once (the connection dropped).
  actor LostAnswer: CheckoutAPI {
    let ledger = ExactlyOnceHost.Ledger()
    var lost = false
    func perform(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
      let answer = await ledger.perform(request)
      if !lost {
        lost = true
        throw URLError(.networkConnectionLost)
      }
      return answer
    }
    func abandon(_ request: CheckoutAPIRequest) async -> CheckoutAPIOutcome { await ledger.abandon(request) }
  }

  @Test func aCallTheAPIDoesNotAnswerIsGivenUpAndItsRetryReusesTheKey() async throws {
    let flow = try Self.flow()
    let (store, api) = (InMemorySessionStore(), LostAnswer())
    let host = CallCoordinator(store: store, api: api)
    try await store.insert(CheckoutSession(flow: flow).snapshot(), id: "s1")
    _ = try await host.handle(.set(.row("email"), .string("ada@example.com")), to: "s1", flow: flow)
    let first = try await host.handle(.tap("pay"), to: "s1", flow: flow)
    guard case .call(let exchange)? = first.steps.first else {
      Issue.record("no call: \(first.steps)")
      return
    }
    #expect(exchange.outcome == nil && first.session.calls.isEmpty && first.session.navigation.top == "cart")
    let retry = try await host.handle(.tap("pay"), to: "s1", flow: flow)
    guard case .call(let again)? = retry.steps.first else {
      Issue.record("no call: \(retry.steps)")
      return
    }
    #expect(again.request.key == exchange.request.key, "the retry reuses the unanswered key")
    #expect(again.outcome == .succeeded(["order.number": .string("N-s1")]) && retry.session.calls.isEmpty)
    #expect(await api.ledger.charges == ["s1": 1])
  }

  @Test func theCallingArticleShowsTheHostVerbatim() throws {
    let blocks = Markdown(try DocumentationTests.catalogArticle("CallingYourCheckoutAPI")).codeBlocks(language: "swift")
    let code = try DocumentationTests.snippet("exactly-once host")
    #expect(blocks.contains { $0.contains(code) })
  }
}
