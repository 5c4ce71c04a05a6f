import Logging
import PostgresNIO

/// The server's tables, checked before anything is changed: a table of one of
/// their names that is not the server's (another application's `sessions`) stops
/// the start with an error naming it and what differs, and nothing is altered.
/// Then the missing tables and columns are created, under an advisory lock so
/// that instances starting together never race.
enum DatabaseSchema {
  /// The advisory lock held while the schema is prepared (the sweeper's is 4711002).
  static let lock = 4_711_001

  /// One of the server's tables: its columns and their types (as
  /// `information_schema.columns.data_type` names them), and the columns later
  /// versions added (an older table of the server's lacks them; they are added).
  struct Table: Sendable {
    var name: String
    var columns: [(name: String, type: String)]
    var added: [(name: String, type: String)] = []
  }

  static let timestamp = "timestamp with time zone"

  /// Every table the server uses.
  static let tables: [Table] = [
    Table(
      name: "sessions",
      columns: [
        ("id", "text"), ("version", "integer"), ("flow", "text"), ("snapshot", "jsonb"), ("created_at", timestamp),
        ("updated_at", timestamp),
      ],
      added: [("seen_at", timestamp), ("secret_sha256", "text")]),
    Table(
      name: "api_calls",
      columns: [
        ("key", "text"), ("session", "text"), ("operation", "text"), ("status", "text"), ("answer", "jsonb"),
        ("created_at", timestamp),
      ]),
    Table(name: DataKeyAdmission.table, columns: [("id", "text"), ("added_at", timestamp), ("seen_at", timestamp)]),
    Table(
      name: SweepSettingsRecord.table,
      columns: [
        ("one", "boolean"), ("idle_timeout", "integer"), ("finished_retention", "integer"),
        ("recorded_at", timestamp),
      ],
      added: [("abandon_after", "double precision")]),
  ]

  /// What `CREATE`s and `ALTER`s them, each statement idempotent.
  static let statements = [
    """
    CREATE TABLE IF NOT EXISTS sessions (
      id text PRIMARY KEY,
      version integer NOT NULL,
      flow text NOT NULL,
      snapshot jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )
    """,
    // Reads count as activity for the sweeper (a column older tables lack).
    "ALTER TABLE sessions ADD COLUMN IF NOT EXISTS seen_at timestamptz",
    // The sweeper deletes by age.
    "CREATE INDEX IF NOT EXISTS sessions_updated_at ON sessions (updated_at)",
    // The digest of each session's secret (PostgresSessionStore+Secrets).
    PostgresSessionStore.secretColumn,
    PostgresCallLedger.schema,
    DataKeyAdmission.schema,
    SweepSettingsRecord.schema,
    SweepSettingsRecord.abandonAfterColumn,
  ]

  /// Checks the tables that exist, then creates what is missing (call it holding
  /// ``lock``: ``locked(on:logger:_:)``). `database` names the database in errors.
  static func prepare(on connection: PostgresConnection, database: String, logger: Logger) async throws {
    try await check(on: connection, database: database, logger: logger)
    for statement in statements {
      try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
    }
  }

  /// Runs `body` holding ``lock``.
  static func locked<Result>(
    on connection: PostgresConnection, logger: Logger, _ body: () async throws -> Result
  ) async throws -> Result {
    try await connection.query("SELECT pg_advisory_lock(\(lock))", logger: logger)
    do {
      let result = try await body()
      try await connection.query("SELECT pg_advisory_unlock(\(lock))", logger: logger)
      return result
    } catch {
      _ = try? await connection.query("SELECT pg_advisory_unlock(\(lock))", logger: logger)
      throw error
    }
  }

  /// Throws ``DatabaseStartupError`` when a table of the server's names exists in
  /// the current schema and is not the server's.
  static func check(on connection: PostgresConnection, database: String, logger: Logger) async throws {
    var schema: String?
    for try await name in try await connection.query("SELECT current_schema()::text", logger: logger)
      .decode(String?.self)
    {
      schema = name
    }
    guard let schema else {
      throw DatabaseStartupError(
        description:
          "database (\(database)): no schema to create tables in (search_path names none that exists); create one, e.g. CREATE SCHEMA checkout AUTHORIZATION <user>"
      )
    }
    var found: [String: [(name: String, type: String)]] = [:]
    let names = tables.map(\.name)
    let rows = try await connection.query(
      """
      SELECT table_name::text, column_name::text, data_type::text FROM information_schema.columns
      WHERE table_schema::text = \(schema) AND table_name::text = ANY(\(names)) ORDER BY table_name, ordinal_position
      """, logger: logger)
    for try await (table, column, type) in rows.decode((String, String, String).self) {
      found[table, default: []].append((column, type))
    }
    for table in tables {
      guard let columns = found[table.name] else { continue }
      let differences = differences(of: columns, from: table)
      guard differences.isEmpty else {
        throw DatabaseStartupError(
          description:
            "database (\(database)) already has a table \(schema).\(table.name) that is not this server's: "
            + differences.joined(separator: "; ")
            + ". Nothing was changed. Give the server a database of its own (createdb checkout, and name it in "
            + "DATABASE_URL), or a schema of its own for its user (CREATE SCHEMA checkout AUTHORIZATION <user>; "
            + "ALTER ROLE <user> SET search_path = checkout)")
      }
    }
  }

  /// What a table's columns have that `table`'s do not, in words; empty when it is the server's.
  static func differences(of columns: [(name: String, type: String)], from table: Table) -> [String] {
    let known = table.columns + table.added
    var differences: [String] = []
    let missing = table.columns.filter { wanted in !columns.contains { $0.name == wanted.name } }
    if !missing.isEmpty {
      differences.append("it lacks the columns \(missing.map(\.name).joined(separator: ", "))")
    }
    for column in columns {
      if let wanted = known.first(where: { $0.name == column.name }), wanted.type != column.type {
        differences.append("its column \(column.name) is \(column.type), not \(wanted.type)")
      }
    }
    let extra = columns.filter { column in !known.contains { $0.name == column.name } }
    if !extra.isEmpty {
      differences.append("it has columns this server does not use: \(extra.map(\.name).joined(separator: ", "))")
    }
    return differences
  }
}
