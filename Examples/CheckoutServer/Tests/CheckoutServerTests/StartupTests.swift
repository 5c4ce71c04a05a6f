import CheckoutEngine
import Foundation
import Hummingbird
import InMemoryLogging
import Logging
import NIOCore
import NIOPosix
import Testing

@testable import CheckoutServer

/// Flows are loaded and linted at start; a lint error stops the server with the
/// lint output.
@Suite struct StartupTests {
  static func temporaryDirectory(_ files: [String: String]) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "checkout-server-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (name, text) in files {
      try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return directory.path
  }

  @Test func theRepositorysFlowsLoadAndTheSchemaIsSkipped() throws {
    let catalog = try FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: Logger(label: "test"))
    #expect(catalog.ids == ["express", "plndr", "tickets"])
    #expect(FileManager.default.fileExists(atPath: FlowCatalog.defaultDirectory + "/flow.schema.json"))
  }

  @Test func aFlowWithLintErrorsStopsTheServerWithTheLintOutput() async throws {
    let broken = """
      {
        "format": 1, "id": "broken", "title": "Broken", "start": "cart",
        "steps": [
          { "id": "cart", "title": "Cart", "rows": [
            { "id": "pay", "cell": "button", "title": "Pay", "opens": "creditCrd" } ] },
          { "id": "creditCard", "title": "Card", "presentation": "modal", "rows": [] }
        ],
        "errors": []
      }
      """
    let directory = try Self.temporaryDirectory([
      "broken.json": broken, "flow.schema.json": #"{"$schema": "https://json-schema.org/draft/2020-12/schema"}"#,
    ])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var arguments = TestArguments()
    arguments.flows = directory
    do {
      _ = try await buildApplication(arguments, dependencies: AppDependencies(environment: [:]))
      Issue.record("the server started with a broken flow")
    } catch let error as FlowCatalogError {
      let text = error.description
      #expect(text.contains("broken.json:5:"), "\(text)")
      #expect(
        text.contains(#"steps[0].rows[0].opens: unknown step "creditCrd"; did you mean "creditCard"?"#), "\(text)")
      #expect(text.contains("the server does not start with a flow that fails lint"))
      #expect(!text.contains("flow.schema.json"))
    }
  }

  @Test func aMissingFlowsDirectoryIsReported() async throws {
    var arguments = TestArguments()
    arguments.flows = "/nonexistent/flows"
    do {
      _ = try await buildApplication(arguments, dependencies: AppDependencies(environment: [:]))
      Issue.record("the server started without its flows")
    } catch let error as FlowCatalogError {
      #expect(error.description == "error: --flows /nonexistent/flows: no such directory")
    }
  }

  @Test func databaseURLsAreParsed() throws {
    let tcp = try DatabaseURL.configuration("postgres://checkout:s%40cret@127.0.0.1:55432/checkout?sslmode=disable")
    #expect(tcp.host == "127.0.0.1")
    #expect(tcp.port == 55432)
    #expect(tcp.username == "checkout")
    #expect(tcp.password == "s@cret")
    #expect(tcp.database == "checkout")
    let socket = try DatabaseURL.configuration("postgresql://me@localhost/db?host=/tmp/pg")
    #expect(socket.unixSocketPath == "/tmp/pg/.s.PGSQL.5432")
    #expect(throws: DatabaseURLError.self) { try DatabaseURL.configuration("mysql://x@y/z") }
    #expect(throws: DatabaseURLError.self) { try DatabaseURL.configuration("postgres://127.0.0.1/db") }
  }

  /// A port past 65535 wrapped (99999 connected to 34463); an unknown parameter
  /// was ignored; a socket without a port did not say which file it meant.
  @Test func badDatabaseURLsSayWhatIsWrongAndWhatWouldDo() throws {
    for port in ["99999", "70000", "0"] {
      do {
        _ = try DatabaseURL.target("postgres://u:p@127.0.0.1:\(port)/checkout")
        Issue.record("port \(port) was accepted")
      } catch {
        #expect(error.description == "DATABASE_URL: port must be 1 to 65535, not \(port)")
      }
    }
    do {
      _ = try DatabaseURL.target("postgres://u:p@127.0.0.1:5432/checkout?sslmode=disable&bogus=1")
      Issue.record("an unknown parameter was accepted")
    } catch {
      #expect(error.description.hasPrefix(#"DATABASE_URL: unknown parameter "bogus" (understood: sslmode="#))
      #expect(error.description.contains("host="))
    }
    let socket = try DatabaseURL.target("postgres://u@localhost/db?host=/run/pg")
    #expect("\(socket)".hasPrefix("socket /run/pg/.s.PGSQL.5432 (port 5432, none given"), "\(socket)")
    #expect("\(socket)".hasSuffix("database db, user u"))
    let tcp = try DatabaseURL.target("postgres://u:secret@db.example:6543/shop")
    #expect("\(tcp)" == "host db.example, port 6543, database shop, user u")
    // An IPv6 address, in the brackets a URL writes it in, is connected to without them.
    let ipv6 = try DatabaseURL.target("postgres://u:secret@[::1]:6543/shop")
    #expect(ipv6.endpoint == .tcp(host: "::1", port: 6543), "\(ipv6)")
  }

  /// A database nothing listens on: the start ends, after `databaseWait`, with an
  /// error naming the database and the cause, instead of leaving the server
  /// neither listening nor exiting.
  @Test func aDatabaseNothingListensOnEndsTheStartNamingIt() async throws {
    let port = try Self.freePort()
    let started = ContinuousClock.now
    var dependencies = AppDependencies(
      logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
      environment: [
        "DATABASE_URL": "postgres://ada:pw@127.0.0.1:\(port)/shop?sslmode=disable", "CHECKOUT_DATA_KEY": testDataKey,
      ])
    dependencies.databaseWait = .seconds(1)
    do {
      _ = try await buildApplication(TestArguments(), dependencies: dependencies)
      Issue.record("the server started without its database")
    } catch let error as DatabaseStartupError {
      #expect(
        error.description.hasPrefix(
          "cannot connect to the database (host 127.0.0.1, port \(port), database shop, user ada): nothing listens there (connection refused)"
        ), "\(error)")
      #expect(!error.description.contains("pw"))
    }
    // What this checks is that the start ends instead of hanging: 1 s of retries
    // and the flows loaded, which in a debug build beside the whole suite's other
    // servers has taken 22 s on two cores (15 s failed a quiet CI run): a minute.
    #expect(
      ContinuousClock.now - started < .seconds(60), "1 s of retries, and the flows loaded (slow on a busy machine)")
  }

  /// A port nothing listens on now.
  static func freePort() throws -> Int {
    let channel = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .bind(host: "127.0.0.1", port: 0).wait()
    defer { try? channel.close().wait() }
    return try #require(channel.localAddress?.port)
  }

  /// Another application's `sessions` table is told apart from the server's, an
  /// older table of the server's (without the columns added since) is not.
  @Test func aTableThatIsNotTheServersIsToldApart() throws {
    let sessions = try #require(DatabaseSchema.tables.first { $0.name == "sessions" })
    let foreign = DatabaseSchema.differences(
      of: [("id", "integer"), ("user_id", "integer"), ("data", "text")], from: sessions)
    #expect(
      foreign == [
        "it lacks the columns version, flow, snapshot, created_at, updated_at", "its column id is integer, not text",
        "it has columns this server does not use: user_id, data",
      ])
    #expect(DatabaseSchema.differences(of: sessions.columns, from: sessions).isEmpty, "an older table of ours")
    #expect(DatabaseSchema.differences(of: sessions.columns + sessions.added, from: sessions).isEmpty)
  }

  /// The odd instance is the one holding none of the database's keys.
  @Test func anInstanceHoldingNoneOfTheDatabasesKeysIsRefused() throws {
    let k1 = try DataKeyMaterial(base64: testDataKey)
    let k2 = try DataKeyMaterial(base64: DataKeyMaterial.ephemeralBase64())
    let first = DataKeyring(current: k1)
    #expect(DataKeyAdmission.refusal(first, recorded: [], sealing: [:]) == nil, "an empty database takes any key")
    #expect(DataKeyAdmission.refusal(first, recorded: [k1.id], sealing: [k1.id: 3]) == nil)
    let mistyped = DataKeyring(current: k2)
    let refusal = try #require(DataKeyAdmission.refusal(mistyped, recorded: [k1.id], sealing: [k1.id: 3]))
    #expect(refusal.contains("holds data key \(k2.id)"), "\(refusal)")
    #expect(refusal.contains("the other instances seal with \(k1.id)"))
    #expect(refusal.contains("stored sessions are sealed with \(k1.id) (3 sessions)"))
    #expect(refusal.contains("CHECKOUT_OLD_DATA_KEYS"))
    #expect(
      DataKeyAdmission.refusal(mistyped, recorded: [k1.id], sealing: [:]) != nil,
      "refused before any value is sealed, while an instance with the other key runs")
    #expect(
      DataKeyAdmission.refusal(DataKeyring(current: k2, old: [k1]), recorded: [k1.id], sealing: [k1.id: 3]) == nil,
      "a rotation: the new key current, the old one held")
    #expect(
      DataKeyAdmission.refusal(first, recorded: [k1.id, k2.id], sealing: [k2.id: 1]) == nil,
      "an instance not yet given the new key still starts")
  }

  /// Instances on one database share its sweeping settings: a shorter one sweeps
  /// with the recorded ones unless it replaces them.
  @Test func sweepingSettingsFollowTheDatabasesRecord() {
    let production = SweepSettings(idleTimeout: 1800, finishedRetention: 600)
    let debug = SweepSettings(idleTimeout: 30, finishedRetention: 30)
    let first = SweepSettingsRecord.decide(own: production, recorded: nil, replace: false)
    #expect(first.effective == production && first.record == production && first.warning == nil)
    let same = SweepSettingsRecord.decide(own: production, recorded: production, replace: false)
    #expect(same.effective == production && same.record == nil && same.warning == nil)
    let shorter = SweepSettingsRecord.decide(own: debug, recorded: production, replace: false)
    #expect(shorter.effective == production, "it never deletes what the others keep")
    #expect(shorter.record == nil)
    #expect(shorter.warning?.contains("differ from the database's record") == true)
    #expect(shorter.warning?.contains("--replace-sweep-settings") == true)
    let replaced = SweepSettingsRecord.decide(own: debug, recorded: production, replace: true)
    #expect(replaced.effective == debug && replaced.record == debug)
    let longer = SweepSettingsRecord.decide(
      own: SweepSettings(idleTimeout: 3600, finishedRetention: 60), recorded: production, replace: false)
    #expect(longer.effective == SweepSettings(idleTimeout: 3600, finishedRetention: 600))
    #expect(longer.warning != nil)
    // --abandon-after is shared too: a shorter one would cancel the others' shoppers still at their bank.
    let hasty = SweepSettingsRecord.decide(
      own: SweepSettings(idleTimeout: 1800, finishedRetention: 600, abandonAfter: 60), recorded: production,
      replace: false)
    #expect(hasty.effective == production && hasty.record == nil)
    #expect(hasty.warning?.contains("--abandon-after 60") == true, "\(hasty.warning ?? "")")
  }

  /// The start line lists every file served: v1 and v2 of a flow each (it listed only the newest).
  @Test func theStartLineListsEveryVersionServed() async throws {
    let folder = try FlowChangeTests.flows(["plndr-v1.json", "plndr-v2.json"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let handler = InMemoryLogHandler()
    var arguments = TestArguments()
    arguments.flows = folder
    _ = try await buildApplication(
      arguments,
      dependencies: AppDependencies(logger: Logger(label: "test") { _ in handler }, environment: [:]))
    let line = try #require(handler.entries.first { $0.message.description == "checkout server" })
    #expect(
      line.metadata["flows"]?.description
        == "plndr v1 (\(folder)/plndr-v1.json), plndr v2 (\(folder)/plndr-v2.json)")
  }

  /// A port in use is named, with the address (NIO said `bind(…) (errno: 98)`).
  @Test func aPortInUseIsNamed() async throws {
    let taken = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 0)
      .bind(host: "127.0.0.1", port: 0).get()
    let port = try #require(taken.localAddress?.port)
    var arguments = TestArguments()
    arguments.port = port
    let app = try await buildApplication(
      arguments,
      dependencies: AppDependencies(logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, environment: [:]))
    do {
      try await processServiceGroup(app, stopsOnSignals: false).run()
      Issue.record("the server listened on a port in use")
    } catch {
      #expect(
        listenFailure(error, hostname: "127.0.0.1", port: port)?.hasPrefix(
          "--port \(port): the address 127.0.0.1:\(port) is in use") == true, "\(error)")
    }
    try await taken.close()
  }
}
