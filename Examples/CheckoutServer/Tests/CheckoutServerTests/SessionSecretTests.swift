import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// A session opens only for the secret `POST /sessions` answered: as a bearer
/// token or as the page's cookie. A missing, wrong or another session's secret is
/// answered exactly as an unknown id, and the secret is in no log line, metric,
/// later answer or stored record.
@Suite struct SessionSecretTests {
  /// The three per-session routes, as `(method, path, body)` for a session.
  static func routes(_ id: String) -> [(HTTPRequest.Method, String, String?)] {
    [
      (.get, "/sessions/\(id)", nil),
      (.post, "/sessions/\(id)/events", #"{"event":"tap","row":"checkout"}"#),
      (.get, "/sessions/\(id)/route", nil),
    ]
  }

  /// What each route answers a session that does not exist, with this id.
  static func unknownAnswers(_ id: String) async throws -> [String] {
    try await withApp { client in
      var answers: [String] = []
      for (method, path, body) in routes(id) {
        let reply = try await client.send(method, path, body: body, presentingSecret: false)
        #expect(reply.status == .notFound)
        answers.append(reply.text)
      }
      return answers
    }
  }

  @Test func aMissingWrongOrForeignSecretIsAnsweredAsAnUnknownID() async throws {
    let (id, answers) = try await withApp { client -> (String, [[String]]) in
      let id = try await client.createSession()
      let other = try await client.createSession()
      let foreign = try #require(TestSessionSecrets.shared.secret(of: other))
      let credentials: [HTTPFields] = [
        [:],
        [.authorization: "Bearer \(SessionSecret.random().text)"],
        [.authorization: "Bearer \(foreign)"],
        [.cookie: "\(SessionCredential.cookieName)=\(foreign)"],
        [.authorization: "Basic \(try #require(TestSessionSecrets.shared.secret(of: id)))"],
      ]
      var answers: [[String]] = []
      for headers in credentials {
        var texts: [String] = []
        for (method, path, body) in Self.routes(id) {
          let reply = try await client.send(method, path, body: body, headers: headers, presentingSecret: false)
          #expect(reply.status == .notFound, "\(headers): \(reply.text)")
          texts.append(reply.text)
        }
        answers.append(texts)
      }
      // Nothing changed: the right secret still finds the session at its start.
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown.status == .ok)
      #expect(shown["version"]?.int == 1)
      return (id, answers)
    }
    let unknown = try await Self.unknownAnswers(id)
    #expect(unknown[0].contains("unknown_session"))
    for texts in answers { #expect(texts == unknown) }
  }

  @Test func theRightSecretOpensEveryRouteAsBearerOrCookie() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      let secret = try #require(TestSessionSecrets.shared.secret(of: id))
      let bearer: HTTPFields = [.authorization: "bearer \(secret)"]
      let cookie: HTTPFields = [.cookie: "theme=dark; \(SessionCredential.cookieName)=\(secret); lang=en"]
      for headers in [bearer, cookie] {
        for (method, path, body) in Self.routes(id) where method == .get {
          let reply = try await client.send(method, path, body: body, headers: headers, presentingSecret: false)
          #expect(reply.status == .ok, "\(path): \(reply.text)")
        }
      }
      let tapped = try await client.send(
        .post, "/sessions/\(id)/events", body: #"{"event":"tap","row":"checkout"}"#, headers: cookie,
        presentingSecret: false)
      #expect(tapped.status == .ok)
      #expect(tapped["effects"]?.effectLines == ["navigate push stepOne"])
    }
  }

  @Test func theAnswerSetsAnHttpOnlyStrictCookieAndNoLaterAnswerHoldsTheSecret() async throws {
    try await withApp { client in
      let created = try await client.send(.post, "/sessions", body: #"{"flow":"plndr"}"#)
      let id = try #require(created["id"]?.string)
      let secret = try #require(created["secret"]?.string)
      #expect(secret.count == 43, "32 bytes in base64url without padding")
      #expect(secret.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
      #expect(Data(base64Encoded: Self.padded(secret))?.count == 32)
      let cookie = try #require(created.headers[.setCookie])
      let attributes = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(attributes.first == "\(SessionCredential.cookieName)=\(secret)")
      #expect(Set(attributes.dropFirst()) == ["Path=/sessions/\(id)", "HttpOnly", "SameSite=Strict"])
      // Another session has another secret.
      let other = try await client.send(.post, "/sessions", body: #"{"flow":"plndr"}"#)
      #expect(other["secret"]?.string != secret)
      for (method, path, body) in Self.routes(id) {
        let reply = try await client.send(method, path, body: body)
        #expect(reply.status == .ok)
        #expect(!reply.text.contains(secret))
        #expect(reply.headers[.setCookie] == nil)
      }
      #expect(!(try await client.send(.get, "/metrics")).text.contains(secret))
    }
  }

  @Test func theStoreKeepsOnlyTheSecretsDigest() async throws {
    let store = SecretKeepingMemoryStore()
    let dependencies = AppDependencies(
      logger: Logger(label: "checkout-server-test") { _ in SwiftLogNoOpLogHandler() }, store: store, environment: [:])
    try await withApp(dependencies: dependencies) { client in
      let id = try await client.createSession()
      let secret = try #require(TestSessionSecrets.shared.secret(of: id))
      let digest = try #require(try await store.secretDigest(for: SessionID(id)))
      #expect(digest == SecretDigest(of: secret))
      #expect(digest.hex.count == 64)
      #expect(digest.hex != secret)
      let stored = try #require(try await store.load(SessionID(id)))
      let json = String(decoding: try JSONEncoder().encode(stored.snapshot), as: UTF8.self)
      #expect(!json.contains(secret))
    }
  }

  @Test func theSecretIsInNoLogLine() async throws {
    let handler = InMemoryLogHandler()
    let logger = Logger(label: "checkout-server-test") { _ in handler }
    let secrets = try await withApp(dependencies: AppDependencies(logger: logger, environment: [:])) { client in
      let id = try await client.createSession()
      let secret = try #require(TestSessionSecrets.shared.secret(of: id))
      try await client.open(id, "checkout", "stepOne")
      for (method, path, body) in Self.routes(id) {
        _ = try await client.send(method, path, body: body)
        _ = try await client.send(
          method, path, body: body, headers: [.cookie: "\(SessionCredential.cookieName)=\(secret)"],
          presentingSecret: false)
      }
      // A wrong secret, and the right one refused on a malformed body.
      let wrong = SessionSecret.random().text
      _ = try await client.send(
        .get, "/sessions/\(id)", headers: [.authorization: "Bearer \(wrong)"], presentingSecret: false)
      _ = try await client.send(.post, "/sessions/\(id)/events", body: "{")
      return [secret, wrong]
    }
    let lines = LogTests.lines(handler)
    #expect(lines.contains { $0.contains("session created") })
    #expect(lines.contains { $0.contains("status=404") })
    for line in lines {
      for secret in secrets { #expect(!line.contains(secret), "a session secret is in a log line: \(line)") }
    }
  }

  @Test func digestsCompareWholeSecretsOnly() {
    let secret = SessionSecret.random()
    #expect(secret.digest.matches(secret.text))
    #expect(!secret.digest.matches(String(secret.text.dropLast())))
    #expect(!secret.digest.matches(secret.text + "A"))
    #expect(!secret.digest.matches(""))
    #expect(SessionSecret.random().text != secret.text)
    #expect(SessionCredential.bearerToken(in: "Bearer  abc ") == "abc")
    #expect(SessionCredential.bearerToken(in: "Basic abc") == nil)
    #expect(SessionCredential.bearerToken(in: "Bearer") == nil)
    #expect(SessionCredential.cookieValue(in: ["a=1; checkout_secret=xyz"]) == "xyz")
    #expect(SessionCredential.cookieValue(in: ["checkout_secretx=1", "a=2"]) == nil)
    #expect(SessionCredential.cookieValue(in: ["checkout_secret="]) == nil)
  }

  /// Base64url made decodable by `Data(base64Encoded:)`.
  static func padded(_ text: String) -> String {
    let standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    return standard + String(repeating: "=", count: (4 - standard.count % 4) % 4)
  }
}
