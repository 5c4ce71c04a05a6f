import Foundation
import Logging
import PostgresNIO

/// Which instance holds the wrong data key, decided at start so that a mistyped
/// `CHECKOUT_DATA_KEY` stops that instance alone.
///
/// The database records the ids of the data keys in use: every instance records
/// its current key's id at start (``table``) and again every minute while it runs
/// (``DataKeyHeartbeat``), and the stored sessions name the keys that sealed their
/// values. An instance none of whose keys (current and `CHECKOUT_OLD_DATA_KEYS`)
/// is among them, while there are any, is the odd one: it does not start, and
/// says which ids it holds and which the database has. One holding any of them
/// starts (a rotation: the new key current, the old one in
/// `CHECKOUT_OLD_DATA_KEYS`), and its current key is recorded. A running
/// instance that meets a value sealed with a key it does not hold refuses that
/// session only (503 `sealed_with_unknown_key`) and stays ready.
///
/// A key no running instance has recorded for ``staleAfter`` and that seals no
/// stored session is no longer counted (and its row is deleted): a database whose
/// instances were all given a new key on purpose accepts it once nothing depends
/// on the old one.
enum DataKeyAdmission {
  /// The table of recorded keys.
  static let table = "checkout_data_keys"
  /// Its schema.
  static let schema = """
    CREATE TABLE IF NOT EXISTS checkout_data_keys (
      id text PRIMARY KEY,
      added_at timestamptz NOT NULL DEFAULT now(),
      seen_at timestamptz NOT NULL DEFAULT now()
    )
    """
  /// How long a recorded key counts without an instance recording it again.
  static let staleAfter: Duration = .seconds(600)

  /// The decision, from the ids the database counts: `recorded` (instances' current
  /// keys, recently) and `sealing` (the ids stored sealed values name, with how many
  /// sessions each). Nil when `keys` may start; otherwise why not.
  static func refusal(_ keys: DataKeyring, recorded: Set<String>, sealing: [String: Int]) -> String? {
    let known = recorded.union(sealing.keys)
    guard !known.isEmpty, known.isDisjoint(with: keys.all.map(\.id)) else { return nil }
    let held = keys.all.map(\.id)
    var lines: [String] = []
    if !recorded.isEmpty { lines.append("the other instances seal with \(recorded.sorted().joined(separator: ", "))") }
    if !sealing.isEmpty {
      let counts = sealing.sorted { $0.key < $1.key }.map { "\($0.key) (\(DataKeyAdmission.sessions($0.value)))" }
      lines.append("stored sessions are sealed with \(counts.joined(separator: ", "))")
    }
    return "\(DataKeyMaterial.variable): this instance holds data key \(held.joined(separator: ", ")), "
      + "which is none of the keys this database's sessions use (\(lines.joined(separator: "; "))): a mistyped key? "
      + "Give every instance the same \(DataKeyMaterial.variable); to rotate it, give the new key as "
      + "\(DataKeyMaterial.variable) and the old one in \(DataKeyring.oldVariable) (docs/server-operations.md, "
      + "\"Rotating the data key\")"
  }

  /// "1 session", "12 sessions".
  static func sessions(_ count: Int) -> String { count == 1 ? "1 session" : "\(count) sessions" }

  /// The ids stored sealed values name (`sealed:v2:ID:…`), with how many sessions each.
  static let sealingQuery: PostgresQuery = """
    SELECT substring(d.value from '^sealed:v2:([^:]*):') AS key, count(DISTINCT s.id)::int
    FROM sessions s, jsonb_each_text(s.snapshot->'data') d WHERE d.value LIKE 'sealed:v2:%' GROUP BY 1
    """

  /// Admits `keys` on `connection` (holding ``DatabaseSchema/lock``): stale rows
  /// deleted, the decision made, the current key recorded. Throws
  /// ``DatabaseStartupError`` when refused. Returns the ids of keys stored values
  /// are sealed with that this instance does not hold, with their session counts.
  static func admit(_ keys: DataKeyring, on connection: PostgresConnection, logger: Logger) async throws
    -> [String: Int]
  {
    var sealing: [String: Int] = [:]
    let rows = try await connection.query(sealingQuery, logger: logger)
    for try await (id, count) in rows.decode((String?, Int).self) {
      if let id { sealing[id] = count }
    }
    let stale = Int(staleAfter.components.seconds)
    let deletion: PostgresQuery = """
      DELETE FROM checkout_data_keys WHERE seen_at < now() - interval '\(unescaped: "\(stale)") seconds' \
      AND NOT (id = ANY(\(Array(sealing.keys))))
      """
    try await connection.query(deletion, logger: logger)
    var recorded = Set<String>()
    for try await id in try await connection.query("SELECT id FROM checkout_data_keys", logger: logger)
      .decode(String.self)
    {
      recorded.insert(id)
    }
    if let refusal = refusal(keys, recorded: recorded, sealing: sealing) {
      throw DatabaseStartupError(description: refusal)
    }
    try await record(keys.current.id, on: connection, logger: logger)
    let held = Set(keys.all.map(\.id))
    return sealing.filter { !held.contains($0.key) }
  }

  /// Records `id` as in use now.
  static func record(_ id: String, on connection: PostgresConnection, logger: Logger) async throws {
    try await connection.query(
      """
      INSERT INTO checkout_data_keys (id) VALUES (\(id)) ON CONFLICT (id) DO UPDATE SET seen_at = now()
      """, logger: logger)
  }
}
