import CheckoutEngine
import Foundation
import InMemoryLogging
import Logging
import PostgresNIO
import Testing

@testable import CheckoutServer

private let startupDatabaseURL = ProcessInfo.processInfo.environment["CHECKOUT_TEST_DATABASE_URL"].flatMap {
  $0.isEmpty ? nil : $0
}

/// The server's start against a real PostgreSQL, each test in a database of its
/// own (created and dropped here): what it refuses before it listens, and why.
/// Runs when `CHECKOUT_TEST_DATABASE_URL` names a database whose user may create
/// databases (`Examples/server-postgres-check.sh` sets it); skipped otherwise.
@Suite(
  .serialized,
  .enabled(if: startupDatabaseURL != nil, "set CHECKOUT_TEST_DATABASE_URL to run against PostgreSQL"))
struct PostgresStartupTests {
  static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

  /// Runs `body` with the URL of a fresh database, dropped afterwards.
  static func withDatabase<Value: Sendable>(_ body: (String) async throws -> Value) async throws -> Value {
    let url = try #require(startupDatabaseURL)
    let name = "checkout_start_\(UUID().uuidString.prefix(8).lowercased())"
    try await admin(url, "CREATE DATABASE \(name)")
    var components = try #require(URLComponents(string: url))
    components.path = "/\(name)"
    let fresh = try #require(components.string)
    do {
      let value = try await body(fresh)
      try await admin(url, "DROP DATABASE \(name) WITH (FORCE)")
      return value
    } catch {
      try? await admin(url, "DROP DATABASE \(name) WITH (FORCE)")
      throw error
    }
  }

