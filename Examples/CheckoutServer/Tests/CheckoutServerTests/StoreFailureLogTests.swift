import CheckoutEngine
import Foundation
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// What PostgresNIO's pool throws when it cannot get a connection: it carries no
/// cause, and the store knows it by its name only.
private struct ConnectionPoolError: Error {}

/// A database outage, as the on-call person reads it at `--log-level warning`: the
/// line said `reason=database error (ConnectionPoolError) session=readiness-probe`
/// (no host, no port, no cause, and a session that does not exist).
@Suite struct StoreFailureLogTests {
  @Test func aStoreFailureNamesTheDatabaseAndTheCauseAndNoMadeUpSession() async throws {
    let port = try StartupTests.freePort()
    let target = try DatabaseURL.target("postgres://ada:pw@127.0.0.1:\(port)/shop?sslmode=disable")
    let logs = InMemoryLogHandler()
    let store = PostgresSessionStore(target: target, logger: Logger(label: "test") { _ in logs })
    await store.client.diagnose()
    #expect(store.client.connectionProblem == "nothing listens there (connection refused)")
    _ = store.failure(ConnectionPoolError(), id: OperationsController.probe)
    _ = store.failure(ConnectionPoolError(), id: SessionID("(sweep)"))
    _ = store.failure(ConnectionPoolError(), id: SessionID("5bbe04ca-5645-48e8-9989-76fd6dd39aea"))
    let entries = logs.entries
    #expect(entries.count == 3)
    for entry in entries {
      #expect(
        entry.metadata["reason"]?.description
          == "no connection to the database (host 127.0.0.1, port \(port), database shop, user ada): nothing listens there (connection refused)"
      )
      #expect(!"\(entry.metadata)".contains("pw"))
    }
    #expect(entries[0].metadata["session"] == nil)
    #expect(entries[0].metadata["operation"]?.description == "readiness probe")
    #expect(entries[1].metadata["session"] == nil)
    #expect(entries[1].metadata["operation"]?.description == "sweep")
    #expect(entries[2].metadata["session"]?.description == "5bbe04ca-5645-48e8-9989-76fd6dd39aea")
  }

  /// A cause's text carries no build path (BoringSSL's errors end `at /…/handshake.cc:320`).
  @Test func aCauseCarriesNoSourcePath() {
    let text =
      "sslError([Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at /tmp/ex40/Examples/CheckoutServer/.build/checkouts/swift-nio-ssl/Sources/CNIOBoringSSL/ssl/handshake.cc:320])"
    #expect(
      ConnectionFailure.withoutSourcePaths(text)
        == "sslError([Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED])")
  }
}
