import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import Foundation

/// A session whose lost calls were finished: as it is now, and what was done.
public struct CallRecovery: Sendable {
  /// The session as stored now (the one given, when no call was lost).
  public var stored: StoredSession
  /// The calls made again and the effects of their answers, in order.
  public var steps: [CallStep]

  /// Creates a recovery.
  package init(stored: StoredSession, steps: [CallStep]) {
    self.stored = stored
    self.steps = steps
  }
}

extension CallCoordinator {
  /// Whether a stored session shows a call waiting for longer than
  /// ``callTimeout``: its answer was lost.
  /// A call waiting on the shopper's action (at the bank's challenge) is not lost.
  /// A session without ``StoredSession/savedAt`` throws (`missingSaveTime(_:)`):
  /// how long its call has waited is unknown, and guessing either way is unsafe.
  package func hasLostCalls(_ stored: StoredSession) throws(SessionStoreError) -> Bool {
    guard let savedAt = stored.savedAt else { throw Self.missingSaveTime(stored.id) }
    guard stored.snapshot.calls.contains(where: { $0.action == nil }) else { return false }
    return now().timeIntervalSince(savedAt) >= callTimeout
  }

  /// The error for a session its store returned without the time it was saved.
  package static func missingSaveTime(_ id: SessionID) -> SessionStoreError {
    SessionStoreError(
      .unavailable(
        "session \(id) was loaded without the time it was saved (savedAt is nil): a store used with a "
          + "CallCoordinator must return, with each session, when its version was saved, so that a waiting call "
          + "is made again only once callTimeout has passed, never while it may still be in flight"),
      id: id)
  }

  /// Finishes the calls a stored session shows lost: each call that has waited
  /// for its answer longer than ``callTimeout`` since the session was saved
  /// (``StoredSession/savedAt``) is made again with its idempotency key
  /// (``SessionEvent/callAgain(_:)``; the API answers it with its first answer and
  /// acts once) and its answer applied, or, when the API does not answer, it is
  /// given up (`apiExpired`: an offer whose retry reuses the key). A call waiting
  /// on the shopper's action is never lost. A retry whose body differs from what
  /// the call first sent is not sent: it throws ``CallBodyChanged``. A session
  /// whose `savedAt` is nil throws ``SessionStoreError`` (`unavailable`, saying
  /// so) before anything is sent: the store must record when it saved each
  /// version (see ``SessionStore/load(_:)``). Returns the session as it is now,
  /// without reading it again.
  public func recoverLostCalls(in stored: StoredSession, flow: CompiledFlow) async throws -> CallRecovery {
    guard try hasLostCalls(stored) else { return CallRecovery(stored: stored, steps: []) }
    var recovery = CallRecovery(stored: stored, steps: [])
    for waiting in stored.snapshot.calls where waiting.action == nil {
      var session = try CheckoutSession(restoring: recovery.stored.snapshot, flow: flow)
      if let secrets { session.restoreSecrets(await secrets.secrets(for: stored.id)) }
      let again = session.send(.callAgain(waiting.operation))
      if case .refused(let refusal)? = again.first, refusal.code == .callBodyChanged {
        throw CallBodyChanged(call: waiting, refusal: refusal)
      }
      guard case .callAPI(let operation, let payload, let key)? = again.first else { continue }
      report(.recovering(operation: operation, key: key, session: stored.id))
      let request = CheckoutAPIRequest(
        session: stored.id, flow: flow.flow.id, operation: operation, payload: payload, key: key)
      let outcome = await call(request)
      recovery.steps.append(.call(CallExchange(request: request, outcome: outcome)))
      let answered = try await apply(outcome, to: request, flow: flow, loaded: recovery.stored, keep: true)
      recovery.steps += answered.result.effects.map(CallStep.effect)
      if let saved = answered.result.saved {
        recovery.stored = StoredSession(id: stored.id, version: answered.version, snapshot: saved, savedAt: now())
      }
    }
    return recovery
  }

  /// Loads a session and finishes its lost calls: a host's recovery pass after a
  /// restart, over the sessions it served.
  public func recover(_ id: SessionID, flow: CompiledFlow) async throws -> CallRecovery {
    guard let stored = try await store.load(id) else { throw SessionStoreError(.notFound, id: id) }
    return try await recoverLostCalls(in: stored, flow: flow)
  }
}
