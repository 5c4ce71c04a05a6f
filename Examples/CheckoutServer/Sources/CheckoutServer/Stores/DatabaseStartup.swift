import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// The database cannot be used at start: printed as `error: …`, and the process
/// exits 1 before it listens. It names the database (host, port, database, user;
/// never the password) and the cause.
struct DatabaseStartupError: Error, CustomStringConvertible {
  var description: String
}

/// A PostgresNIO error in words: its code, and a server's SQLSTATE and message
/// (never the query or the values bound to it, which a `PSQLError`'s own text may hold).
enum PostgresErrorText {
  static func describe(_ error: any Error) -> String {
    guard let psql = error as? PSQLError else { return "\(type(of: error))" }
    if let message = psql.serverInfo?[.message] {
      let state = psql.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
      return message + state
    }
    if psql.code == .connectionError, let underlying = psql.underlying {
      return ConnectionFailure(underlying).text
    }
    return "\(psql.code)"
  }
}

/// Why a connection could not be made, and whether waiting may mend it.
struct ConnectionFailure {
  /// Words for the operator.
  var text: String
  /// Whether to try again (nothing listening yet, no answer, the database starting).
  var transient: Bool

  init(_ error: any Error) {
    if let psql = error as? PSQLError {
      if let state = psql.serverInfo?[.sqlState] {
        // 57P03: the database is starting up; 53300: too many connections.
        self.init(text: PostgresErrorText.describe(psql), transient: state == "57P03" || state == "53300")
        return
      }
      if psql.code == .sslUnsupported {
        self.init(
          text: "the server does not offer SSL, and DATABASE_URL requires it (sslmode=require)", transient: false)
        return
      }
      if psql.code == .connectionError, let underlying = psql.underlying {
        self.init(underlying)
        return
      }
      self.init(text: "\(psql.code)", transient: false)
      return
    }
    if let io = error as? IOError {
      switch io.errnoCode {
      case ECONNREFUSED: self.init(text: "nothing listens there (connection refused)", transient: true)
      case ENOENT: self.init(text: "no such socket file: nothing listens there", transient: true)
      case EACCES: self.init(text: "permission denied on the socket file", transient: false)
      default: self.init(text: "\(io)", transient: true)
      }
      return
    }
    if let connection = error as? NIOConnectionError {
      if connection.dnsAError != nil || connection.dnsAAAAError != nil, connection.connectionErrors.isEmpty {
        self.init(text: "the host name does not resolve", transient: false)
      } else if let first = connection.connectionErrors.first {
        self.init(first.error)
      } else {
        self.init(text: "no address to connect to", transient: false)
      }
      return
    }
    if let channel = error as? ChannelError, case .connectTimeout = channel {
      self.init(text: "no answer", transient: true)
      return
    }
    self.init(text: "\(type(of: error)): \(Self.withoutSourcePaths("\(error)"))", transient: true)
  }

  /// An error's text without the source paths some carry (BoringSSL's `… at
  /// /…/.build/checkouts/…/handshake.cc:320`): they say where the build was made, not what failed.
  static func withoutSourcePaths(_ text: String) -> String {
    text.replacing(/\ at \/[^\s\]\)]*/, with: "")
  }

  init(text: String, transient: Bool) {
    self.text = text
    self.transient = transient
  }
}

/// The server's first contact with its database, before it listens: one
/// connection, made within ``attemptLimit``. A refusal that waiting cannot mend
/// (a wrong password, a missing database, SSL required but not offered) ends
/// the start at once; nothing listening, or no answer, is tried again for
/// ``retryFor`` and then ends it. On that connection the schema is checked and
/// prepared (``DatabaseSchema``), the data keys admitted (``DataKeyAdmission``)
/// and the sweeping settings compared with the database's (``SweepSettingsRecord``);
/// the pool's size is compared with the database's `max_connections` (``PoolSizeCheck``).
struct DatabaseStartup: Sendable {
  let target: DatabaseTarget
  let logger: Logger
  /// How long one attempt (connect, TLS, login) may take.
  var attemptLimit: Duration = .seconds(3)
  /// How long a transient failure is tried again.
  var retryFor: Duration = .seconds(10)
  /// The size of the pool the server will open (`--db-pool-size`), compared with
  /// the database's `max_connections` (``PoolSizeCheck``); nil: not compared.
  var poolSize: Int?

  /// Runs `body` on one connection to the database, then closes it. A failure
  /// to connect, or of `body`, is a ``DatabaseStartupError`` naming the database.
  func withConnection<Result: Sendable>(
    _ body: @Sendable (PostgresConnection) async throws -> Result
  ) async throws -> Result {
    let connection = try await connect()
    do {
      let result = try await body(connection)
      try? await connection.close()
      return result
    } catch let error as DatabaseStartupError {
      try? await connection.close()
      throw error
    } catch {
      try? await connection.close()
      throw DatabaseStartupError(
        description: "database (\(target)): \(PostgresErrorText.describe(error)) while preparing its tables")
    }
  }

