import CheckoutEngine
import Foundation
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// Key rotation and sweeping on PostgreSQL (part of ``PostgresStoreTests``, so
/// they run when `CHECKOUT_TEST_DATABASE_URL` names a database, one at a time).
extension PostgresStoreTests {
  @Test func rotationOnPostgresReadsOldKeysRefusesUnknownOnesAndReseals() async throws {
    let catalog = try KeyRotationTests.catalog()
    let snapshot = try KeyRotationTests.snapshotWithCard(catalog)
    try await withStore { store in
      let ids = (0..<3).map { _ in SessionID("rotate-\(UUID().uuidString.lowercased())") }
      let k1 = try KeyRotationTests.sealing(store, catalog, current: KeyRotationTests.k1)
      for id in ids { try await k1.insert(snapshot, id: id) }
      // K2 current, K1 old: opens.
      let rotated = try KeyRotationTests.sealing(
        store, catalog, current: KeyRotationTests.k2, old: [KeyRotationTests.k1])
      #expect(try await rotated.load(ids[0])?.snapshot.data["payment.card.number"] == .string(KeyRotationTests.number))
      // K2 only: refused, the row untouched.
      let k2Only = try KeyRotationTests.sealing(store, catalog, current: KeyRotationTests.k2)
      let before = try await store.load(ids[1])
      await #expect(throws: ServerError.self) { try await k2Only.load(ids[1]) }
      #expect(try await store.load(ids[1]) == before)
      // Reseal: every one moves to K2, which alone then opens them.
      // (Other sessions in the database, sealed with another key, are counted unreadable and left.)
      let report = try await reseal(store, sealing: rotated, logger: KeyRotationTests.quiet)
      #expect(report.resealed >= 3)
      for id in ids {
        #expect(try await k2Only.load(id)?.snapshot.data["payment.card.number"] == .string(KeyRotationTests.number))
      }
    }
  }

  @Test func theSweeperOnPostgresSparesCallsAndReadSessionsAndSweepsAlone() async throws {
    var withCall = try Self.snapshot()
    withCall.calls = [APICall(operation: "placeOrder", key: "placeOrder-1", then: nil)]
    let busy = withCall
    try await withStore { store in
      try await withStore { other in
        let (inFlight, read, idle) = (
          SessionID("sweep-\(UUID().uuidString)"), SessionID("sweep-\(UUID().uuidString)"),
          SessionID("sweep-\(UUID().uuidString)")
        )
        try await store.insert(busy, id: inFlight)
        try await store.insert(try Self.snapshot(), id: read)
        try await store.insert(try Self.snapshot(), id: idle)
        try await Task.sleep(for: .milliseconds(1500))
        try await store.touch(read)
        let handler = InMemoryLogHandler()
        let sweeper = try SweepingTests.sweeper(
          store, idle: 1, finished: 1, logger: Logger(label: "sweep-test") { _ in handler })
        // While one instance holds the sweep, another's pass does nothing.
        let during = try await store.asOnlySweeper {
          try await SweepingTests.sweeper(other, idle: 1, finished: 1).sweep()
        }
        #expect(during == 0)
        #expect(try await store.load(idle) != nil)
        let swept = await sweeper.sweep()
        #expect(swept >= 1)
        #expect(try await store.load(idle) == nil)
        // One line per session swept, with why (other sessions in the database may go too).
        let lines = LogTests.lines(handler).filter { $0.hasPrefix("info session swept ") }
        #expect(lines.count == swept, "\(lines)")
        #expect(lines.contains { $0.contains("reason=idle") && $0.contains("session=sweep-") }, "\(lines)")
        #expect(try await store.load(read) != nil, "read within the timeout")
        #expect(try await store.load(inFlight) != nil, "a call in flight is never swept")
        #expect(await sweeper.sweep(now: Date().addingTimeInterval(3600)) >= 1)
        #expect(try await store.load(inFlight) != nil)
      }
    }
  }
}
