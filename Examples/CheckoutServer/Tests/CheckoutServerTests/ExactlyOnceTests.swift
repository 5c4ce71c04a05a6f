import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CheckoutServer

/// The in-memory store, with a switch that makes the save of an API call's
/// answer fail once (as a database outage or a crash there would), counting reads
/// and writes.
actor FaultyStore: SessionStore {
  let base = InMemorySessionStore()
  var failAnswerSaves = 0
  private(set) var loads = 0
  private(set) var saves = 0

  func failNextAnswerSave() { failAnswerSaves += 1 }

  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws { try await base.insert(snapshot, id: id) }

  func load(_ id: SessionID) async throws -> StoredSession? {
    loads += 1
    return await base.load(id)
  }

  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
    saves += 1
    if failAnswerSaves > 0, let current = await base.load(id), !current.snapshot.calls.isEmpty, snapshot.calls.isEmpty {
      failAnswerSaves -= 1
      throw SessionStoreError(.unavailable("the answer's save failed (test)"), id: id)
    }
    return try await base.save(snapshot, id: id, expectedVersion: expectedVersion)
  }

  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
    await base.deleteSessions(savedBefore: cutoff)
  }

  func resetCounts() {
    loads = 0
    saves = 0
  }
}

/// The demo API behind a switch: the first `lost` calls are performed (charged,
/// recorded in the ledger) but their answer never arrives (the call throws), as
/// when the network drops after the API acted. Records every key it is called with.
actor LossyAPI: CheckoutAPI {
  let demo: DemoCheckoutAPI
  var lost: Int
  private(set) var keys: [String] = []

  init(ledger: InMemoryCallLedger, lost: Int) {
    demo = DemoCheckoutAPI(ledger: ledger)
    self.lost = lost
  }

  struct AnswerLost: Error {}

  func perform(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
    keys.append(request.idempotencyKey)
    let outcome = try await demo.perform(request)
    if lost > 0 {
      lost -= 1
      throw AnswerLost()
    }
    return outcome
  }
  func abandon(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome { try await demo.abandon(request) }
}

/// Exactly-once API calls across lost answers: the intent (the call's idempotency
/// key) is saved before the call, a call whose answer was lost is finished by the
/// next request with the same key, a call that cannot be finished is given up into
/// an offer whose retry reuses the key, and the demo API charges each key once.
@Suite struct ExactlyOnceTests {
  static let quiet = Logger(label: "checkout-server-test") { _ in SwiftLogNoOpLogHandler() }
  static let immediate = TestArguments(callTimeout: 0)

  /// A store whose next answer save can be made to fail, the demo API over a ledger
  /// that counts charges, and the dependencies of a server using both.
  static func faultyServer() -> (FaultyStore, InMemoryCallLedger, AppDependencies) {
    let store = FaultyStore()
    let ledger = InMemoryCallLedger()
    let dependencies = AppDependencies(
      logger: quiet, api: DemoCheckoutAPI(ledger: ledger), store: store, environment: [:])
    return (store, ledger, dependencies)
  }

  @Test func anAnswerWhoseSaveFailedIsFinishedByTheNextReadAndChargedOnce() async throws {
    let (store, ledger, dependencies) = Self.faultyServer()
    try await withApp(arguments: Self.immediate, dependencies: dependencies) { client in
      let id = try await APICallTests.readyToOrder(client)
      await store.failNextAnswerSave()
      let placed = try await client.tap(id, "placeOrder")
      #expect(placed.status == .serviceUnavailable, "\(placed.text)")
      #expect(await ledger.successes(of: "placeOrder", in: SessionID(id)) == 1)

      // The session shows the call waiting until a request finishes it: this read does.
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown.status == .ok)
      #expect(shown["waiting"] == nil)
      // The call's effects are not in this answer; what the client must perform is.
      #expect(shown["pending"] == ReloadTests.pending("reset confirmation", "confirmation"), "\(shown.text)")
      let confirmed = try await client.appeared(id, "confirmation")
      #expect(confirmed.status == .ok, "\(confirmed.text)")
      #expect(confirmed["state"]?.string == "confirmation")
      #expect(confirmed.text.contains(DemoCheckoutAPI.orderNumber(for: SessionID(id), flow: "plndr")))
      #expect(await ledger.successes(of: "placeOrder", in: SessionID(id)) == 1)
    }
  }

  @Test func anEventFinishesALostCallFirstAndReportsItsEffects() async throws {
    let (store, ledger, dependencies) = Self.faultyServer()
    try await withApp(arguments: Self.immediate, dependencies: dependencies) { client in
      let id = try await APICallTests.readyToOrder(client)
      await store.failNextAnswerSave()
      #expect(try await client.tap(id, "placeOrder").status == .serviceUnavailable)
      let confirmed = try await client.appeared(id, "confirmation")
      #expect(confirmed.status == .ok, "\(confirmed.text)")
      #expect(confirmed["effects"]?.effectLines == ["callAPI placeOrder succeeded", "navigate reset confirmation"])
      #expect(confirmed["state"]?.string == "confirmation")
      #expect(await ledger.successes(of: "placeOrder", in: SessionID(id)) == 1)
    }
  }

  @Test func aYoungWaitingCallIsLeftToItsInstance() async throws {
    let (store, ledger, dependencies) = Self.faultyServer()
    try await withApp(arguments: TestArguments(idleTimeout: 7200, callTimeout: 3600), dependencies: dependencies) {
      client in
      let id = try await APICallTests.readyToOrder(client)
      await store.failNextAnswerSave()
      #expect(try await client.tap(id, "placeOrder").status == .serviceUnavailable)
      // Within the call timeout the call may still be in flight elsewhere: shown waiting, a second tap refused.
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown["waiting"]?.array.compactMap(\.string) == ["placeOrder"])
      #expect(shown["pending"] == nil, "nothing to perform until the call is answered")
      let again = try await client.tap(id, "placeOrder")
      #expect(again.status == .unprocessableContent)
      #expect(again["refusal"]?["code"]?.string == "callInFlight")
      #expect(again["detail"]?.string == "Place order is already waiting for an answer")  // the shopper's words
      #expect(await ledger.successes(of: "placeOrder", in: SessionID(id)) == 1)
    }
  }

  @Test func aLostAnswerIsOfferedAndTheRetryReusesTheKeySoTheOrderIsChargedOnce() async throws {
    let ledger = InMemoryCallLedger()
    let api = LossyAPI(ledger: ledger, lost: 1)
    try await withApp(dependencies: AppDependencies(logger: Self.quiet, api: api, environment: [:])) { client in
      let id = try await APICallTests.readyToOrder(client)
      let placed = try await client.tap(id, "placeOrder")
      #expect(placed["effects"]?.effectLines == ["callAPI placeOrder unanswered", "offer stepTwo"])
      #expect(placed["effects"]?[1]?["code"]?.string == "api_unanswered")
      #expect(try await client.event(id, #""event":"decline""#).status == .ok)
      let retried = try await client.tap(id, "placeOrder")
      #expect(retried["effects"]?.effectLines == ["callAPI placeOrder succeeded", "navigate reset confirmation"])
      let keys = await api.keys
      #expect(keys == ["\(id):placeOrder-1", "\(id):placeOrder-1"])
      #expect(await ledger.successes(of: "placeOrder", in: SessionID(id)) == 1)
    }
  }

  @Test func aRepeatedKeyGetsTheFirstAnswer() async throws {
    let ledger = InMemoryCallLedger()
    let api = DemoCheckoutAPI(ledger: ledger)
    let catalog = try FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: Self.quiet)
    let compiled = try #require(catalog[FlowID("plndr")])
    let payload = Payload(values: ["payment.card.number": .string("4000000000000002")], masking: compiled.masking)
    let declined = CheckoutAPIRequest(
      session: "s1", flow: "plndr", operation: "placeOrder", payload: payload, key: "placeOrder-1")
    var good = declined
    good.payload = Payload(values: ["payment.card.number": .string("4242424242424242")], masking: compiled.masking)
    let first = try await api.perform(declined)
    guard case .failed = first else {
      Issue.record("expected a decline, got \(first)")
      return
    }
    #expect(try await api.perform(good) == first, "the same key: the first answer, whatever the payload")
    good.key = "placeOrder-2"
    guard case .succeeded = try await api.perform(good) else {
      Issue.record("a new key is a new call")
      return
    }
    #expect(await ledger.successes(of: "placeOrder", in: "s1") == 1)
  }

  @Test func anEventCostsOneReadAndOneWrite() async throws {
    let store = FaultyStore()
    try await withApp(dependencies: AppDependencies(logger: Self.quiet, store: store, environment: [:])) { client in
      let id = try await client.createSession()
      await store.resetCounts()
      #expect(try await client.set(id, "quantity", "2").status == .ok)
      #expect(await store.loads == 1)
      #expect(await store.saves == 1)
      await store.resetCounts()
      #expect(
        try await client.event(id, #""event":"set","row":"quantity","value":"3","expectedVersion":2"#).status == .ok)
      #expect(await store.loads == 1)
      #expect(await store.saves == 1)
    }
  }

  @Test func anUnknownFaultPointIsAUsageError() throws {
    #expect(throws: UsageError.self) { try FaultInjection(environment: ["CHECKOUT_FAULT": "after-lunch"]) }
    do {
      _ = try FaultInjection(environment: ["CHECKOUT_FAULT": "after-lunch"])
    } catch {
      #expect(
        error.description
          == "CHECKOUT_FAULT: unknown fault point \"after-lunch\"; use before-intent-save, after-intent-save, after-api-answer, before-answer-save, before-abandon-request, before-abandon-save"
      )
    }
    let two = try FaultInjection(environment: ["CHECKOUT_FAULT": "after-api-answer, before-answer-save"])
    #expect(two.points == [.afterAPIAnswer, .beforeAnswerSave])
    let none = try FaultInjection(environment: [:])
    #expect(none.points.isEmpty)
  }
}
