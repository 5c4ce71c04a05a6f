import CheckoutEngine
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CheckoutServer

/// Every checkout a browser starts keeps its own secret: each session's cookie is
/// scoped to its own paths (`Path=/sessions/{id}`), so a second checkout in the
/// same browser adds a cookie instead of replacing the first one's (which left the
/// first tab answering `unknown_session` on every entry).
@Suite struct SessionCookieTests {
  /// A browser's cookie jar, as RFC 6265 keeps one: a cookie replaces only one of
  /// the same name and path; a request carries those whose path matches its own,
  /// the longest path first.
  struct CookieJar {
    var cookies: [(name: String, value: String, path: String)] = []

    mutating func take(_ setCookie: String) {
      let parts = setCookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { return }
      let name = String(pair[..<equals])
      let value = String(pair[pair.index(after: equals)...])
      let path = parts.first { $0.hasPrefix("Path=") }.map { String($0.dropFirst(5)) } ?? "/"
      cookies.removeAll { $0.name == name && $0.path == path }
      cookies.append((name, value, path))
    }

    /// RFC 6265 §5.1.4: the cookie path is the request path, or a prefix of it
    /// ending in `/` or followed by `/`.
    static func pathMatches(_ cookiePath: String, _ requestPath: String) -> Bool {
      guard requestPath.hasPrefix(cookiePath) else { return false }
      if requestPath.count == cookiePath.count || cookiePath.hasSuffix("/") { return true }
      return requestPath.dropFirst(cookiePath.count).first == "/"
    }

    func header(for path: String) -> HTTPFields {
      let sent = cookies.filter { Self.pathMatches($0.path, path) }.sorted { $0.path.count > $1.path.count }
      return sent.isEmpty ? [:] : [.cookie: sent.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")]
    }
  }

  @Test func twoCheckoutsInOneBrowserEachKeepTheirSecret() async throws {
    try await withApp { client in
      var jar = CookieJar()
      var ids: [String] = []
      for flow in ["plndr", "express"] {
        let created = try await client.send(.post, "/sessions", body: #"{"flow":"\#(flow)"}"#, presentingSecret: false)
        ids.append(try #require(created["id"]?.string))
        jar.take(try #require(created.headers[.setCookie]))
      }
      #expect(jar.cookies.count == 2, "one cookie per checkout: \(jar.cookies.map(\.path))")
      // The first checkout goes on after the second started, on every route the page uses.
      let tapped = try await client.send(
        .post, "/sessions/\(ids[0])/events", body: #"{"event":"tap","row":"checkout"}"#,
        headers: jar.header(for: "/sessions/\(ids[0])/events"), presentingSecret: false)
      #expect(tapped.status == .ok, "\(tapped.text)")
      for id in ids {
        for path in ["/sessions/\(id)", "/sessions/\(id)/route"] {
          let headers = jar.header(for: path)
          #expect(headers[values: .cookie].joined().components(separatedBy: "checkout_secret=").count == 2)
          let reply = try await client.send(.get, path, headers: headers, presentingSecret: false)
          #expect(reply.status == .ok, "\(path): \(reply.text)")
        }
      }
      // The page's own files and the flows are asked for with no secret at all.
      #expect(jar.header(for: "/").isEmpty)
      #expect(jar.header(for: "/flows/plndr/steps").isEmpty)
    }
  }

  @Test func aCookieSetForEveryPathBesideTheSessionsOwnStillOpensIt() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      let other = try await client.createSession()
      let secret = try #require(TestSessionSecrets.shared.secret(of: id))
      let foreign = try #require(TestSessionSecrets.shared.secret(of: other))
      let name = SessionCredential.cookieName
      // A browser that kept another session's cookie for `Path=/` sends it too.
      for cookie in ["\(name)=\(secret); \(name)=\(foreign)", "\(name)=\(foreign); \(name)=\(secret)"] {
        let reply = try await client.send(.get, "/sessions/\(id)", headers: [.cookie: cookie], presentingSecret: false)
        #expect(reply.status == .ok, "\(cookie): \(reply.text)")
      }
      let wrong = try await client.send(
        .get, "/sessions/\(id)", headers: [.cookie: "\(name)=\(foreign)"], presentingSecret: false)
      #expect(wrong.status == .notFound)
      #expect(SessionCredential.cookiePath(session: "a b/c") == "/sessions/a%20b%2Fc")
    }
  }
}
