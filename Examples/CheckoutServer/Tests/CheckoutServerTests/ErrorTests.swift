import CheckoutEngine
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CheckoutServer

/// Every error status: JSON `{"error", "detail", "at"}`, never a crash or a 500.
@Suite struct ErrorTests {
  /// Checks the error shape and returns the reply.
  @discardableResult
  func expectError(
    _ reply: Reply, _ status: HTTPResponse.Status, _ error: String, at: String?,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> Reply {
    #expect(reply.status == status, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(reply["error"]?.string == error, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(reply["at"]?.string == at, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(reply["detail"]?.string?.isEmpty == false, sourceLocation: sourceLocation)
    #expect(reply.headers[.contentType]?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
    return reply
  }

  // MARK: 400

  @Test func malformedJSONSaysWhatAndWhere() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      let bare = try await client.event(id, #""event": tap"#)
      expectError(bare, .badRequest, "malformed_json", at: "line 1, column 11")
      #expect(bare["detail"]?.string?.contains("expected a value") == true)

      // At the comma to remove.
      let trailing = try await client.send(.post, "/sessions/\(id)/events", body: "{\"event\":\"back\",\n}")
      expectError(trailing, .badRequest, "malformed_json", at: "line 1, column 16")
      #expect(trailing["detail"]?.string?.contains("trailing comma") == true)

      let unterminated = try await client.send(.post, "/sessions/\(id)/events", body: #"{"event":"tap","row":"checkout"#)
      expectError(unterminated, .badRequest, "malformed_json", at: "line 1, column 22")

      let empty = try await client.send(.post, "/sessions/\(id)/events", body: "")
      expectError(empty, .badRequest, "malformed_json", at: "line 1, column 1")

      let deep = try await client.send(.post, "/sessions", body: String(repeating: "[", count: 10_000))
      expectError(deep, .badRequest, "malformed_json", at: "line 1, column 33")

      let duplicate = try await client.event(id, #""event":"tap","row":"checkout","row":"discount""#)
      expectError(duplicate, .badRequest, "malformed_json", at: "line 1, column 33")

      let array = try await client.send(.post, "/sessions", body: #"["plndr"]"#)
      expectError(array, .badRequest, "not_an_object", at: "body")

      // Nothing was applied.
      #expect(try await client.send(.get, "/sessions/\(id)")["version"]?.int == 1)
    }
  }

  @Test func unknownEventIsA400NamingTheEvents() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      let typo = expectError(try await client.event(id, #""event":"tapp","row":"checkout""#), .badRequest, "unknown_event", at: "event")
      #expect(typo["detail"]?.string?.contains(#"did you mean "tap"?"#) == true)
      #expect(typo["detail"]?.string?.contains(#""appeared""#) == true)
      // The engine's own events are not for clients.
      expectError(try await client.event(id, #""event":"apiSucceeded""#), .badRequest, "unknown_event", at: "event")
      expectError(try await client.event(id, #""event":7"#), .badRequest, "invalid_field", at: "event")
      expectError(try await client.event(id, #""row":"checkout""#), .badRequest, "missing_field", at: "event")
    }
  }

  @Test func missingOrWrongFieldsAreA400NamingTheField() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      expectError(try await client.event(id, #""event":"tap""#), .badRequest, "missing_field", at: "row")
      expectError(try await client.event(id, #""event":"set","row":"quantity""#), .badRequest, "missing_field", at: "value")
      expectError(try await client.event(id, #""event":"appeared""#), .badRequest, "missing_field", at: "step")
      expectError(try await client.event(id, #""event":"tap","row":3"#), .badRequest, "invalid_field", at: "row")
      expectError(
        try await client.event(id, #""event":"set","row":"quantity","value":[1]"#), .badRequest, "invalid_field", at: "value")
      expectError(
        try await client.event(id, #""event":"back","expectedVersion":"1""#), .badRequest, "invalid_field",
        at: "expectedVersion")
      expectError(
        try await client.event(id, #""event":"back","expectedVersion":1.5"#), .badRequest, "invalid_field",
        at: "expectedVersion")
      let typo = expectError(
        try await client.event(id, #""event":"tap","row":"checkout","expectedVersoin":1"#), .badRequest, "unknown_field",
        at: "expectedVersoin")
      #expect(typo["detail"]?.string?.contains(#"did you mean "expectedVersion"?"#) == true)
      expectError(try await client.event(id, #""event":"back","row":"x""#), .badRequest, "unknown_field", at: "row")
      expectError(try await client.send(.post, "/sessions", body: "{}"), .badRequest, "missing_field", at: "flow")
      expectError(
        try await client.send(.post, "/sessions", body: #"{"flow":"plndr","today":"2020-01-01"}"#), .badRequest,
        "unknown_field", at: "today")
      expectError(
        try await client.send(.get, "/flows/plndr/graph?format=svg"), .badRequest, "invalid_query", at: "format")
      #expect(try await client.send(.get, "/sessions/\(id)")["version"]?.int == 1)
    }
  }

  // MARK: 404

  @Test func unknownSessionOrFlowIsA404() async throws {
    try await withApp { client in
      expectError(try await client.send(.get, "/sessions/nope"), .notFound, "unknown_session", at: "/sessions/nope")
      expectError(
        try await client.event("nope", #""event":"back""#), .notFound, "unknown_session", at: "/sessions/nope")
      let flow = expectError(
        try await client.send(.post, "/sessions", body: #"{"flow":"plnder"}"#), .notFound, "unknown_flow", at: "flow")
      #expect(flow["detail"]?.string?.contains(#"did you mean "plndr"?"#) == true)
      expectError(
        try await client.send(.get, "/flows/nope/graph"), .notFound, "unknown_flow", at: "/flows/nope/graph")
      expectError(try await client.send(.get, "/nowhere"), .notFound, "not_found", at: "/nowhere")
      expectError(try await client.send(.delete, "/sessions"), .notFound, "not_found", at: "/sessions")
    }
  }

  // MARK: 409

  @Test func staleExpectedVersionIsA409WithTheCurrentVersion() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      let first = try await client.event(id, #""event":"tap","row":"checkout","expectedVersion":1"#)
      #expect(first.status == .ok)
      let stale = expectError(
        try await client.event(id, #""event":"appeared","step":"stepOne","expectedVersion":1"#), .conflict,
        "stale_version", at: "expectedVersion")
      #expect(stale["version"]?.int == 2)
      #expect(stale["detail"]?.string?.contains("version 2") == true)
      let current = try await client.event(id, #""event":"appeared","step":"stepOne","expectedVersion":2"#)
      #expect(current.status == .ok)
      #expect(current["version"]?.int == 3)
    }
  }

  // MARK: 413

  @Test func bodyOver64KiBIsA413() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      let padding = String(repeating: "x", count: 64 * 1024)
      let large = try await client.event(id, #""event":"set","row":"quantity","value":"\#(padding)""#)
      expectError(large, .contentTooLarge, "body_too_large", at: "body")
      let createLarge = try await client.send(.post, "/sessions", body: #"{"flow":"\#(padding)"}"#)
      expectError(createLarge, .contentTooLarge, "body_too_large", at: "body")
      // Just under the limit is read (and refused for its meaning, not its size).
      let under = String(repeating: "1", count: 64 * 1024 - 60)
      let fits = try await client.event(id, #""event":"set","row":"quantity","value":"\#(under)""#)
      #expect(fits.status == .ok, "\(fits.status)")
      #expect(try await client.send(.get, "/sessions/\(id)")["version"]?.int == 2)
    }
  }

  // MARK: 422

  @Test func refusedEventsAreA422AndChangeNothing() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      try await client.open(id, "checkout", "stepOne")
      let version = try await client.send(.get, "/sessions/\(id)")["version"]?.int

      // A disabled row: Continue needs the address and the card.
      let guarded = expectError(try await client.tap(id, "continue"), .unprocessableContent, "refused", at: "row")
      #expect(guarded["detail"]?.string?.contains("Shipping Address") == true)

      // A value the picker does not offer.
      let picker = expectError(
        try await client.set(id, "shippingMethod", "teleport"), .unprocessableContent, "refused", at: "row")
      #expect(picker["detail"]?.string?.contains("standard") == true)

      // An unknown row, with the step's rows listed.
      let unknown = expectError(try await client.tap(id, "creditCrd"), .unprocessableContent, "refused", at: "row")
      #expect(unknown["detail"]?.string?.contains(#"did you mean "creditCard"?"#) == true)

      // A step that nothing opened.
      expectError(try await client.appeared(id, "confirmation"), .unprocessableContent, "refused", at: "step")

      // Nothing to accept.
      expectError(try await client.event(id, #""event":"accept""#), .unprocessableContent, "refused", at: "event")

      // Waiting for the host: a second tap before stepOne's row opened its step.
      _ = try await client.tap(id, "creditCard")
      let busy = expectError(try await client.tap(id, "shippingAddress"), .unprocessableContent, "refused", at: "row")
      #expect(busy["detail"]?.string?.contains("waiting for creditCard") == true)

      let after = try await client.send(.get, "/sessions/\(id)")
      #expect(after["version"]?.int == (version ?? 0) + 1)
    }
  }
}
