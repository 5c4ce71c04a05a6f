import CheckoutEngine
import Foundation
import Synchronization

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
  /// Sessions with a call waiting for the API's answer (not on an action) that
  /// were last saved before `cutoff`, the oldest save first, at most `limit`
  /// (``LostCallRecovery``'s candidates).
  func sessionsWaitingOnCalls(savedBefore cutoff: Date, limit: Int) async throws -> [WaitingSession]
  /// Sessions with a call waiting on the shopper's action (3-D Secure) or given up
  /// unanswered whose last activity (save or recorded read) is before `cutoff`,
  /// the oldest first, at most `limit`, each with its last activity and calls
  /// (both kinds; ``LostCallRecovery``'s abandonments).
  func sessionsLeftWaiting(inactiveBefore cutoff: Date, limit: Int) async throws -> [WaitingSession]
  /// How many stored sessions wait on a call's answer, on a shopper's action, or
  /// hold a call given up unanswered (the gauges ``LostCallRecovery`` sets).
  func waitingCounts() async throws -> WaitingCounts
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
///
/// A class over one lock rather than an actor: every operation is a dictionary
/// read or write, so a request takes the lock for that long on the thread it runs
/// on, instead of hopping onto an actor's executor and back twice per event (a
/// hop that, with many connections, queues behind other requests and wakes
/// another thread). The methods stay `async`, as the protocols have them.
///
/// It holds at most ``maximumSessions``: `POST /sessions` starts anyone's checkout
/// without a credential, so without a cap one client could fill the process's
/// memory (some 1.5 KB a fresh session, 24 KB one filled to its 16 KiB of entered
/// values). Past it, a new session is 503 `too_many_sessions` (with `Retry-After`)
/// until the sweeper deletes idle ones; the sessions held go on as before.
final class MemorySessionStore: SweepableSessionStore, GuardedSessionStore {
  /// The cap without `--max-sessions`: some 2.4 GB of filled sessions at most.
  static let defaultMaximumSessions = 100_000

  private struct Entry {
    var stored: StoredSession
    var seenAt: Date
    var secretDigest: SecretDigest? = nil
    var lastActive: Date { max(stored.savedAt ?? .distantPast, seenAt) }
  }

  private let sessions = Mutex<[SessionID: Entry]>([:])
  /// Whether a sweep runs now (``asOnlySweeper(_:)``).
  private let sweeping = Mutex(false)
  private let now: @Sendable () -> Date
  /// The most sessions held at once (`--max-sessions`).
  let maximumSessions: Int

  /// An empty store; `now` is its clock.
  init(now: @escaping @Sendable () -> Date = { Date() }, maximumSessions: Int = defaultMaximumSessions) {
    self.now = now
    self.maximumSessions = maximumSessions
  }

  /// How many sessions are stored.
  var count: Int {
    get async { sessions.withLock { $0.count } }
  }

  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws {
    let time = now()
    let held = try sessions.withLock { sessions throws(SessionStoreError) -> Bool in
      guard sessions[id] == nil else { throw SessionStoreError(.duplicate, id: id) }
      guard sessions.count < maximumSessions else { return false }
      sessions[id] = Entry(stored: StoredSession(id: id, version: 1, snapshot: snapshot, savedAt: time), seenAt: time)
      return true
    }
    guard held else {
      throw ServerError(
        .serviceUnavailable, "too_many_sessions",
        "the server holds as many checkouts as it may (\(maximumSessions), --max-sessions); a new one can start "
          + "once idle ones are swept: try again shortly",
        at: "/sessions")
    }
  }

