import CheckoutEngine
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// Finishes API calls whose answer was lost, when nobody asks for their session
/// again: an instance died after the API charged, and the shopper's client went
/// away too. Runs as a service beside the ``SessionSweeper``, on its schedule.
///
/// Each pass lists the sessions whose call has waited for its answer longer than
/// the call timeout (since the session's last save; the oldest first, at most
/// `batch`) and finishes each exactly as a `GET` does
/// (``SessionService/finishLostCalls(in:calls:)``: the library's
/// ``CallCoordinator``, the same idempotency key, the answer applied once under
/// the store's version check, so instances doing it at once charge once and apply
/// once). A placed order's `reset` to its confirmation is then performed, as no
/// client is there to (``showConfirmation(after:flow:calls:)``): the session is
/// finished (its card number masked as a finished order's), or failed (an error
/// offered), and swept by the sweeper's rules later. A call the API does
/// not answer is *not* given up: it stays waiting, the pass logs one warning for
/// it (the session, the operation and the full idempotency key), and the next pass
/// tries again. A call waiting on the shopper's action (3-D Secure) is not lost.
///
/// Each pass then lists the sessions whose call waits on the shopper's action (or
/// was given up unanswered, a retry offered that nobody took) and whose last
/// activity (a save, or a read ``ReadActivity`` recorded: a shopper polling the
/// challenge is not gone) is older than `--abandon-after` (the coordinator's
/// action timeout), and abandons each through the library (``CallCoordinator/abandonIdleCalls(in:flow:readAt:)``: the API is asked
/// what became of the call, ``CheckoutAPI/abandon(_:)``, and its answer applied
/// once). A placed order's confirmation is then shown as for a lost call; a
/// cancelled one offers its error and is swept as idle. An unknown answer saves
/// nothing and is asked again next pass. Each abandonment is logged (info,
/// `abandoned API call`, with the session, the operation, the full idempotency
/// key and the outcome) and counted (`checkout_api_calls_abandoned_total`).
/// Here rather than in the sweeper: it makes API calls and saves sessions, as
/// this pass does, while the sweeper only deletes, and must stay cheap.
/// Each pass also sets the waiting gauges (``ServerMetrics/recordWaiting(_:)``).
struct LostCallRecovery: Service, CustomStringConvertible {
  /// Lists the waiting sessions (their sealed values unopened).
  let store: any SweepableSessionStore
  /// Loads, serves and finishes each as a `GET` does.
  let service: SessionService
  let interval: Duration
  let logger: Logger
  /// `--abandon-after`: the coordinator's action timeout, which this pass lists by.
  var abandonAfter: TimeInterval = defaultAbandonAfter
  /// How many sessions one pass finishes at most (the oldest first).
  var batch = 100
  /// The clock the call timeout is counted on.
  var now: @Sendable () -> Date = { Date() }

  /// What service-lifecycle logs name it by.
  var description: String {
    "LostCallRecovery(every \(interval), call timeout \(service.calls.callTimeout) s, abandon after \(abandonAfter) s)"
  }

  func run() async throws {
    await Periodic.every(interval) {
      await pass()
    }
  }

  /// What one pass did with the sessions it listed.
  struct Pass: Sendable, Equatable {
    /// Sessions whose lost calls it finished (answered and applied).
    var finished = 0
    /// Sessions whose call stays waiting (tried again next pass).
    var leftWaiting = 0
    /// Sessions whose call waiting on an action was abandoned and the answer applied.
    var abandoned = 0
    /// Sessions whose abandonment's answer was unknown, or could not be applied
    /// (still waiting on the action; asked again next pass).
    var abandonUnknown = 0
  }

  /// One pass: finishes what it can, logs what it cannot, sets the gauges.
  @discardableResult
  func pass() async -> Pass {
    var done = Pass()
    do {
      let cutoff = now().addingTimeInterval(-service.calls.callTimeout)
      for waiting in try await store.sessionsWaitingOnCalls(savedBefore: cutoff, limit: batch) {
        switch await finish(waiting) {
        case .finished: done.finished += 1
        case .leftWaiting: done.leftWaiting += 1
        case .nothingLost: break
        }
      }
      let idle = now().addingTimeInterval(-abandonAfter)
      for waiting in try await store.sessionsLeftWaiting(inactiveBefore: idle, limit: batch) {
        switch await abandon(waiting) {
        case .finished: done.abandoned += 1
        case .leftWaiting: done.abandonUnknown += 1
        case .nothingLost: break
        }
      }
      service.metrics.recordWaiting(try await store.waitingCounts())
    } catch {
      logger.warning(
        "the lost-call pass failed; trying again next pass", metadata: ["error.type": "\(type(of: error))"])
    }
    if done != Pass() {
      logger.info(
        "lost API calls",
        metadata: [
          "finished": "\(done.finished)", "leftWaiting": "\(done.leftWaiting)", "abandoned": "\(done.abandoned)",
          "abandonUnknown": "\(done.abandonUnknown)",
        ])
    }
    return done
  }

  private enum Finish { case finished, leftWaiting, nothingLost }

