import CheckoutEngine
import Foundation
import Hummingbird
import Logging

/// An error answered as JSON: `{"error": code, "detail": sentence, "at": where}`,
/// plus `version` on a stale-version conflict and `refusal` on a refused event.
///
/// `error` is a short stable code for programs, `detail` a sentence for people,
/// and `at` names the place in the request at fault, always: a body field (`row`,
/// `expectedVersion`), `line 1, column 12` for malformed JSON, a header
/// (`Content-Type`, `Host`), the path (`/sessions/{id}`: the session, or the store
/// behind it), or the part of the request when it is not a field (`request`,
/// `headers`, `body`, `connection`).
struct ServerError: Error, HTTPResponseError, Sendable, CustomStringConvertible {
  var status: HTTPResponse.Status
  var error: String
  var detail: String
  var at: String
  /// The session's current version (409 stale version).
  var version: Int?
  /// What the session refused and what is at fault, as data (422 refused).
  var refusal: RefusalView?
  /// The methods the path takes, for the `Allow` header (405).
  var allow: String?

  init(
    _ status: HTTPResponse.Status, _ error: String, _ detail: String, at: String, version: Int? = nil,
    refusal: RefusalView? = nil, allow: String? = nil
  ) {
    self.status = status
    self.error = error
    self.detail = detail
    self.at = at
    self.version = version
    self.refusal = refusal
    self.allow = allow
  }

  /// `400 unknown_field at row`: the code and the place, masked (``LogText``), never
  /// the detail, which may quote what the client sent. Hummingbird logs a decoding
  /// error's description at debug level.
  var description: String { "\(status.code) \(error) at \(LogText.safe(at))" }

  struct Body: Encodable {
    var error: String
    var detail: String
    var at: String
    var version: Int?
    var refusal: RefusalView?
  }

  /// The level the answer's log line is written at: info for a client's error (4xx),
  /// warning for load shedding (``isLoadShedding``), error for any other 5xx (an
  /// incident: a store that fails, a bug).
  var logLevel: Logger.Level {
    guard status.code >= 500 else { return .info }
    return isLoadShedding ? .warning : .error
  }

  /// A 503 the server answers by design when it has no room for more work
  /// (`too_many_connections`: the connection cap; `too_many_sessions`: the memory
  /// store full): expected under load, not an incident.
  var isLoadShedding: Bool {
    status == .serviceUnavailable && ServerError.loadShedding.contains(error)
  }

  /// The codes of ``isLoadShedding``.
  static let loadShedding: Set<String> = ["too_many_connections", "too_many_sessions"]

  /// How long a client should wait before retrying a 503 (`Retry-After`, seconds).
  static let retryAfterSeconds = 2

  func response(from request: Request, context: some RequestContext) throws -> Response {
    var response = try context.responseEncoder.encode(
      Body(error: error, detail: detail, at: at, version: version, refusal: refusal), from: request, context: context)
    response.status = status
    if status == .serviceUnavailable { response.headers[.retryAfter] = "\(ServerError.retryAfterSeconds)" }
    if let allow { response.headers[.allow] = allow }
    return response
  }

  /// The JSON body (sorted keys), for answers written below the router.
  func jsonBody() -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return Array((try? encoder.encode(Body(error: error, detail: detail, at: at, version: version))) ?? Data())
  }
}

extension ServerError {
  /// 400: the body is not JSON.
  /// `contentType`: the request's `Content-Type` when it names something other
  /// than JSON (a form, as `curl -d` sends), which the detail then names too.
  static func malformedJSON(_ syntax: JSONSyntax.Failure, contentType: String? = nil) -> ServerError {
    let sent = contentType.map {
      "; the request says its body is \($0), but every body is JSON: send it with \"Content-Type: application/json\""
    }
    return ServerError(
      .badRequest, "malformed_json", "the body is not valid JSON: \(syntax.message)\(sent ?? "")",
      at: "line \(syntax.location.line), column \(syntax.location.column)")
  }

  /// 400: the HTTP framing itself is broken (a bad chunk size, a bad header line),
  /// `at` `request`; the connection is closed after the answer.
  static func malformedRequest() -> ServerError {
    ServerError(
      .badRequest, "malformed_request", "the request is not valid HTTP/1.1; the connection will be closed",
      at: "request")
  }

  /// 400: a field is missing, of the wrong type, or unknown.
  static func badField(_ error: String, _ detail: String, at field: String) -> ServerError {
    ServerError(.badRequest, error, detail, at: field)
  }

  /// 404: no such session.
  static func unknownSession(_ id: SessionID) -> ServerError {
    ServerError(.notFound, "unknown_session", "no session has the id \"\(id)\"", at: "/sessions/\(id)")
  }

  /// 404: no such flow.
  static func unknownFlow(_ name: String, known: [String], at: String) -> ServerError {
    let hint = Suggestions.didYouMean(name, in: known).map { "; \($0)" } ?? ""
    return ServerError(
      .notFound, "unknown_flow",
      "no flow has the id \"\(name)\"\(hint); the flows are \(Suggestions.list(known, conjunction: "and"))", at: at)
  }

  /// 422: a new session's locale that its flow cannot be shown in; names the
  /// locales it can (the flow's own, then the engine's languages).
  static func unknownLocale(_ error: UnsupportedLocale) -> ServerError {
    ServerError(.unprocessableContent, "unknown_locale", error.description, at: "locale")
  }

  /// 409: the client's version is stale (another window changed the session):
  /// said in the shopper's `words` (`host.problem.staleVersion`), the current
  /// version in `version` for the client to reload; in English, naming both
  /// versions, when the session has no words (it could not be restored).
  static func staleVersion(expected: Int, current: Int, words: ShopperWords) -> ServerError {
    let english =
      "the session is at version \(current), not \(expected): reload it (GET the session) and send the event again"
    return ServerError(
      .conflict, "stale_version", words.text("host.problem.staleVersion", otherwise: english),
      at: "expectedVersion", version: current)
  }

  /// 413: the body is over the limit.
  static func bodyTooLarge(limit: Int) -> ServerError {
    ServerError(.contentTooLarge, "body_too_large", "the body is over \(limit / 1024) KiB", at: "body")
  }

  /// 422: the session refused the event; nothing changed. `detail` is the
  /// refusal's message, `refusal` its fields. A refusal that is about the moment,
  /// not the request (a call in flight freezes its values, a placed order is
  /// final, a retry would change a call's body) is a 409 conflict, `error` naming it.
  static func refused(_ refusal: Refusal, at: String) -> ServerError {
    switch refusal.code {
    case .callInProgress, .orderFinished, .callBodyChanged:
      return ServerError(.conflict, refusal.code.rawValue, refusal.message, at: at, refusal: RefusalView(refusal))
    default:
      return ServerError(.unprocessableContent, "refused", refusal.message, at: at, refusal: RefusalView(refusal))
    }
  }

  /// 503: the session store failed or did not answer in time, `at` the path whose
  /// store it is (`/sessions/{id}`, `/ready`); the answer carries `Retry-After`.
  static func storeUnavailable(at path: String) -> ServerError {
    ServerError(
      .serviceUnavailable, "store_unavailable", "the session store is unavailable; try again shortly", at: path)
  }
}
