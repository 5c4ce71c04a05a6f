import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// `update(loaded:)`: a host that has just read a session applies an event with
/// one read and one write, and reads again only when another writer won.
@Suite struct SessionStoreLoadedTests {
  /// The in-memory store, counting reads and writes.
  actor CountingStore: SessionStore {
    let base = InMemorySessionStore()
    var loads = 0
    var saves = 0

    func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws { try await base.insert(snapshot, id: id) }
    func load(_ id: SessionID) async throws -> StoredSession? {
      loads += 1
      return await base.load(id)
    }
    func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
      saves += 1
      return try await base.save(snapshot, id: id, expectedVersion: expectedVersion)
    }
    func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
      await base.deleteSessions(savedBefore: cutoff)
    }
  }

  static let compiled = SessionStoreConcurrencyTests.compiled

  @Test func aLoadedSessionIsNotReadAgain() async throws {
    let store = CountingStore()
    try await store.insert(CheckoutSession(flow: Self.compiled).snapshot(), id: "s1")
    let stored = try #require(try await store.load("s1"))
    #expect(stored.savedAt != nil)
    let (effects, version) = try await store.update("s1", flow: Self.compiled, loaded: stored) {
      $0.send(.tap("checkout"))
    }
    #expect(effects == [.navigate(.push("stepOne"))])
    #expect(version == 2)
    #expect(await store.loads == 1)
    #expect(await store.saves == 1)
  }

  @Test func aStaleLoadedSessionIsReadAgainAfterTheConflict() async throws {
    let store = CountingStore()
    try await store.insert(CheckoutSession(flow: Self.compiled).snapshot(), id: "s1")
    let stale = try #require(try await store.load("s1"))
    _ = try await store.update("s1", flow: Self.compiled) { $0.send(.tap("checkout")) }
    // The stale copy loses the race once, then the fresh read applies the event on version 2.
    let (effects, version) = try await store.update("s1", flow: Self.compiled, loaded: stale) {
      $0.send(.appeared("stepOne"))
    }
    #expect(effects == [])
    #expect(version == 3)
    #expect(await store.saves == 3)
    let final = try #require(try await store.load("s1"))
    #expect(final.snapshot.navigation.description == "cart>stepOne")
  }

  @Test func aLoadedSessionOfAnotherIdIsIgnored() async throws {
    let store = CountingStore()
    try await store.insert(CheckoutSession(flow: Self.compiled).snapshot(), id: "s1")
    try await store.insert(CheckoutSession(flow: Self.compiled).snapshot(), id: "s2")
    let other = try #require(try await store.load("s2"))
    _ = try await store.update("s1", flow: Self.compiled, loaded: other) { $0.send(.tap("checkout")) }
    #expect(try await store.load("s1")?.version == 2)
    #expect(try await store.load("s2")?.version == 1)
  }
}
