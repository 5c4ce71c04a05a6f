import HTTPTypes
import Logging

/// Logs and counts the answers written below the router, which
/// ``ErrorAndLogMiddleware`` never sees: 503 `too_many_connections`
/// (``ConnectionGuard``), and the 408 header timeout, 400 `malformed_request` and
/// `bad_host`, 431 `headers_too_large` and 413 `body_too_large` for a declared
/// length (``RequestLimitsHandler``).
///
/// One line each, as a request answered by a route gets (`request`, its status,
/// error code and `at`; the method and path when the head was read, the path
/// masked by ``LogText``), at the level of ``ServerError/logLevel``: info for the
/// 4xx, warning for the 503 (load shedding). Never a header's value or a byte of
/// the body. Each is counted in `checkout_connections_refused_total` by its code
/// (``ServerMetrics/recordConnectionRefused(reason:)``).
struct ConnectionRefusals: Sendable {
  let logger: Logger
  let metrics: ServerMetrics

  /// Records one refusal; `head` is the request's when it was read.
  func record(_ refusal: ServerError, head: HTTPRequest? = nil) {
    metrics.recordConnectionRefused(reason: refusal.error)
    let level = refusal.logLevel
    guard logger.logLevel <= level else { return }
    // The path without its query, as a route's line has it.
    let path = head.map { $0.path?.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }
    let metadata = RequestLine.metadata(
      route: "connection", method: head?.method.rawValue, path: path.map(String.init), status: refusal.status,
      failure: refusal)
    logger.log(level: level, "request", metadata: metadata)
  }
}
