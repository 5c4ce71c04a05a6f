import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import Foundation

/// The id a host gives a stored session (a UUID string in the example server).
public struct SessionID: StringIdentifier {
  public let rawValue: String
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A stored session: its snapshot and the version optimistic concurrency checks.
public struct StoredSession: Hashable, Sendable {
  /// The session's id.
  public var id: SessionID
  /// Starts at 1 and grows by one with every save.
  public var version: Int
  /// The session's state (no secrets).
  public var snapshot: SessionSnapshot
  /// When this version was inserted or saved, by the store's clock: how long a
  /// call the snapshot shows waiting has waited, at most. A store must record it
  /// with every version and return it from ``SessionStore/load(_:)``. nil means
  /// unknown, and a ``CallCoordinator`` refuses to guess: `handle`,
  /// `recoverLostCalls` and `recover` throw (`unavailable`) rather than make a
  /// waiting call again at once (it may still be in flight on another request or
  /// instance) or never (the shopper would wait forever).
  public var savedAt: Date?

  /// Creates a stored session.
  public init(id: SessionID, version: Int, snapshot: SessionSnapshot, savedAt: Date? = nil) {
    self.id = id
    self.version = version
    self.snapshot = snapshot
    self.savedAt = savedAt
  }
}

/// Why a store refused.
public struct SessionStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of refusal.
  public enum Kind: Hashable, Sendable {
    /// Another writer saved first; the stored version is `current`.
    case conflict(current: Int)
    /// No session has the id.
    case notFound
    /// A session already has the id.
    case duplicate
    /// The store itself failed (a database error), with its text.
    case unavailable(String)
  }

  /// What went wrong.
  public var kind: Kind
  /// The session concerned.
  public var id: SessionID

  /// Creates the error.
  public init(_ kind: Kind, id: SessionID) {
    self.kind = kind
    self.id = id
  }

  public var description: String {
    switch kind {
    case .conflict(let current): return "session \(id) was changed by another writer (now version \(current))"
    case .notFound: return "no session \(id)"
    case .duplicate: return "a session \(id) exists already"
    case .unavailable(let reason): return "the session store failed: \(reason)"
    }
  }
}

/// Where a server keeps sessions, with optimistic concurrency: `save` names the
/// version it read and fails with a conflict when another writer saved since.
///
/// A store records, with each version, when it was inserted or saved, and returns
/// it as ``StoredSession/savedAt``: a ``CallCoordinator`` takes a call as lost only
/// once it has waited ``CallCoordinator/callTimeout`` since then, and
/// `deleteSessions(savedBefore:)` reads the same time.
///
/// ```swift
/// let store = InMemorySessionStore()
/// try await store.insert(session.snapshot(), id: "s1")                 // version 1
/// let stored = try await store.load("s1")
/// try await store.save(next.snapshot(), id: "s1", expectedVersion: 1)   // version 2
/// ```
public protocol SessionStore: Sendable {
  /// Stores a new session at version 1; fails if the id is taken.
  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws
  /// The session and its version, or nil; with ``StoredSession/savedAt``, when
  /// that version was saved (required: a ``CallCoordinator`` times a waiting call
  /// from it, and throws for a session returned without it).
  func load(_ id: SessionID) async throws -> StoredSession?
  /// Replaces the session if it is still at `expectedVersion`; returns the new version.
  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int
  /// Deletes every session last inserted or saved before `cutoff` (finished or
  /// abandoned: nothing has changed it since); returns their ids, so that a host can
  /// forget what it keeps beside them (secrets).
  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID]
}

extension SessionStore {
  /// Loads a session, restores it on `flow`, applies `change`, and saves it, retrying
  /// from a fresh load when another writer won (at most `attempts` times).
  ///
  /// Sensitive values are stored masked unless `storeSensitive` (a host that must
  /// send a card number later opts in); secrets are never stored, but kept in
  /// `secrets`, this process's memory, when one is given. A host that has just
  /// loaded the session passes it as `loaded`: the first attempt uses it instead
  /// of reading it again (one read and one write per event).
  ///
  /// ```swift
  /// let (effects, version) = try await store.update("s1", flow: compiled) { $0.send(.tap("checkout")) }
  /// ```
  public func update<Result: Sendable>(
    _ id: SessionID, flow: CompiledFlow, attempts: Int = 16, storeSensitive: Bool = false,
    secrets: SecretVault? = nil, expectedVersion: Int? = nil, loaded: StoredSession? = nil,
    _ change: (inout CheckoutSession) throws -> Result
  ) async throws -> (result: Result, version: Int) {
    var lastConflict: SessionStoreError?
    var given = loaded?.id == id ? loaded : nil
    for _ in 0..<max(1, attempts) {
      let read: StoredSession?
      if let given {
        read = given
      } else {
        read = try await load(id)
      }
      given = nil
      guard let stored = read else { throw SessionStoreError(.notFound, id: id) }
      if let expectedVersion, stored.version != expectedVersion {
        throw SessionStoreError(.conflict(current: stored.version), id: id)
      }
      var session = try CheckoutSession(restoring: stored.snapshot, flow: flow)
      if let secrets { session.restoreSecrets(await secrets.secrets(for: id)) }
      let result = try change(&session)
      do {
        let version = try await save(
          session.snapshot(revealSensitive: storeSensitive), id: id, expectedVersion: stored.version)
        await secrets?.keep(session.secretValues, for: id)
        return (result, version)
      } catch let error as SessionStoreError {
        guard case .conflict = error.kind else { throw error }
        lastConflict = error
      }
    }
    throw lastConflict ?? SessionStoreError(.conflict(current: -1), id: id)
  }
}

/// The embedded default store: sessions in memory, guarded by an actor.
public actor InMemorySessionStore: SessionStore {
  private var sessions: [SessionID: StoredSession] = [:]

  /// An empty store.
  public init() {}

  public func insert(_ snapshot: SessionSnapshot, id: SessionID) throws {
    guard sessions[id] == nil else { throw SessionStoreError(.duplicate, id: id) }
    sessions[id] = StoredSession(id: id, version: 1, snapshot: snapshot, savedAt: Date())
  }

  public func load(_ id: SessionID) -> StoredSession? {
    sessions[id]
  }

  public func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) throws -> Int {
    guard let current = sessions[id] else { throw SessionStoreError(.notFound, id: id) }
    guard current.version == expectedVersion else {
      throw SessionStoreError(.conflict(current: current.version), id: id)
    }
    let version = current.version + 1
    sessions[id] = StoredSession(id: id, version: version, snapshot: snapshot, savedAt: Date())
    return version
  }

  public func deleteSessions(savedBefore cutoff: Date) -> [SessionID] {
    let expired = sessions.values.filter { ($0.savedAt ?? .distantPast) < cutoff }.map(\.id).sorted {
      $0.rawValue < $1.rawValue
    }
    for id in expired { sessions[id] = nil }
    return expired
  }

  /// How many sessions are stored.
  package var count: Int { sessions.count }
}
