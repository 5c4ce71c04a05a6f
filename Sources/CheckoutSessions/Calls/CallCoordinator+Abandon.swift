import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import Foundation

extension CallCoordinator {
  /// Whether a stored session shows a call waiting on the shopper's action (or
  /// one given up unanswered) and has been neither saved nor (when the host records reads) read for
  /// `actionTimeout`: the shopper went away. A session without
  /// ``StoredSession/savedAt`` throws, as ``recoverLostCalls(in:flow:)`` does.
  package func hasAbandonedActions(_ stored: StoredSession, readAt: Date? = nil) throws(SessionStoreError) -> Bool {
    guard let savedAt = stored.savedAt else { throw Self.missingSaveTime(stored.id) }
    guard stored.snapshot.calls.contains(where: { $0.action != nil }) || !(stored.snapshot.unanswered ?? []).isEmpty
    else { return false }
    let lastActive = max(savedAt, readAt ?? .distantPast)
    return now().timeIntervalSince(lastActive) >= actionTimeout
  }

  /// Finishes the calls a shopper left waiting on an action (at the bank's
  /// challenge), or given up unanswered (the API did not answer and the retry
  /// offered was never taken), once the session has been neither saved nor read (`readAt`, when
  /// the host records reads) for the coordinator's `actionTimeout` (30 minutes
  /// unless its initializer is given another): for each, the API is asked
  /// what became of it (``CheckoutAPI/abandon(_:)``, with the key the
  /// continuation would carry), outside the store's retry loop and with nothing
  /// saved before (it is idempotent: after a crash the next pass asks again).
  /// Its answer is applied in one save, only while the call still waits on that
  /// action with that key (a shopper who came back and finished it wins: the
  /// answer is dropped): `succeeded` as the continuation's success (the order is
  /// placed, its `then` opened), `failed` as its failure (the errors offered, the
  /// call gone; for a call given up unanswered, its key forgotten). An `actionRequired` answer or a thrown error is unknown: nothing
  /// is saved, the call keeps waiting, and a later pass asks again.
  ///
  /// A host runs it from a background pass over idle sessions, never for a
  /// shopper's own request (a shopper who is there is not gone). A call waiting
  /// on an action is never made again by ``recoverLostCalls(in:flow:)``, before
  /// or after an abandonment: nothing is saved until the answer ends the wait.
  /// The result's steps hold each abandonment as an exchange (its request and the
  /// API's answer, nil when unknown) and the effects of the answers applied.
  public func abandonIdleCalls(in stored: StoredSession, flow: CompiledFlow, readAt: Date? = nil) async throws
    -> CallRecovery
  {
    var recovery = CallRecovery(stored: stored, steps: [])
    guard try hasAbandonedActions(stored, readAt: readAt) else { return recovery }
    let left = stored.snapshot.calls.filter { $0.action != nil } + (stored.snapshot.unanswered ?? [])
    for waiting in left {
      var session = try CheckoutSession(restoring: recovery.stored.snapshot, flow: flow)
      if let secrets { session.restoreSecrets(await secrets.secrets(for: stored.id)) }
      let current = session.calls[waiting.operation].flatMap { $0.action == nil ? nil : $0 }
      guard let call = current ?? session.unanswered[waiting.operation] else { continue }
      let request = CheckoutAPIRequest(
        session: stored.id, flow: flow.flow.id, operation: call.operation, payload: session.payload(for: call),
        key: call.requestKey)
      report(.abandoning(operation: call.operation, key: request.key, session: stored.id))
      try checkpoint(.beforeAbandonRequest)
      let answer = await abandon(request)
      recovery.steps.append(.call(CallExchange(request: request, outcome: answer)))
      guard let answer, answer.endsAbandonment else { continue }
      let applied: (result: Applied, version: Int)
      do {
        applied = try await store.update(
          stored.id, flow: flow, attempts: attempts, storeSensitive: storeSensitive, secrets: secrets,
          loaded: recovery.stored
        ) { session in
          // The shopper finished or left the action meanwhile: the answer is dropped, nothing saved.
          guard let effects = session.abandonedAction(call.operation, requestKey: request.key, answer: answer) else {
            throw AnswerDropped()
          }
          try checkpoint(.beforeAbandonSave)
          return Applied(effects: effects, session: session, saved: session.snapshot(revealSensitive: storeSensitive))
        }
      } catch is AnswerDropped {
        if let current = try await store.load(stored.id) { recovery.stored = current }
        continue
      }
      recovery.steps += applied.result.effects.map(CallStep.effect)
      if let saved = applied.result.saved {
        recovery.stored = StoredSession(id: stored.id, version: applied.version, snapshot: saved, savedAt: now())
      }
    }
    return recovery
  }

  /// Thrown inside the answer's update when the call no longer waits on the
  /// action it was abandoned at: nothing is saved.
  private struct AnswerDropped: Error {}

  /// Asks the API what became of an abandoned call; nil when it threw (unknown).
  private func abandon(_ request: CheckoutAPIRequest) async -> CheckoutAPIOutcome? {
    do {
      let outcome = try await api.abandon(request)
      report(.abandoned(operation: request.operation, key: request.key, outcome: request.payload.redacted(outcome)))
      return outcome
    } catch {
      report(.abandonUnknown(operation: request.operation, key: request.key, error: error))
      return nil
    }
  }
}

extension CheckoutAPIOutcome {
  /// Whether this answer to an abandonment says what became of the call
  /// (`succeeded` or `failed`); `actionRequired` does not.
  var endsAbandonment: Bool {
    switch self {
    case .succeeded, .failed: return true
    case .actionRequired: return false
    }
  }
}
