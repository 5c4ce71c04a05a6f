import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import CheckoutServer

/// How many times each of a store's reads and writes was called.
struct StoreCalls: Equatable, Sendable {
  var guardedReads = 0
  var loads = 0
  var digestReads = 0
  var saves = 0
}

/// The server's memory store, counting its calls; `oneRead` false hides its
/// combined read, as a store that keeps digests apart from sessions would.
class CountingStore: SessionStore, SessionSecretStore, @unchecked Sendable {
  let base = MemorySessionStore()
  private let counts = Mutex(StoreCalls())
  var calls: StoreCalls { counts.withLock { $0 } }

  func reset() { counts.withLock { $0 = StoreCalls() } }
  func count(_ change: (inout StoreCalls) -> Void) { counts.withLock { change(&$0) } }

  func recordSecret(_ digest: SecretDigest, for id: SessionID) async throws {
    try await base.recordSecret(digest, for: id)
  }
  func secretDigest(for id: SessionID) async throws -> SecretDigest? {
    count { $0.digestReads += 1 }
    return await base.secretDigest(for: id)
  }
  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws { try await base.insert(snapshot, id: id) }
  func load(_ id: SessionID) async throws -> StoredSession? {
    count { $0.loads += 1 }
    return await base.load(id)
  }
  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
    count { $0.saves += 1 }
    return try await base.save(snapshot, id: id, expectedVersion: expectedVersion)
  }
  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
    await base.deleteSessions(savedBefore: cutoff)
  }
}

/// A ``CountingStore`` that reads a session and its digest at once.
final class CountingGuardedStore: CountingStore, GuardedSessionStore, @unchecked Sendable {
  func loadGuarded(_ id: SessionID) async throws -> GuardedRead {
    count { $0.guardedReads += 1 }
    return await base.loadGuarded(id)
  }
}

/// The session guard reads a session with its secret's digest, and an admitted
/// request goes on with that read: one read and one write per event, whether the
/// secret is right, wrong or missing, or the id unknown.
@Suite struct GuardedReadTests {
  static func dependencies(_ store: CountingStore) -> AppDependencies {
    AppDependencies(
      logger: Logger(label: "guarded-read-test") { _ in SwiftLogNoOpLogHandler() }, store: store, environment: [:])
  }

  @Test func anEventIsOneReadOfTheSessionWithItsDigestAndOneSave() async throws {
    let store = CountingGuardedStore()
    try await withApp(dependencies: Self.dependencies(store)) { client in
      let id = try await client.createSession()
      store.reset()
      let set = try await client.set(id, "quantity", "3")
      #expect(set.status == .ok, "\(set.text)")
      #expect(store.calls == StoreCalls(guardedReads: 1, saves: 1))
      store.reset()
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown.status == .ok)
      #expect(shown["version"]?.int == 2)
      #expect(store.calls == StoreCalls(guardedReads: 1))
    }
  }

  @Test func aWrongMissingOrUnknownCredentialCostsTheSameOneRead() async throws {
    let store = CountingGuardedStore()
    try await withApp(dependencies: Self.dependencies(store)) { client in
      let id = try await client.createSession()
      let attempts: [(String, HTTPFields)] = [
        (id, [.authorization: "Bearer \(SessionSecret.random().text)"]),
        (id, [.authorization: "Basic abc"]),
        (UUID().uuidString.lowercased(), [.authorization: "Bearer \(SessionSecret.random().text)"]),
      ]
      for (target, headers) in attempts {
        store.reset()
        let refused = try await client.send(
          .post, "/sessions/\(target)/events", body: #"{"event":"set","row":"quantity","value":"2"}"#,
          headers: headers)
        #expect(refused.status == .notFound)
        #expect(refused["error"]?.string == "unknown_session")
        #expect(store.calls == StoreCalls(guardedReads: 1))
      }
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown["version"]?.int == 1, "a refused event changed nothing")
    }
  }

  @Test func aStoreKeepingDigestsApartIsReadTwiceTheDigestFirst() async throws {
    let store = CountingStore()
    try await withApp(dependencies: Self.dependencies(store)) { client in
      let id = try await client.createSession()
      store.reset()
      let set = try await client.set(id, "quantity", "4")
      #expect(set.status == .ok, "\(set.text)")
      #expect(store.calls == StoreCalls(loads: 1, digestReads: 1, saves: 1))
      store.reset()
      let refused = try await client.send(.get, "/sessions/\(id)", presentingSecret: false)
      #expect(refused.status == .notFound)
      #expect(store.calls == StoreCalls(loads: 1, digestReads: 1))
    }
  }
}
