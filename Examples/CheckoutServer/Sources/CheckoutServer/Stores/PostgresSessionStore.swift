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
    self.init(target: try DatabaseURL.target(url), logger: logger)
  }

  /// A store for the database `target` names, its pool sized and timed by `options`.
  init(target: DatabaseTarget, options: DatabaseOptions = .standard, logger: Logger) {
    self.init(
      client: RecoveringPostgresClient(
        configuration: target.clientConfiguration(options), target: target, logger: logger),
      logger: logger)
  }

  /// Checks and creates the tables (``DatabaseSchema``) on a connection of the
  /// pool, holding the schema's advisory lock. The server does this, and more,
  /// before it listens (``DatabaseStartup``); tests call it on a store of their own.
  func createSchema() async throws {
    try await client.withConnection { connection in
      try await DatabaseSchema.locked(on: connection, logger: logger) {
        try await DatabaseSchema.prepare(on: connection, database: "the store's", logger: logger)
      }
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
      throw failure(error, id: id)
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
      throw failure(error, id: id)
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
      throw failure(error, id: id)
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
      throw failure(error, id: SessionID("(sweep)"))
    }
    return deleted.sorted { $0.rawValue < $1.rawValue }
  }

  /// The snapshot as JSON text for the `jsonb` column (`jsonData()`: JSONEncoder
  /// with sorted keys; it cannot fail).
  private func encode(_ snapshot: SessionSnapshot) -> String {
    String(decoding: snapshot.jsonData(), as: UTF8.self)
  }
}
