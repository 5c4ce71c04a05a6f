import CheckoutEngine
import Logging
import Synchronization

/// The server's log lines and metrics for what the library's ``CallCoordinator``
/// did with a call: its key and operation, never its payload.
enum CallLog {
  static func log(_ report: CallReport, to logger: Logger, metrics: ServerMetrics) {
    switch report {
    case .recovering(let operation, let key, let session):
      metrics.callsRecovered.increment()
      logger.warning(
        "finishing a lost API call", metadata: ["session": "\(session)", "operation": "\(operation)", "key": "\(key)"])
    case .answered(let operation, let key, .succeeded):
      logger.info("checkout API", metadata: ["operation": "\(operation)", "key": "\(key)", "outcome": "succeeded"])
    case .answered(let operation, let key, .failed(let errors)):
      logger.info(
        "checkout API",
        metadata: [
          "operation": "\(operation)", "key": "\(key)", "outcome": "failed",
          "codes": "\(errors.map(\.code).joined(separator: ","))",
        ])
    case .answered(let operation, let key, .actionRequired(let action, _)):
      logger.info(
        "checkout API",
        metadata: [
          "operation": "\(operation)", "key": "\(key)", "outcome": "actionRequired", "action": "\(action)",
        ])
    case .unanswered(let operation, let key, let error):
      logger.error(
        "checkout API did not answer",
        metadata: ["operation": "\(operation)", "key": "\(key)", "error.type": "\(type(of: error))"])
    }
  }
}

/// Whether a request's coordinator got as far as a call (its intent saved, the
/// API about to be called): from then on, the event must never be applied again.
final class CallWitness: Sendable {
  private let made = Mutex(false)

  /// Whether a call was made.
  var callMade: Bool { made.withLock { $0 } }

  /// Notes a checkpoint the coordinator reached.
  func note(_ point: CallCheckpoint) {
    if point == .afterIntentSave { made.withLock { $0 = true } }
  }
}
