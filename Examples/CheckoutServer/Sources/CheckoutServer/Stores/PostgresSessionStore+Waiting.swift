import CheckoutEngine
import Foundation
import Logging
import PostgresNIO

/// ``LostCallRecovery``'s queries: the sessions whose snapshot shows a call waiting
/// for the API's answer (an element of `calls` without an `action`), by their last
/// save (`updated_at`); those whose call waits on the shopper's action or was
/// given up unanswered, by their last activity (`updated_at` or `seen_at`, a recorded read); and the counts of waiting sessions for its gauges (one
/// pass over the table: SQL/JSON path tests on `snapshot`).
extension PostgresSessionStore {
  /// A call waiting for the API's answer.
  private static let onCall = #"snapshot @? '$.calls[*] ? (exists(@.key) && (!exists(@.action) || @.action == null))'"#
  /// A call waiting on the shopper's action.
  private static let onAction = #"snapshot @? '$.calls[*] ? (exists(@.key) && @.action.type() == "object")'"#
  /// A call given up unanswered.
  private static let unanswered = #"snapshot @? '$.unanswered[*] ? (exists(@.key))'"#

  func sessionsWaitingOnCalls(savedBefore cutoff: Date, limit: Int) async throws -> [WaitingSession] {
    var found: [WaitingSession] = []
    do {
      var query: PostgresQuery = """
        SELECT id, snapshot::text FROM sessions WHERE updated_at < \(cutoff) AND
        """
      query.sql += " " + Self.onCall + " ORDER BY updated_at LIMIT \(max(1, limit))"
      let rows = try await client.query(query, logger: logger)
      for try await (id, json) in rows.decode((String, String).self) {
        guard let snapshot = try? SessionSnapshot(json: Data(json.utf8)) else { continue }
        found.append(WaitingSession(id: SessionID(id), calls: snapshot.calls))
      }
    } catch {
      throw failure(error, id: SessionID("(lost calls)"))
    }
    return found
  }

  func sessionsLeftWaiting(inactiveBefore cutoff: Date, limit: Int) async throws -> [WaitingSession] {
    var found: [WaitingSession] = []
    do {
      var query: PostgresQuery = """
        SELECT id, snapshot::text, extract(epoch FROM greatest(updated_at, coalesce(seen_at, updated_at)))::float8
        FROM sessions WHERE greatest(updated_at, coalesce(seen_at, updated_at)) < \(cutoff) AND
        """
      query.sql += " (" + Self.onAction + " OR " + Self.unanswered + ") ORDER BY 3 LIMIT \(max(1, limit))"
      let rows = try await client.query(query, logger: logger)
      for try await (id, json, active) in rows.decode((String, String, Double).self) {
        guard let snapshot = try? SessionSnapshot(json: Data(json.utf8)) else { continue }
        found.append(
          WaitingSession(
            id: SessionID(id), calls: snapshot.calls + (snapshot.unanswered ?? []),
            lastActive: Date(timeIntervalSince1970: active)))
      }
    } catch {
      throw failure(error, id: SessionID("(abandoned actions)"))
    }
    return found
  }

  func waitingCounts() async throws -> WaitingCounts {
    var counts = WaitingCounts()
    do {
      let query = PostgresQuery(
        unsafeSQL: """
          SELECT count(*) FILTER (WHERE \(Self.onCall)), count(*) FILTER (WHERE \(Self.onAction)),
          count(*) FILTER (WHERE \(Self.unanswered)) FROM sessions
          """)
      let rows = try await client.query(query, logger: logger)
      for try await (onCall, onAction, unanswered) in rows.decode((Int, Int, Int).self) {
        counts = WaitingCounts(onCall: onCall, onAction: onAction, unanswered: unanswered)
      }
    } catch {
      throw failure(error, id: SessionID("(waiting counts)"))
    }
    return counts
  }
}
