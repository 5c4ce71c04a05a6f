import CheckoutEngine
import Foundation
import Testing

@testable import CheckoutServer

/// The digest of a session's secret in its PostgreSQL row (`secret_sha256`).
extension PostgresStoreTests {
  @Test func aSessionsRowHoldsItsSecretsDigestUntilTheRowGoes() async throws {
    let snapshot = try Self.snapshot()
    try await withStore { store in
      let id = SessionID("test-\(UUID().uuidString.lowercased())")
      try await store.insert(snapshot, id: id)
      #expect(try await store.secretDigest(for: id) == nil, "no digest before it is recorded")
      let secret = SessionSecret.random()
      try await store.recordSecret(secret.digest, for: id)
      let digest = try #require(try await store.secretDigest(for: id))
      #expect(digest.matches(secret.text))
      #expect(!digest.matches(SessionSecret.random().text))
      // A save keeps it; deleting the session deletes it.
      _ = try await store.save(snapshot, id: id, expectedVersion: 1)
      #expect(try await store.secretDigest(for: id) == digest)
      _ = try await store.deleteSessions(savedBefore: Date().addingTimeInterval(60))
      #expect(try await store.secretDigest(for: id) == nil)
      #expect(try await store.secretDigest(for: SessionID("missing-\(UUID().uuidString)")) == nil)
    }
  }

  /// The guard's one read: the row's session and digest, as `load` and `secretDigest` read them apart.
  @Test func aGuardedReadIsTheSessionAndItsDigestInOneRead() async throws {
    let snapshot = try Self.snapshot()
    try await withStore { store in
      let id = SessionID("test-\(UUID().uuidString.lowercased())")
      try await store.insert(snapshot, id: id)
      let before = try await store.loadGuarded(id)
      #expect(before.digest == nil)
      #expect(before.stored == (try await store.load(id)))
      let secret = SessionSecret.random()
      try await store.recordSecret(secret.digest, for: id)
      _ = try await store.save(snapshot, id: id, expectedVersion: 1)
      let read = try await store.loadGuarded(id)
      #expect(read.digest == secret.digest)
      let stored = try #require(read.stored)
      #expect(stored.version == 2)
      #expect(stored == (try await store.load(id)))
      let missing = try await store.loadGuarded(SessionID("missing-\(UUID().uuidString)"))
      #expect(missing.stored == nil && missing.digest == nil)
    }
  }
}
