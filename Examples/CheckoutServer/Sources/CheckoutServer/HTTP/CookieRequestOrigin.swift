import HTTPTypes
import Hummingbird

/// A request that changes a session and presents its secret only by cookie must
/// come from the checkout page's own origin. `SameSite=Strict` keeps other *sites*'
/// pages from sending the cookie, but a page on another origin of the same site (a
/// sibling subdomain, another port of the host) is the same site, and a `fetch`
/// with a form type (`application/x-www-form-urlencoded`, which the server reads as
/// JSON for `curl -d`) needs no CORS preflight. So, for any method but `GET` and
/// `HEAD` without an `Authorization` header:
/// - `Sec-Fetch-Site`, which every current browser sends, must be `same-origin`
///   (or `none`: the shopper's own action); `same-site` and `cross-site` are 403
///   `cross_origin_request` at `Sec-Fetch-Site`;
/// - the body must be sent as JSON (`Content-Type: application/json` or a `+json`
///   type), which another origin cannot send without a preflight the server never
///   answers; a form type or none is 403 `cross_origin_request` at `Content-Type`.
///
/// API clients present the secret as `Authorization: Bearer`, which no other
/// origin's page can add, and are not affected. Checked before the session is
/// read: the answer is the same whether the session exists or not.
enum CookieRequestOrigin {
  /// Passes a request that presents a bearer header, reads only, or comes from the
  /// page's own origin with a JSON body; else the 403 that says why.
  /// `authorization`: the request's `Authorization` header, as the caller read it
  /// (once per request: ``SessionCredential`` reads the same).
  static func check(_ request: Request, authorization: String?) throws(ServerError) {
    guard authorization == nil, request.method != .get, request.method != .head else { return }
    if let name = HTTPField.Name.secFetchSite, let site = request.headers[name]?.lowercased(), site != "same-origin",
      site != "none"
    {
      let named = BodyMediaType.nameable(site).map { " (\($0))" } ?? ""
      throw ServerError(
        .forbidden, "cross_origin_request",
        "a request that presents its session's secret by cookie must come from the checkout page's own origin; "
          + "this one comes from another origin\(named): send it from the page, or present the secret as "
          + "\"Authorization: Bearer SECRET\"",
        at: "Sec-Fetch-Site")
    }
    let media = request.headers[.contentType].map(BodyMediaType.mediaType(of:)) ?? ""
    guard !BodyMediaType.isJSON(media) else { return }
    throw ServerError(
      .forbidden, "cross_origin_request",
      "a request that presents its session's secret by cookie must send its body as JSON "
        + "(\"Content-Type: application/json\"), which another origin's page cannot send unasked; "
        + "send that type, or present the secret as \"Authorization: Bearer SECRET\"",
      at: "Content-Type")
  }
}

extension HTTPField.Name {
  /// `Sec-Fetch-Site` (Fetch Metadata): where a browser's request comes from.
  static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")
}
