import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PostgresNIO
import Testing

@testable import CheckoutServer

/// The PostgreSQL store against a real database. Runs when
/// `CHECKOUT_TEST_DATABASE_URL` names one (`Examples/server-postgres-check.sh`
/// sets it); skipped otherwise.
private let testDatabaseURL = ProcessInfo.processInfo.environment["CHECKOUT_TEST_DATABASE_URL"].flatMap {
  $0.isEmpty ? nil : $0
}

@Suite(.serialized, .enabled(if: testDatabaseURL != nil, "set CHECKOUT_TEST_DATABASE_URL to run against PostgreSQL"))
struct PostgresStoreTests {
  static let url = testDatabaseURL

  /// Runs `body` with a store whose client is running.
  func withStore<Value: Sendable>(_ body: @Sendable (PostgresSessionStore) async throws -> Value) async throws -> Value {
    let store = try PostgresSessionStore(url: try #require(Self.url), logger: Logger(label: "postgres-test"))
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await store.client.run() }
      defer { group.cancelAll() }
      try await store.createSchema()
      return try await body(store)
    }
  }

  static func snapshot() throws -> SessionSnapshot {
    let catalog = try FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: Logger(label: "test"))
    return CheckoutSession(flow: try #require(catalog["plndr"]), today: CalendarDate(parsing: "2026-11-21")).snapshot()
  }

  @Test func insertLoadSaveWithOptimisticConcurrency() async throws {
    let snapshot = try Self.snapshot()
    try await withStore { store in
      let id = SessionID("test-\(UUID().uuidString.lowercased())")
      #expect(try await store.load(id) == nil)
      try await store.insert(snapshot, id: id)
      await #expect(throws: SessionStoreError(.duplicate, id: id)) { try await store.insert(snapshot, id: id) }
      let stored = try #require(try await store.load(id))
      #expect(stored.version == 1)
      #expect(stored.snapshot == snapshot)
      #expect(try await store.save(snapshot, id: id, expectedVersion: 1) == 2)
      await #expect(throws: SessionStoreError(.conflict(current: 2), id: id)) {
        try await store.save(snapshot, id: id, expectedVersion: 1)
      }
      let missing = SessionID("missing-\(UUID().uuidString)")
      await #expect(throws: SessionStoreError(.notFound, id: missing)) {
        try await store.save(snapshot, id: missing, expectedVersion: 1)
      }
    }
  }

  @Test func sessionsNotSavedSinceACutoffAreDeleted() async throws {
    let snapshot = try Self.snapshot()
    try await withStore { store in
      let old = SessionID("test-\(UUID().uuidString.lowercased())")
      let fresh = SessionID("test-\(UUID().uuidString.lowercased())")
      try await store.insert(snapshot, id: old)
      try await Task.sleep(for: .milliseconds(50))
      let between = Date()
      try await Task.sleep(for: .milliseconds(50))
      try await store.insert(snapshot, id: fresh)
      // The suite runs serially: no other test of it has a session to lose.
      let deleted = try await store.deleteSessions(savedBefore: between)
      #expect(deleted.contains(old))
      #expect(!deleted.contains(fresh))
      #expect(try await store.load(old) == nil)
      #expect(try await store.load(fresh)?.version == 1)
    }
  }

  @Test func concurrentUpdatesAreAllApplied() async throws {
    let snapshot = try Self.snapshot()
    let catalog = try FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: Logger(label: "test"))
    let compiled = try #require(catalog["plndr"])
    try await withStore { store in
      let id = SessionID("test-\(UUID().uuidString.lowercased())")
      try await store.insert(snapshot, id: id)
      let keys = (0..<24).map { "test.key\($0)" }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for key in keys {
          group.addTask {
            _ = try await store.update(id, flow: compiled, attempts: 64) { $0.send(.set(key, .string("v"))) }
          }
        }
        try await group.waitForAll()
      }
      let stored = try #require(try await store.load(id))
      #expect(stored.version == 1 + keys.count)
      #expect(keys.allSatisfy { stored.snapshot.data[$0] == .string("v") })
    }
  }

  @Test func theCheckoutStoryOverHTTPOnPostgres() async throws {
    let url = try #require(Self.url)
    try await withApp(dependencies: AppDependencies(environment: ["DATABASE_URL": url])) { client in
      let id = try await client.createSession()
      try await client.open(id, "checkout", "stepOne")
      try await CheckoutStoryTests.fillAddressAndCard(client, id, card: "4000000000000069", cvv: "123")
      try await client.open(id, "continue", "stepTwo")
      let placed = try await client.tap(id, "placeOrder")
      #expect(placed["effects"]?.effectLines == ["callAPI placeOrder failed", "offer creditCard.expiry"])
      let stale = try await client.event(id, #""event":"accept","expectedVersion":1"#)
      #expect(stale.status == .conflict)
      #expect(stale["version"]?.int == placed["version"]?.int)
    }
  }
}
