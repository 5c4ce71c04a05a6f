import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CheckoutServer

/// A store that never answers (a database that hangs) or always fails.
struct BrokenStore: SessionStore {
  enum Mode { case hangs, fails }
  var mode: Mode

  private func broken<T>() async throws -> T {
    switch mode {
    case .hangs:
      try await Task.sleep(for: .seconds(3600))
      throw CancellationError()
    case .fails:
      throw SessionStoreError(.unavailable("connection refused"), id: "any")
    }
  }

  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws { try await broken() as Void }
  func load(_ id: SessionID) async throws -> StoredSession? { try await broken() }
  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int { try await broken() }
  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] { try await broken() }
}

/// `/health`, `/ready`, `/metrics`, failing fast when the store does not answer.
@Suite struct OperationsTests {
  static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

  @Test func healthAndReadyAnswerWhenTheStoreWorks() async throws {
    try await withApp { client in
      let health = try await client.send(.get, "/health")
      #expect(health.status == .ok)
      #expect(health["status"]?.string == "ok")
      let ready = try await client.send(.get, "/ready")
      #expect(ready.status == .ok)
      #expect(ready["status"]?.string == "ready")
    }
  }

  @Test(arguments: [BrokenStore.Mode.hangs, .fails])
  func aStoreThatDoesNotAnswerIsA503WithRetryAfterAndHealthStaysUp(mode: BrokenStore.Mode) async throws {
    let dependencies = AppDependencies(
      logger: Self.quiet, store: BrokenStore(mode: mode), environment: [:], storeTimeout: .milliseconds(200))
    try await withApp(dependencies: dependencies) { client in
      let ready = try await client.send(.get, "/ready")
      #expect(ready.status == .serviceUnavailable)
      #expect(ready["error"]?.string == "store_unavailable")
      #expect(ready.headers[.retryAfter] == "\(ServerError.retryAfterSeconds)")
      for reply in [
        try await client.send(.post, "/sessions", body: #"{"flow":"plndr"}"#),
        try await client.send(.get, "/sessions/00000000-0000-0000-0000-000000000000"),
        try await client.event("00000000-0000-0000-0000-000000000000", #""event":"back""#),
      ] {
        #expect(reply.status == .serviceUnavailable, "\(reply.text)")
        #expect(reply["error"]?.string == "store_unavailable")
        #expect(reply.headers[.retryAfter] == "2")
      }
      // The process is alive: /health does not read the store.
      #expect(try await client.send(.get, "/health").status == .ok)
    }
  }

  @Test func metricsCountRequestsSessionsEventsAPICallsAndOrders() async throws {
    let metrics = ServerMetrics()
    let dependencies = AppDependencies(logger: Self.quiet, environment: [:], metrics: metrics)
    try await withApp(dependencies: dependencies) { client in
      _ = try await client.send(.get, "/nowhere")
      let id = try await StoryCheckout.plndr.readyToSubmit(client, number: "4242424242424242")
      try await StoryCheckout.plndr.submitAndExpectTheOrderPlaced(client, id)
      let reply = try await client.send(.get, "/metrics")
      #expect(reply.status == .ok)
      #expect(reply.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
      let text = reply.text
      #expect(
        text.contains(#"checkout_http_requests_total{route="/sessions",method="POST",status="201"} 1"#), "\(text)")
      #expect(text.contains(#"checkout_http_requests_total{route="NotFound",method="GET",status="404"} 1"#))
      #expect(text.contains("checkout_sessions_created_total 1"))
      #expect(text.contains("checkout_sessions_finished_total 1"))
      #expect(text.contains(#"checkout_api_calls_total{operation="placeOrder",outcome="succeeded"} 1"#))
      #expect(text.contains(#"checkout_event_duration_seconds_count{event="tap"}"#))
      #expect(text.contains(#"checkout_event_duration_seconds_bucket{event="set",le="0.0005"}"#))
      for name in [
        "checkout_store_conflicts_total", "checkout_store_retries_exhausted_total", "checkout_store_timeouts_total",
        "checkout_sessions_swept_total", "checkout_api_calls_recovered_total",
      ] {
        #expect(text.contains("# TYPE \(name) counter"), "\(name)")
      }
    }
  }

  @Test func theSweeperDeletesSessionsIdlePastTheTimeoutAndTheirSecrets() async throws {
    let store = MemorySessionStore()
    let metrics = ServerMetrics()
    let dependencies = AppDependencies(logger: Self.quiet, store: store, environment: [:], metrics: metrics)
    var arguments = TestArguments()
    arguments.idleTimeout = 600
    let (id, kept) = try await withApp(arguments: arguments, dependencies: dependencies) { client in
      (try await client.createSession(), try await client.createSession())
    }
    #expect(await store.count == 2)
    let sweeper = SessionSweeper(
      store: store, catalog: try FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: Self.quiet),
      vault: SecretVault(), idleTimeout: .seconds(600), finishedRetention: .seconds(300), interval: .seconds(60),
      metrics: metrics, logger: Self.quiet)
    // Ten minutes have not passed: nothing goes.
    #expect(await sweeper.sweep() == 0)
    // Eleven minutes later both are idle past the timeout.
    #expect(await sweeper.sweep(now: Date().addingTimeInterval(660)) == 2)
    #expect(await store.load(SessionID(id)) == nil)
    #expect(await store.load(SessionID(kept)) == nil)
    #expect(String(decoding: metrics.exposition(), as: UTF8.self).contains("checkout_sessions_swept_total 2"))
  }

  @Test(arguments: [
    ("2026-11-31", #"--today: "2026-11-31" is not a date: November 2026 has 30 days"#),
    ("21/11/2026", #"--today: "21/11/2026" is not a date; write YYYY-MM-DD, like 2026-11-21"#),
  ])
  func aTodayThatIsNoDayIsAUsageErrorSaidAsTheCommandLineSaysIt(_ text: String, _ message: String) async {
    var arguments = TestArguments()
    arguments.today = text
    #expect(await Self.usageError(of: arguments) == message)
  }

  /// What building the server with `arguments` refuses as a usage error; nil
  /// (an issue recorded) when it builds, or fails otherwise.
  static func usageError(of arguments: TestArguments) async -> String? {
    do {
      _ = try await buildApplication(arguments, dependencies: AppDependencies(logger: quiet, environment: [:]))
      Issue.record("the arguments were accepted")
    } catch let error as UsageError {
      return error.description
    } catch {
      Issue.record("not a usage error: \(error)")
    }
    return nil
  }

  /// A port past 65535 wrapped (70000 listened on 4464 while the log said 70000).
  @Test(arguments: [70_000, 65_536, -1])
  func aPortOutOfRangeIsAUsageError(_ port: Int) async {
    var arguments = TestArguments()
    arguments.port = port
    #expect(await Self.usageError(of: arguments) == "--port must be 0 to 65535 (0: any free port), not \(port)")
  }

  @Test func anIdleTimeoutUnderASecondIsAUsageError() async throws {
    var arguments = TestArguments()
    arguments.idleTimeout = 0
    await #expect(throws: UsageError.self) {
      _ = try await buildApplication(arguments, dependencies: AppDependencies(logger: Self.quiet, environment: [:]))
    }
  }
}
