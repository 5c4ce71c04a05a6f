import Logging
import ServiceLifecycle

/// Says, at info, when a graceful stop begins (SIGTERM or SIGINT): from then on the
/// server takes no new connection and finishes the requests in flight.
/// Service-lifecycle says so only at debug, so an operator reading the log at
/// info saw requests end with no reason. It runs after the application in the
/// process's group (``ProcessGroup``),
/// which stops it first.
struct StopNotice: Service, CustomStringConvertible {
  let logger: Logger
  /// Told when the stop begins (``ProcessGroup`` starts its deadline).
  var onStop: @Sendable () -> Void = {}

  /// What service-lifecycle logs name it by.
  var description: String { "StopNotice" }

  func run() async throws {
    do {
      try await gracefulShutdown()
    } catch {
      return  // cancelled, not stopped gracefully: nothing to announce
    }
    logger.info("stopping: no new connections; finishing the requests in flight")
    onStop()
  }
}
