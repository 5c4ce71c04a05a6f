import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Synchronization
import Testing

@testable import CheckoutServer

/// A checkpoint that stops the first `count` calls once the API has answered (and
/// charged), as an instance dying there would: the call stays waiting in its session.
final class DiesAfterAnswer: Sendable {
  private let left: Mutex<Int>
  init(_ count: Int = 1) { left = Mutex(count) }

  struct Died: Error {}

  func checkpoint(_ point: CallCheckpoint) throws {
    guard point == .afterAPIAnswer else { return }
    let dies = left.withLock { left -> Bool in
      guard left > 0 else { return false }
      left -= 1
      return true
    }
    if dies { throw Died() }
  }
}

/// The demo API behind switches: `down` throws (the API does not answer, nothing
/// charged); `meeting` holds each call until `meeting` calls are at the API at once.
actor SwitchedAPI: CheckoutAPI {
  let demo: DemoCheckoutAPI
  var down = false
  var meeting = 0
  private var arrived = 0
  private(set) var keys: [String] = []

  init(ledger: InMemoryCallLedger) { demo = DemoCheckoutAPI(ledger: ledger) }

  struct Down: Error {}

  func set(down: Bool) { self.down = down }
  func set(meeting: Int) { self.meeting = meeting }

  func perform(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
    keys.append(request.idempotencyKey)
    if down { throw Down() }
    arrived += 1
    let deadline = ContinuousClock.now + .seconds(5)
    while arrived < meeting, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    return try await demo.perform(request)
  }

  func abandon(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
    keys.append("abandon " + request.idempotencyKey)
    if down { throw Down() }
    return try await demo.abandon(request)
  }
}

/// A charged order whose answer was lost, and whose shopper never came back, is
/// finished by the server's lost-call recovery (beside the sweeper), exactly as a
/// `GET` would finish it, then swept as a finished order; a call the API does not
/// answer stays waiting and is tried again; the call log names the session and
/// the full idempotency key.
@Suite struct LostCallRecoveryTests {
  static let quiet = Logger(label: "checkout-server-test") { _ in SwiftLogNoOpLogHandler() }

  /// Calls `condition` every 20 ms until it holds, for at most `seconds`; whether it held.
  static func eventually(within seconds: Double = 10, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
      if try await condition() { return true }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
  }

  /// Dependencies of an instance on `store` whose first call dies after the API
  /// answered, its recovery every 50 ms.
  static func dependencies(
    store: MemorySessionStore, api: any CheckoutAPI, metrics: ServerMetrics = ServerMetrics(),
    logger: Logger = quiet, dies: DiesAfterAnswer = DiesAfterAnswer()
  ) -> AppDependencies {
    var dependencies = AppDependencies(
      logger: logger, api: api, store: store, environment: ["CHECKOUT_DATA_KEY": testDataKey],
      sweepInterval: .milliseconds(50), metrics: metrics)
    dependencies.checkpoint = { try dies.checkpoint($0) }
    return dependencies
  }

  /// A call waiting on the shopper's 3-D Secure challenge (as a snapshot holds it).
  static func actionCall() throws -> APICall {
    let json =
      #"{"operation":"placeOrder","key":"placeOrder-1","action":{"name":"three_d_secure","step":"challenge","data":{}}}"#
    return try JSONDecoder().decode(APICall.self, from: Data(json.utf8))
  }

  static let arguments = TestArguments(idleTimeout: 60, finishedRetention: 10, callTimeout: 0.3)

  @Test func aChargedOrderWhoseAnswerWasLostIsFinishedWithoutTheShopperThenSwept() async throws {
    let store = MemorySessionStore()
    let ledger = InMemoryCallLedger()
    let metrics = ServerMetrics()
    let id = try await withApp(
      arguments: Self.arguments,
      dependencies: Self.dependencies(store: store, api: DemoCheckoutAPI(ledger: ledger), metrics: metrics)
    ) { client -> SessionID in
      let id = SessionID(try await APICallTests.readyToOrder(client))
      let placed = try await client.tap(id.rawValue, "placeOrder")
      #expect(placed.status == .internalServerError, "the instance died after the charge: \(placed.text)")
      #expect(await ledger.successes(of: "placeOrder", in: id) == 1)
      // Nobody reads the session again: the recovery finishes it on its own.
      let finished = await Self.eventually { await store.load(id)?.snapshot.calls.isEmpty == true }
      #expect(finished, "the lost call is still waiting")
      #expect(
        await Self.eventually { String(decoding: metrics.exposition(), as: UTF8.self).contains("finished_total 1") })
      return id
    }
    let stored = try #require(await store.load(id))
    #expect(stored.snapshot.navigation.description == "confirmation")
    #expect(stored.snapshot.data["payment.card.number"] == .string("•••• 4242"), "masked as a finished order's")
    #expect(await ledger.successes(of: "placeOrder", in: id) == 1, "charged once")
    let text = String(decoding: metrics.exposition(), as: UTF8.self)
    #expect(text.contains("checkout_sessions_finished_total 1"), "\(text)")
    #expect(text.contains("checkout_api_calls_recovered_total 1"))
    #expect(text.contains(#"checkout_api_calls_total{operation="placeOrder",outcome="succeeded"} 2"#), "\(text)")
    #expect(text.contains("checkout_sessions_waiting_on_call 0"))
    #expect(text.contains("checkout_sessions_waiting_on_action 0"))

