import CheckoutEngine
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// What a client chose (paths, row ids, field names) is logged masked, and every
/// line of a request carries its id.
@Suite struct LogMaskingTests {
  @Test(arguments: [
    ("/sessions/4242424242424242", "/sessions/[16 digits]"),
    ("4242 4242 4242 4242", "[16 digits]"),
    ("4242-4242-4242-4242", "[16 digits]"),
    ("cvv 737", "cvv [3 digits]"),
    ("line2", "line2"),
    ("row 12", "row 12"),
    ("a\nfake log line", "a\\u{a}fake log line"),
    ("٤٢٤٢٤٢", "[6 digits]"),
    ("caf\u{e9}", "caf\\u{e9}"),
  ])
  func digitRunsAreMaskedAndControlCharactersEscaped(text: String, logged: String) {
    #expect(LogText.safe(text) == logged)
  }

  @Test(arguments: [
    (
      "/sessions/1bb07f3c-5e2a-4d6b-9c1e-08f1d2c3b4a5/events",
      "/sessions/1bb07f3c-5e2a-4d6b-9c1e-08f1d2c3b4a5/events"
    ),
    ("/sessions/4242424242424242/events", "/sessions/[16 digits]/events"),
    ("/sessions/4242 4242 4242 4242", "/sessions/[16 digits]"),
    // Percent-decoded first: logged `/sessions/[4 digits]%[6 digits]%…` before.
    ("/sessions/4242%204242%204242%204242", "/sessions/[16 digits]"),
    ("/sessions/a%0Ab", "/sessions/a\\u{a}b"),
    ("/sessions/abc/events/1234", "/sessions/abc/events/[4 digits]"),
    // No field of the client's own (was: `session=forged-victim-id method=DELETE` read as fields).
    ("/sessions/x%20status=200%20session=forged", "/sessions/x status\\u{3d}[3 digits] session\\u{3d}forged"),
    ("/flows/plndr/graph", "/flows/plndr/graph"),
    ("/", "/"),
  ])
  func pathsKeepSessionIDsAndMaskEverythingElse(path: String, logged: String) {
    #expect(LogText.path(path) == logged)
  }

  @Test func aLongPathIsTruncated() {
    let logged = LogText.path("/" + Array(repeating: "segment", count: 30).joined(separator: "/"))
    #expect(logged.hasSuffix("more)"))
    #expect(logged.count < 120)
  }

  @Test func longTextIsTruncated() {
    let logged = LogText.safe(String(repeating: "ab", count: 100))
    #expect(logged.hasPrefix(String(repeating: "ab", count: 40)))
    #expect(logged.hasSuffix("…(120 more)"))
  }

  @Test func sessionIDsAreKeptOnlyInTheServersForm() {
    #expect(LogText.sessionID("bf893760-b89d-426e-90d8-ba2f01c1776a") == "bf893760-b89d-426e-90d8-ba2f01c1776a")
    #expect(LogText.sessionID("4242424242424242") == "[16 digits]")
  }

