import CheckoutEngine
import Foundation

/// A stored session the sweeper may consider: no call in flight, waiting or
/// unanswered, and no save or read since `lastActive`.
struct InactiveSession: Sendable {
  var id: SessionID
  var version: Int
  /// The stored snapshot (sealed values still sealed).
  var snapshot: SessionSnapshot
  /// The later of its last save and its last recorded read.
  var lastActive: Date
}

/// What the sweeper, reads and `--reseal` need of a store beyond the library's
/// ``SessionStore``: reads recorded as activity, inactive sessions listed with their
/// snapshots, a delete that loses to any save since, every id, and one sweeper at
/// a time across instances.
protocol SweepableSessionStore: SessionStore {
  /// Records a read of `id` now, without changing its version or snapshot.
  func touch(_ id: SessionID) async throws
  /// Sessions with no call in flight, waiting or unanswered whose last activity
  /// is before `cutoff`, the oldest first, at most `limit`.
  func inactiveSessions(before cutoff: Date, limit: Int) async throws -> [InactiveSession]
  /// Deletes `id` if it is still at `version` and not active since `cutoff`;
  /// whether it was deleted.
  func delete(_ id: SessionID, version: Int, inactiveSince cutoff: Date) async throws -> Bool
  /// Every stored session's id.
  func sessionIDs() async throws -> [SessionID]
  /// Runs `body` as the only sweeper of the store (across instances); nil, without
  /// running it, while another holds the sweep.
  func asOnlySweeper<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T?
}

extension SessionSnapshot {
  /// Whether a call is in flight, waiting for an action, or unanswered.
  var hasCalls: Bool { !calls.isEmpty || !(unanswered ?? []).isEmpty }
}

/// The server's memory store: the library's semantics (optimistic concurrency),
/// plus what the sweeper needs, with a clock a test can move, and each session's
/// secret digest in its entry, so a swept session takes its digest with it.
actor MemorySessionStore: SweepableSessionStore, GuardedSessionStore {
  private struct Entry {
    var stored: StoredSession
    var seenAt: Date
    var secretDigest: SecretDigest? = nil
    var lastActive: Date { max(stored.savedAt ?? .distantPast, seenAt) }
  }

  private var sessions: [SessionID: Entry] = [:]
  private var sweeping = false
  private let now: @Sendable () -> Date

  /// An empty store; `now` is its clock.
  init(now: @escaping @Sendable () -> Date = { Date() }) {
    self.now = now
  }

  /// How many sessions are stored.
  var count: Int { sessions.count }

  func insert(_ snapshot: SessionSnapshot, id: SessionID) throws {
    guard sessions[id] == nil else { throw SessionStoreError(.duplicate, id: id) }
    let time = now()
    sessions[id] = Entry(stored: StoredSession(id: id, version: 1, snapshot: snapshot, savedAt: time), seenAt: time)
  }

  func load(_ id: SessionID) -> StoredSession? { sessions[id]?.stored }

  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) throws -> Int {
    guard let current = sessions[id] else { throw SessionStoreError(.notFound, id: id) }
    guard current.stored.version == expectedVersion else {
      throw SessionStoreError(.conflict(current: current.stored.version), id: id)
    }
    let version = expectedVersion + 1
    sessions[id]?.stored = StoredSession(id: id, version: version, snapshot: snapshot, savedAt: now())
    return version
  }

  func deleteSessions(savedBefore cutoff: Date) -> [SessionID] {
    let expired = sessions.values.filter { $0.lastActive < cutoff && !$0.stored.snapshot.hasCalls }.map(\.stored.id)
    for id in expired { sessions[id] = nil }
    return expired.sorted { $0.rawValue < $1.rawValue }
  }

  func touch(_ id: SessionID) {
    sessions[id]?.seenAt = now()
  }

  func inactiveSessions(before cutoff: Date, limit: Int) -> [InactiveSession] {
    sessions.values.filter { $0.lastActive < cutoff && !$0.stored.snapshot.hasCalls }
      .sorted { $0.lastActive < $1.lastActive }.prefix(limit)
      .map {
        InactiveSession(
          id: $0.stored.id, version: $0.stored.version, snapshot: $0.stored.snapshot, lastActive: $0.lastActive)
      }
  }

  func delete(_ id: SessionID, version: Int, inactiveSince cutoff: Date) -> Bool {
    guard let entry = sessions[id], entry.stored.version == version, entry.lastActive < cutoff else { return false }
    sessions[id] = nil
    return true
  }

  func sessionIDs() -> [SessionID] { sessions.keys.sorted { $0.rawValue < $1.rawValue } }

  func recordSecret(_ digest: SecretDigest, for id: SessionID) throws {
    guard sessions[id] != nil else { throw SessionStoreError(.notFound, id: id) }
    sessions[id]?.secretDigest = digest
  }

  func secretDigest(for id: SessionID) -> SecretDigest? { sessions[id]?.secretDigest }

  func loadGuarded(_ id: SessionID) -> GuardedRead {
    let entry = sessions[id]
    return GuardedRead(stored: entry?.stored, digest: entry?.secretDigest)
  }

  func asOnlySweeper<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T? {
    guard !sweeping else { return nil }
    sweeping = true
    defer { sweeping = false }
    return try await body()
  }
}
