import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// Load shedding is not an incident (was: a 503 `too_many_sessions`, the memory
/// store full, was logged at error like a store that fails): it is a warning, and a
/// real 5xx (`store_unavailable`) is still an error.
@Suite struct LoadSheddingLogTests {
  @Test func aFullMemoryStoreIsAWarningAndAFailingStoreAnError() async throws {
    let handler = InMemoryLogHandler()
    let logger = Logger(label: "checkout-server-test") { _ in handler }
    try await withApp(
      arguments: TestArguments(maxSessions: 1), dependencies: AppDependencies(logger: logger, environment: [:])
    ) { client in
      _ = try await client.createSession()
      let refused = try await client.send(.post, "/sessions", body: #"{"flow":"plndr"}"#)
      #expect(refused.status == .serviceUnavailable, "\(refused.text)")
    }
    let shed = LogTests.lines(handler).filter { $0.contains(" request ") && $0.contains("status=503") }
    #expect(shed.count == 1, "\(shed)")
    #expect(shed.first?.hasPrefix("warning request ") == true, "\(shed)")
    #expect(shed.first?.contains("error=too_many_sessions ") == true, "\(shed)")

    let failing = InMemoryLogHandler()
    try await withApp(
      dependencies: AppDependencies(
        logger: Logger(label: "checkout-server-test") { _ in failing }, store: BrokenStore(mode: .fails),
        environment: [:], storeTimeout: .milliseconds(200))
    ) { client in
      let ready = try await client.send(.get, "/ready")
      #expect(ready.status == .serviceUnavailable, "\(ready.text)")
    }
    let outage = LogTests.lines(failing).filter { $0.contains(" request ") && $0.contains("status=503") }
    #expect(outage.count == 1, "\(outage)")
    #expect(outage.first?.hasPrefix("error request ") == true, "\(outage)")
    #expect(outage.first?.contains("error=store_unavailable ") == true, "\(outage)")
  }

  @Test func theLevelOfAnAnswerFollowsItsKind() {
    #expect(ServerError.bodyTooLarge(limit: 1024).logLevel == .info)
    #expect(ServerError.storeUnavailable(at: "/ready").logLevel == .error)
    #expect(ConnectionGuard.refusalError.logLevel == .warning)
    let full = ServerError(.serviceUnavailable, "too_many_sessions", "full", at: "/sessions")
    #expect(full.logLevel == .warning)
    #expect(ServerError(.internalServerError, "internal", "failed", at: "/").logLevel == .error)
  }
}