  /// Runs `sql` on one connection to `url`.
  static func admin(_ url: String, _ sql: String) async throws {
    let startup = DatabaseStartup(target: try DatabaseURL.target(url), logger: quiet)
    try await startup.withConnection { connection in
      _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: quiet)
    }
  }

  /// The column names of `table` in `url`'s database.
  static func columns(_ url: String, _ table: String) async throws -> [String] {
    let startup = DatabaseStartup(target: try DatabaseURL.target(url), logger: quiet)
    return try await startup.withConnection { connection in
      var names: [String] = []
      let rows = try await connection.query(
        """
        SELECT column_name::text FROM information_schema.columns
        WHERE table_schema::text = current_schema() AND table_name::text = \(table) ORDER BY ordinal_position
        """,
        logger: quiet)
      for try await name in rows.decode(String.self) { names.append(name) }
      return names
    }
  }

  static func start(
    _ url: String, key: String = testDataKey, old: String? = nil, arguments: TestArguments = TestArguments(),
    logger: Logger = quiet
  ) async throws {
    var environment = ["DATABASE_URL": url, DataKeyMaterial.variable: key]
    environment[DataKeyring.oldVariable] = old
    var dependencies = AppDependencies(logger: logger, environment: environment)
    dependencies.databaseWait = .seconds(1)
    _ = try await buildApplication(arguments, dependencies: dependencies)
  }

  /// A database refusing for good (a wrong password, no such database) ends the start at once.
  @Test func aDatabaseThatRefusesForGoodEndsTheStartAtOnce() async throws {
    let url = try #require(startupDatabaseURL)
    var wrongPassword = try #require(URLComponents(string: url))
    wrongPassword.password = "wrong-password"
    var missing = try #require(URLComponents(string: url))
    missing.path = "/no_such_database"
    for (text, expected) in [
      (try #require(wrongPassword.string), "SQLSTATE 28P01"), (try #require(missing.string), "SQLSTATE 3D000"),
    ] {
      let started = ContinuousClock.now
      do {
        try await Self.start(text)
        Issue.record("the server started")
      } catch let error as DatabaseStartupError {
        #expect(error.description.hasPrefix("cannot connect to the database (host "), "\(error)")
        #expect(error.description.contains(expected), "\(error)")
        #expect(!error.description.contains("wrong-password"))
        #expect(!error.description.contains("attempts"), "not tried again")
      }
      #expect(ContinuousClock.now - started < .seconds(5), "at once: the flows loaded, one attempt")
    }
  }

  /// Another application's `sessions` table is left as it is, and named.
  @Test func anotherApplicationsSessionsTableIsNotAltered() async throws {
    try await Self.withDatabase { url in
      try await Self.admin(url, "CREATE TABLE sessions (id serial PRIMARY KEY, user_id int NOT NULL, data text)")
      do {
        try await Self.start(url)
        Issue.record("the server started on another application's table")
      } catch let error as DatabaseStartupError {
        #expect(error.description.contains("already has a table public.sessions that is not this server's"))
        #expect(error.description.contains("it has columns this server does not use: user_id, data"))
        #expect(error.description.contains("Nothing was changed"))
      }
      #expect(try await Self.columns(url, "sessions") == ["id", "user_id", "data"])
      #expect(try await Self.columns(url, "api_calls").isEmpty, "nothing created")
    }
  }

  /// A PostgreSQL error at start says its SQLSTATE and message (not PostgresNIO's
  /// "Generic description to prevent accidental leakage").
  @Test func aDatabaseErrorAtStartSaysWhatTheServerSaid() async throws {
    try await Self.withDatabase { url in
      // PostgreSQL 15 and later: no one but the database's owner creates in schema public.
      try await Self.admin(url, "REVOKE CREATE ON SCHEMA public FROM PUBLIC")
      try await Self.admin(url, "DROP ROLE IF EXISTS checkout_limited")
      try await Self.admin(url, "CREATE ROLE checkout_limited LOGIN PASSWORD 'limited'")
      var limited = try #require(URLComponents(string: url))
      (limited.user, limited.password) = ("checkout_limited", "limited")
      do {
        try await Self.start(try #require(limited.string))
        Issue.record("the server started without rights on its schema")
      } catch let error as DatabaseStartupError {
        #expect(error.description.contains("SQLSTATE 42501"), "\(error)")
        #expect(error.description.contains("permission denied"), "\(error)")
        #expect(!error.description.contains("Generic description"))
      }
    }
  }

  /// A mistyped key on one instance stops that instance, not the others; a
  /// rotation (the new key, the old one held) starts.
  @Test func theInstanceWithTheMistypedKeyIsTheOneRefused() async throws {
    try await Self.withDatabase { url in
      try await Self.start(url)
      let mistyped = DataKeyMaterial.ephemeralBase64()
      do {
        try await Self.start(url, key: mistyped)
        Issue.record("an instance holding none of the database's keys started")
      } catch let error as DatabaseStartupError {
        #expect(error.description.hasPrefix("CHECKOUT_DATA_KEY: this instance holds data key"), "\(error)")
        #expect(error.description.contains(try DataKeyMaterial(base64: testDataKey).id))
      }
      try await Self.start(url, key: mistyped, old: testDataKey)
      try await Self.start(url)
    }
  }

  /// The database records the sweeping settings; an instance with shorter ones
  /// warns and sweeps with the recorded ones unless it replaces them.
  @Test func anInstanceWithAShorterIdleTimeoutWarnsAndKeepsTheRecord() async throws {
    try await Self.withDatabase { url in
      try await Self.start(url)
      var short = TestArguments()
      short.idleTimeout = 30
      short.callTimeout = 2
      let logs = InMemoryLogHandler()
      try await Self.start(url, arguments: short, logger: Logger(label: "test") { _ in logs })
      let warning = try #require(logs.entries.first { $0.level == .warning })
      #expect("\(warning.message)".contains("differ from the database's record"))
      let started = try #require(logs.entries.first { "\($0.message)" == "checkout server" })
      #expect(started.metadata["idleTimeout"]?.description == "1800s", "it sweeps with the recorded settings")
      #expect(started.metadata["finishedRetention"]?.description == "600s")
    }
  }

  /// `--abandon-after` is in the record too: a shorter one abandons with the
  /// recorded one; `--replace-sweep-settings` records it, and the next instance uses it.
  @Test func anInstanceWithAShorterAbandonAfterKeepsTheRecordUnlessItReplacesIt() async throws {
    try await Self.withDatabase { url in
      try await Self.start(url)
      var hasty = TestArguments()
      hasty.abandonAfter = 60
      let logs = InMemoryLogHandler()
      try await Self.start(url, arguments: hasty, logger: Logger(label: "test") { _ in logs })
      let started = try #require(logs.entries.first { "\($0.message)" == "checkout server" })
      #expect(started.metadata["abandonAfter"]?.description == "1800s", "the recorded one")
      hasty.replaceSweepSettings = true
      try await Self.start(url, arguments: hasty)
      let next = InMemoryLogHandler()
      try await Self.start(url, logger: Logger(label: "test") { _ in next })
      let later = try #require(next.entries.first { "\($0.message)" == "checkout server" })
      #expect(later.metadata["abandonAfter"]?.description == "1800s", "its own, longer one")
      #expect("\(try #require(next.entries.first { $0.level == .warning }).message)".contains("--abandon-after 60"))
    }
  }
}
