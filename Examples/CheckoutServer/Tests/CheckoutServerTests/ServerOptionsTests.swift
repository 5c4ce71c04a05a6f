import CheckoutEngine
import ArgumentParser
import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// `--db-pool-size`, `--db-connect-timeout`, `--store-timeout` and
/// `--keep-alive-timeout`: fixed in code until an SRE needed to size them (16
/// connections, 1 s, 1.5 s, 30 s). Each is parsed, refused in words when it is
/// not valid, logged on the start line, and reaches what it sets.
@Suite struct ServerOptionsTests {
  static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

  @Test func theOptionsParseAndDefaultToTheValuesOnceFixedInCode() throws {
    let defaults = try CheckoutServerCommand.parse([])
    #expect(defaults.database.dbPoolSize == 16)
    #expect(defaults.database.dbConnectTimeout == 1)
    #expect(defaults.database.storeTimeout == 1.5)
    #expect(defaults.connections.keepAliveTimeout == 30)
    let given = try CheckoutServerCommand.parse([
      "--db-pool-size", "4", "--db-connect-timeout", "2.5", "--store-timeout", "3", "--keep-alive-timeout", "7",
    ])
    #expect(given.database.dbPoolSize == 4)
    #expect(given.database.dbConnectTimeout == 2.5)
    #expect(given.database.storeTimeout == 3)
    #expect(given.connections.keepAliveTimeout == 7)
  }

  @Test func theHelpDescribesEachOption() {
    let help = CheckoutServerCommand.helpMessage(columns: 200)
    for words in [
      "--db-pool-size <count>", "The most connections this instance opens to PostgreSQL (2 to 1000)",
      "--db-connect-timeout <seconds>", "--store-timeout <seconds>", "answered 503 store_unavailable",
      "--keep-alive-timeout <seconds>", "Seconds a kept-alive connection may stay idle",
    ] {
      #expect(help.contains(words), "\(words)")
    }
  }

