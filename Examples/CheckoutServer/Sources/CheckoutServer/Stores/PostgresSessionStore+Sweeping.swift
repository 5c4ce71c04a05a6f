import CheckoutEngine
import Foundation
import Logging
import PostgresNIO

/// The sweeper's queries: activity is the later of `updated_at` (a save) and
/// `seen_at` (a read); a session whose snapshot shows a call (`calls` not empty,
/// or `unanswered` present) is never listed; one sweeper at a time holds the
/// advisory lock ``sweepLock`` (`pg_try_advisory_lock`).
extension PostgresSessionStore: SweepableSessionStore {
  /// The advisory lock key the sweeper holds (the schema's is 4711001).
  static let sweepLock = 4_711_002

  /// The SQL condition of a session with no call in flight, waiting or unanswered.
  private static let noCalls = """
    coalesce(snapshot->'calls', '[]'::jsonb) = '[]'::jsonb
    AND coalesce(snapshot->'unanswered', '[]'::jsonb) IN ('[]'::jsonb, 'null'::jsonb)
    """

  func touch(_ id: SessionID) async throws {
    do {
      try await client.query("UPDATE sessions SET seen_at = now() WHERE id = \(id.rawValue)", logger: logger)
    } catch {
      throw failure(error, id: id)
    }
  }

  func inactiveSessions(before cutoff: Date, limit: Int) async throws -> [InactiveSession] {
    var found: [InactiveSession] = []
    do {
      var query: PostgresQuery = """
        SELECT id, version, snapshot::text, extract(epoch FROM greatest(updated_at, coalesce(seen_at, updated_at)))::float8
        FROM sessions WHERE greatest(updated_at, coalesce(seen_at, updated_at)) < \(cutoff) AND
        """
      query.sql += " " + Self.noCalls + " ORDER BY 4 LIMIT \(max(1, limit))"
      let rows = try await client.query(query, logger: logger)
      for try await (id, version, json, lastActive) in rows.decode((String, Int, String, Double).self) {
        guard let snapshot = try? SessionSnapshot(json: Data(json.utf8)) else { continue }
        found.append(
          InactiveSession(
            id: SessionID(id), version: version, snapshot: snapshot,
            lastActive: Date(timeIntervalSince1970: lastActive)))
      }
    } catch {
      throw failure(error, id: SessionID("(sweep)"))
    }
    return found
  }

  func delete(_ id: SessionID, version: Int, inactiveSince cutoff: Date) async throws -> Bool {
    do {
      var query: PostgresQuery = """
        DELETE FROM sessions WHERE id = \(id.rawValue) AND version = \(version)
        AND greatest(updated_at, coalesce(seen_at, updated_at)) < \(cutoff) AND
        """
      query.sql += " " + Self.noCalls + " RETURNING id"
      let rows = try await client.query(query, logger: logger)
      var deleted = false
      for try await _ in rows.decode(String.self) { deleted = true }
      return deleted
    } catch {
      throw failure(error, id: id)
    }
  }

  func sessionIDs() async throws -> [SessionID] {
    var ids: [SessionID] = []
    do {
      let rows = try await client.query("SELECT id FROM sessions ORDER BY id", logger: logger)
      for try await id in rows.decode(String.self) { ids.append(SessionID(id)) }
    } catch {
      throw failure(error, id: SessionID("(reseal)"))
    }
    return ids
  }

  func asOnlySweeper<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T? {
    try await client.withConnection { connection in
      let lock = Self.sweepLock
      var held = false
      for try await got in try await connection.query("SELECT pg_try_advisory_lock(\(lock))", logger: logger)
        .decode(Bool.self)
      {
        held = got
      }
      guard held else { return nil }
      do {
        let result = try await body()
        _ = try await connection.query("SELECT pg_advisory_unlock(\(lock))", logger: logger)
        return result
      } catch {
        _ = try? await connection.query("SELECT pg_advisory_unlock(\(lock))", logger: logger)
        throw error
      }
    }
  }
}
