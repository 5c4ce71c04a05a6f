import Foundation
import HTTPTypes
import Hummingbird

/// How a request presents its session's secret: `Authorization: Bearer SECRET`
/// (API clients), or the `checkout_secret` cookie that `POST /sessions` sets (the
/// browser page, whose script never handles the secret again). A bearer header,
/// when present, is the only credential read.
enum SessionCredential {
  /// The cookie's name.
  static let cookieName = "checkout_secret"

  /// The `Set-Cookie` value for a new session's secret: HttpOnly (no script reads
  /// it), SameSite=Strict (no other site's page sends it), for every path.
  static func cookie(for secret: String) -> String {
    "\(cookieName)=\(secret); Path=/; HttpOnly; SameSite=Strict"
  }

  /// The secret a request presents; nil when it presents none (or an
  /// `Authorization` header of another scheme).
  static func secret(of request: Request) -> String? {
    if let authorization = request.headers[.authorization] {
      return bearerToken(in: authorization)
    }
    return cookieValue(in: request.headers[values: .cookie])
  }

  /// The token of `Bearer TOKEN` (the scheme in any case, RFC 9110 §11.1).
  static func bearerToken(in authorization: String) -> String? {
    let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    guard parts.count == 2, isBearer(parts[0]) else { return nil }
    let token = trimmingWhitespace(parts[1])
    return token.isEmpty ? nil : token
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

  /// The value of the `checkout_secret` cookie in `Cookie` header values (RFC 6265
  /// §5.4: `name=value` pairs separated by `; `).
  static func cookieValue(in headers: [String]) -> String? {
    for header in headers {
      for pair in header.split(separator: ";") {
        let trimmed = pair.trimmingCharacters(in: .whitespaces)
        guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals] == cookieName else { continue }
        let value = trimmed[trimmed.index(after: equals)...]
        return value.isEmpty ? nil : String(value)
      }
    }
    return nil
  }
}
