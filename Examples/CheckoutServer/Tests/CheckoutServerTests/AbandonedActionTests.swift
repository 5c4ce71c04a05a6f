import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Synchronization
import Testing

@testable import CheckoutServer

/// A 3-D Secure checkout whose shopper went away at the challenge is abandoned
/// after `--abandon-after` (no save, no recorded read) by the lost-call pass: the
/// demo API is asked what became of the call, and the session finished, then swept
/// by the sweeper's usual rules. All on a clock the test moves.
@Suite struct AbandonedActionServerTests {
  static let arguments = TestArguments(idleTimeout: 3600, finishedRetention: 60, abandonAfter: 600)

  /// An instance on `store` and `clock`, its passes every 50 ms.
  static func dependencies(
    store: MemorySessionStore, clock: TestClock, ledger: InMemoryCallLedger, metrics: ServerMetrics, logger: Logger
  ) -> AppDependencies {
    var dependencies = AppDependencies(
      logger: logger, ledger: ledger, store: store, environment: ["CHECKOUT_DATA_KEY": testDataKey],
      sweepInterval: .milliseconds(50), metrics: metrics)
    dependencies.now = clock.reading
    return dependencies
  }

  static func metrics(_ metrics: ServerMetrics) -> String { String(decoding: metrics.exposition(), as: UTF8.self) }

  /// What the bank did for a shopper who finished there and closed the tab: the
  /// continuation of `id`'s payment, answered by the demo API (nothing told the session).
  static func finishedAtTheBank(_ id: SessionID, ledger: InMemoryCallLedger) async throws -> CheckoutAPIOutcome {
    let compiled = try #require(DemoCheckoutAPITests.catalog["express"])
    let values: [DataKey: Value] = [
      "payment.card.number": .string("4000002760003184"), ThreeDSecureCard.resultKey: .string("authenticated"),
    ]
    return try await DemoCheckoutAPI(ledger: ledger).perform(
      CheckoutAPIRequest(
        session: id, flow: "express", operation: "confirmPayment",
        payload: Payload(values: values, masking: compiled.masking), key: "confirmPayment-1/three_d_secure-1"))
  }

