import CheckoutEngine
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CheckoutServer

/// `POST /sessions/{id}/script` with `--dev-scripted-answers`: a team walks its own
/// flow's error stories over HTTP; without the flag the route does not exist.
@Suite struct ScriptedAnswerTests {
  static let on = TestArguments(devScriptedAnswers: true)
  let errors = ErrorTests()

  static func script(_ client: any TestClientProtocol, _ id: String, _ body: String) async throws -> Reply {
    try await client.send(.post, "/sessions/\(id)/script", body: body)
  }

  @Test func withoutTheFlagTheRouteIsNotFound() async throws {
    try await withApp { client in
      let id = try await client.createSession("tickets")
      let reply = try await Self.script(
        client, id, #"{"operation":"holdSeats","answer":{"status":"failed","code":"seats_unavailable"}}"#)
      #expect(reply.status == .notFound, "\(reply.text)")
    }
  }

  @Test func theSessionsSecretIsRequired() async throws {
    try await withApp(arguments: Self.on) { client in
      let id = try await client.createSession("tickets")
      let body = #"{"operation":"holdSeats","answer":{"status":"failed","code":"seats_unavailable"}}"#
      let missing = try await client.send(.post, "/sessions/\(id)/script", body: body, presentingSecret: false)
      errors.expectError(missing, .notFound, "unknown_session", at: "/sessions/\(id)")
      let wrong = try await client.send(
        .post, "/sessions/\(id)/script", body: body, headers: [.authorization: "Bearer wrong"])
      errors.expectError(wrong, .notFound, "unknown_session", at: "/sessions/\(id)")
      let unknown = try await client.send(.post, "/sessions/nope/script", body: body)
      errors.expectError(unknown, .notFound, "unknown_session", at: "/sessions/nope")
    }
  }

  @Test func aScriptedErrorOfTheFlowIsRoutedThenTheDemoAnswersAgain() async throws {
    try await withApp(arguments: Self.on) { client in
      let id = try await client.createSession("tickets")
      let scripted = try await Self.script(
        client, id,
        #"{"operation":"holdSeats","answer":{"status":"failed","code":"seats_unavailable","message":"Gone."}}"#)
      #expect(scripted.status == .ok, "\(scripted.text)")
      #expect(scripted["operation"]?.string == "holdSeats")
      #expect(scripted["queued"]?.int == 1)
      #expect(try await client.set(id, "section", "stalls").status == .ok)
      #expect(try await client.set(id, "quantity", "2").status == .ok)

      let held = try await client.tap(id, "hold")
      #expect(held["effects"]?.effectLines == ["callAPI holdSeats failed", "offer seats.section"], "\(held.text)")
      #expect(held["effects"]?[0]?["outcome"]?["errors"]?[0]?["code"]?.string == "seats_unavailable")
      _ = try await DemoStoryTests.follow(client, id, try await client.event(id, #""event":"accept""#))
      #expect(try await client.set(id, "section", "gallery").status == .ok)
      // The script is spent: the demo answers the next call.
      let again = try await client.tap(id, "hold")
      #expect(again["effects"]?.effectLines.first == "callAPI holdSeats succeeded", "\(again.text)")
    }
  }

  @Test func answersAreTakenInOrderAndAnActionCanBeScripted() async throws {
    try await withApp(arguments: Self.on) { client in
      let id = try await StoryCheckout.express.readyToSubmit(client, number: "4242 4242 4242 4242")
      for answer in [
        #"{"status":"failed","errors":[{"code":"incorrect_zip","field":"address_zip"}]}"#,
        #"{"status":"actionRequired","action":"three_d_secure"}"#,
      ] {
        let reply = try await Self.script(client, id, #"{"operation":"confirmPayment","answer":\#(answer)}"#)
        #expect(reply.status == .ok, "\(reply.text)")
      }
      let first = try await client.tap(id, "pay")
      #expect(first["effects"]?.effectLines == ["callAPI confirmPayment failed", "offer billingAddress.zip"])
      _ = try await client.event(id, #""event":"decline""#)
      let second = try await client.tap(id, "pay")
      #expect(
        second["effects"]?.effectLines == ["callAPI confirmPayment actionRequired", "navigate present challenge"],
        "\(second.text)")
      _ = try await client.appeared(id, "challenge")
      let paid = try await client.tap(id, "confirm")
      #expect(paid["effects"]?.effectLines == ["callAPI confirmPayment succeeded", "navigate reset receipt"])
    }
  }

  @Test func badScriptsAreRefusedWithTheField() async throws {
    try await withApp(arguments: Self.on) { client in
      let id = try await client.createSession("tickets")
      let cases: [(String, HTTPResponse.Status, String, String)] = [
        (#"{"answer":{"status":"succeeded"}}"#, .badRequest, "missing_field", "operation"),
        (#"{"operation":"pay"}"#, .badRequest, "missing_field", "answer"),
        (#"{"operation":"pay","answer":"failed"}"#, .badRequest, "invalid_field", "answer"),
        (#"{"operation":"pay","answer":{"status":"faild"}}"#, .badRequest, "invalid_field", "status"),
        (#"{"operation":"pay","answer":{"status":"failed"}}"#, .badRequest, "missing_field", "code"),
        (#"{"operation":"pay","answer":{"status":"failed","errors":[]}}"#, .badRequest, "invalid_field", "errors"),
        (
          #"{"operation":"pay","answer":{"status":"failed","errors":[{"code":"x"}],"code":"y"}}"#, .badRequest,
          "invalid_field", "code"
        ),
        (#"{"operation":"pay","answer":{"status":"succeeded","code":"x"}}"#, .badRequest, "unknown_field", "code"),
        (#"{"operation":"pay","answer":{"status":"actionRequired"}}"#, .badRequest, "missing_field", "action"),
        (
          #"{"operation":"payy","answer":{"status":"succeeded"}}"#, .unprocessableContent, "unknown_operation",
          "operation"
        ),
      ]
      for (body, status, error, at) in cases {
        errors.expectError(try await Self.script(client, id, body), status, error, at: at)
      }
      // A text longer than a set value may be (was: a 60,000-byte message was queued and shown).
      let long = String(repeating: "x", count: 1_025)
      for (answer, at) in [
        (#"{"status":"failed","code":"x","message":"\#(long)"}"#, "answer.message"),
        (#"{"status":"failed","errors":[{"code":"\#(long)"}]}"#, "answer.errors[0].code"),
      ] {
        let refused = errors.expectError(
          try await Self.script(client, id, #"{"operation":"pay","answer":\#(answer)}"#), .contentTooLarge,
          "value_too_large", at: at)
        #expect(refused["detail"]?.string?.contains("1025 bytes") == true, "\(refused.text)")
      }
      let fits = String(repeating: "x", count: 1_024)
      #expect(
        try await Self.script(
          client, id, #"{"operation":"pay","answer":{"status":"failed","code":"x","message":"\#(fits)"}}"#
        )
        .status == .ok)
      let unknown = try await Self.script(client, id, #"{"operation":"payy","answer":{"status":"succeeded"}}"#)
      #expect(unknown["detail"]?.string?.contains(#"did you mean "pay"?"#) == true, "\(unknown.text)")
    }
  }

  @Test func aSessionHoldsAtMostSixteenAnswers() async throws {
    try await withApp(arguments: Self.on) { client in
      let id = try await client.createSession("tickets")
      let body = #"{"operation":"pay","answer":{"status":"failed","code":"card_declined"}}"#
      for n in 1...ScriptedAnswers.perSession {
        #expect(try await Self.script(client, id, body)["queued"]?.int == n)
      }
      errors.expectError(try await Self.script(client, id, body), .unprocessableContent, "script_full", at: "answer")
    }
  }
}
