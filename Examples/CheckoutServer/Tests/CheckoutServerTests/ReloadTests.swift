import CheckoutEngine
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CheckoutServer

/// A client that lost an answer (a reload, a 409, a dropped connection) learns from
/// `GET /sessions/{id}` alone what it must perform next: the navigation command
/// the session waits to see performed (`pending`), and a tap refused meanwhile
/// names that command and its step as data.
@Suite struct ReloadTests {
  let errors = ErrorTests()

  static func pending(_ command: String, _ awaiting: String) -> JSONValue {
    .object([("command", .string(command)), ("awaiting", .string(awaiting))])
  }

  @Test func aCommandNotYetPerformedIsPendingAndATapNamesItAsData() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      #expect(try await client.send(.get, "/sessions/\(id)")["pending"] == nil, "nothing is pending at the start")
      // The answer of this tap is lost: the client reloads.
      _ = try await client.tap(id, "checkout")
      let reloaded = try await client.send(.get, "/sessions/\(id)")
      #expect(reloaded["pending"] == Self.pending("push stepOne", "stepOne"), "\(reloaded.text)")
      #expect(reloaded["screen"]?["step"]?.string == "cart")
      let refused = errors.expectError(
        try await client.tap(id, "discount"), .unprocessableContent, "refused", at: "row")
      errors.expectRefusal(refused, "awaitingStep", event: "tap", step: "stepOne", command: "push stepOne")
      // Performing it clears it.
      #expect(try await client.appeared(id, "stepOne").status == .ok)
      #expect(try await client.send(.get, "/sessions/\(id)")["pending"] == nil)
    }
  }

  @Test func aPlacedOrdersConfirmationIsPendingAfterAReload() async throws {
    try await withApp { client in
      let id = try await APICallTests.readyToOrder(client)
      let version = try #require(try await client.send(.get, "/sessions/\(id)")["version"]?.int)
      // A stale version: the client missed the answer that placed the order.
      let placed = try await client.event(id, #""event":"tap","row":"placeOrder","expectedVersion":\#(version)"#)
      #expect(placed["effects"]?.effectLines == ["callAPI placeOrder succeeded", "navigate reset confirmation"])
      let stale = try await client.event(id, #""event":"tap","row":"placeOrder","expectedVersion":\#(version)"#)
      #expect(stale.status == .conflict, "\(stale.text)")
      let reloaded = try await client.send(.get, "/sessions/\(id)")
      #expect(reloaded["pending"] == Self.pending("reset confirmation", "confirmation"), "\(reloaded.text)")
      #expect(reloaded["screen"]?["step"]?.string == "stepTwo")
      let confirmed = try await client.appeared(id, "confirmation")
      #expect(confirmed["state"]?.string == "confirmation", "\(confirmed.text)")
    }
  }

  @Test func aRoutesNextCommandIsPendingAndATapDuringItNamesIt() async throws {
    try await withApp { client in
      let id = try await APICallTests.readyToOrder(client, card: "4000000000000127")
      let failed = try await client.tap(id, "placeOrder")
      #expect(
        failed["effects"]?.effectLines == ["callAPI placeOrder failed", "offer creditCard.cvv"], "\(failed.text)")
      _ = try await client.event(id, #""event":"accept""#)
      let reloaded = try await client.send(.get, "/sessions/\(id)")
      #expect(reloaded["pending"] == Self.pending("pop", "stepOne"), "\(reloaded.text)")
      #expect(reloaded["route"]?["awaiting"]?.string == "stepOne")
      let refused = errors.expectError(
        try await client.tap(id, "placeOrder"), .unprocessableContent, "refused", at: "row")
      errors.expectRefusal(refused, "routeInProgress", event: "tap", step: "stepOne", command: "pop")
    }
  }
}
