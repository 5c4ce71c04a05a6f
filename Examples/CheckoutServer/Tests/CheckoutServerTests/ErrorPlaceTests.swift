import CheckoutEngine
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CheckoutServer

/// Every error body is `{"error", "detail", "at"}` with all three, the docs' shape:
/// a 503 names the path whose store failed, an error written below the router the
/// part of the request at fault.
@Suite struct ErrorPlaceTests {
  let errors = ErrorTests()

  @Test func aStoreThatIsDownIsA503AtThePath() async throws {
    let dependencies = AppDependencies(
      logger: OperationsTests.quiet, store: BrokenStore(mode: .hangs), environment: [:],
      storeTimeout: .milliseconds(200))
    try await withApp(dependencies: dependencies) { client in
      let id = "00000000-0000-0000-0000-000000000000"
      errors.expectError(try await client.send(.get, "/ready"), .serviceUnavailable, "store_unavailable", at: "/ready")
      errors.expectError(
        try await client.send(.post, "/sessions", body: #"{"flow":"plndr"}"#), .serviceUnavailable,
        "store_unavailable", at: "/sessions")
      errors.expectError(
        try await client.send(.get, "/sessions/\(id)"), .serviceUnavailable, "store_unavailable", at: "/sessions/\(id)")
    }
  }

  @Test func errorsWrittenBelowTheRouterNameWhereToo() {
    for error in [
      ServerError.malformedRequest(), RequestLimitsHandler.answer(for: .headerOverflow),
      RequestLimitsHandler.answer(for: .invalidChunkSize),
    ] {
      let body = String(decoding: error.jsonBody(), as: UTF8.self)
      #expect(body.contains(#""at":""#), "\(body)")
    }
    #expect(ServerError.malformedRequest().at == "request")
    #expect(RequestLimitsHandler.answer(for: .headerOverflow).at == "headers")
  }
}
