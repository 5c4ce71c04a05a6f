import ArgumentParser
import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// What an operator meets starting the server: settings that cannot be what was
/// meant are refused before anything listens, and say what would be valid.
@Suite struct OperatorStartupTests {
  static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

  /// A `DATABASE_URL` set but empty (a secret that failed to render) started the
  /// memory store: every session lost with the process. Unset still means memory.
  @Test func anEmptyDatabaseURLIsRefusedAndAnUnsetOneMeansMemory() async throws {
    for empty in ["", "  ", "\n"] {
      do {
        _ = try await buildApplication(
          TestArguments(),
          dependencies: AppDependencies(
            logger: Self.quiet, environment: ["DATABASE_URL": empty, "CHECKOUT_DATA_KEY": testDataKey]))
        Issue.record("the server started with DATABASE_URL=\(empty.debugDescription)")
      } catch let error as DatabaseURLError {
        #expect(
          error.description
            == "DATABASE_URL is set but empty (a secret that was not filled in?): give postgres://user:password@host:5432/database, or unset it to keep sessions in memory"
        )
      }
    }
    _ = try await buildApplication(TestArguments(), dependencies: AppDependencies(logger: Self.quiet, environment: [:]))
    await #expect(throws: DatabaseURLError.self) {
      try await resealStore(TestArguments(), environment: ["DATABASE_URL": "", "CHECKOUT_DATA_KEY": testDataKey])
    }
  }

  /// `--port -1` and `--idle-timeout -5` said `Missing value for '--port <port>'`:
  /// a negative number is a value to refuse in words, saying what is valid.
  @Test func aNegativeNumberIsAnInvalidValueNotAMissingOne() async throws {
    let abandon = "--abandon-after must be a number of seconds over 0 and at most 604800 (a week), not "
    let cases: [([String], String)] = [
      (["--port", "-1"], "--port must be 0 to 65535 (0: any free port), not -1"),
      (["--idle-timeout", "-5"], "--idle-timeout must be 1 second or more, not -5"),
      (["--header-timeout", "-2"], "--header-timeout must be a number of seconds over 0 and at most 3600, not -2"),
      // Values too large for a timer or a duration stopped the process (exit 132).
      (
        ["--header-timeout", "1e10"],
        "--header-timeout must be a number of seconds over 0 and at most 3600, not 10000000000"
      ),
      (["--body-timeout", "1e300"], "--body-timeout must be a number of seconds over 0 and at most 3600, not 1e+300"),
      (
        ["--call-timeout", "1e19"], "--call-timeout must be a number of seconds, 0 or more and at most 3600, not 1e+19"
      ),
      (["--call-timeout", "nan"], "--call-timeout must be a number of seconds, 0 or more and at most 3600, not nan"),
      (["--max-connections", "-3"], "--max-connections must be 1 or more, not -3"),
      (["--abandon-after", "-5"], abandon + "-5"), (["--abandon-after", "0"], abandon + "0"),
      (["--abandon-after", "nan"], abandon + "nan"), (["--abandon-after", "604801"], abandon + "604801"),
    ]
    for (arguments, expected) in cases {
      let command = try CheckoutServerCommand.parse(arguments)
      do {
        _ = try await buildApplication(command, dependencies: AppDependencies(logger: Self.quiet, environment: [:]))
        Issue.record("\(arguments) started")
      } catch let error as UsageError {
        #expect(error.description == expected)
      }
    }
    // A word is still the parser's refusal (exit 64), naming the option.
    #expect(throws: (any Error).self) { try CheckoutServerCommand.parse(["--port", "eighty"]) }
  }

  /// `--hostname 999.1.1.1` logged the normal start line, then a raw
  /// `SocketAddressError.UnknownHost`: it is refused before the start line.
  @Test func aHostnameThatDoesNotResolveIsRefusedBeforeTheStartLine() async throws {
    let logs = InMemoryLogHandler()
    var arguments = TestArguments()
    arguments.hostname = "999.1.1.1"
    do {
      _ = try await buildApplication(
        arguments, dependencies: AppDependencies(logger: Logger(label: "test") { _ in logs }, environment: [:]))
      Issue.record("the server started on 999.1.1.1")
    } catch let error as UsageError {
      #expect(error.description.hasPrefix("--hostname 999.1.1.1: not an IP address nor a host name that resolves"))
    }
    #expect(!logs.entries.contains { $0.message.description == "checkout server" })
  }

  /// `--port 0` logged `address=127.0.0.1:0`: the port the system chose is logged once listening.
  @Test func portZeroLogsThePortTheSystemChose() async throws {
    let logs = InMemoryLogHandler()
    let app = try await buildApplication(
      TestArguments(), dependencies: AppDependencies(logger: Logger(label: "test") { _ in logs }, environment: [:]))
    try await app.test(.live) { client in
      let port = try #require(client.port)
      #expect(port != 0)
      let listening = try #require(logs.entries.first { $0.message.description == "listening" })
      #expect(listening.metadata["address"]?.description == "127.0.0.1:\(port)")
    }
    let started = try #require(logs.entries.first { $0.message.description == "checkout server" })
    #expect(started.metadata["address"]?.description == "127.0.0.1:0 (any free port: see listening)")
    #expect(started.metadata["database"] == nil, "the memory store names no database")
  }

  /// `CHECKOUT_OLD_DATA_KEYS` holding a key twice was shown `oldDataKeys=64cdfceb,64cdfceb`:
  /// each key is held once, with a warning.
  @Test func aRepeatedOldKeyIsHeldOnceWithAWarning() async throws {
    let logs = InMemoryLogHandler()
    let old = DataKeyMaterial.ephemeralBase64()
    let oldID = try DataKeyMaterial(base64: old).id
    _ = try await buildApplication(
      TestArguments(),
      dependencies: AppDependencies(
        logger: Logger(label: "test") { _ in logs },
        environment: [DataKeyMaterial.variable: testDataKey, DataKeyring.oldVariable: "\(old),\(old), \(testDataKey)"]))
    let started = try #require(logs.entries.first { $0.message.description == "checkout server" })
    #expect(started.metadata["oldDataKeys"]?.description == oldID)
    let warning = try #require(logs.entries.first { $0.level == .warning })
    #expect(warning.message.description.hasPrefix("CHECKOUT_OLD_DATA_KEYS repeats a key"))
    let currentID = try DataKeyMaterial(base64: testDataKey).id
    #expect(warning.metadata["repeated"]?.description == "\(oldID),\(currentID)")
  }

  /// `--help` named none of the environment variables the server reads, nor its exit statuses.
  @Test func theHelpNamesTheEnvironmentAndTheExitStatuses() {
    let help = CheckoutServerCommand.helpMessage(columns: 100)
    for word in ["ENVIRONMENT:", "DATABASE_URL", "CHECKOUT_DATA_KEY", "CHECKOUT_OLD_DATA_KEYS", "EXIT STATUS:", "64"] {
      #expect(help.contains(word), "\(word)")
    }
  }

  /// The docs said the sweeper checks "at most once a minute"; it checks every quarter
  /// of the shorter retention (2.5 s for 20 s and 10 s) and at least once a minute.
  /// The start line says how often.
  @Test func theStartLineSaysHowOftenTheSweeperChecks() async throws {
    // --abandon-after counts too: the pass that abandons runs at the same interval.
    let cases: [(idle: Int, finished: Int?, abandon: Double?, every: String)] = [
      (20, 10, nil, "2.5s"), (1800, nil, nil, "60s"), (1000, 100, nil, "25s"), (1800, nil, 40, "10s"),
    ]
    for (idle, finished, abandon, every) in cases {
      let logs = InMemoryLogHandler()
      var arguments = TestArguments()
      (arguments.idleTimeout, arguments.finishedRetention, arguments.callTimeout) = (idle, finished, 2)
      arguments.abandonAfter = abandon
      _ = try await buildApplication(
        arguments, dependencies: AppDependencies(logger: Logger(label: "test") { _ in logs }, environment: [:]))
      let started = try #require(logs.entries.first { $0.message.description == "checkout server" })
      #expect(started.metadata["sweepEvery"]?.description == every)
      #expect(started.metadata["abandonAfter"]?.description == (abandon == nil ? "1800s" : "40s"))
    }
  }
}