  func load(_ id: SessionID) async -> StoredSession? { sessions.withLock { $0[id]?.stored } }

  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
    let time = now()
    return try sessions.withLock { sessions throws(SessionStoreError) in
      guard let current = sessions[id]?.stored.version else { throw SessionStoreError(.notFound, id: id) }
      guard current == expectedVersion else { throw SessionStoreError(.conflict(current: current), id: id) }
      let version = expectedVersion + 1
      sessions[id]?.stored = StoredSession(id: id, version: version, snapshot: snapshot, savedAt: time)
      return version
    }
  }

  func deleteSessions(savedBefore cutoff: Date) async -> [SessionID] {
    let expired = sessions.withLock { sessions in
      let expired = sessions.values.filter { $0.lastActive < cutoff && !$0.stored.snapshot.hasCalls }.map(\.stored.id)
      for id in expired { sessions[id] = nil }
      return expired
    }
    return expired.sorted { $0.rawValue < $1.rawValue }
  }

  func touch(_ id: SessionID) async {
    let time = now()
    sessions.withLock { $0[id]?.seenAt = time }
  }

  func inactiveSessions(before cutoff: Date, limit: Int) async -> [InactiveSession] {
    sessions.withLock { sessions in
      sessions.values.filter { $0.lastActive < cutoff && !$0.stored.snapshot.hasCalls }
        .sorted { $0.lastActive < $1.lastActive }.prefix(limit)
        .map {
          InactiveSession(
            id: $0.stored.id, version: $0.stored.version, snapshot: $0.stored.snapshot, lastActive: $0.lastActive)
        }
    }
  }

  func delete(_ id: SessionID, version: Int, inactiveSince cutoff: Date) async -> Bool {
    sessions.withLock { sessions in
      guard let entry = sessions[id], entry.stored.version == version, entry.lastActive < cutoff else { return false }
      sessions[id] = nil
      return true
    }
  }

  func sessionIDs() async -> [SessionID] {
    sessions.withLock { Array($0.keys) }.sorted { $0.rawValue < $1.rawValue }
  }

  func sessionsWaitingOnCalls(savedBefore cutoff: Date, limit: Int) async -> [WaitingSession] {
    sessions.withLock { sessions in
      sessions.values.map(\.stored)
        .filter { $0.snapshot.waitsOnAnswer && ($0.savedAt ?? .distantPast) < cutoff }
        .sorted { ($0.savedAt ?? .distantPast) < ($1.savedAt ?? .distantPast) }.prefix(max(1, limit))
        .map { WaitingSession(id: $0.id, calls: $0.snapshot.calls) }
    }
  }

  func sessionsLeftWaiting(inactiveBefore cutoff: Date, limit: Int) async -> [WaitingSession] {
    sessions.withLock { sessions in
      sessions.values.filter { $0.stored.snapshot.leftWaiting && $0.lastActive < cutoff }
        .sorted { $0.lastActive < $1.lastActive }.prefix(max(1, limit))
        .map { entry in
          let snapshot = entry.stored.snapshot
          return WaitingSession(
            id: entry.stored.id, calls: snapshot.calls + (snapshot.unanswered ?? []), lastActive: entry.lastActive)
        }
    }
  }

  func waitingCounts() async -> WaitingCounts {
    sessions.withLock { sessions in
      WaitingCounts(snapshots: sessions.values.lazy.map(\.stored.snapshot))
    }
  }

  func recordSecret(_ digest: SecretDigest, for id: SessionID) async throws {
    try sessions.withLock { sessions throws(SessionStoreError) in
      guard sessions[id] != nil else { throw SessionStoreError(.notFound, id: id) }
      sessions[id]?.secretDigest = digest
    }
  }

  func secretDigest(for id: SessionID) async -> SecretDigest? { sessions.withLock { $0[id]?.secretDigest } }

  func loadGuarded(_ id: SessionID) async -> GuardedRead {
    sessions.withLock { sessions in
      let entry = sessions[id]
      return GuardedRead(stored: entry?.stored, digest: entry?.secretDigest)
    }
  }

  func asOnlySweeper<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T? {
    let claimed = sweeping.withLock { sweeping -> Bool in
      guard !sweeping else { return false }
      sweeping = true
      return true
    }
    guard claimed else { return nil }
    defer { sweeping.withLock { $0 = false } }
    return try await body()
  }
}
