import CheckoutEngine
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CheckoutServer

/// `{"event": "actionCompleted", "operation", "data"}`: a malformed one is a 400
/// naming the field, one the session cannot take a 422 saying why (what the
/// session waits on), and nothing changes either way.
@Suite struct ActionCompletedEventTests {
  let errors = ErrorTests()

  static func completion(_ rest: String) -> String { #""event":"actionCompleted",\#(rest)"# }

  @Test func malformedCompletionsAreBadRequests() async throws {
    try await withApp { client in
      let id = try await client.createSession("express")
      let cases: [(String, String, String)] = [
        (#""data":{}"#, "missing_field", "operation"),
        (#""operation":"""#, "invalid_field", "operation"),
        (#""operation":7"#, "invalid_field", "operation"),
        (#""operation":"confirmPayment","data":"authenticated""#, "invalid_field", "data"),
        (#""operation":"confirmPayment","data":["authenticated"]"#, "invalid_field", "data"),
        (#""operation":"confirmPayment","data":{"three_d_secure.result":{"ok":true}}"#, "invalid_field", "data"),
        (#""operation":"confirmPayment","data":{"not a key":"x"}"#, "invalid_field", "data"),
        (#""operation":"confirmPayment","row":"confirm""#, "unknown_field", "row"),
      ]
      for (fields, error, at) in cases {
        let reply = errors.expectError(
          try await client.event(id, Self.completion(fields)), .badRequest, error, at: at)
        #expect(reply["detail"]?.string?.isEmpty == false, "\(fields)")
      }
      let data = try await client.event(id, Self.completion(#""operation":"confirmPayment","data":"x""#))
      #expect(data["detail"]?.string?.contains("an object of data keys to values") == true, "\(data.text)")
      #expect(try await client.send(.get, "/sessions/\(id)")["version"]?.int == 1)
    }
  }

  @Test func anUnknownOperationIsUnprocessableWithASuggestion() async throws {
    try await withApp { client in
      let id = try await client.createSession("express")
      let reply = errors.expectError(
        try await client.event(id, Self.completion(#""operation":"confirmPaymnt""#)), .unprocessableContent,
        "unknown_operation", at: "operation")
      let detail = reply["detail"]?.string ?? ""
      #expect(
        detail.hasSuffix(
          #"; did you mean "confirmPayment"? Its operations are "applyDiscount" and "confirmPayment""#), "\(detail)")
    }
  }

  /// The bank's return after a restart or a deploy cancelled the call is the
  /// session's refusal, in the shopper's language and naming the call by its
  /// submit's title, as a tap on the `resume` row is (it was English, naming the
  /// operation's id and what the session waited on).
  @Test func aCompletionWithNoActionWaitingIsRefusedInTheShoppersLanguage() async throws {
    try await withApp { client in
      let created = try await client.send(.post, "/sessions", body: #"{"flow":"express","locale":"de"}"#)
      let id = try #require(created["id"]?.string)
      let idle = errors.expectError(
        try await client.event(
          id, Self.completion(#""operation":"confirmPayment","data":{"three_d_secure.result":"authenticated"}"#)),
        .unprocessableContent, "refused", at: "operation")
      #expect(idle["detail"]?.string == "Jetzt bezahlen: Es gibt gerade nichts abzuschließen", "\(idle.text)")
      #expect(idle["refusal"]?["code"]?.string == "noActionWaiting")
      #expect(idle["refusal"]?["event"]?.string == "actionCompleted")
      #expect(idle["refusal"]?["operation"]?.string == "confirmPayment")
      #expect(try await client.send(.get, "/sessions/\(id)")["version"]?.int == 1)

      // While the payment waits on the challenge, applyDiscount has nothing waiting.
      let waiting = try await ThreeDSecureTests.challenged(client, number: "4000 0027 6000 3184")
      let other = errors.expectError(
        try await client.event(waiting, Self.completion(#""operation":"applyDiscount""#)), .unprocessableContent,
        "refused", at: "operation")
      #expect(other["refusal"]?["code"]?.string == "noActionWaiting")
      #expect(other["detail"]?.string == "Apply: there is nothing to finish now", "\(other.text)")
    }
  }

  @Test func aCompletionMayOnlyCarryTheActionsOwnKeys() async throws {
    try await withApp { client in
      let id = try await ThreeDSecureTests.challenged(client, number: "4000 0027 6000 3184")
      let version = try await client.send(.get, "/sessions/\(id)")["version"]?.int
      for data in [#"{"order.number":"EXPRESS-1"}"#, #"{"payment.card.number":"4242424242424242"}"#] {
        errors.expectError(
          try await client.event(id, Self.completion(#""operation":"confirmPayment","data":\#(data)"#)),
          .unprocessableContent, "invalid_action_data", at: "data")
      }
      errors.expectError(
        try await client.event(
          id, Self.completion(#""operation":"confirmPayment","data":{"three_d_secure.note":"4242 4242 4242 4242"}"#)),
        .unprocessableContent, "card_number_in_text", at: "data")
      #expect(try await client.send(.get, "/sessions/\(id)")["version"]?.int == version)
      // The challenge still waits, and completes.
      let paid = try await client.event(id, Self.completion(#""operation":"confirmPayment""#))
      #expect(paid["effects"]?.effectLines == ["callAPI confirmPayment succeeded", "navigate reset receipt"])
    }
  }

  @Test func aThreeDSecureResultTheServerDoesNotKnowIsRefusedNamingTheResults() async throws {
    let ledger = InMemoryCallLedger()
    try await withApp(dependencies: ThreeDSecureTests.dependencies(ledger)) { client in
      let id = try await ThreeDSecureTests.challenged(client, number: "4000 0027 6000 3184")
      let version = try await client.send(.get, "/sessions/\(id)")["version"]?.int
      for (result, given) in [
        (#""maybe""#, #""maybe""#), (#""Authenticated""#, #""Authenticated""#), ("true", "not a string"),
      ] {
        let reply = errors.expectError(
          try await client.event(
            id, Self.completion(#""operation":"confirmPayment","data":{"three_d_secure.result":\#(result)}"#)),
          .unprocessableContent, "invalid_action_data", at: "data.three_d_secure.result")
        #expect(
          reply["detail"]?.string
            == #"three_d_secure.result is \#(given); it must be "authenticated" or "failed" ("authenticated": the shopper passed the bank's challenge)"#,
          "\(reply.text)")
      }
      #expect(try await client.send(.get, "/sessions/\(id)")["version"]?.int == version, "nothing changed")
      #expect(await ThreeDSecureTests.keys(ledger, id) == ["confirmPayment-1"], "nothing was sent")
      let paid = try await client.event(id, ThreeDSecureTests.completed("authenticated"))
      #expect(paid["effects"]?.effectLines == ["callAPI confirmPayment succeeded", "navigate reset receipt"])
    }
  }

  /// The session's mode table refuses only a tap while a step is awaited, so a
  /// completion sent before the challenge step appeared (a host that showed the
  /// bank's page without the step) completes the call, as documented.
  @Test func aCompletionBeforeTheChallengeAppearedCompletesTheCall() async throws {
    let ledger = InMemoryCallLedger()
    try await withApp(dependencies: ThreeDSecureTests.dependencies(ledger)) { client in
      let id = try await StoryCheckout.express.readyToSubmit(client, number: "4000 0027 6000 3184")
      let asked = try await client.tap(id, "pay")
      #expect(asked["effects"]?.effectLines == ["callAPI confirmPayment actionRequired", "navigate present challenge"])
      let paid = try await client.event(id, ThreeDSecureTests.completed("authenticated"))
      #expect(paid.status == .ok, "\(paid.text)")
      #expect(paid["effects"]?.effectLines == ["callAPI confirmPayment succeeded", "navigate reset receipt"])
      #expect(await ledger.successes(of: "confirmPayment", in: SessionID(id)) == 1)
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown["pending"] == ReloadTests.pending("reset receipt", "receipt"), "\(shown.text)")
      #expect(try await client.appeared(id, "receipt")["state"]?.string == "receipt")
    }
  }
}
