import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CheckoutServer

/// `GET /sessions/{id}/route` tells the page which action a call waits on, so that
/// it shows the action step as the bank's dialog (also after a reload), with the
/// step's `resume` and `close` rows.
@Suite struct BrowserHostActionTests {
  /// A bank that asks for 3-D Secure on a call's first request and charges its continuation.
  struct AsksForThreeDSecure: CheckoutAPI {
    func perform(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
      guard request.key.continuation != nil else { return .actionRequired("three_d_secure", [:]) }
      return .succeeded(["order.number": .string("PL-00000001")])
    }
    func abandon(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
      .failed([APIError(code: "payment_intent_authentication_failure")])
    }
  }

  @Test func theRouteEndpointNamesTheActionACallWaitsOnUntilItIsDone() async throws {
    let dependencies = AppDependencies(logger: APICallTests.quiet, api: AsksForThreeDSecure(), environment: [:])
    try await withApp(dependencies: dependencies) { client in
      let id = try await StoryCheckout.express.readyToSubmit(client, number: "4242 4242 4242 4242")
      var progress = try await client.send(.get, "/sessions/\(id)/route")
      #expect(progress["action"] == nil, "no call waits yet: \(progress.text)")

      let paid = try await client.tap(id, "pay")
      #expect(paid["effects"]?.effectLines == ["callAPI confirmPayment actionRequired", "navigate present challenge"])
      progress = try await client.send(.get, "/sessions/\(id)/route")
      #expect(progress["pending"]?["command"]?.string == "present challenge", "\(progress.text)")
      _ = try await client.appeared(id, "challenge")
      progress = try await client.send(.get, "/sessions/\(id)/route")
      #expect(progress["pending"] == nil)
      let action = progress["action"]
      #expect(action?["operation"]?.string == "confirmPayment", "\(progress.text)")
      #expect(action?["action"]?.string == "three_d_secure")
      #expect(action?["step"]?.string == "challenge")
      // What the page's stand-in line names: titles, never the action's or the call's ids.
      #expect(action?["stepTitle"]?.string == "Confirm with your bank")
      #expect(action?["submitTitle"]?.string == "Pay now")
      #expect(action?["resume"]?.array.compactMap(\.string) == ["confirm"])
      #expect(action?["close"]?.array.compactMap(\.string) == ["cancel"])

      let confirmed = try await client.tap(id, "confirm")
      #expect(confirmed["effects"]?.effectLines == ["callAPI confirmPayment succeeded", "navigate reset receipt"])
      progress = try await client.send(.get, "/sessions/\(id)/route")
      #expect(progress["action"] == nil, "the action is done: \(progress.text)")
    }
  }
}