    // Then it is swept as a finished order: after the finished retention, not the idle timeout.
    let sweeper = try SweepingTests.sweeper(store, idle: 60, finished: 10)
    #expect(await sweeper.sweep(now: Date().addingTimeInterval(5)) == 0)
    #expect(await sweeper.sweep(now: Date().addingTimeInterval(11)) == 1)
    #expect(await store.count == 0)
  }

  @Test func aCallTheAPIDoesNotAnswerStaysWaitingIsLoggedOncePerPassAndIsFinishedLater() async throws {
    let store = MemorySessionStore()
    let ledger = InMemoryCallLedger()
    let api = SwitchedAPI(ledger: ledger)
    let handler = InMemoryLogHandler()
    let logger = Logger(label: "checkout-server-test") { _ in handler }
    let metrics = ServerMetrics()
    let id = try await withApp(
      arguments: Self.arguments,
      dependencies: Self.dependencies(store: store, api: api, metrics: metrics, logger: logger)
    ) { client -> SessionID in
      let id = SessionID(try await APICallTests.readyToOrder(client))
      #expect(try await client.tap(id.rawValue, "placeOrder").status == .internalServerError)
      await api.set(down: true)
      let tried = await Self.eventually { await api.keys.count >= 3 }
      #expect(tried, "made again, pass after pass")
      let waiting = try #require(await store.load(id)).snapshot
      #expect(waiting.calls.map(\.key) == ["placeOrder-1"], "still waiting, not given up")
      #expect(waiting.unanswered ?? [] == [])
      #expect(
        await Self.eventually { String(decoding: metrics.exposition(), as: UTF8.self).contains("waiting_on_call 1") })
      await api.set(down: false)
      #expect(await Self.eventually { await store.load(id)?.snapshot.calls.isEmpty == true })
      return id
    }
    #expect(await ledger.successes(of: "placeOrder", in: id) == 1, "charged once")
    #expect(Set(await api.keys) == ["\(id):placeOrder-1"], "always the same idempotency key")
    #expect(try #require(await store.load(id)).snapshot.navigation.description == "confirmation")

    let lines = LogTests.lines(handler)
    let left = lines.filter { $0.contains("it stays waiting and is tried again next pass") }
    let passes = lines.filter { $0.contains("lost API calls") && $0.contains("leftWaiting=1") }
    #expect(left.count >= 2)
    #expect(left.count == passes.count, "one line per pass:\n\(left.joined(separator: "\n"))")
    for line in left {
      #expect(line.hasPrefix("warning"))
      #expect(line.contains("session=\(id)"), "\(line)")
      #expect(line.contains("idempotencyKey=\(id):placeOrder-1"), "\(line)")
      #expect(line.contains("error.type=Down"), "\(line)")
    }
    #expect(!lines.contains { $0.contains("checkout API did not answer") }, "no second line for the same try")
    #expect(!lines.contains { $0.contains("4242424242424242") || $0.contains("4242 4242") })
  }

  @Test func twoInstancesFinishingTheSameCallAtOnceChargeOnceAndApplyOnce() async throws {
    let store = MemorySessionStore()
    let ledger = InMemoryCallLedger()
    let api = SwitchedAPI(ledger: ledger)
    let (metricsA, metricsB) = (ServerMetrics(), ServerMetrics())
    let id = try await withApp(
      arguments: Self.arguments, dependencies: Self.dependencies(store: store, api: api, metrics: metricsA)
    ) { client -> SessionID in
      try await withApp(
        arguments: Self.arguments,
        dependencies: Self.dependencies(store: store, api: api, metrics: metricsB, dies: DiesAfterAnswer(0))
      ) { _ -> SessionID in
        let id = SessionID(try await APICallTests.readyToOrder(client))
        await api.set(meeting: 3)  // the order, then both recoveries, at the API together
        #expect(try await client.tap(id.rawValue, "placeOrder").status == .internalServerError)
        #expect(await Self.eventually { await store.load(id)?.snapshot.calls.isEmpty == true })
        return id
      }
    }
    #expect(await api.keys == Array(repeating: "\(id):placeOrder-1", count: 3), "both instances made it again")
    #expect(await ledger.successes(of: "placeOrder", in: id) == 1, "charged once")
    let finished = [metricsA, metricsB].map { String(decoding: $0.exposition(), as: UTF8.self) }
      .filter { $0.contains("checkout_sessions_finished_total 1") }
    #expect(finished.count == 1, "applied once")
    #expect(try #require(await store.load(id)).snapshot.navigation.description == "confirmation")
  }

  @Test func aGetThatFinishesALostCallCountsTheCallAndTheOrder() async throws {
    let store = MemorySessionStore()
    let metrics = ServerMetrics()
    var dependencies = Self.dependencies(
      store: store, api: DemoCheckoutAPI(ledger: InMemoryCallLedger()), metrics: metrics)
    dependencies.sweepInterval = .seconds(3600)  // no recovery pass: the GET finishes it
    try await withApp(arguments: Self.arguments, dependencies: dependencies) { client in
      let id = try await APICallTests.readyToOrder(client)
      #expect(try await client.tap(id, "placeOrder").status == .internalServerError)
      try await Task.sleep(for: .milliseconds(400))
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown["waiting"] == nil, "\(shown.text)")
    }
    let text = String(decoding: metrics.exposition(), as: UTF8.self)
    #expect(text.contains("checkout_sessions_finished_total 1"), "\(text)")
    #expect(text.contains(#"checkout_api_calls_total{operation="placeOrder",outcome="succeeded"} 2"#), "\(text)")
  }

  @Test func callLinesNameTheSessionAndTheFullIdempotencyKey() async throws {
    let handler = InMemoryLogHandler()
    let logger = Logger(label: "checkout-server-test") { _ in handler }
    let id = try await withApp(dependencies: AppDependencies(logger: logger, environment: [:])) { client in
      let id = try await APICallTests.readyToOrder(client)
      #expect(try await client.tap(id, "placeOrder").status == .ok)
      return id
    }
    let calls = LogTests.lines(handler).filter { $0.contains("checkout API ") }
    #expect(calls.count == 1)
    for line in calls {
      #expect(line.contains("session=\(id)"), "\(line)")
      #expect(line.contains("idempotencyKey=\(id):placeOrder-1"), "\(line)")
      #expect(line.contains("key=placeOrder-1"), "\(line)")
      #expect(line.contains("outcome=succeeded"), "\(line)")
      #expect(line.contains("provided.order.number=PLNDR-"), "the order number: \(line)")
    }
  }

  @Test func theMemoryStoreListsWaitingSessionsAndCountsThem() async throws {
    let clock = TestClock()
    let store = MemorySessionStore(now: clock.reading)
    var onCall = try SweepingTests.snapshot()
    onCall.calls = [APICall(operation: "placeOrder", key: "placeOrder-1", then: nil)]
    var onAction = try SweepingTests.snapshot()
    onAction.calls = [try LostCallRecoveryTests.actionCall()]
    var unanswered = try SweepingTests.snapshot()
    unanswered.unanswered = [APICall(operation: "placeOrder", key: "placeOrder-1", then: nil)]
    try await store.insert(onCall, id: "old")
    clock.advance(10)
    try await store.insert(onCall, id: "young")
    try await store.insert(onAction, id: "action")
    try await store.insert(unanswered, id: "unanswered")
    try await store.insert(try SweepingTests.snapshot(), id: "idle")
    #expect(await store.waitingCounts() == WaitingCounts(onCall: 2, onAction: 1, unanswered: 1))
    let listed = await store.sessionsWaitingOnCalls(savedBefore: clock.now.addingTimeInterval(-5), limit: 10)
    #expect(listed.map(\.id) == ["old"])
    #expect(listed.first?.calls.map(\.key) == ["placeOrder-1"])
    let all = await store.sessionsWaitingOnCalls(savedBefore: clock.now.addingTimeInterval(1), limit: 10)
    #expect(all.map(\.id) == ["old", "young"], "the oldest first, never one waiting on an action")
  }
}
