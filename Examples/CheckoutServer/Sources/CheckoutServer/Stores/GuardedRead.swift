import CheckoutEngine

/// A session read together with the digest of its secret: what ``SessionGuard``
/// checks a request against and, when the secret matches, the session the request
/// goes on with, so that a request costs one read of the session, not two.
struct GuardedRead: Sendable {
  /// The session as stored (sealed values still sealed until ``SealingSessionStore``
  /// opens them); nil when no session has the id.
  var stored: StoredSession?
  /// The digest of its secret; nil when none is recorded.
  var digest: SecretDigest?

  /// The session and its digest from `store`: one read when it keeps both in one
  /// place (``GuardedSessionStore``), otherwise the digest, then the session.
  static func read(_ id: SessionID, from store: any SessionStore) async throws -> GuardedRead {
    if let guarded = store as? any GuardedSessionStore { return try await guarded.loadGuarded(id) }
    let digest = try await (store as? any SessionSecretStore)?.secretDigest(for: id)
    return GuardedRead(stored: try await store.load(id), digest: digest)
  }
}

/// A store that keeps a session's secret digest with the session and reads both
/// at once: the memory store's entry, PostgreSQL's `sessions` row.
protocol GuardedSessionStore: SessionStore, SessionSecretStore {
  /// The session and its secret's digest, in one read.
  func loadGuarded(_ id: SessionID) async throws -> GuardedRead
}
