import CheckoutEngine
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CheckoutServer

/// A checkout API that holds each call until the test lets it answer.
struct GatedAPI: CheckoutAPI {
  let entered: AsyncStream<Void>.Continuation
  let release: AsyncStream<Void>

  func perform(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
    entered.yield()
    for await _ in release { break }
    return DemoCheckoutAPI().answer(request)
  }
  func abandon(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
    try await DemoCheckoutAPI().abandon(request)
  }
}

/// A checkout API that is down.
struct UnreachableAPI: CheckoutAPI {
  struct Down: Error {}
  func perform(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome { throw Down() }
  func abandon(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome { throw Down() }
}

/// How the server calls the checkout API: once per `callAPI` effect, outside the
/// store's retry loop, answered in the same response; see `ExactlyOnceTests` for
/// calls whose answer is lost.
@Suite struct APICallTests {
  static let quiet = Logger(label: "checkout-server-test") { _ in SwiftLogNoOpLogHandler() }

  /// A PLNDR session on stepTwo, ready to place the order.
  static func readyToOrder(_ client: any TestClientProtocol, card: String = "4242424242424242") async throws -> String {
    let id = try await client.createSession()
    try await client.open(id, "checkout", "stepOne")
    try await CheckoutStoryTests.fillAddressAndCard(client, id, card: card, cvv: "123")
    try await client.open(id, "continue", "stepTwo")
    return id
  }

  @Test func aSecondSubmitWhileTheFirstCallIsUnansweredIsRefused() async throws {
    let (entered, enteredContinuation) = AsyncStream.makeStream(of: Void.self)
    let (release, releaseContinuation) = AsyncStream.makeStream(of: Void.self)
    let api = GatedAPI(entered: enteredContinuation, release: release)
    try await withApp(dependencies: AppDependencies(logger: Self.quiet, api: api, environment: [:])) { client in
      let id = try await Self.readyToOrder(client)
      let before = try await client.send(.get, "/sessions/\(id)")["version"]?.int ?? 0
      async let first = client.tap(id, "placeOrder")
      for await _ in entered { break }  // the first call is at the API now

      let second = try await client.tap(id, "placeOrder")
      #expect(second.status == .unprocessableContent)
      #expect(second["refusal"]?["code"]?.string == "callInFlight")
      #expect(second["detail"]?.string == "Place order is already waiting for an answer")  // the shopper's words
      // The call is recorded (version + 1) while it is in flight.
      #expect(try await client.send(.get, "/sessions/\(id)")["version"]?.int == before + 1)

      releaseContinuation.yield()
      let placed = try await first
      #expect(placed["effects"]?.effectLines == ["callAPI placeOrder succeeded", "navigate reset confirmation"])
      #expect(placed["version"]?.int == before + 2)
    }
  }

  @Test func anAPIThatThrowsLeavesTheOrderUnansweredAndOffersARetry() async throws {
    try await withApp(dependencies: AppDependencies(logger: Self.quiet, api: UnreachableAPI(), environment: [:])) {
      client in
      let id = try await Self.readyToOrder(client)
      let placed = try await client.tap(id, "placeOrder")
      #expect(placed.status == .ok)
      #expect(placed["effects"]?.effectLines == ["callAPI placeOrder unanswered", "offer stepTwo"])
      #expect(placed["effects"]?[1]?["code"]?.string == "api_unanswered")
      #expect(placed["effects"]?[1]?["message"]?.string == "Something went wrong. Please review your order.")
      #expect(try await client.send(.get, "/sessions/\(id)")["waiting"] == nil)
    }
  }
}