  /// 0, a negative number, NaN and too large a value: a usage error (exit 2) saying what is valid.
  @Test(arguments: [
    ("--db-pool-size", "0", "--db-pool-size must be 2 to 1000 connections, not 0"),
    ("--db-pool-size", "-3", "--db-pool-size must be 2 to 1000 connections, not -3"),
    ("--db-pool-size", "1001", "--db-pool-size must be 2 to 1000 connections, not 1001"),
    (
      "--db-pool-size", "1",
      "--db-pool-size must be 2 to 1000 connections, not 1 (the sweeper holds one connection for its lock while its work takes another)"
    ),
    ("--db-connect-timeout", "0", "--db-connect-timeout must be a number of seconds over 0 and at most 60, not 0"),
    ("--db-connect-timeout", "-1", "--db-connect-timeout must be a number of seconds over 0 and at most 60, not -1"),
    ("--db-connect-timeout", "61", "--db-connect-timeout must be a number of seconds over 0 and at most 60, not 61"),
    ("--db-connect-timeout", "nan", "--db-connect-timeout must be a number of seconds over 0 and at most 60, not nan"),
    ("--store-timeout", "0", "--store-timeout must be a number of seconds over 0 and at most 30, not 0"),
    ("--store-timeout", "-0.5", "--store-timeout must be a number of seconds over 0 and at most 30, not -0.5"),
    ("--store-timeout", "30.5", "--store-timeout must be a number of seconds over 0 and at most 30, not 30.5"),
    ("--store-timeout", "inf", "--store-timeout must be a number of seconds over 0 and at most 30, not inf"),
    ("--keep-alive-timeout", "0", "--keep-alive-timeout must be a number of seconds over 0 and at most 3600, not 0"),
    ("--keep-alive-timeout", "-5", "--keep-alive-timeout must be a number of seconds over 0 and at most 3600, not -5"),
    (
      "--keep-alive-timeout", "3601",
      "--keep-alive-timeout must be a number of seconds over 0 and at most 3600, not 3601"
    ),
  ])
  func aBadValueIsAUsageErrorSayingWhatIsValid(option: String, value: String, expected: String) async throws {
    let command = try CheckoutServerCommand.parse([option, value])
    let logs = InMemoryLogHandler()
    do {
      _ = try await buildApplication(
        command, dependencies: AppDependencies(logger: Logger(label: "test") { _ in logs }, environment: [:]))
      Issue.record("\(option) \(value) started")
    } catch let error as UsageError {
      #expect(error.description == expected)
    }
    #expect(!logs.entries.contains { $0.message.description == "checkout server" }, "refused before the start line")
    // `--reseal` refuses a database option too, before it reaches the database.
    guard option != "--keep-alive-timeout" else { return }
    await #expect(throws: UsageError.self) {
      try await resealStore(
        command, environment: ["DATABASE_URL": "postgres://x@127.0.0.1:1/x", "CHECKOUT_DATA_KEY": testDataKey],
        logger: Self.quiet)
    }
  }

  /// A word is the parser's refusal (exit 64), naming the option, as for every other number.
  @Test(arguments: ["--db-pool-size", "--db-connect-timeout", "--store-timeout", "--keep-alive-timeout"])
  func aWordIsTheParsersRefusalNamingTheOption(option: String) {
    do {
      _ = try CheckoutServerCommand.parse([option, "soon"])
      Issue.record("\(option) soon parsed")
    } catch {
      #expect(CheckoutServerCommand.exitCode(for: error) == .validationFailure)
      let message = CheckoutServerCommand.message(for: error)
      #expect(message.contains(option) && message.contains("soon"), "\(message)")
    }
  }

  /// The pool's size and connect timeout reach PostgresNIO's configuration.
  @Test func thePoolSizeAndConnectTimeoutReachThePoolsConfiguration() throws {
    let target = try DatabaseURL.target("postgres://checkout@127.0.0.1:5432/checkout?sslmode=disable")
    let options = DatabaseOptions(poolSize: 4, connectTimeout: 2.5)
    let store = PostgresSessionStore(target: target, options: options, logger: Self.quiet)
    #expect(store.client.configuration.options.maximumConnections == 4)
    #expect(store.client.configuration.options.connectTimeout == .milliseconds(2500))
    let standard = PostgresSessionStore(target: target, logger: Self.quiet).client.configuration.options
    #expect(standard.maximumConnections == 16)
    #expect(standard.connectTimeout == .seconds(1))
  }

  /// A fresh pool that replaces a lagging one is given its connect timeout and a
  /// probe's limit (at least a second): with `--db-connect-timeout 2.5` a fixed
  /// second would never let a replacement win against a database that takes two.
  @Test func aReplacementPoolIsGivenTheConnectTimeout() throws {
    let target = try DatabaseURL.target("postgres://checkout@127.0.0.1:5432/checkout?sslmode=disable")
    let slow = PostgresSessionStore(target: target, options: DatabaseOptions(connectTimeout: 2.5), logger: Self.quiet)
    #expect(slow.client.candidateLimit == .milliseconds(2750))
    let quick = PostgresSessionStore(target: target, options: DatabaseOptions(connectTimeout: 0.2), logger: Self.quiet)
    #expect(quick.client.candidateLimit == .seconds(1))
  }

  /// The pool's size is compared with `max_connections`: a warning past it, nothing within.
  @Test func aPoolLargerThanMaxConnectionsIsWarnedAbout() throws {
    #expect(PoolSizeCheck.warning(poolSize: 16, maxConnections: 100) == nil)
    #expect(PoolSizeCheck.warning(poolSize: 100, maxConnections: 100) == nil)
    let warning = try #require(PoolSizeCheck.warning(poolSize: 101, maxConnections: 100))
    #expect(warning.hasPrefix("--db-pool-size 101 exceeds the database's max_connections 100"))
  }

  /// `--store-timeout`: a store whose insert answers after 2 s (``SlowStore``) is
  /// cut off (503) under 0.3 s, and answered under 10 s (the fixed 1.5 s cut it off too). Decided by
  /// the order of two timers, not by a wall-clock bound, so a loaded machine
  /// does not fail it.
  @Test func theStoreTimeoutBoundsAStoreOperation() async throws {
    for (seconds, status, logged) in [(0.3, HTTPResponse.Status.serviceUnavailable, "0.3s"), (10, .created, "10s")] {
      var arguments = TestArguments()
      arguments.database = DatabaseOptions(storeTimeout: seconds)
      let logs = InMemoryLogHandler()
      let dependencies = AppDependencies(
        logger: Logger(label: "test") { _ in logs }, store: SlowStore(delay: .seconds(2)), environment: [:])
      try await withApp(arguments: arguments, dependencies: dependencies) { client in
        let created = try await client.send(.post, "/sessions", body: #"{"flow":"plndr"}"#)
        #expect(created.status == status, "--store-timeout \(seconds): \(created.text)")
      }
      let started = try #require(logs.entries.first { $0.message.description == "checkout server" })
      #expect(started.metadata["storeTimeout"]?.description == logged)
      #expect(started.metadata["dbPoolSize"] == nil, "no database, no pool")
    }
  }

  /// `--keep-alive-timeout 3`: an idle kept-alive connection is closed after three
  /// seconds (the fixed 30 s kept it past the 12 s wait). Not less: on a loaded
  /// machine half a second closed the connection before its request was read.
  @Test func theKeepAliveTimeoutClosesAnIdleConnection() async throws {
    var arguments = TestArguments()
    arguments.connections = ConnectionOptions(keepAliveTimeout: 3)
    let logs = InMemoryLogHandler()
    let app = try await buildApplication(
      arguments, dependencies: AppDependencies(logger: Logger(label: "test") { _ in logs }, environment: [:]))
    try await app.test(.live) { client in
      let port = try #require(client.port)
      let start = ContinuousClock.now
      let answer = try await RawHTTP.exchange(
        port: port, [RawHTTP.request("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")], wait: .seconds(12))
      #expect(answer.status == 200, "\(answer.text)")
      // Within the wait, well short of the 30 s default, however loaded the machine.
      #expect(answer.closed, "the idle connection was kept open \(ContinuousClock.now - start)")
    }
    let started = try #require(logs.entries.first { $0.message.description == "checkout server" })
    #expect(started.metadata["keepAliveTimeout"]?.description == "3s")
  }
}
