import CheckoutEngine
import Foundation
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// `--reseal` against a real PostgreSQL (part of ``PostgresStartupTests``: a
/// database of its own, when `CHECKOUT_TEST_DATABASE_URL` names one).
extension PostgresStartupTests {
  /// An instance still on the old key (it skipped the restart with the new one)
  /// seals with it after the reseal: `--reseal` reported all clear while
  /// `checkout_data_keys` showed that key recorded seconds before.
  @Test func resealWarnsWhileAnotherInstanceStillSealsWithTheOldKey() async throws {
    try await Self.withDatabase { url in
      // The old instance: K1 current, its heartbeat recorded just now.
      try await Self.start(url)
      let newKey = DataKeyMaterial.ephemeralBase64()
      let environment = [
        "DATABASE_URL": url, DataKeyMaterial.variable: newKey, DataKeyring.oldVariable: testDataKey,
      ]
      let oldID = try DataKeyMaterial(base64: testDataKey).id
      let newID = try DataKeyMaterial(base64: newKey).id
      let report = try await resealStore(TestArguments(), environment: environment)
      #expect(report.stillSealing.map(\.id) == [oldID])
      #expect(report.exitStatus == 3)
      let warning = try #require(report.warnings.first)
      #expect(
        warning.hasPrefix(
          "warning: data key \(oldID) is not the current key \(newID), yet a running instance recorded it as its own "),
        "\(warning)")
      #expect(warning.contains("restart it with CHECKOUT_DATA_KEY set to the current key and run --reseal again"))
      // Last recorded longer ago than two heartbeats: no instance runs on it any more.
      try await Self.admin(
        url, "UPDATE checkout_data_keys SET seen_at = now() - interval '121 seconds' WHERE id = '\(oldID)'")
      let clear = try await resealStore(TestArguments(), environment: environment)
      #expect(clear.stillSealing.isEmpty)
      #expect(clear.warnings.isEmpty)
      #expect(clear.exitStatus == 0)
    }
  }

  /// Every `--reseal` printed PostgresNIO's "`PostgresClient.run()` hasn't been
  /// called yet": its first query raced the task that runs the pool.
  @Test func aResealPrintsNoWarningThatThePoolWasNotRunning() async throws {
    try await Self.withDatabase { url in
      try await Self.start(url)
      let environment = ["DATABASE_URL": url, DataKeyMaterial.variable: testDataKey]
      for _ in 0..<3 {
        let logs = InMemoryLogHandler()
        let report = try await resealStore(
          TestArguments(), environment: environment, logger: Logger(label: "test") { _ in logs })
        #expect(report.exitStatus == 0)
        let notRunning = logs.entries.filter { $0.message.description.contains("hasn't been called yet") }
        #expect(notRunning.isEmpty, "\(notRunning.map(\.message))")
      }
    }
  }

  /// A pool larger than the database's `max_connections` is warned about at start
  /// (and still starts); the start line names the pool's size and connect timeout.
  @Test func aPoolLargerThanMaxConnectionsIsWarnedAboutAtStart() async throws {
    try await Self.withDatabase { url in
      let logs = InMemoryLogHandler()
      var arguments = TestArguments()
      arguments.database = DatabaseOptions(poolSize: 1000, connectTimeout: 2, storeTimeout: 4)
      try await Self.start(url, arguments: arguments, logger: Logger(label: "test") { _ in logs })
      let warning = try #require(logs.entries.first { $0.message.description.hasPrefix("--db-pool-size 1000") })
      #expect(warning.level == .warning)
      #expect(warning.message.description.contains("exceeds the database's max_connections"))
      let started = try #require(logs.entries.first { $0.message.description == "checkout server" })
      #expect(started.metadata["dbPoolSize"]?.description == "1000")
      #expect(started.metadata["dbConnectTimeout"]?.description == "2s")
      #expect(started.metadata["storeTimeout"]?.description == "4s")
      let fits = InMemoryLogHandler()
      try await Self.start(url, logger: Logger(label: "test") { _ in fits })
      #expect(!fits.entries.contains { $0.message.description.hasPrefix("--db-pool-size") })
    }
  }

  /// The PostgreSQL start line said `store=postgres` and named no database.
  @Test func thePostgresStartLineNamesTheDatabaseNeverThePassword() async throws {
    try await Self.withDatabase { url in
      let logs = InMemoryLogHandler()
      try await Self.start(url, logger: Logger(label: "test") { _ in logs })
      let started = try #require(logs.entries.first { $0.message.description == "checkout server" })
      let target = try DatabaseURL.target(url)
      #expect(started.metadata["database"]?.description == "\(target)")
      #expect(started.metadata["database"]?.description.hasPrefix("host ") == true)
      let password = try #require(URLComponents(string: url)?.password)
      #expect(!"\(started.metadata)".contains(password))
    }
  }
}
