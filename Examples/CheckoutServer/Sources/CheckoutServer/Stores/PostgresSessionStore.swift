import CheckoutEngine
import Foundation
import Logging
import PostgresNIO

/// Sessions in PostgreSQL, through PostgresNIO, with the library's optimistic
/// concurrency: a save is `UPDATE … WHERE id = $1 AND version = $2`, and zero rows
/// updated is a ``SessionStoreError`` conflict carrying the version now stored.
///
/// ```sql
/// CREATE TABLE IF NOT EXISTS sessions (
///   id text PRIMARY KEY, version integer NOT NULL, flow text NOT NULL,
///   snapshot jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
///   updated_at timestamptz NOT NULL DEFAULT now(),
///   seen_at timestamptz)  -- the last read recorded as activity (added to older tables)
/// ```
///
/// The statements every event runs (the guard's read, the save, the reload and
/// version read after a lost race) are prepared statements, ``SessionStatements``;
/// the sweeper's queries are in ``PostgresSessionStore`` + ``SweepableSessionStore``.
///
/// Snapshots hold no secrets (the library leaves them out); card numbers are
/// stored as the server asks (`storeSensitive`).
struct PostgresSessionStore: SessionStore {
  /// The connection pool, replaced when it lags behind the database; run it as a
  /// service (the application does).
  let client: RecoveringPostgresClient
  let logger: Logger

  init(client: RecoveringPostgresClient, logger: Logger) {
    self.client = client
    self.logger = logger
  }

  /// A store for a `postgres://user:password@host:port/database?sslmode=disable` URL.
  init(url: String, logger: Logger) throws(DatabaseURLError) {
    self.init(
      client: RecoveringPostgresClient(configuration: try DatabaseURL.configuration(url), logger: logger),
      logger: logger)
  }

  /// Creates the tables if they are missing (the sessions, and the demo API's
  /// ledger, ``PostgresCallLedger``). Instances starting together take an
  /// advisory lock so that two `CREATE TABLE IF NOT EXISTS` never race.
  func createSchema() async throws {
    try await client.withConnection { connection in
      try await connection.query("SELECT pg_advisory_lock(4711001)", logger: logger)
      do {
        try await connection.query(
          """
          CREATE TABLE IF NOT EXISTS sessions (
            id text PRIMARY KEY,
            version integer NOT NULL,
            flow text NOT NULL,
            snapshot jsonb NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now(),
            updated_at timestamptz NOT NULL DEFAULT now()
          )
          """, logger: logger)
        // Reads count as activity for the sweeper (a column older tables lack).
        try await connection.query("ALTER TABLE sessions ADD COLUMN IF NOT EXISTS seen_at timestamptz", logger: logger)
        // The sweeper deletes by age.
        try await connection.query(
          "CREATE INDEX IF NOT EXISTS sessions_updated_at ON sessions (updated_at)", logger: logger)
        // The digest of each session's secret (PostgresSessionStore+Secrets).
        try await connection.query(PostgresQuery(unsafeSQL: PostgresSessionStore.secretColumn), logger: logger)
        try await connection.query(PostgresQuery(unsafeSQL: PostgresCallLedger.schema), logger: logger)
      } catch {
        _ = try? await connection.query("SELECT pg_advisory_unlock(4711001)", logger: logger)
        throw error
      }
      try await connection.query("SELECT pg_advisory_unlock(4711001)", logger: logger)
    }
  }

  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws {
    let json = encode(snapshot)
    let flow = snapshot.flow.rawValue
    do {
      try await client.query(
        "INSERT INTO sessions (id, version, flow, snapshot) VALUES (\(id.rawValue), 1, \(flow), \(json)::jsonb)",
        logger: logger)
    } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
      throw SessionStoreError(.duplicate, id: id)
    } catch {
      throw unavailable(error, id: id)
    }
  }

  func load(_ id: SessionID) async throws -> StoredSession? {
    let row: (Int, String, Double)?
    do {
      var found: (Int, String, Double)?
      for try await decoded in try await client.execute(SessionStatements.Load(id: id.rawValue), logger: logger) {
        found = decoded
      }
      row = found
    } catch {
      throw unavailable(error, id: id)
    }
    guard let (version, json, savedAt) = row else { return nil }
    return try stored(id, version: version, json: json, savedAt: savedAt)
  }

  /// The stored session a row holds; its snapshot's JSON unreadable is `.unavailable`.
  func stored(_ id: SessionID, version: Int, json: String, savedAt: Double) throws(SessionStoreError) -> StoredSession {
    do {
      let snapshot = try SessionSnapshot(json: Data(json.utf8))
      return StoredSession(id: id, version: version, snapshot: snapshot, savedAt: Date(timeIntervalSince1970: savedAt))
    } catch {
      throw SessionStoreError(.unavailable("the stored snapshot of \(id) cannot be read: \(type(of: error))"), id: id)
    }
  }

  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
    let json = encode(snapshot)
    var updated: Int?
    var current: Int?
    do {
      let save = SessionStatements.Save(snapshot: json, id: id.rawValue, expectedVersion: expectedVersion)
      for try await version in try await client.execute(save, logger: logger) { updated = version }
      if updated == nil {
        let now = try await client.execute(SessionStatements.CurrentVersion(id: id.rawValue), logger: logger)
        for try await version in now { current = version }
      }
    } catch {
      throw unavailable(error, id: id)
    }
    if let updated { return updated }
    guard let current else { throw SessionStoreError(.notFound, id: id) }
    throw SessionStoreError(.conflict(current: current), id: id)
  }

  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
    var deleted: [SessionID] = []
    do {
      let rows = try await client.query(
        "DELETE FROM sessions WHERE updated_at < \(cutoff) RETURNING id", logger: logger)
      for try await id in rows.decode(String.self) { deleted.append(SessionID(id)) }
    } catch {
      throw unavailable(error, id: SessionID("(sweep)"))
    }
    return deleted.sorted { $0.rawValue < $1.rawValue }
  }

  /// The snapshot as JSON text for the `jsonb` column (`jsonData()`: JSONEncoder
  /// with sorted keys; it cannot fail).
  private func encode(_ snapshot: SessionSnapshot) -> String {
    String(decoding: snapshot.jsonData(), as: UTF8.self)
  }

  /// A database failure, described by its SQLSTATE and the server's message only
  /// (a PSQLError's full text could include the query's bound values).
  func unavailable(_ error: any Error, id: SessionID) -> SessionStoreError {
    if let error = error as? SessionStoreError { return error }
    var reason = "database error"
    if let psql = error as? PSQLError {
      reason += " (\(psql.code)"
      if let state = psql.serverInfo?[.sqlState] { reason += ", SQLSTATE \(state)" }
      if let message = psql.serverInfo?[.message] { reason += ": \(message)" }
      reason += ")"
    } else {
      reason += " (\(type(of: error)))"
    }
    logger.error("session store failed", metadata: ["session": "\(id)", "reason": "\(reason)"])
    return SessionStoreError(.unavailable(reason), id: id)
  }
}

