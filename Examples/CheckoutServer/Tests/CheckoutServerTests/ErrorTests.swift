import CheckoutEngine
import Foundation
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

  /// The `refusal` object of a 422: its code, the event refused, and exactly the
  /// fields at fault given (the others absent).
  func expectRefusal(
    _ reply: Reply, _ code: String, event: String, step: String? = nil, row: String? = nil, command: String? = nil,
    rows: [String]? = nil, suggestion: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let refusal = reply["refusal"]
    #expect(refusal?["code"]?.string == code, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(refusal?["event"]?.string == event, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(refusal?["step"]?.string == step, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(refusal?["row"]?.string == row, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(refusal?["command"]?.string == command, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(
      refusal?["rows"].map { $0.array.compactMap(\.string) } == rows, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(refusal?["suggestion"]?.string == suggestion, "\(reply.text)", sourceLocation: sourceLocation)
    let expectedKeys =
      ["code", "event"] + (step == nil ? [] : ["step"]) + (row == nil ? [] : ["row"])
      + (command == nil ? [] : ["command"]) + (rows == nil ? [] : ["rows"]) + (suggestion == nil ? [] : ["suggestion"])
    #expect(Set(refusal?.keys ?? []) == Set(expectedKeys), "\(reply.text)", sourceLocation: sourceLocation)
  }

  // MARK: 400

  /// `curl -d 'flow=plndr'` sends a form: the 400 says the body must be JSON and
  /// how to say so, naming the type sent only when it is a plain media type.
  @Test func aBodySentAsAFormIsToldToBeJSON() async throws {
    try await withApp { client in
      let form = try await client.send(
        .post, "/sessions", body: "flow=plndr", headers: [.contentType: "application/x-www-form-urlencoded"])
      expectError(form, .badRequest, "malformed_json", at: "line 1, column 1")
      #expect(
        form["detail"]?.string?.hasSuffix(
          #"; the request says its body is application/x-www-form-urlencoded, but every body is JSON: send it with "Content-Type: application/json""#
        ) == true, "\(form.text)")
      for json in ["application/json; charset=utf-8", "application/merge-patch+json"] {
        let reply = try await client.send(.post, "/sessions", body: "flow", headers: [.contentType: json])
        expectError(reply, .badRequest, "malformed_json", at: "line 1, column 1")
        #expect(reply["detail"]?.string?.contains("the request says") == false, "\(json): \(reply.text)")
      }
      // JSON sent as a form (`curl -d '{…}'`) is read as JSON: a mistake in it is only that.
      let jsonAsForm = try await client.send(
        .post, "/sessions", body: #" {"flow" "plndr"}"#, headers: [.contentType: "application/x-www-form-urlencoded"])
      expectError(jsonAsForm, .badRequest, "malformed_json", at: "line 1, column 10")
      #expect(jsonAsForm["detail"]?.string?.contains("the request says") == false, "\(jsonAsForm.text)")
      // Any other type is a 415 before the body is read (BodyMediaTypeTests).
    }
  }

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

      let unterminated = try await client.send(
        .post, "/sessions/\(id)/events", body: #"{"event":"tap","row":"checkout"#)
      expectError(unterminated, .badRequest, "malformed_json", at: "line 1, column 22")

      let empty = try await client.send(.post, "/sessions/\(id)/events", body: "")
      expectError(empty, .badRequest, "malformed_json", at: "line 1, column 1")

      let deep = try await client.send(.post, "/sessions", body: String(repeating: "[", count: 10_000))
      expectError(deep, .badRequest, "malformed_json", at: "line 1, column 33")

      let duplicate = try await client.event(id, #""event":"tap","row":"checkout","row":"discount""#)
      expectError(duplicate, .badRequest, "malformed_json", at: "line 1, column 33")

      // A number out of range is named by where it is, never quoted back (it may be a
      // card number or a CVV sent as a number).
      let huge = try await client.event(id, #""event":"set","row":"quantity","value":4000000000000127e999"#)
      expectError(huge, .badRequest, "malformed_json", at: "line 1, column 41")
      #expect(huge["detail"]?.string?.contains("out of range") == true, "\(huge.text)")
      #expect(!huge.text.contains("4000000000000127"), "\(huge.text)")

      let array = try await client.send(.post, "/sessions", body: #"["plndr"]"#)
      expectError(array, .badRequest, "not_an_object", at: "body")

      // Nothing was applied.
      #expect(try await client.send(.get, "/sessions/\(id)")["version"]?.int == 1)
    }
  }

  @Test func unknownEventIsA400NamingTheEvents() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      let typo = expectError(
        try await client.event(id, #""event":"tapp","row":"checkout""#), .badRequest, "unknown_event", at: "event")
      #expect(typo["detail"]?.string?.contains(#"did you mean "tap"?"#) == true)
      #expect(typo["detail"]?.string?.contains(#""appeared""#) == true)
      // The engine's own events are not for clients.
      expectError(try await client.event(id, #""event":"apiSucceeded""#), .badRequest, "unknown_event", at: "event")
      let notAName = expectError(try await client.event(id, #""event":7"#), .badRequest, "invalid_field", at: "event")
      #expect(notAName["detail"]?.string?.contains(#"must be a string (one of "tap", "set""#) == true)
      expectError(try await client.event(id, #""row":"checkout""#), .badRequest, "missing_field", at: "event")
    }
  }

  @Test func missingOrWrongFieldsAreA400NamingTheField() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      expectError(try await client.event(id, #""event":"tap""#), .badRequest, "missing_field", at: "row")
      expectError(
        try await client.event(id, #""event":"set","row":"quantity""#), .badRequest, "missing_field", at: "value")
      let appeared = expectError(
        try await client.event(id, #""event":"appeared""#), .badRequest, "missing_field", at: "step")
      #expect(appeared["detail"]?.string == #"an appeared event needs "step""#)
      #expect(
        try await client.event(id, #""event":"actionCompleted""#)["detail"]?.string
          == #"an actionCompleted event needs "operation""#)
      expectError(try await client.event(id, #""event":"tap","row":3"#), .badRequest, "invalid_field", at: "row")
      expectError(
        try await client.event(id, #""event":"set","row":"quantity","value":[1]"#), .badRequest, "invalid_field",
        at: "value")
      expectError(
        try await client.event(id, #""event":"back","expectedVersion":"1""#), .badRequest, "invalid_field",
        at: "expectedVersion")
      expectError(
        try await client.event(id, #""event":"back","expectedVersion":1.5"#), .badRequest, "invalid_field",
        at: "expectedVersion")
      let typo = expectError(
        try await client.event(id, #""event":"tap","row":"checkout","expectedVersoin":1"#), .badRequest,
        "unknown_field",
        at: "expectedVersoin")
      #expect(typo["detail"]?.string?.contains(#"did you mean "expectedVersion"?"#) == true)
      let extra = expectError(
        try await client.event(id, #""event":"back","row":"x""#), .badRequest, "unknown_field", at: "row")
      #expect(extra["detail"]?.string?.contains(#"in a back event; it takes "event" and "expectedVersion""#) == true)
      let text = expectError(
        try await client.event(id, #""event":"set","row":"quantity","value":"2","expectedVersion":"1""#),
        .badRequest, "invalid_field", at: "expectedVersion")
      #expect(text["detail"]?.string?.contains("must be a whole number of 1 or more") == true)
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
      let nowhere = expectError(try await client.send(.get, "/nowhere"), .notFound, "not_found", at: "/nowhere")
      for endpoint in ["GET /flows/{flow}/steps", "GET /flows/{flow}/graph.svg", "GET /sessions/{id}/route"] {
        #expect(nowhere["detail"]?.string?.contains(endpoint) == true, "\(endpoint)")
      }
    }
  }

  /// A method an endpoint does not take is 405 naming the ones it takes, with
  /// `Allow` (was: 404 `not_found` for `DELETE /sessions/{id}`, `HEAD` included).
  @Test func aMethodThePathDoesNotTakeIsA405WithAllow() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      for (method, path, allow) in [
        (HTTPRequest.Method.delete, "/sessions", ["POST"]), (.delete, "/sessions/\(id)", ["GET", "HEAD"]),
        (.put, "/sessions/\(id)", ["GET", "HEAD"]), (.get, "/sessions/\(id)/events", ["POST"]),
        (.post, "/flows", ["GET", "HEAD"]), (.patch, "/sessions/\(id)/locale", ["POST"]),
      ] {
        let reply = expectError(
          try await client.send(method, path), .methodNotAllowed, "method_not_allowed", at: "method")
        #expect(reply.headers[.allow] == allow.joined(separator: ", "), "\(method) \(path): \(reply.headers)")
        #expect(
          reply["detail"]?.string
            == "\(method.rawValue) is not answered at \(path); it takes \(allow.joined(separator: " and "))",
          "\(reply.text)")
      }
      #expect(Endpoints.methods(at: "/sessions/\(id)/nothing").isEmpty)
      expectError(
        try await client.send(.get, "/sessions/\(id)/nothing"), .notFound, "not_found", at: "/sessions/\(id)/nothing")
    }
  }

  /// HEAD is answered wherever GET is, with GET's status and headers and no body
  /// (was 405 with `Allow: GET`: an uptime probe that sends HEAD saw the server down).
  @Test func headIsAnsweredWhereverGetIs() async throws {
    try await withApp { client in
      for path in ["/health", "/ready", "/flows", "/metrics"] {
        let get = try await client.send(.get, path)
        let head = try await client.send(.head, path)
        #expect(head.status == get.status, "HEAD \(path): \(head.status)")
        #expect(head.text.isEmpty, "HEAD \(path) has no body")
        #expect(head.headers[.contentType] == get.headers[.contentType], "HEAD \(path)")
      }
      let refused = try await client.send(.head, "/sessions")
      #expect(refused.status == .methodNotAllowed && refused.headers[.allow] == "POST")
    }
  }

  /// The 404's list of endpoints names every endpoint the README's table has (was:
  /// `POST /sessions/{id}/locale` and the scripted answers' endpoint were missing).
  @Test func theNotFoundListNamesEveryEndpointOfTheREADME() throws {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
    var named: [String] = []
    for line in readme.split(separator: "\n") where line.hasPrefix("| `GET /") || line.hasPrefix("| `POST /") {
      let endpoint = line.dropFirst(3).prefix { $0 != "`" }
      named.append(String(endpoint.split(separator: "?").first ?? endpoint))
    }
    #expect(named.count >= 12, "\(named)")
    for endpoint in named {
      let plain = endpoint.replacingOccurrences(of: ".svg", with: "")  // graph and graph.svg are both listed
      #expect(
        Endpoints.list.contains(endpoint) || Endpoints.list.contains(plain), "\(endpoint) is not in \(Endpoints.list)")
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
      #expect(stale["detail"]?.string == "This checkout changed in another window; it now shows the latest.")
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
      // Just under the limit is read, and its value refused for its own size (a
      // value holds at most 1 KiB): nothing is stored.
      let under = String(repeating: "1", count: 64 * 1024 - 60)
      let fits = try await client.event(id, #""event":"set","row":"quantity","value":"\#(under)""#)
      expectError(fits, .contentTooLarge, "value_too_large", at: "value")
      #expect(try await client.send(.get, "/sessions/\(id)")["version"]?.int == 1)
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
      expectRefusal(guarded, "disabledRow", event: "tap", step: "stepOne", row: "continue")

      // A value the picker does not offer.
      let picker = expectError(
        try await client.set(id, "shippingMethod", "teleport"), .unprocessableContent, "refused", at: "row")
      #expect(picker["detail"]?.string?.contains("Standard (5-7 business days)") == true)
      #expect(picker["detail"]?.string?.contains("teleport") == false, "the value sent is never echoed")
      expectRefusal(picker, "invalidValue", event: "set", step: "stepOne", row: "shippingMethod")

      // A boolean is a toggle's: a text row refuses it rather than taking "on".
      let flag = expectError(
        try await client.event(id, #""event":"set","key":"shipping.name","value":true"#), .unprocessableContent,
        "refused", at: "key")
      #expect(flag["detail"]?.string == "Full name takes a value, not on or off", "\(flag.text)")
      let quantity = expectError(
        try await client.event(id, #""event":"set","key":"cart.quantity","value":true"#), .unprocessableContent,
        "refused", at: "key")
      #expect(quantity["detail"]?.string == "Quantity takes a value, not on or off", "\(quantity.text)")

      // An unknown row (what a page open across a deploy sends, or a typo): the
      // shopper's words, the step by its title; the ids are in `refusal`, with the
      // step's rows and the closest one for the integrator.
      let unknown = expectError(try await client.tap(id, "creditCrd"), .unprocessableContent, "refused", at: "row")
      #expect(
        unknown["detail"]?.string == #"this is no longer on "Step One": check what it shows now and try again"#,
        "\(unknown.text)")
      expectRefusal(
        unknown, "unknownRow", event: "tap", step: "stepOne", row: "creditCrd",
        rows: ["shippingAddress", "creditCard", "shippingMethod", "continue"],
        suggestion: #"did you mean "creditCard"?"#)

      // A step that nothing opened.
      let unopened = expectError(
        try await client.appeared(id, "confirmation"), .unprocessableContent, "refused", at: "step")
      expectRefusal(unopened, "unexpectedStep", event: "appeared", step: "confirmation")
      #expect(unopened["detail"]?.string == #""Thank You" cannot be shown now: carry on from "Step One""#)

      // Nothing to accept: nothing in the body is at fault.
      let accept = expectError(
        try await client.event(id, #""event":"accept""#), .unprocessableContent, "refused", at: "event")
      expectRefusal(accept, "noOffer", event: "accept")

      // Waiting for the host: a second tap before stepOne's row opened its step.
      _ = try await client.tap(id, "creditCard")
      let busy = expectError(try await client.tap(id, "shippingAddress"), .unprocessableContent, "refused", at: "row")
      #expect(busy["detail"]?.string == #"one moment: "Credit Card" is opening"#)
      expectRefusal(busy, "awaitingStep", event: "tap", step: "creditCard", command: "present creditCard")

      let after = try await client.send(.get, "/sessions/\(id)")
      #expect(after["version"]?.int == (version ?? 0) + 1)
    }
  }
}
