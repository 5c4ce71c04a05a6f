import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Synchronization
import Testing

@testable import CheckoutServer

/// A clock a test moves by hand.
final class TestClock: Sendable {
  private let time = Mutex(Date())
  var now: Date { time.withLock { $0 } }
  func advance(_ seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
  var reading: @Sendable () -> Date { { [self] in now } }
}

/// The sweeper never strands an order: sessions with calls stay, reads count as
/// activity, finished orders have their own retention, and the timeouts are checked.
@Suite struct SweepingTests {
  static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

  static func sweeper(
    _ store: any SessionStore, idle: Int = 60, finished: Int = 10, logger: Logger = quiet
  ) throws -> SessionSweeper {
    SessionSweeper(
      store: store, catalog: try FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: quiet),
      vault: SecretVault(), idleTimeout: .seconds(idle), finishedRetention: .seconds(finished), interval: .seconds(1),
      metrics: ServerMetrics(), logger: logger)
  }

  /// A session of each kind the sweeper and the lost-call pass tell apart: a call
  /// waiting on the shopper's action, one waiting on the API's answer, and one given
  /// up unanswered (each on a plndr cart, `placeOrder-1`).
  static func waitingSnapshots() throws -> (
    onAction: SessionSnapshot, onCall: SessionSnapshot, givenUp: SessionSnapshot
  ) {
    var onAction = try snapshot()
    onAction.calls = [try LostCallRecoveryTests.actionCall()]
    var onCall = try snapshot()
    onCall.calls = [APICall(operation: "placeOrder", key: "placeOrder-1", then: nil)]
    var givenUp = try snapshot()
    givenUp.unanswered = [APICall(operation: "placeOrder", key: "placeOrder-1", then: nil)]
    return (onAction, onCall, givenUp)
  }

  static func snapshot() throws -> SessionSnapshot {
    let catalog = try FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: quiet)
    return CheckoutSession(flow: try #require(catalog["plndr"]), today: try CalendarDate.parse("2026-11-21")).snapshot()
  }

  @Test func aSweptSessionTakesItsSecretsDigestWithIt() async throws {
    let store = MemorySessionStore()
    try await store.insert(try Self.snapshot(), id: "swept")
    try await store.recordSecret(SecretDigest(of: "s3cret"), for: "swept")
    #expect(await store.secretDigest(for: "swept") == SecretDigest(of: "s3cret"))
    #expect(await store.delete("swept", version: 1, inactiveSince: .distantFuture))
    #expect(await store.secretDigest(for: "swept") == nil)
    await #expect(throws: SessionStoreError.self) { try await store.recordSecret(SecretDigest(of: "x"), for: "swept") }
  }

  @Test func aSessionWithACallInFlightOrUnansweredIsNeverSwept() async throws {
    let clock = TestClock()
    let store = MemorySessionStore(now: clock.reading)
    let (_, inFlight, unanswered) = try Self.waitingSnapshots()
    try await store.insert(inFlight, id: "in-flight")
    try await store.insert(unanswered, id: "unanswered")
    try await store.insert(try Self.snapshot(), id: "idle")
    clock.advance(3600)
    let sweeper = try Self.sweeper(store)
    #expect(await sweeper.sweep(now: clock.now) == 1)
    #expect(await store.sessionIDs() == ["in-flight", "unanswered"])
  }

  /// One batch a pass capped what a pass could delete: a store taking more new
  /// checkouts than that grew without end, all of them idle.
  @Test func onePassSweepsEveryIdleSessionBatchAfterBatch() async throws {
    let clock = TestClock()
    let store = MemorySessionStore(now: clock.reading)
    for index in 0..<8 { try await store.insert(try Self.snapshot(), id: SessionID("idle-\(index)")) }
    clock.advance(3600)
    for index in 0..<4 { try await store.insert(try Self.snapshot(), id: SessionID("young-\(index)")) }
    var sweeper = try Self.sweeper(store)
    sweeper.batch = 3
    #expect(await sweeper.sweep(now: clock.now) == 8)
    #expect(await store.sessionIDs() == (0..<4).map { SessionID("young-\($0)") })
    #expect(await sweeper.sweep(now: clock.now) == 0, "a pass with nothing to delete ends")
  }

