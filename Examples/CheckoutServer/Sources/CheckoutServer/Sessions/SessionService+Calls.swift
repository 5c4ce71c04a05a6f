import CheckoutEngine
import Logging

extension SessionService {
  /// The call coordinator for work on session `id`, served on `flow`: its reports
  /// logged to `logger` with the session and the full idempotency key (a success's
  /// provided values as `flow` masks them), and counted (``CallLog``); its
  /// checkpoints told to `witness` too.
  func calls(
    for id: SessionID, flow: CompiledFlow, logger: Logger, witness: CallWitness? = nil
  ) -> CallCoordinator {
    var calls = calls
    let (checkpoint, metrics) = (calls.checkpoint, metrics)
    calls.report = { CallLog.log($0, session: id, flow: flow, to: logger, metrics: metrics) }
    if let witness {
      calls.checkpoint = { point in
        witness.note(point)
        try checkpoint(point)
      }
    }
    return calls
  }

  /// Finishes the calls `served` shows lost with `calls`
  /// (``CallCoordinator/recoverLostCalls(in:flow:)``: the same idempotency key, the
  /// answer applied once under the store's version check), as a `GET` and
  /// ``LostCallRecovery`` do; an order it places counts in
  /// `checkout_sessions_finished_total`. A session its flow cannot restore is 410.
  /// (An event counts what it finishes with its own effects.)
  func finishLostCalls(in served: ServedSession, calls: CallCoordinator) async throws -> CallRecovery {
    let recovery = try await ServerError.answering(gone: served.stored.id) {
      try await calls.recoverLostCalls(in: served.stored, flow: served.flow)
    }
    if SessionsController.placedAnOrder(recovery.steps.map(EffectView.init)) { metrics.sessionsFinished.increment() }
    return recovery
  }
}
