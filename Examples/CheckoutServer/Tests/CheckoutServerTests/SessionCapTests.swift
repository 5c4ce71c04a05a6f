import CheckoutEngine
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CheckoutServer

/// The memory store holds at most `--max-sessions` sessions (was: 15,000 sessions
/// started by one client without a credential were all kept, the process growing
/// 1.5 KB each, 24 KB when filled, with no cap or documented answer).
@Suite struct SessionCapTests {
  let errors = ErrorTests()

  @Test func pastTheCapANewCheckoutIsA503AndTheSessionsHeldGoOn() async throws {
    try await withApp(arguments: TestArguments(maxSessions: 2)) { client in
      let first = try await client.createSession()
      _ = try await client.createSession()
      let refused = errors.expectError(
        try await client.send(.post, "/sessions", body: #"{"flow":"plndr"}"#), .serviceUnavailable,
        "too_many_sessions", at: "/sessions")
      #expect(refused.headers[.retryAfter] == "\(ServerError.retryAfterSeconds)")
      #expect(refused["detail"]?.string?.contains("(2, --max-sessions)") == true, "\(refused.text)")
      #expect(try await client.event(first, #""event":"tap","row":"checkout""#).status == .ok)
      #expect(try await client.send(.get, "/ready").status == .ok, "a full store is still ready")
    }
  }

  @Test func aSweptSessionMakesRoomForANewOne() async throws {
    let store = MemorySessionStore(maximumSessions: 1)
    try await store.insert(try SweepingTests.snapshot(), id: "held")
    await #expect(throws: ServerError.self) { try await store.insert(try SweepingTests.snapshot(), id: "refused") }
    #expect(await store.sessionIDs() == ["held"], "nothing of the refused one is kept")
    #expect(await store.delete("held", version: 1, inactiveSince: .distantFuture))
    try await store.insert(try SweepingTests.snapshot(), id: "next")
    #expect(await store.sessionIDs() == ["next"])
  }

  @Test func aCapUnderOneOrBesideADatabaseIsRefused() async throws {
    let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    await #expect(throws: UsageError.self) {
      _ = try await buildApplication(
        TestArguments(maxSessions: 0), dependencies: AppDependencies(logger: quiet, environment: [:]))
    }
    do {
      _ = try await buildApplication(
        TestArguments(maxSessions: 10),
        dependencies: AppDependencies(
          logger: quiet,
          environment: ["DATABASE_URL": "postgres://u:p@127.0.0.1:1/db", "CHECKOUT_DATA_KEY": testDataKey]))
      Issue.record("--max-sessions beside DATABASE_URL started")
    } catch let error as UsageError {
      #expect(error.description.hasPrefix("--max-sessions caps the memory store"), "\(error.description)")
    }
  }
}