  @Test func readsCountAsActivityWithoutAWritePerRead() async throws {
    let clock = TestClock()
    let store = MemorySessionStore(now: clock.reading)
    let activity = ReadActivity(store: store, threshold: 15, logger: Self.quiet, now: clock.reading)
    try await store.insert(try Self.snapshot(), id: "read")
    try await store.insert(try Self.snapshot(), id: "left")
    let sweeper = try Self.sweeper(store, idle: 60)
    // Read every half second for three idle timeouts.
    for _ in 0..<360 {
      clock.advance(0.5)
      await activity.read(try #require(await store.load("read")))
    }
    #expect(await sweeper.sweep(now: clock.now) == 1)
    #expect(await store.sessionIDs() == ["read"])
    #expect(await store.load("read")?.version == 1, "reads never save")
    clock.advance(61)
    #expect(await sweeper.sweep(now: clock.now) == 1, "swept once nobody reads it")
  }

  /// Two sessions of the first story checkout on a server with `dependencies`:
  /// one whose order is placed, one ready to submit and left open.
  static func placedOrderAndOpenCheckout(_ dependencies: AppDependencies) async throws -> (
    placed: String, open: String
  ) {
    let checkout = StoryCheckout.all[0]
    return try await withApp(dependencies: dependencies) { client -> (String, String) in
      let placed = try await checkout.readyToSubmit(client, number: "4242 4242 4242 4242")
      try await checkout.submitAndExpectTheOrderPlaced(client, placed)
      return (placed, try await checkout.readyToSubmit(client, number: "4242 4242 4242 4242"))
    }
  }

  @Test func finishedOrdersGoAfterTheirOwnRetentionAndOthersAfterTheIdleTimeout() async throws {
    let clock = TestClock()
    let store = MemorySessionStore(now: clock.reading)
    let dependencies = AppDependencies(logger: Self.quiet, store: store, environment: [:])
    let (placed, open) = try await Self.placedOrderAndOpenCheckout(dependencies)
    let sweeper = try Self.sweeper(store, idle: 60, finished: 10)
    clock.advance(5)
    #expect(await sweeper.sweep(now: clock.now) == 0)
    clock.advance(6)
    #expect(await sweeper.sweep(now: clock.now) == 1)
    #expect(await store.sessionIDs() == [SessionID(open)], "the finished order \(placed) went first")
    clock.advance(50)
    #expect(await sweeper.sweep(now: clock.now) == 1)
    #expect(await store.count == 0)
  }

  @Test func eachSweptSessionIsLoggedWithItsIdAndWhy() async throws {
    let clock = TestClock()
    let store = MemorySessionStore(now: clock.reading)
    let dependencies = AppDependencies(logger: Self.quiet, store: store, environment: [:])
    let (placed, open) = try await Self.placedOrderAndOpenCheckout(dependencies)
    let handler = InMemoryLogHandler()
    let sweeper = try Self.sweeper(
      store, idle: 60, finished: 10, logger: Logger(label: "sweep-test") { _ in handler })
    clock.advance(11)
    #expect(await sweeper.sweep(now: clock.now) == 1)
    clock.advance(50)
    #expect(await sweeper.sweep(now: clock.now) == 1)
    let lines = LogTests.lines(handler)
    let swept = lines.filter { $0.hasPrefix("info session swept ") }
    #expect(swept.count == 2, "\(lines)")
    #expect(swept.first?.contains("session=\(placed)") == true, "\(swept)")
    #expect(swept.first?.contains("reason=finished") == true, "\(swept)")
    #expect(swept.first?.contains("finishedBy=placeOrder") == true, "\(swept)")
    #expect(swept.last?.contains("session=\(open)") == true, "\(swept)")
    #expect(swept.last?.contains("reason=idle") == true, "\(swept)")
    #expect(swept.last?.contains("finishedBy") == false, "\(swept)")
    #expect(lines.filter { $0.hasPrefix("info sessions swept count=1") }.count == 2, "\(lines)")
  }

  @Test func aStoreSweptByItsLastSaveLogsEachSessionAsIdle() async throws {
    let handler = InMemoryLogHandler()
    let store = LastSaveOnlyStore()
    try await store.insert(try Self.snapshot(), id: "only-by-save")
    let sweeper = try Self.sweeper(store, logger: Logger(label: "sweep-test") { _ in handler })
    #expect(await sweeper.sweep(now: Date().addingTimeInterval(3600)) == 1)
    #expect(
      LogTests.lines(handler).contains { $0.hasPrefix("info session swept reason=idle session=only-by-save") },
      "\(LogTests.lines(handler))")
  }

  @Test func oneSweeperAtATime() async throws {
    let store = MemorySessionStore()
    let inner = try await store.asOnlySweeper { try await store.asOnlySweeper { 1 } }
    #expect(inner == .some(nil), "a second sweeper is refused while the first sweeps")
    #expect(try await store.asOnlySweeper { 2 } == 2, "and runs once it is done")
  }

  @Test(arguments: [(5, 10.0), (10, 10.0), (1, 1.5)])
  func anIdleTimeoutNotOverTheCallTimeoutIsRefusedAtStart(_ idle: Int, _ call: Double) async throws {
    var arguments = TestArguments()
    arguments.idleTimeout = idle
    arguments.callTimeout = call
    do {
      _ = try await buildApplication(arguments, dependencies: AppDependencies(logger: Self.quiet, environment: [:]))
      Issue.record("--idle-timeout \(idle) was accepted beside --call-timeout \(call)")
    } catch let error as UsageError {
      #expect(error.description.hasPrefix("--idle-timeout (\(idle) s) must exceed --call-timeout"), "\(error)")
    }
  }

  @Test func aFinishedRetentionOverTheIdleTimeoutIsRefused() async throws {
    var arguments = TestArguments()
    arguments.idleTimeout = 60
    arguments.finishedRetention = 61
    await #expect(throws: UsageError.self) {
      _ = try await buildApplication(arguments, dependencies: AppDependencies(logger: Self.quiet, environment: [:]))
    }
  }
}

/// A store with the library's operations only: swept by its last save
/// (`deleteSessions(savedBefore:)`), as a store an embedding program gives is.
private final class LastSaveOnlyStore: SessionStore {
  let inner = InMemorySessionStore()
  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws { try await inner.insert(snapshot, id: id) }
  func load(_ id: SessionID) async throws -> StoredSession? { await inner.load(id) }
  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
    try await inner.save(snapshot, id: id, expectedVersion: expectedVersion)
  }
  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
    await inner.deleteSessions(savedBefore: cutoff)
  }
}
