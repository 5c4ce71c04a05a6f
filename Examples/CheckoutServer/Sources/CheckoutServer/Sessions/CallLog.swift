import CheckoutEngine
import Logging
import Synchronization

/// The server's log lines and metrics for what the library's ``CallCoordinator``
/// did with a call: the session, the operation, its key within the session and the
/// full idempotency key the API is sent (`SESSION:placeOrder-1`), never its payload.
/// A success's line also shows what the API provided, as the session's flow lets
/// it be shown (``provided(_:flow:)``: `provided.order.number=PLNDR-18528348`).
/// Each call the API answered, or did not, is counted in `checkout_api_calls_total`
/// here, whichever path made it (an event, a `GET`, ``LostCallRecovery``).
enum CallLog {
  /// Logs and counts `report`, a call of session `session`, which runs on `flow`.
  static func log(
    _ report: CallReport, session: SessionID, flow: CompiledFlow, to logger: Logger, metrics: ServerMetrics
  ) {
    count(report, metrics: metrics)
    switch report {
    case .recovering(let operation, let key, let session):
      logger.warning("finishing a lost API call", metadata: metadata(session, operation, key))
    case .answered(let operation, let key, .succeeded(let values)):
      var more = provided(values, flow: flow)
      more["outcome"] = "succeeded"
      logger.info("checkout API", metadata: metadata(session, operation, key, more))
    case .answered(let operation, let key, .failed(let errors)):
      logger.info(
        "checkout API",
        metadata: metadata(
          session, operation, key, ["outcome": "failed", "codes": "\(errors.map(\.code).joined(separator: ","))"]))
    case .answered(let operation, let key, .actionRequired(let action, _)):
      logger.info(
        "checkout API",
        metadata: metadata(session, operation, key, ["outcome": "actionRequired", "action": "\(action)"]))
    case .unanswered(let operation, let key, let error):
      logger.error(
        "checkout API did not answer", metadata: metadata(session, operation, key, ["error.type": "\(type(of: error))"])
      )
    case .abandoning: break  // its answer is logged, one line per abandonment
    case .abandoned(let operation, let key, let outcome):
      var more: Logger.Metadata = ["outcome": "\(abandonmentOutcome(outcome))"]
      if case .failed(let errors) = outcome { more["codes"] = "\(errors.map(\.code).joined(separator: ","))" }
      logger.info("abandoned API call", metadata: metadata(session, operation, key, more))
    case .abandonUnknown(let operation, let key, let error):
      logger.warning(
        "abandoned API call",
        metadata: metadata(session, operation, key, ["outcome": "unknown", "error.type": "\(type(of: error))"]))
    }
  }

  /// What an abandonment's answer counts as: `succeeded` (the order placed),
  /// `failed` (the call cancelled), or `unknown` (an action asked for: nothing saved).
  static func abandonmentOutcome(_ outcome: CheckoutAPIOutcome) -> String {
    switch outcome {
    case .succeeded: return "succeeded"
    case .failed: return "failed"
    case .actionRequired: return "unknown"
    }
  }

  /// Counts `report` without logging it: a call made again
  /// (`checkout_api_calls_recovered_total`), or the API's answer, or none
  /// (`checkout_api_calls_total`).
  static func count(_ report: CallReport, metrics: ServerMetrics) {
    switch report {
    case .recovering: metrics.callsRecovered.increment()
    case .answered(let operation, _, .succeeded):
      metrics.recordAPICall(operation: operation.rawValue, outcome: "succeeded")
    case .answered(let operation, _, .failed):
      metrics.recordAPICall(operation: operation.rawValue, outcome: "failed")
    case .answered(let operation, _, .actionRequired):
      metrics.recordAPICall(operation: operation.rawValue, outcome: "actionRequired")
    case .unanswered(let operation, _, _): metrics.recordAPICall(operation: operation.rawValue, outcome: "unanswered")
    case .abandoning: break
    case .abandoned(_, _, let outcome): metrics.recordAbandonment(outcome: abandonmentOutcome(outcome))
    case .abandonUnknown: metrics.recordAbandonment(outcome: "unknown")
    }
  }

  /// What a success provided, one `provided.KEY` entry per value, as the flow lets
  /// it be shown: a `secret` key's value left out (a bound row says `secret`), a
  /// `sensitive` one masked as the screen masks it (`•••• 4242`), any other as the
  /// API answered it (``LogText/answered(_:)``: escaped, and masked only if it
  /// holds a card number).
  static func provided(_ values: [DataKey: Value], flow: CompiledFlow) -> Logger.Metadata {
    guard !values.isEmpty else { return [:] }
    let secret = Set(flow.flow.steps.flatMap(\.rows).filter(\.secret).compactMap(\.bind))
    var metadata: Logger.Metadata = [:]
    for (key, value) in values where !secret.contains(key) {
      let text = value.displayText
      let shown =
        flow.masking.sensitiveKeys.contains(key) ? Masking.masked(text) : LogText.answered(text)
      metadata["provided.\(LogText.safe(key.rawValue))"] = "\(shown)"
    }
    return metadata
  }

  /// The idempotency key the API is sent for a call of `session` with `key`
  /// (``CheckoutAPIRequest/idempotencyKey``): `SESSION:placeOrder-1`.
  static func idempotencyKey(_ session: SessionID, _ key: IdempotencyKey) -> String {
    "\(session.rawValue):\(key.rawValue)"
  }

  /// A call's metadata: `session`, `operation`, `key` and `idempotencyKey`, then `more`.
  static func metadata(
    _ session: SessionID, _ operation: OperationName, _ key: IdempotencyKey, _ more: Logger.Metadata = [:]
  ) -> Logger.Metadata {
    var metadata: Logger.Metadata = [
      "session": "\(session)", "operation": "\(operation)", "key": "\(key)",
      "idempotencyKey": "\(idempotencyKey(session, key))",
    ]
    metadata.merge(more) { _, new in new }
    return metadata
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
