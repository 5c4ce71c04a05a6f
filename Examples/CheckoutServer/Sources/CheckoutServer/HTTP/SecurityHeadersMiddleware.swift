import HTTPTypes
import Hummingbird

/// Adds the headers that keep a browser from doing more with an answer than the
/// page needs, to every answer (the page, its files, the JSON and the errors):
///
/// - `Content-Security-Policy`: only this origin's scripts, styles, images
///   (and `data:` images, the page's empty icon) and requests; no inline script
///   or style, no plugins, no `<base>`, and no framing (the page in `Public/`
///   loads one module script and one style sheet, and sets no inline style);
/// - `X-Content-Type-Options: nosniff`: a file is read as the type it is sent as;
/// - `X-Frame-Options: DENY`: no frame, for browsers without `frame-ancestors`;
/// - `Referrer-Policy: no-referrer`: the session's address never leaves in a
///   `Referer`;
/// - `Cache-Control: no-store`: no browser or proxy keeps an answer, which may
///   hold a session's secret (`POST /sessions`) or what the shopper entered.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The policy the page is served with.
  static var contentSecurityPolicy: String {
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
      + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
  }

  /// The fields added, in order.
  static var fields: [HTTPField] {
    [
      ("Content-Security-Policy", contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
      ("X-Frame-Options", "DENY"), ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-store"),
    ].compactMap { name, value in HTTPField.Name(name).map { HTTPField(name: $0, value: value) } }
  }

  private let fields = Self.fields

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    var response = try await next(request, context)
    for field in fields { response.headers[field.name] = field.value }
    return response
  }
}
