import PostgresNIO

/// The statements every request on a session runs, as PostgresNIO prepared
/// statements (``RecoveringPostgresClient/execute(_:logger:file:line:)``): each is
/// parsed and described once per pooled connection (a named statement, `Parse`
/// and `Describe` on its first use there), and from then on an event sends only
/// `Bind`, `Execute` and `Sync` for each, so PostgreSQL does not parse it again and
/// may reuse its plan. The SQL is what ``PostgresSessionStore`` ran before as
/// unnamed statements, unchanged (`Examples/server-load.sh` runs the same text in
/// pgbench, `-M prepared`).
enum SessionStatements {
  /// The session guard's read: the session with its secret's digest
  /// (``PostgresSessionStore/loadGuarded(_:)``).
  struct LoadGuarded: SessionIDStatement {
    static let name = "checkout_session_load_guarded"
    static let sql = """
      SELECT version, snapshot::text, extract(epoch FROM updated_at)::float8, secret_sha256 FROM sessions \
      WHERE id = $1
      """
    typealias Row = (Int, String, Double, String?)

    var id: String

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
  }

  /// A session without its digest (``PostgresSessionStore/load(_:)``: a fresh read
  /// after a conflict).
  struct Load: SessionIDStatement {
    static let name = "checkout_session_load"
    static let sql = """
      SELECT version, snapshot::text, extract(epoch FROM updated_at)::float8 FROM sessions WHERE id = $1
      """
    typealias Row = (Int, String, Double)

    var id: String

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
  }

  /// The save with optimistic concurrency (``PostgresSessionStore/save(_:id:expectedVersion:)``):
  /// no row when the version stored is not the one read.
  struct Save: PostgresPreparedStatement {
    static let name = "checkout_session_save"
    static let sql = """
      UPDATE sessions SET version = version + 1, snapshot = $1::jsonb, updated_at = now() \
      WHERE id = $2 AND version = $3 RETURNING version
      """
    typealias Row = Int

    /// The snapshot's JSON text.
    var snapshot: String
    var id: String
    var expectedVersion: Int

    func makeBindings() -> PostgresBindings {
      var bindings = PostgresBindings(capacity: 3)
      bindings.append(snapshot)
      bindings.append(id)
      bindings.append(expectedVersion)
      return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int.self) }
  }

  /// The version stored now, after a save found another (the conflict's `current`).
  struct CurrentVersion: SessionIDStatement {
    static let name = "checkout_session_version"
    static let sql = "SELECT version FROM sessions WHERE id = $1"
    typealias Row = Int

    var id: String

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int.self) }
  }
}

/// A statement whose one parameter is the session's id: its bindings, written once.
protocol SessionIDStatement: PostgresPreparedStatement {
  /// The session's id, the statement's `$1`.
  var id: String { get }
}

extension SessionIDStatement {
  func makeBindings() -> PostgresBindings {
    var bindings = PostgresBindings(capacity: 1)
    bindings.append(id)
    return bindings
  }
}
