import CheckoutEngine
import Foundation
import Logging
import PostgresNIO

/// The demo checkout API's ledger in PostgreSQL, beside the sessions: one row per
/// idempotency key, so an answer survives a restart and every instance sees it.
///
/// ```sql
/// CREATE TABLE IF NOT EXISTS api_calls (
///   key text PRIMARY KEY, session text NOT NULL, operation text NOT NULL,
///   status text NOT NULL, answer jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())
/// ```
///
/// A successful `placeOrder` row is a charge: `SELECT session, count(*) FROM
/// api_calls WHERE operation = 'placeOrder' AND status = 'succeeded' GROUP BY
/// session` counts them per order. Answers hold no secret (an order number, or
/// error codes and messages).
struct PostgresCallLedger: CallLedger {
  let client: RecoveringPostgresClient
  let logger: Logger

  /// The table, created with the sessions table (``PostgresSessionStore/createSchema()``).
  static let schema = """
    CREATE TABLE IF NOT EXISTS api_calls (
      key text PRIMARY KEY,
      session text NOT NULL,
      operation text NOT NULL,
      status text NOT NULL,
      answer jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )
    """

  func answer(for key: String) async throws -> CheckoutAPIOutcome? {
    let rows = try await client.query("SELECT answer::text FROM api_calls WHERE key = \(key)", logger: logger)
    var found: String?
    for try await json in rows.decode(String.self) { found = json }
    return try found.map(Self.decode)
  }

  /// One round trip: the insert, or (when the key has a row) the row that stands.
  func record(_ outcome: CheckoutAPIOutcome, for request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
    let answer = LedgerAnswer(outcome)
    let json = String(decoding: try JSONEncoder().encode(answer), as: UTF8.self)
    let key = request.idempotencyKey
    let rows = try await client.query(
      """
      WITH inserted AS (
        INSERT INTO api_calls (key, session, operation, status, answer)
        VALUES (\(key), \(request.session.rawValue), \(request.operation.rawValue), \(answer.status), \(json)::jsonb)
        ON CONFLICT (key) DO NOTHING RETURNING answer::text)
      SELECT answer FROM inserted UNION ALL SELECT answer::text FROM api_calls WHERE key = \(key) LIMIT 1
      """, logger: logger)
    var standing: String?
    for try await text in rows.decode(String.self) where standing == nil { standing = text }
    if let standing { return try Self.decode(standing) }
    // A concurrent insert committed after this statement's snapshot: read it now.
    guard let first = try await self.answer(for: key) else {
      throw LedgerError(description: "the ledger has no answer for a key it refused to insert")
    }
    return first
  }

  private static func decode(_ json: String) throws -> CheckoutAPIOutcome {
    let answer = try JSONDecoder().decode(LedgerAnswer.self, from: Data(json.utf8))
    guard let outcome = answer.outcome else {
      throw LedgerError(description: "the ledger holds an answer of unknown status \"\(answer.status)\"")
    }
    return outcome
  }
}

/// A ledger row that cannot be used.
struct LedgerError: Error, CustomStringConvertible {
  var description: String
}
