import CheckoutEngine
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CheckoutServer

/// A `set` event may name a row of the step on screen (`"row"`) or a data key a
/// row binds (`"key": "shipping.zip"`); either way the value is validated and the
/// row shows the same error. Every other key is read-only to clients.
@Suite struct DataKeySetTests {
  /// A PLNDR session on the address step.
  static func onAddressStep(_ client: any TestClientProtocol) async throws -> String {
    let id = try await client.createSession()
    try await client.open(id, "checkout", "stepOne")
    try await client.open(id, "shippingAddress", "address")
    return id
  }

  @Test func setThroughADataKeyValidatesAndShowsTheErrorLikeSetByRowID() async throws {
    try await withApp { client in
      let byRow = try await Self.onAddressStep(client)
      let byKey = try await Self.onAddressStep(client)

      let rowReply = try await client.set(byRow, "zip", "9720")
      let keyReply = try await client.set(byKey, key: "shipping.zip", "9720")
      #expect(rowReply.status == .ok)
      #expect(keyReply.status == rowReply.status, "\(keyReply.text)")
      let expected = "Enter a 5-digit ZIP code, or ZIP+4 (12345-6789)."
      #expect(rowReply["screen"]?.row("zip")?["error"]?.string == expected)
      #expect(keyReply["screen"]?.row("zip")?["error"]?.string == expected, "\(keyReply.text)")
      // The whole screen is the same, in the answer and when read again.
      let sameAnswer = keyReply["screen"] == rowReply["screen"]
      #expect(sameAnswer, "the screens differ: by key \(keyReply.text)")
      let rowShown = try await client.send(.get, "/sessions/\(byRow)")
      let keyShown = try await client.send(.get, "/sessions/\(byKey)")
      #expect(keyShown["screen"]?.row("zip") == rowShown["screen"]?.row("zip"))
      let sameShown = keyShown["screen"] == rowShown["screen"]
      #expect(sameShown, "the screens read again differ: by key \(keyShown.text)")

      // A valid value clears the error both ways.
      let rowFixed = try await client.set(byRow, "zip", "97201")
      let keyFixed = try await client.set(byKey, key: "shipping.zip", "97201")
      #expect(rowFixed["screen"]?.row("zip")?["error"] == nil)
      let sameFixed = keyFixed["screen"] == rowFixed["screen"]
      #expect(sameFixed, "the screens differ once fixed: by key \(keyFixed.text)")
    }
  }
}
