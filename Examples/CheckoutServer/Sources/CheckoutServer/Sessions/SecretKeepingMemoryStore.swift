import CheckoutEngine
import Foundation
import Synchronization

/// A session store kept in memory, with the digest of each session's secret beside
/// it: digests are forgotten with the sessions the sweeper deletes. Two servers
/// sharing a memory store (tests) share one of these.
final class SecretKeepingMemoryStore: GuardedSessionStore {
  /// The store the sessions are in.
  let base: any SessionStore
  private let digests = Mutex([SessionID: SecretDigest]())

  init(base: any SessionStore = InMemorySessionStore()) {
    self.base = base
  }

  func recordSecret(_ digest: SecretDigest, for id: SessionID) async throws {
    digests.withLock { $0[id] = digest }
  }

  func secretDigest(for id: SessionID) async throws -> SecretDigest? {
    digests.withLock { $0[id] }
  }

  /// The digest from the map, then the session from the store it wraps.
  func loadGuarded(_ id: SessionID) async throws -> GuardedRead {
    let digest = digests.withLock { $0[id] }
    return GuardedRead(stored: try await base.load(id), digest: digest)
  }

  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws {
    try await base.insert(snapshot, id: id)
  }

  func load(_ id: SessionID) async throws -> StoredSession? {
    try await base.load(id)
  }

  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
    try await base.save(snapshot, id: id, expectedVersion: expectedVersion)
  }

  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
    let deleted = try await base.deleteSessions(savedBefore: cutoff)
    digests.withLock { digests in
      for id in deleted { digests.removeValue(forKey: id) }
    }
    return deleted
  }
}
