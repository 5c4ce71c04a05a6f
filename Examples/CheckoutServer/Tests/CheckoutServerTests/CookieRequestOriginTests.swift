import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CheckoutServer

/// A change sent with the session's cookie from another origin of the same site (a
/// sibling subdomain, another port) is refused before the session is read: the
/// cookie's `SameSite=Strict` stops only other sites, and a form-typed `fetch` needs
/// no preflight (was: `fetch(…, {mode: "no-cors", credentials: "include"})` with
/// `application/x-www-form-urlencoded` from `127.0.0.1:18650` set the shopper's
/// quantity on `127.0.0.1:18601`).
@Suite struct CookieRequestOriginTests {
  static let quantity = #"{"event":"set","row":"quantity","value":"7"}"#

  /// The session's cookie header, as the browser holding it sends it.
  func cookie(of id: String) throws -> HTTPFields {
    [.cookie: "\(SessionCredential.cookieName)=\(try #require(TestSessionSecrets.shared.secret(of: id)))"]
  }

  @Test(
    arguments: [
      ("application/x-www-form-urlencoded", nil, "Content-Type"),
      ("application/json", "same-site", "Sec-Fetch-Site"),
      ("application/json", "cross-site", "Sec-Fetch-Site"),
    ] as [(String, String?, String)])
  func aChangeByCookieFromAnotherOriginIsRefused(type: String, site: String?, at: String) async throws {
    try await withApp { client in
      let id = try await client.createSession()
      let before = try await client.send(.get, "/sessions/\(id)")["version"]?.int
      var headers = try cookie(of: id)
      headers[.contentType] = type
      if let site { headers[try #require(HTTPField.Name.secFetchSite)] = site }
      let reply = try await client.send(
        .post, "/sessions/\(id)/events", body: Self.quantity, headers: headers, presentingSecret: false)
      #expect(reply.status == .forbidden, "\(reply.text)")
      #expect(reply["error"]?.string == "cross_origin_request")
      #expect(reply["at"]?.string == at)
      let shown = try await client.send(.get, "/sessions/\(id)")
      #expect(shown["version"]?.int == before, "nothing changed: \(shown.text)")
      // An unknown session is answered the same: the check comes before the read.
      let unknown = try await client.send(
        .post, "/sessions/00000000-0000-4000-8000-000000000000/events", body: Self.quantity, headers: headers,
        presentingSecret: false)
      #expect(unknown.status == .forbidden && unknown["at"]?.string == at, "\(unknown.text)")
    }
  }

  @Test func thePagesOwnRequestsAndAPIClientsGoOn() async throws {
    try await withApp { client in
      let id = try await client.createSession()
      // The page: JSON, from its own origin (and a browser without Fetch Metadata).
      for site in ["same-origin", nil] as [String?] {
        var headers = try cookie(of: id)
        headers[.contentType] = "application/json"
        if let site { headers[try #require(HTTPField.Name.secFetchSite)] = site }
        let reply = try await client.send(
          .post, "/sessions/\(id)/events", body: Self.quantity, headers: headers, presentingSecret: false)
        #expect(reply.status == .ok, "\(site ?? "no Sec-Fetch-Site"): \(reply.text)")
      }
      // A read by cookie from anywhere changes nothing and is answered.
      var read = try cookie(of: id)
      read[try #require(HTTPField.Name.secFetchSite)] = "cross-site"
      #expect(try await client.send(.get, "/sessions/\(id)", headers: read, presentingSecret: false).status == .ok)
      // `curl -d` with the bearer header: the form type is read as JSON, as before.
      let curl = try await client.send(
        .post, "/sessions/\(id)/events", body: Self.quantity,
        headers: [
          .contentType: "application/x-www-form-urlencoded", try #require(HTTPField.Name.secFetchSite): "cross-site",
        ])
      #expect(curl.status == .ok, "\(curl.text)")
    }
  }
}
