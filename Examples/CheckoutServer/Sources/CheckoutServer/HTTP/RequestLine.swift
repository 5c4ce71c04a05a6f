import HTTPTypes
import Logging

/// The one `request` line each answer gets, whoever wrote the answer: a route
/// (``ErrorAndLogMiddleware``, which adds `ms`) or the connection's handlers
/// (``ConnectionRefusals``, `route=connection`). One definition of its fields,
/// so a log query finds both the same way.
enum RequestLine {
  /// The line's metadata: the route, the status, the method and the path when the
  /// request's head was read (the path masked by ``LogText``), and for a failure
  /// its error code, where (`at`), and a refused event's code (`refusal`).
  static func metadata(
    route: String, method: String?, path: String?, status: HTTPResponse.Status, failure: ServerError?
  ) -> Logger.Metadata {
    var metadata: Logger.Metadata = ["route": "\(route)", "status": "\(status.code)"]
    if let method { metadata["method"] = "\(LogText.safe(method))" }
    if let path { metadata["path"] = "\(LogText.path(path))" }
    if let failure {
      metadata["error"] = "\(failure.error)"
      metadata["at"] = "\(LogText.path(failure.at))"
      // A refused event: why, as the engine's code (`awaitingStep`, `offerWaiting`).
      if let refusal = failure.refusal { metadata["refusal"] = "\(LogText.safe(refusal.code))" }
    }
    return metadata
  }
}