  @Test func aCheckoutLeftAtTheChallengeIsCancelledAfterTheTimeoutThenSwept() async throws {
    let (clock, ledger, metrics, handler) = (TestClock(), InMemoryCallLedger(), ServerMetrics(), InMemoryLogHandler())
    let store = MemorySessionStore(now: clock.reading)
    let logger = Logger(label: "checkout-server-test") { _ in handler }
    let deps = Self.dependencies(store: store, clock: clock, ledger: ledger, metrics: metrics, logger: logger)
    let id = try await withApp(arguments: Self.arguments, dependencies: deps) { client -> SessionID in
      let id = SessionID(try await ThreeDSecureTests.challenged(client, number: "4000 0027 6000 3184"))
      #expect(await LostCallRecoveryTests.eventually { Self.metrics(metrics).contains("waiting_on_action 1") })
      clock.advance(599)
      try await Task.sleep(for: .milliseconds(200))
      #expect(await store.load(id)?.snapshot.calls.count == 1, "not abandoned before the timeout")
      clock.advance(2)
      #expect(await LostCallRecoveryTests.eventually { await store.load(id)?.snapshot.calls.isEmpty == true })
      #expect(await LostCallRecoveryTests.eventually { Self.metrics(metrics).contains("waiting_on_action 0") })
      // The shopper comes back: the checkout offers the bank's failure, a new Pay is a new call.
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown["offer"] != nil, "\(shown.text)")
      return id
    }
    #expect(await ledger.successes(of: "confirmPayment", in: id) == 0, "never charged")
    // Cancelled for good: a continuation sent late under the key is answered failed.
    guard case .failed(let errors) = try await Self.finishedAtTheBank(id, ledger: ledger) else {
      Issue.record("a late continuation went through")
      return
    }
    #expect(errors.map(\.code) == ["payment_intent_authentication_failure"])
    let text = Self.metrics(metrics)
    #expect(text.contains(#"checkout_api_calls_abandoned_total{outcome="failed"} 1"#), "\(text)")
    #expect(text.contains(#"checkout_api_calls_abandoned_total{outcome="succeeded"} 0"#))
    let lines = LogTests.lines(handler).filter { $0.contains("abandoned API call") }
    #expect(lines.count == 1, "\(lines)")
    for line in lines {
      #expect(line.hasPrefix("info"))
      #expect(line.contains("session=\(id)") && line.contains("operation=confirmPayment"), "\(line)")
      #expect(line.contains("idempotencyKey=\(id):confirmPayment-1/three_d_secure-1"), "\(line)")
      #expect(line.contains("outcome=failed") && line.contains("codes=payment_intent_authentication_failure"))
      #expect(!line.contains("4000") && !line.contains("3184"), "no value: \(line)")
      // No data key at all, so neither the CVC (123, too short to search for in a
      // line holding a random session id) nor any other value can be in it.
      #expect(!line.contains("payment.") && !line.contains("cvc"), "no data key: \(line)")
    }
    // Now an idle session like any other: swept after the idle timeout.
    let sweeper = try SweepingTests.sweeper(store, idle: 3600, finished: 60)
    clock.advance(3601)
    #expect(await sweeper.sweep(now: clock.now) == 1)
    #expect(await store.load(id) == nil)
  }

  @Test func anOrderTheShopperFinishedAtTheBankIsKeptFinishedThenSweptAsFinished() async throws {
    let (clock, ledger, metrics) = (TestClock(), InMemoryCallLedger(), ServerMetrics())
    let store = MemorySessionStore(now: clock.reading)
    let deps = Self.dependencies(
      store: store, clock: clock, ledger: ledger, metrics: metrics, logger: LostCallRecoveryTests.quiet)
    let id = try await withApp(arguments: Self.arguments, dependencies: deps) { client -> SessionID in
      let id = SessionID(try await ThreeDSecureTests.challenged(client, number: "4000 0027 6000 3184"))
      guard case .succeeded = try await Self.finishedAtTheBank(id, ledger: ledger) else {
        Issue.record("the bank did not charge")
        return id
      }
      clock.advance(601)
      #expect(
        await LostCallRecoveryTests.eventually {
          await store.load(id)?.snapshot.navigation.description == "receipt"
        }, "the confirmation is shown")
      #expect(await LostCallRecoveryTests.eventually { Self.metrics(metrics).contains("finished_total 1") })
      // Swept as a finished order, after the finished retention (60 s), not the idle timeout.
      clock.advance(61)
      #expect(await LostCallRecoveryTests.eventually { await store.load(id) == nil }, "swept as finished")
      return id
    }
    #expect(await ledger.successes(of: "confirmPayment", in: id) == 1, "charged once")
    #expect(Self.metrics(metrics).contains(#"checkout_api_calls_abandoned_total{outcome="succeeded"} 1"#))
  }

  /// A checkpoint that stops the first abandonment at `point`, as an instance dying there would.
  final class DiesOnce: Sendable {
    let point: CallCheckpoint
    private let died = Mutex(false)
    init(at point: CallCheckpoint) { self.point = point }

    struct Died: Error {}

    func checkpoint(_ reached: CallCheckpoint) throws {
      guard reached == point, !died.withLock({ $0 }) else { return }
      died.withLock { $0 = true }
      throw Died()
    }
  }

  @Test(arguments: [CallCheckpoint.beforeAbandonRequest, .beforeAbandonSave])
  func anAbandonmentStoppedAtACheckpointIsAskedAgainAndActsOnce(_ point: CallCheckpoint) async throws {
    let (clock, ledger, metrics) = (TestClock(), InMemoryCallLedger(), ServerMetrics())
    let store = MemorySessionStore(now: clock.reading)
    var deps = Self.dependencies(
      store: store, clock: clock, ledger: ledger, metrics: metrics, logger: LostCallRecoveryTests.quiet)
    let dies = DiesOnce(at: point)
    deps.checkpoint = { try dies.checkpoint($0) }
    let id = try await withApp(arguments: Self.arguments, dependencies: deps) { client -> SessionID in
      let id = SessionID(try await ThreeDSecureTests.challenged(client, number: "4000 0027 6000 3184"))
      _ = try await Self.finishedAtTheBank(id, ledger: ledger)
      clock.advance(601)
      #expect(
        await LostCallRecoveryTests.eventually {
          await store.load(id)?.snapshot.navigation.description == "receipt"
        }, "finished by a later pass")
      return id
    }
    #expect(await ledger.successes(of: "confirmPayment", in: id) == 1, "charged once")
    let asked = point == .beforeAbandonRequest ? 1 : 2
    #expect(Self.metrics(metrics).contains(#"checkout_api_calls_abandoned_total{outcome="succeeded"} \#(asked)"#))
  }

  /// Dependencies as ``dependencies(store:clock:ledger:metrics:logger:)``'s, with `api` for the checkout API.
  static func dependencies(store: MemorySessionStore, clock: TestClock, api: any CheckoutAPI, metrics: ServerMetrics)
    -> AppDependencies
  {
    var dependencies = AppDependencies(
      logger: LostCallRecoveryTests.quiet, api: api, store: store, environment: ["CHECKOUT_DATA_KEY": testDataKey],
      sweepInterval: .milliseconds(50), metrics: metrics)
    dependencies.now = clock.reading
    return dependencies
  }

  @Test func aCallGivenUpUnansweredWhoseOrderWentThroughIsPlacedAfterTheTimeoutThenSwept() async throws {
    let (clock, ledger, metrics) = (TestClock(), InMemoryCallLedger(), ServerMetrics())
    let store = MemorySessionStore(now: clock.reading)
    let api = LossyAPI(ledger: ledger, lost: 1)
    let deps = Self.dependencies(store: store, clock: clock, api: api, metrics: metrics)
    let id = try await withApp(arguments: Self.arguments, dependencies: deps) { client -> SessionID in
      let id = SessionID(try await APICallTests.readyToOrder(client))
      let placed = try await client.tap(id.rawValue, "placeOrder")
      #expect(placed["effects"]?.effectLines == ["callAPI placeOrder unanswered", "offer stepTwo"], "\(placed.text)")
      #expect(await store.load(id)?.snapshot.unanswered?.map(\.key) == ["placeOrder-1"])
      // The shopper never took the retry offered: after the timeout the API says the order went through.
      clock.advance(601)
      #expect(
        await LostCallRecoveryTests.eventually {
          await store.load(id)?.snapshot.navigation.description == "confirmation"
        }, "the order is placed and its confirmation shown")
      #expect(await store.load(id)?.snapshot.unanswered == nil)
      clock.advance(61)
      #expect(await LostCallRecoveryTests.eventually { await store.load(id) == nil }, "swept as finished")
      return id
    }
    #expect(await ledger.successes(of: "placeOrder", in: id) == 1, "charged once")
    #expect(Self.metrics(metrics).contains(#"checkout_api_calls_abandoned_total{outcome="succeeded"} 1"#))
  }

  @Test func aCallGivenUpUnansweredThatNeverWentThroughIsForgottenThenSwept() async throws {
    let (clock, ledger, metrics) = (TestClock(), InMemoryCallLedger(), ServerMetrics())
    let store = MemorySessionStore(now: clock.reading)
    let api = SwitchedAPI(ledger: ledger)
    let deps = Self.dependencies(store: store, clock: clock, api: api, metrics: metrics)
    let id = try await withApp(arguments: Self.arguments, dependencies: deps) { client -> SessionID in
      let id = SessionID(try await APICallTests.readyToOrder(client))
      await api.set(down: true)
      _ = try await client.tap(id.rawValue, "placeOrder")
      #expect(await store.load(id)?.snapshot.unanswered?.map(\.key) == ["placeOrder-1"])
      clock.advance(601)
      // The API is still down: unknown, nothing changes, asked again next pass.
      #expect(await LostCallRecoveryTests.eventually { await api.keys.filter { $0.hasPrefix("abandon ") }.count >= 2 })
      #expect(await store.load(id)?.snapshot.unanswered?.map(\.key) == ["placeOrder-1"])
      await api.set(down: false)
      #expect(await LostCallRecoveryTests.eventually { await store.load(id)?.snapshot.unanswered == nil })
      return id
    }
    #expect(await ledger.successes(of: "placeOrder", in: id) == 0)
    #expect(Self.metrics(metrics).contains(#"checkout_api_calls_abandoned_total{outcome="failed"} 1"#))
    let sweeper = try SweepingTests.sweeper(store, idle: 3600, finished: 60)
    clock.advance(3601)
    #expect(await sweeper.sweep(now: clock.now) == 1, "no call left: swept as idle")
  }

  @Test func aReadWithinTheTimeoutPostponesTheAbandonment() async throws {
    let (clock, ledger, metrics) = (TestClock(), InMemoryCallLedger(), ServerMetrics())
    let store = MemorySessionStore(now: clock.reading)
    let deps = Self.dependencies(
      store: store, clock: clock, ledger: ledger, metrics: metrics, logger: LostCallRecoveryTests.quiet)
    try await withApp(arguments: Self.arguments, dependencies: deps) { client in
      let id = SessionID(try await ThreeDSecureTests.challenged(client, number: "4000 0027 6000 3184"))
      clock.advance(400)
      // The shopper's page reads the session while the bank's challenge is open.
      #expect(try await client.send(.get, "/sessions/\(id)").status == .ok)
      clock.advance(400)
      try await Task.sleep(for: .milliseconds(300))
      #expect(await store.load(id)?.snapshot.calls.count == 1, "read 400 s ago: not gone")
      #expect(Self.metrics(metrics).contains(#"checkout_api_calls_abandoned_total{outcome="failed"} 0"#))
      clock.advance(201)
      #expect(await LostCallRecoveryTests.eventually { await store.load(id)?.snapshot.calls.isEmpty == true })
    }
  }

  @Test func theMemoryStoreListsSessionsWaitingOnAnActionByTheirLastActivity() async throws {
    let clock = TestClock()
    let store = MemorySessionStore(now: clock.reading)
    let (onAction, onCall, givenUp) = try SweepingTests.waitingSnapshots()
    try await store.insert(onAction, id: "old")
    try await store.insert(onCall, id: "call")
    try await store.insert(givenUp, id: "unanswered")
    try await store.insert(onAction, id: "read")
    clock.advance(100)
    await store.touch("read")
    try await store.insert(onAction, id: "young")
    let listed = await store.sessionsLeftWaiting(inactiveBefore: clock.now.addingTimeInterval(-50), limit: 10)
    #expect(Set(listed.map(\.id)) == ["old", "unanswered"], "a read counts; a call waiting on an answer is not")
    #expect(listed.first?.lastActive != nil)
  }

  /// The refusals of 0, negative, NaN and too large are `OperatorStartupTests`'; an infinity too, and fractions pass.
  @Test func anAbandonAfterIsOverZeroAndAtMostAWeek() throws {
    var infinite = TestArguments()
    infinite.abandonAfter = .infinity
    #expect(throws: UsageError.self) { _ = try abandonAfter(of: infinite) }
    var fine = TestArguments()
    fine.abandonAfter = 0.5
    #expect(try abandonAfter(of: fine) == 0.5)
    #expect(try abandonAfter(of: TestArguments()) == 1800)
  }
}