  /// What the start found and settled.
  struct Prepared: Sendable {
    /// The settings to sweep with (``SweepSettingsRecord``); nil when none were given.
    var sweep: SweepSettings?
    /// The ids of keys stored values are sealed with that this instance does not
    /// hold, with how many sessions each (those sessions will be refused).
    var unheldKeys: [String: Int]
  }

  /// Connects, then, holding ``DatabaseSchema/lock``: checks and prepares the
  /// tables, admits `keys` (``DataKeyAdmission``) and settles the sweeping
  /// settings `sweep` (``SweepSettingsRecord``; nil: left alone).
  func prepare(keys: DataKeyring, sweep: SweepSettings?, replaceSweepSettings: Bool = false) async throws
    -> Prepared
  {
    let (target, logger, poolSize) = (target, logger, poolSize)
    let prepared = try await withConnection { connection in
      if let poolSize {
        await PoolSizeCheck.warnIfOver(poolSize, on: connection, logger: logger)
      }
      return try await DatabaseSchema.locked(on: connection, logger: logger) {
        try await DatabaseSchema.prepare(on: connection, database: "\(target)", logger: logger)
        let unheld = try await DataKeyAdmission.admit(keys, on: connection, logger: logger)
        let settled = try await sweep.asyncMap {
          try await SweepSettingsRecord.settle(
            own: $0, replace: replaceSweepSettings, on: connection, logger: logger)
        }
        return Prepared(sweep: settled, unheldKeys: unheld)
      }
    }
    if !prepared.unheldKeys.isEmpty {
      let counts = prepared.unheldKeys.sorted { $0.key < $1.key }.map {
        "\($0.key) (\(DataKeyAdmission.sessions($0.value)))"
      }
      logger.warning(
        "stored sessions are sealed with data keys this instance does not hold; they will be refused (503 sealed_with_unknown_key) until resealed by an instance holding them, or swept",
        metadata: ["keys": "\(counts.joined(separator: ", "))"])
    }
    return prepared
  }

  /// One connection, within ``attemptLimit`` per attempt and ``retryFor`` in all.
  func connect() async throws(DatabaseStartupError) -> PostgresConnection {
    let deadline = ContinuousClock.now + retryFor
    var attempts = 0
    while true {
      attempts += 1
      let failure: ConnectionFailure
      do {
        return try await attempt()
      } catch {
        failure = error
      }
      guard failure.transient, ContinuousClock.now + .milliseconds(500) < deadline else {
        let tried = attempts > 1 ? " (\(attempts) attempts in \(Int(Self.seconds(retryFor))) s)" : ""
        throw DatabaseStartupError(
          description: "cannot connect to the database (\(target)): \(failure.text)\(tried); \(advice(failure))")
      }
      if attempts == 1 {
        logger.notice(
          "the database does not answer yet; trying again for \(Int(Self.seconds(retryFor))) s",
          metadata: ["database": "\(target)", "reason": "\(failure.text)"])
      }
      try? await Task.sleep(for: .milliseconds(500))
    }
  }

  /// What the operator can do about `failure`.
  private func advice(_ failure: ConnectionFailure) -> String {
    if failure.transient { return "start the database, or correct the host and port in DATABASE_URL" }
    if failure.text.contains("28P01") || failure.text.contains("28000") {
      return "check the user and password in DATABASE_URL (and the server's pg_hba.conf)"
    }
    if failure.text.contains("3D000") {
      return "create the database (createdb), or name another in DATABASE_URL"
    }
    if failure.text.contains("SSL") { return "enable SSL on the server, or give sslmode=disable or prefer" }
    return "correct DATABASE_URL or the database"
  }

  private func attempt() async throws(ConnectionFailure) -> PostgresConnection {
    let configuration: PostgresConnection.Configuration
    do {
      configuration = try target.connectionConfiguration(
        timeout: .nanoseconds(Int64(Self.seconds(attemptLimit) * 1e9)))
    } catch {
      throw ConnectionFailure(text: "TLS cannot be set up: \(error)", transient: false)
    }
    var quiet = logger
    quiet.logLevel = .critical
    let logger = quiet
    let limit = attemptLimit
    let outcome: Result<PostgresConnection, ConnectionFailure> = await withTaskGroup(
      of: Result<PostgresConnection, ConnectionFailure>?.self
    ) { group in
      group.addTask {
        do {
          return .success(try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger))
        } catch {
          return .failure(ConnectionFailure(error))
        }
      }
      group.addTask {
        try? await Task.sleep(for: limit)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first ?? .failure(ConnectionFailure(text: "no answer within \(limit)", transient: true))
    }
    return try outcome.get()
  }

  static func seconds(_ duration: Duration) -> Double { Double(duration.nanoseconds) / 1e9 }
}

extension ConnectionFailure: Error {}

extension Optional {
  /// `map` with an async transform.
  fileprivate func asyncMap<Mapped>(_ transform: (Wrapped) async throws -> Mapped) async rethrows -> Mapped? {
    guard let self else { return nil }
    return try await transform(self)
  }
}