  /// Finishes one session's lost calls; a call the API does not answer stays waiting.
  private func finish(_ waiting: WaitingSession) async -> Finish {
    let id = waiting.id
    let attempt = RecoveryAttempt()
    var calls = service.calls
    let checkpoint = calls.checkpoint
    calls.report = { attempt.note($0) }
    calls.checkpoint = { point in
      // Not given up (`apiExpired`): nothing is saved, the call keeps waiting.
      if point == .beforeAnswerSave, let error = attempt.unanswered { throw CallLeftWaiting(cause: error) }
      try checkpoint(point)
    }
    do {
      let served = try await service.served(id)
      let recovery = try await service.finishLostCalls(in: served, calls: calls)
      for report in attempt.reports {
        CallLog.log(report, session: id, flow: served.flow, to: logger, metrics: service.metrics)
      }
      if let migration = served.migration, recovery.stored.version != served.stored.version {
        MigrationLog.log(migration, session: id, saved: true, to: logger)
      }
      if recovery.steps.isEmpty { return .nothingLost }
      await showConfirmation(after: recovery, flow: served.flow, calls: calls)
      return .finished
    } catch let error as ServerError where error.error == "unknown_session" {
      return .nothingLost
    } catch {
      for report in attempt.reports { CallLog.count(report, metrics: service.metrics) }
      var metadata: Logger.Metadata = ["session": "\(id)", "error.type": "\(type(of: error))"]
      if let made = attempt.made ?? waiting.calls.first(where: { $0.action == nil }).map({ ($0.operation, $0.key) }) {
        metadata = CallLog.metadata(id, made.0, made.1, metadata)
      }
      if let left = error as? CallLeftWaiting { metadata["error.type"] = "\(type(of: left.cause))" }
      if let refused = error as? ServerError { metadata["error"] = "\(refused.error)" }
      logger.warning(
        error is CallLeftWaiting
          ? "a lost API call was not answered; it stays waiting and is tried again next pass"
          : "a lost API call could not be finished; it stays waiting and is tried again next pass",
        metadata: metadata)
      return .leftWaiting
    }
  }
}

extension LostCallRecovery {
  /// Abandons one session's calls left waiting on an action (the library checks
  /// the timeout again, with the session as loaded now); an unknown answer leaves
  /// the call waiting.
  private func abandon(_ waiting: WaitingSession) async -> Finish {
    let id = waiting.id
    do {
      let served = try await service.served(id)
      let calls = service.calls(for: id, flow: served.flow, logger: logger)
      let recovery = try await ServerError.answering(gone: id) {
        try await calls.abandonIdleCalls(in: served.stored, flow: served.flow, readAt: waiting.lastActive)
      }
      if let migration = served.migration, recovery.stored.version != served.stored.version {
        MigrationLog.log(migration, session: id, saved: true, to: logger)
      }
      if recovery.steps.isEmpty { return .nothingLost }
      // Nothing saved: the answer was unknown. Saved by someone else: the shopper came back first.
      guard recovery.steps.contains(where: { if case .effect = $0 { true } else { false } }) else {
        return recovery.stored.version == served.stored.version ? .leftWaiting : .nothingLost
      }
      if SessionsController.placedAnOrder(recovery.steps.map(EffectView.init)) {
        service.metrics.sessionsFinished.increment()
      }
      await showConfirmation(after: recovery, flow: served.flow, calls: calls)
      return .finished
    } catch let error as ServerError where error.error == "unknown_session" {
      return .nothingLost
    } catch {
      var metadata: Logger.Metadata = ["session": "\(id)", "error.type": "\(type(of: error))"]
      if let call = waiting.calls.first {
        metadata = CallLog.metadata(id, call.operation, call.key, metadata)
      }
      logger.warning(
        "a call left waiting (on an action, or unanswered) could not be abandoned; it stays and is tried again next pass",
        metadata: metadata)
      return .leftWaiting
    }
  }

  /// The step a placed order's answer resets to (its confirmation): the target of
  /// a `reset` after a call that succeeded; nil when the calls placed no order.
  static func confirmation(after steps: [CallStep]) -> StepID? {
    var succeeded = false
    for step in steps {
      switch step {
      case .call(let exchange):
        if case .succeeded? = exchange.outcome { succeeded = true }
      case .effect(.navigate(.reset(let target))) where succeeded: return target
      case .effect: continue
      }
    }
    return nil
  }

  /// Performs a placed order's `reset` to its confirmation, as the shopper's
  /// client would (`appeared`), since no client is there to: the session then
  /// rests on it, a finished order, its card number masked and swept after the
  /// finished retention. A session that has moved on meanwhile refuses it; nothing
  /// changes then.
  func showConfirmation(after recovery: CallRecovery, flow: CompiledFlow, calls: CallCoordinator) async {
    guard let step = Self.confirmation(after: recovery.steps) else { return }
    let id = recovery.stored.id
    do {
      _ = try await calls.send(.appeared(step), to: id, flow: flow, loaded: recovery.stored)
    } catch {
      logger.info(
        "a finished order's confirmation was not shown",
        metadata: ["session": "\(id)", "error.type": "\(type(of: error))"])
    }
  }
}

/// Thrown by the recovery's checkpoint when the API did not answer: the answer's
/// save (the call given up) is not made.
struct CallLeftWaiting: Error {
  /// What the API threw.
  var cause: any Error
}

/// What the coordinator reported while one session's calls were finished.
private final class RecoveryAttempt: Sendable {
  private struct State {
    var reports: [CallReport] = []
    var unanswered: (any Error)?
  }
  private let state = Mutex(State())

  func note(_ report: CallReport) {
    state.withLock { state in
      state.reports.append(report)
      if case .unanswered(_, _, let error) = report { state.unanswered = error }
    }
  }

  /// The reports, in order.
  var reports: [CallReport] { state.withLock { $0.reports } }
  /// What the API threw, when it did not answer.
  var unanswered: (any Error)? { state.withLock { $0.unanswered } }
  /// The operation and key of the last call made again.
  var made: (OperationName, IdempotencyKey)? {
    state.withLock { state in
      for report in state.reports.reversed() {
        if case .recovering(let operation, let key, _) = report { return (operation, key) }
      }
      return nil
    }
  }
}
