import CheckoutEngine
import Foundation
import PostgresNIO

/// The digest of each session's secret, in its `sessions` row (`secret_sha256`,
/// added by ``PostgresSessionStore/createSchema()``): written once after the
/// insert, read before every request on the session, deleted with the row.
extension PostgresSessionStore: SessionSecretStore {
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
