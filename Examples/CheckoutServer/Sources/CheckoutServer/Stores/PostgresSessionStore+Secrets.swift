import CheckoutEngine
import Foundation
import PostgresNIO

/// The digest of each session's secret, in its `sessions` row (`secret_sha256`,
/// added by ``PostgresSessionStore/createSchema()``): written once after the
/// insert, read with the session by every request on it (``loadGuarded(_:)``: one
/// `SELECT`), deleted with the row.
extension PostgresSessionStore: GuardedSessionStore {
  /// The column's definition, added to a table made before sessions had secrets.
  static let secretColumn = "ALTER TABLE sessions ADD COLUMN IF NOT EXISTS secret_sha256 text"

  func recordSecret(_ digest: SecretDigest, for id: SessionID) async throws {
    do {
      try await client.query(
        "UPDATE sessions SET secret_sha256 = \(digest.hex) WHERE id = \(id.rawValue)", logger: logger)
    } catch {
      throw SessionStoreError(.unavailable("\(type(of: error))"), id: id)
    }
  }

  /// ``load(_:)``'s `SELECT` with the digest's column: the session guard's read,
  /// which the request then goes on with.
  func loadGuarded(_ id: SessionID) async throws -> GuardedRead {
    let row: (Int, String, Double, String?)?
    do {
      var found: (Int, String, Double, String?)?
      let rows = try await client.execute(SessionStatements.LoadGuarded(id: id.rawValue), logger: logger)
      for try await decoded in rows { found = decoded }
      row = found
    } catch {
      throw failure(error, id: id)
    }
    guard let (version, json, savedAt, hex) = row else { return GuardedRead(stored: nil, digest: nil) }
    return GuardedRead(
      stored: try stored(id, version: version, json: json, savedAt: savedAt), digest: hex.map(SecretDigest.init(hex:)))
  }

  func secretDigest(for id: SessionID) async throws -> SecretDigest? {
    do {
      let rows = try await client.query(
        "SELECT secret_sha256 FROM sessions WHERE id = \(id.rawValue)", logger: logger)
      for try await hex in rows.decode(String?.self) { return hex.map(SecretDigest.init(hex:)) }
      return nil
    } catch {
      throw SessionStoreError(.unavailable("\(type(of: error))"), id: id)
    }
  }
}
