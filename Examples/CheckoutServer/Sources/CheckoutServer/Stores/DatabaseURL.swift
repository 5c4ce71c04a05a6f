import Foundation
import NIOCore
import PostgresNIO

/// A DATABASE_URL that cannot be used, and why (the password is never repeated).
struct DatabaseURLError: Error, CustomStringConvertible {
  var description: String
}

/// The database a DATABASE_URL names: where it listens, who logs in, and how.
/// Both the server's pool and its one start-up connection are made from it, and
/// its description names it in every start-up error (never the password).
struct DatabaseTarget: Sendable, CustomStringConvertible {
  /// Where the database listens.
  enum Endpoint: Sendable, Equatable {
    case tcp(host: String, port: Int)
    /// A Unix socket file (`?host=/dir` and the port: `/dir/.s.PGSQL.PORT`).
    case socket(path: String, portGiven: Bool)
  }

  /// `sslmode`: `disable`, `prefer` (also `allow`) or `require` (also `verify-ca`, `verify-full`).
  enum SSLMode: String, Sendable {
    case disable, prefer, require
  }

  var endpoint: Endpoint
  var username: String
  var password: String?
  var database: String?
  var ssl: SSLMode

  /// `host 127.0.0.1, port 5432, database checkout, user checkout` (a socket:
  /// `socket /dir/.s.PGSQL.5432 (…)`); never the password.
  var description: String {
    let place: String
    switch endpoint {
    case .tcp(let host, let port): place = "host \(host), port \(port)"
    case .socket(let path, let portGiven):
      place = "socket \(path)" + (portGiven ? "" : " (port 5432, none given: give host=DIR and :PORT for another)")
    }
    return "\(place), database \(database ?? username), user \(username)"
  }

  /// The pool's configuration: at most `options.dbPoolSize` connections (16 by
  /// default), a connection attempt given up after `options.dbConnectTimeout` (1 s).
  func clientConfiguration(_ options: DatabaseOptions = .standard) -> PostgresClient.Configuration {
    var configuration: PostgresClient.Configuration
    switch endpoint {
    case .socket(let path, _):
      configuration = PostgresClient.Configuration(
        unixSocketPath: path, username: username, password: password, database: database)
    case .tcp(let host, let port):
      let tls: PostgresClient.Configuration.TLS
      switch ssl {
      case .disable: tls = .disable
      case .prefer: tls = .prefer(.makeClientConfiguration())
      case .require: tls = .require(.makeClientConfiguration())
      }
      configuration = PostgresClient.Configuration(
        host: host, port: port, username: username, password: password, database: database, tls: tls)
    }
    configuration.options.maximumConnections = options.dbPoolSize
    // Fail fast when the database is down: the server answers 503 within the store
    // timeout (TimeLimitedStore bounds every operation; by default a connection
    // attempt, 1 s, gives up sooner than an operation, 1.5 s).
    configuration.options.connectTimeout = options.connectDuration
    return configuration
  }

  /// One connection's configuration (the start-up check's), giving up its attempt after `timeout`.
  func connectionConfiguration(timeout: TimeAmount) throws -> PostgresConnection.Configuration {
    var configuration: PostgresConnection.Configuration
    switch endpoint {
    case .socket(let path, _):
      configuration = PostgresConnection.Configuration(
        unixSocketPath: path, username: username, password: password, database: database)
    case .tcp(let host, let port):
      let tls: PostgresConnection.Configuration.TLS
      switch ssl {
      case .disable: tls = .disable
      case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
      case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
      }
      configuration = PostgresConnection.Configuration(
        host: host, port: port, username: username, password: password, database: database, tls: tls)
    }
    configuration.options.connectTimeout = timeout
    return configuration
  }
}

/// Parses `postgres://user:password@host:port/database?sslmode=disable|prefer|require`
/// (`postgresql://` too; `?host=/dir` for a Unix socket directory).
enum DatabaseURL {
  /// The query parameters understood.
  static let parameters = ["sslmode", "host"]

  /// The pool's configuration for `text` (``DatabaseTarget/clientConfiguration(_:)``).
  static func configuration(_ text: String, options: DatabaseOptions = .standard) throws(DatabaseURLError)
    -> PostgresClient.Configuration
  {
    try target(text).clientConfiguration(options)
  }

  /// The `DATABASE_URL` of `environment`: nil when it is not set (the memory store).
  /// One set but empty (or only blanks: a secret that failed to render) is refused
  /// rather than read as unset: an operator who meant PostgreSQL would otherwise get
  /// a memory store, and lose every session with the process.
  static func given(in environment: [String: String]) throws(DatabaseURLError) -> String? {
    guard let text = environment["DATABASE_URL"] else { return nil }
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw DatabaseURLError(
        description:
          "DATABASE_URL is set but empty (a secret that was not filled in?): give postgres://user:password@host:5432/database, or unset it to keep sessions in memory"
      )
    }
    return text
  }

  /// The database `text` names; a refusal says what is wrong and what would do.
  static func target(_ text: String) throws(DatabaseURLError) -> DatabaseTarget {
    guard let components = URLComponents(string: text), let scheme = components.scheme,
      scheme == "postgres" || scheme == "postgresql"
    else {
      throw DatabaseURLError(description: "DATABASE_URL must look like postgres://user:password@host:5432/database")
    }
    guard let user = components.user, !user.isEmpty else {
      throw DatabaseURLError(description: "DATABASE_URL names no user (postgres://USER@host/database)")
    }
    if let port = components.port, !(1...65535).contains(port) {
      // PostgresNIO would wrap it (99999 connects to 34463).
      throw DatabaseURLError(description: "DATABASE_URL: port must be 1 to 65535, not \(port)")
    }
    var query: [String: String] = [:]
    for item in components.queryItems ?? [] {
      guard parameters.contains(item.name) else {
        throw DatabaseURLError(
          description:
            "DATABASE_URL: unknown parameter \"\(LogText.safe(item.name))\" (understood: sslmode=disable|prefer|require, host=/socket/directory)"
        )
      }
      query[item.name] = item.value ?? ""
    }
    let username = user.removingPercentEncoding ?? user
    let password = components.password.map { $0.removingPercentEncoding ?? $0 }
    let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
    let database = path.isEmpty ? nil : path
    let ssl: DatabaseTarget.SSLMode
    switch query["sslmode"] ?? "prefer" {
    case "disable": ssl = .disable
    case "require", "verify-ca", "verify-full": ssl = .require
    case "prefer", "allow": ssl = .prefer
    case let other:
      throw DatabaseURLError(
        description: "DATABASE_URL: unknown sslmode \"\(LogText.safe(other))\" (disable, prefer or require)")
    }
    let endpoint: DatabaseTarget.Endpoint
    if let directory = query["host"] {
      guard directory.hasPrefix("/") else {
        throw DatabaseURLError(
          description:
            "DATABASE_URL: host= must be a socket directory starting with /, such as host=/var/run/postgresql")
      }
      let port = components.port ?? 5432
      endpoint = .socket(path: "\(directory)/.s.PGSQL.\(port)", portGiven: components.port != nil)
    } else {
      guard let host = components.host, !host.isEmpty else {
        throw DatabaseURLError(description: "DATABASE_URL names no host (postgres://user@HOST:5432/database)")
      }
      // An IPv6 address is written in brackets (`[::1]`), which the resolver does not take.
      let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
      endpoint = .tcp(host: bare, port: components.port ?? 5432)
    }
    return DatabaseTarget(endpoint: endpoint, username: username, password: password, database: database, ssl: ssl)
  }
}
