import Foundation
import HTTPTypes
import Hummingbird

/// How a request presents its session's secret: `Authorization: Bearer SECRET`
/// (API clients), or the `checkout_secret` cookie that `POST /sessions` sets (the
/// browser page, whose script never handles the secret again). A bearer header,
/// when present, is the only credential read.
///
/// Each session's cookie is scoped to the session's own paths
/// (`Path=/sessions/{id}`), so a browser keeps one per checkout: a second checkout
/// in the same browser adds its cookie beside the first instead of replacing it,
/// and a request carries only the cookie of the session it names.
enum SessionCredential {
  /// The cookie's name.
  static let cookieName = "checkout_secret"

  /// How many `checkout_secret` values of one request are tried: a browser that
  /// still holds a cookie set for every path (`Path=/`, before cookies were scoped
  /// to their session) sends it beside the session's own.
  static let triedCookies = 4

  /// The `Set-Cookie` value for session `id`'s secret: HttpOnly (no script reads
  /// it), SameSite=Strict (no other site's page sends it), sent only on the
  /// session's own paths (`/sessions/{id}` and below), so that every checkout a
  /// browser starts keeps its own.
  static func cookie(for secret: String, session id: String) -> String {
    "\(cookieName)=\(secret); Path=\(cookiePath(session: id)); HttpOnly; SameSite=Strict"
  }

  /// `/sessions/{id}`: where session `id`'s cookie is sent (the id is a UUID; any
  /// byte a cookie path may not hold is percent-encoded).
  static func cookiePath(session id: String) -> String {
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
    return "/sessions/\(id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id)"
  }

  /// The secrets a request presents, to be tried in order: its bearer token, or
  /// else its `checkout_secret` cookies (at most ``triedCookies``); empty when it
  /// presents none (or an `Authorization` header of another scheme).
  /// `authorization`: the request's `Authorization` header, as the caller read it
  /// (once per request: ``CookieRequestOrigin`` reads the same).
  static func secrets(of request: Request, authorization: String?) -> [String] {
    if let authorization {
      return bearerToken(in: authorization).map { [$0] } ?? []
    }
    return cookieValues(in: request.headers[values: .cookie])
  }

  /// The token of `Bearer TOKEN` (the scheme in any case, RFC 9110 §11.1).
  static func bearerToken(in authorization: String) -> String? {
    guard let (scheme, rest) = schemeAndRest(of: authorization), isBearer(scheme) else { return nil }
    let token = trimmingWhitespace(rest)
    return token.isEmpty ? nil : token
  }

  /// The first run of characters other than a space, and what follows the one
  /// space after it: what `split(separator: " ", maxSplits: 1,
  /// omittingEmptySubsequences: true)` gives when it gives two parts, nil when it
  /// gives fewer. Read byte by byte when the header is ASCII (every real one: there
  /// a space byte is a space character), without the character by character walk
  /// the split makes on every request; by that split otherwise.
  static func schemeAndRest(of authorization: String) -> (scheme: Substring, rest: Substring)? {
    let bytes = authorization.utf8
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
      return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
    let space = UInt8(ascii: " ")
    guard let start = bytes.firstIndex(where: { $0 != space }),
      let end = bytes[start...].firstIndex(of: space)
    else { return nil }
    let rest = authorization[bytes.index(after: end)...]
    return rest.isEmpty ? nil : (authorization[start..<end], rest)
  }

  /// Whether `scheme` is `bearer` in any case of its ASCII letters: what
  /// `scheme.lowercased() == "bearer"` says, without making a lowercased copy (the
  /// guard reads one on every request).
  static func isBearer(_ scheme: Substring) -> Bool {
    // ASCII letters differ from their capitals only in 0x20; "bearer" is all letters.
    let bearer = Self.bearer
    var matched = 0
    for byte in scheme.utf8 {
      guard matched < bearer.count, byte | 0x20 == bearer[matched] else { return false }
      matched += 1
    }
    return matched == bearer.count
  }

  /// The scheme's bytes, in lowercase.
  private static let bearer = Array("bearer".utf8)

  /// `text` trimmed as `trimmingCharacters(in: .whitespaces)` trims it, without
  /// bridging to `NSString` when it starts and ends with a visible ASCII character
  /// (a token always does; the guard reads one on every request).
  static func trimmingWhitespace(_ text: Substring) -> String {
    func isVisibleASCII(_ byte: UInt8?) -> Bool { byte.map { $0 > 0x20 && $0 < 0x7f } ?? false }
    if isVisibleASCII(text.utf8.first), isVisibleASCII(text.utf8.last) { return String(text) }
    return text.trimmingCharacters(in: .whitespaces)
  }

  /// The value of the first `checkout_secret` cookie in `Cookie` header values
  /// (RFC 6265 §5.4: `name=value` pairs separated by `; `).
  static func cookieValue(in headers: [String]) -> String? {
    cookieValues(in: headers).first
  }

  /// The values of the `checkout_secret` cookies in `Cookie` header values, in
  /// their order (a browser sends the cookie with the longest path first, RFC 6265
  /// §5.4), at most ``triedCookies``; empty values left out.
  static func cookieValues(in headers: [String]) -> [String] {
    var values: [String] = []
    for header in headers {
      for pair in header.split(separator: ";") {
        let trimmed = pair.trimmingCharacters(in: .whitespaces)
        guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals] == cookieName else { continue }
        let value = trimmed[trimmed.index(after: equals)...]
        if !value.isEmpty { values.append(String(value)) }
        if values.count == triedCookies { return values }
      }
    }
    return values
  }
}
