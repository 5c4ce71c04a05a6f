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
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    let token = parts[1].trimmingCharacters(in: .whitespaces)
    return token.isEmpty ? nil : token
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
