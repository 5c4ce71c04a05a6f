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
  func withStore<Value: Sendable>(_ body: @Sendable (PostgresSessionStore) async throws -> Value) async throws -> Value
  {
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
    return CheckoutSession(flow: try #require(catalog["plndr"]), today: try CalendarDate.parse("2026-11-21")).snapshot()
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
      // The suite runs serially, and alone against its database (server-postgres-check.sh
      // runs FlowChangeTests after it): no other test has a session to lose.
      let deleted = try await store.deleteSessions(savedBefore: between)
      #expect(deleted.contains(old))
      #expect(!deleted.contains(fresh))
      #expect(try await store.load(old) == nil)
      #expect(try await store.load(fresh)?.version == 1)
    }
  }

  @Test func theLedgerKeepsTheFirstAnswerOfAKeyAcrossClients() async throws {
    let session = SessionID("ledger-\(UUID().uuidString.lowercased())")
    let catalog = try FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: Logger(label: "test"))
    let compiled = try #require(catalog["plndr"])
    let request = CheckoutAPIRequest(
      session: session, flow: "plndr", operation: "placeOrder",
      payload: Payload(values: [:], masking: compiled.masking),
      key: "placeOrder-1")
    let first = CheckoutAPIOutcome.succeeded(["order.number": .string("PL-00000001")])
    let second = CheckoutAPIOutcome.failed([APIError(code: "card_declined", message: "Declined.")])
    try await withStore { store in
      let ledger = PostgresCallLedger(client: store.client, logger: Logger(label: "postgres-test"))
      #expect(try await ledger.answer(for: request.idempotencyKey) == nil)
      #expect(try await ledger.record(first, for: request) == first)
      #expect(try await ledger.record(second, for: request) == first, "a repeated key keeps its first answer")
      #expect(try await ledger.answer(for: request.idempotencyKey) == first)
      // Concurrent first calls with one key: one answer stands for all.
      let other = CheckoutAPIRequest(
        session: request.session, flow: request.flow, operation: request.operation, payload: request.payload,
        key: "placeOrder-2")
      let outcomes = try await withThrowingTaskGroup(of: CheckoutAPIOutcome.self) { group in
        for n in 0..<8 {
          group.addTask { try await ledger.record(n == 0 ? first : second, for: other) }
        }
        return try await group.reduce(into: [CheckoutAPIOutcome]()) { $0.append($1) }
      }
      #expect(Set(outcomes).count == 1)
    }
    // Another client (another instance) reads the same answer.
    try await withStore { store in
      let ledger = PostgresCallLedger(client: store.client, logger: Logger(label: "postgres-test"))
      let again = try await ledger.answer(for: request.idempotencyKey)
      #expect(again == first)
    }
  }

  @Test func concurrentUpdatesAreAllApplied() async throws {
    let snapshot = try Self.snapshot()
    let catalog = try FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: Logger(label: "test"))
    let compiled = try #require(catalog["plndr"])
    try await withStore { store in
      let id = SessionID("test-\(UUID().uuidString.lowercased())")
      try await store.insert(snapshot, id: id)
      // Only keys a row binds can be set: eight text keys, each set by three writers.
      let texts: [DataKey] = [
        "shipping.name", "shipping.street", "shipping.city", "shipping.state", "shipping.zip", "payment.card.name",
        "payment.card.expiry", "discount.code",
      ]
      let keys = texts + texts + texts
      try await withThrowingTaskGroup(of: Void.self) { group in
        for key in keys {
          group.addTask {
            _ = try await store.update(id, flow: compiled, attempts: 64) { $0.send(.set(.key(key), .string("v"))) }
          }
        }
        try await group.waitForAll()
      }
      let stored = try #require(try await store.load(id))
      #expect(stored.version == 1 + keys.count)
      #expect(texts.allSatisfy { stored.snapshot.data[$0.rawValue] == .string("v") })
    }
  }

  @Test func aThreeDSecurePaymentOnPostgresKeepsItsCallKeyAndIsChargedOnce() async throws {
    let url = try #require(Self.url)
    let id = try await withApp(
      dependencies: AppDependencies(environment: ["DATABASE_URL": url, "CHECKOUT_DATA_KEY": testDataKey])
    ) { client in
      let id = try await ThreeDSecureTests.challenged(client, number: "4000 0027 6000 3184")
      let paid = try await client.event(id, ThreeDSecureTests.completed("authenticated"))
      #expect(paid["effects"]?.effectLines == ["callAPI confirmPayment succeeded", "navigate reset receipt"])
      return id
    }
    try await withStore { store in
      let ledger = PostgresCallLedger(client: store.client, logger: Logger(label: "postgres-test"))
      #expect(try await ledger.answer(for: "\(id):confirmPayment-1") == .actionRequired("three_d_secure", [:]))
      let order = DemoCheckoutAPI.orderNumber(for: SessionID(id), flow: "express")
      #expect(
        try await ledger.answer(for: "\(id):confirmPayment-1/three_d_secure-1")
          == .succeeded(["order.number": .string(order)]))
      #expect(try await ledger.answer(for: "\(id):confirmPayment-2") == nil)
      let rows = try await store.client.query(
        "SELECT count(*)::int FROM api_calls WHERE session = \(id) AND status = 'succeeded'",
        logger: Logger(label: "postgres-test"))
      var charges = 0
      for try await count in rows.decode(Int.self) { charges = count }
      #expect(charges == 1)
    }
  }

  @Test func theCheckoutStoryOverHTTPOnPostgres() async throws {
    let url = try #require(Self.url)
    try await withApp(
      dependencies: AppDependencies(environment: ["DATABASE_URL": url, "CHECKOUT_DATA_KEY": testDataKey])
    ) { client in
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

  /// `jsonb` cannot hold `\u0000` (SQLSTATE 22P05): the store's refusal is the
  /// data's, not an outage, and over HTTP the server refuses the value before the
  /// store while `/ready` stays ready.
  @Test func aValuePostgreSQLCannotHoldIsRefusedDataNotAnOutage() async throws {
    let catalog = try FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: Logger(label: "test"))
    var session = CheckoutSession(flow: try #require(catalog["plndr"]), today: try CalendarDate.parse("2026-11-21"))
    let clean = session.snapshot()
    _ = session.send(.set(.key("shipping.name"), .string("Ada\u{0}Lovelace")))
    let nul = session.snapshot()
    try await withStore { store in
      let id = SessionID("test-\(UUID().uuidString.lowercased())")
      try await store.insert(clean, id: id)
      await #expect(throws: StoreRefusedData(id: id, sqlState: "22P05")) {
        try await store.save(nul, id: id, expectedVersion: 1)
      }
      #expect(try await store.load(id)?.version == 1)
    }
    let url = try #require(Self.url)
    try await withApp(
      dependencies: AppDependencies(environment: ["DATABASE_URL": url, "CHECKOUT_DATA_KEY": testDataKey])
    ) { client in
      let id = try await client.createSession()
      let refused = try await client.event(id, #""event":"set","key":"shipping.name","value":"Ada\u0000Lovelace""#)
      #expect(refused.status == .unprocessableContent, "\(refused.text)")
      #expect(refused["error"]?.string == "control_character")
      #expect(refused["at"]?.string == "value")
      #expect(try await client.send(.get, "/ready").status == .ok)
    }
  }
}