  @Test func aCardNumberInAPathRowOrFieldNameIsNeverLogged() async throws {
    let handler = InMemoryLogHandler()
    let logger = Logger(label: "checkout-server-test") { _ in handler }
    let card = "4000000000000127"
    let (requestLineRange, requestIDs) = try await withApp(
      dependencies: AppDependencies(logger: logger, environment: [:])
    ) {
      client in
      let startLines = handler.entries.count
      let id = try await client.createSession()
      var ids: [String?] = []
      for reply in [
        try await client.send(.get, "/sessions/\(card)"),
        try await client.send(.get, "/sessions/4000%200000%200000%200127"),
        try await client.event(id, #""event":"tap","row":"\#(card)""#),
        try await client.event(id, #""event":"set","row":"\#(card)","value":"x""#),
        try await client.event(id, #""event":"appeared","step":"\#(card)""#),
        try await client.event(id, #""event":"back","\#(card)":1"#),
        try await client.send(.post, "/sessions", body: #"{"flow":"\#(card)"}"#),
        try await client.send(.get, "/\(card)"),
      ] {
        #expect(reply.status.code >= 400, "\(reply.text)")
        ids.append(HTTPField.Name.requestID.flatMap { reply.headers[$0] })
      }
      return (startLines..<handler.entries.count, ids)
    }
    let lines = LogTests.lines(handler)
    #expect(!lines.isEmpty)
    for line in lines {
      #expect(!line.contains(card), "\(line)")
      // As a token: a session or request id's hex may hold 0127 inside a longer run.
      #expect(!LogTests.contains(line, token: "0127"), "\(line)")
      #expect(!line.contains("%200127"), "\(line)")
    }
    // Every line logged while answering the requests (not at start-up or shutdown) names its request.
    let requestLines = handler.entries[requestLineRange]
    #expect(requestLines.count >= 9)
    for entry in requestLines {
      #expect(entry.metadata["hb.request.id"] != nil, "\(entry.message)")
    }
    // The answer repeats the id its log lines carry.
    for id in requestIDs {
      let id = try #require(id)
      #expect(handler.entries.contains { $0.metadata["hb.request.id"]?.description == id })
    }
  }

  /// An `X-Request-ID` from a load balancer was ignored: the logs could not be
  /// correlated. A well-formed one is the request's id; any other is replaced.
  @Test func aWellFormedIncomingRequestIDIsKept() async throws {
    let handler = InMemoryLogHandler()
    let logger = Logger(label: "checkout-server-test") { _ in handler }
    let name = try #require(HTTPField.Name.requestID)
    let cases: [(sent: String, kept: Bool)] = [
      ("5bbe04ca-5645-48e8-9989-76fd6dd39aea", true), ("lb-7f3a9c.01:42", true),
      ("4242424242424242", false), ("4242-4242-4242-4242", false), ("a b", false), ("a/b", false),
      (String(repeating: "a", count: 129), false), ("", false),
    ]
    try await withApp(dependencies: AppDependencies(logger: logger, environment: [:])) { client in
      for (sent, kept) in cases {
        let before = handler.entries.count
        let reply = try await client.send(.get, "/health", headers: [name: sent])
        let answered = try #require(reply.headers[name])
        #expect((answered == sent) == kept, "\(sent.debugDescription) answered \(answered)")
        let line = try #require(handler.entries.dropFirst(before).first { $0.message.description == "request" })
        #expect(line.metadata["hb.request.id"]?.description == answered)
      }
    }
  }

  /// A request's `at=` names its session as its `path=` does: a session id is
  /// not a card number, and was scrambled there (`at=/sessions/47fd84a2-b2a[3 digits]cf-…`).
  @Test func anErrorsAtNamesTheSessionAsItsPathDoes() async throws {
    let handler = InMemoryLogHandler()
    let logger = Logger(label: "checkout-server-test") { _ in handler }
    let id = "47fd84a2-b2a1-4cf2-9123-0123456789ab"
    try await withApp(dependencies: AppDependencies(logger: logger, environment: [:])) { client in
      let reply = try await client.send(.get, "/sessions/\(id)")
      #expect(reply.status == .notFound)
    }
    let line = try #require(
      handler.entries.first { $0.message.description == "request" && $0.metadata["at"] != nil }, "\(handler.entries)")
    #expect(line.metadata["path"]?.description == "/sessions/\(id)")
    #expect(line.metadata["at"]?.description == "/sessions/\(id)", "\(line.metadata)")
  }

  /// `--log-level error` quiets the file server too (it logged `info FileMiddleware: Serving files from …`).
  @Test func theLogLevelAppliesToTheFileServer() async throws {
    for level in [Logger.Level.info, .error] {
      let handler = InMemoryLogHandler()
      var arguments = TestArguments()
      arguments.logLevel = level
      _ = try await buildApplication(
        arguments,
        dependencies: AppDependencies(logger: Logger(label: "checkout-server-test") { _ in handler }, environment: [:]))
      let serving = handler.entries.filter { $0.message.description.hasPrefix("Serving files from") }
      #expect(serving.count == (level == .info ? 1 : 0), "the file server logs through the server's logger")
      #expect(handler.entries.allSatisfy { $0.level >= level })
    }
  }
}