/// A DATABASE_URL that cannot be used, and why (the password is never repeated).
struct DatabaseURLError: Error, CustomStringConvertible {
  var description: String
}

/// Parses `postgres://user:password@host:port/database?sslmode=disable|prefer|require`
/// (`postgresql://` too; `?host=/dir` for a Unix socket directory).
enum DatabaseURL {
  static func configuration(_ text: String) throws(DatabaseURLError) -> PostgresClient.Configuration {
    guard let components = URLComponents(string: text), let scheme = components.scheme,
      scheme == "postgres" || scheme == "postgresql"
    else {
      throw DatabaseURLError(description: "DATABASE_URL must look like postgres://user:password@host:5432/database")
    }
    guard let user = components.user, !user.isEmpty else {
      throw DatabaseURLError(description: "DATABASE_URL names no user (postgres://USER@host/database)")
    }
    let username = user.removingPercentEncoding ?? user
    let password = components.password.map { $0.removingPercentEncoding ?? $0 }
    let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
    let database = path.isEmpty ? nil : path
    let query = Dictionary(
      (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
    var configuration: PostgresClient.Configuration
    if let socketDirectory = query["host"], socketDirectory.hasPrefix("/") {
      let port = components.port ?? 5432
      configuration = PostgresClient.Configuration(
        unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: username, password: password,
        database: database)
    } else {
      guard let host = components.host, !host.isEmpty else {
        throw DatabaseURLError(description: "DATABASE_URL names no host (postgres://user@HOST:5432/database)")
      }
      let tls: PostgresClient.Configuration.TLS
      switch query["sslmode"] ?? "prefer" {
      case "disable": tls = .disable
      case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
      case "prefer", "allow": tls = .prefer(.makeClientConfiguration())
      case let other:
        throw DatabaseURLError(description: "DATABASE_URL: unknown sslmode \"\(other)\" (disable, prefer or require)")
      }
      configuration = PostgresClient.Configuration(
        host: host, port: components.port ?? 5432, username: username, password: password, database: database, tls: tls)
    }
    configuration.options.maximumConnections = 16
    // Fail fast when the database is down: the server answers 503 within about 2 s
    // (TimeLimitedStore bounds every operation; a connection attempt gives up sooner).
    configuration.options.connectTimeout = .seconds(1)
    return configuration
  }
}
