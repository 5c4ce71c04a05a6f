import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import Foundation

/// Makes a session's checkout API calls exactly once across crashes, over any
/// ``SessionStore``: the protocol <doc:CallingYourCheckoutAPI> describes.
///
/// For an event that asks for a call, the coordinator saves the call's intent
/// (the operation and its idempotency key, in the session) with the event, then
/// calls the ``CheckoutAPI`` with the key, outside the store's retry loop, then
/// applies the answer in a second save, once (only while the session still waits
/// on that key). A session whose call has waited longer than ``callTimeout`` (its
/// answer was lost: the host died, a save failed) has the call made again with
/// the same key by ``recoverLostCalls(in:flow:)``, which ``handle(_:to:flow:)``
/// runs before every event; when the API does not answer, the call is given up
/// (``SessionEvent/apiExpired(_:)``) and its key kept for the shopper's retry.
///
/// ```swift
/// let calls = CallCoordinator(store: store, api: payments, secrets: vault, storeSensitive: true)
/// let result = try await calls.handle(.tap("placeOrder"), to: id, flow: compiled)
/// // result.steps: the effects, and each call with the API's answer
/// ```
public struct CallCoordinator: Sendable {
  /// Where the sessions are.
  package var store: any SessionStore
  /// The API the calls go to.
  package var api: any CheckoutAPI
  /// This process's secrets (a CVV), restored into each session and kept after
  /// each save; nil when the host keeps none.
  package var secrets: SecretVault?
  /// Whether sensitive values are stored unmasked (a card number a later call,
  /// perhaps on another instance, must send).
  package var storeSensitive: Bool
  /// How many times a save is retried when another writer saved first.
  public var attempts: Int
  /// How long a call may take: a call a stored session shows waiting for longer
  /// (since the session was saved) is taken as lost and made again.
  public var callTimeout: TimeInterval
  /// How long a shopper may leave a call waiting on an action (3-D Secure): a
  /// stored session neither saved nor read for longer is taken as abandoned, and
  /// ``abandonIdleCalls(in:flow:readAt:)`` asks the API what became of the call.
  /// Set by the initializer's `actionTimeout` (a host that lists idle sessions
  /// itself uses the value it gave).
  package var actionTimeout: TimeInterval
  /// The clock lost calls are timed by.
  package var now: @Sendable () -> Date
  /// Told each ``CallCheckpoint`` a call reaches; a fault test stops there by
  /// throwing (nothing after it happens) or by killing the process.
  public var checkpoint: @Sendable (CallCheckpoint) throws -> Void
  /// Told what happened to each call, for logs and metrics.
  public var report: @Sendable (CallReport) -> Void

  /// A coordinator; by default, no secrets, sensitive values stored masked, calls
  /// lost after 10 seconds, actions abandoned after 30 minutes (`actionTimeout`:
  /// a session waiting on the shopper's action, neither saved nor read for that
  /// long, is finished by ``abandonIdleCalls(in:flow:readAt:)``), no checkpoints and no reports.
  public init(
    store: any SessionStore, api: any CheckoutAPI, secrets: SecretVault? = nil, storeSensitive: Bool = false,
    attempts: Int = 16, callTimeout: TimeInterval = 10, actionTimeout: TimeInterval = 1800,
    now: @escaping @Sendable () -> Date = { Date() },
    checkpoint: @escaping @Sendable (CallCheckpoint) throws -> Void = { _ in },
    report: @escaping @Sendable (CallReport) -> Void = { _ in }
  ) {
    self.store = store
    self.api = api
    self.secrets = secrets
    self.storeSensitive = storeSensitive
    self.attempts = attempts
    self.callTimeout = callTimeout
    self.actionTimeout = actionTimeout
    self.now = now
    self.checkpoint = checkpoint
    self.report = report
  }

  /// Loads a session, finishes its lost calls, and applies `event`
  /// (``send(_:to:flow:loaded:expectedVersion:check:)``): what a host does for
  /// each request. The result's steps hold the recovered calls first.
  public func handle(_ event: SessionEvent, to id: SessionID, flow: CompiledFlow) async throws -> CallResult {
    guard let stored = try await store.load(id) else { throw SessionStoreError(.notFound, id: id) }
    let recovered = try await recoverLostCalls(in: stored, flow: flow)
    var result = try await send(event, to: id, flow: flow, loaded: recovered.stored)
    result.steps = recovered.steps + result.steps
    return result
  }

  /// Applies `event` and makes the calls it asks for: the event and each call's
  /// intent saved first (``CallCheckpoint/beforeIntentSave``), then each call made
  /// with its key and its answer applied and saved. A refused event changes
  /// nothing and saves nothing: it throws ``EventRefused``; so does a tap that
  /// would submit an operation whose call is still waiting.
  ///
  /// - Parameters:
  ///   - loaded: the session as the host just loaded it (no second read), or nil.
  ///   - expectedVersion: fails with a conflict unless the stored version is this.
  ///   - check: a host's own rule on the changed session (a size limit), before
  ///     anything is saved; throw to save nothing.
  public func send(
    _ event: SessionEvent, to id: SessionID, flow: CompiledFlow, loaded: StoredSession? = nil,
    expectedVersion: Int? = nil, check: (CheckoutSession) throws -> Void = { _ in }
  ) async throws -> CallResult {
    let first = try await store.update(
      id, flow: flow, attempts: attempts, storeSensitive: storeSensitive, secrets: secrets,
      expectedVersion: expectedVersion, loaded: loaded
    ) { session in
      if let refusal = waitingCallRefusal(for: event, in: session) { throw EventRefused(refusal) }
      let effects = session.send(event)
      if let refusal = effects.lazy.compactMap(\.refusal).first { throw EventRefused(refusal) }
      try check(session)
      if effects.contains(where: { $0.kind == .callAPI }) { try checkpoint(.beforeIntentSave) }
      return Applied(effects: effects, session: session)
    }
    var result = CallResult(steps: [], version: first.version, session: first.result.session)
    for effect in first.result.effects {
      guard case .callAPI(let operation, let payload, let key) = effect else {
        result.steps.append(.effect(effect))
        continue
      }
      try checkpoint(.afterIntentSave)
      let session = first.result.session
      if let call = session.calls[operation], let digest = call.digest, digest != PayloadDigest(payload).rawValue {
        let refusal = Refusal.callBodyChanged(
          call, title: session.submitTitle(operation), event: event.kind, messages: session.messages)
        throw CallBodyChanged(call: call, refusal: refusal)
      }
      let request = CheckoutAPIRequest(
        session: id, flow: flow.flow.id, operation: operation, payload: payload, key: key)
      let outcome = await call(request)
      if outcome != nil { try checkpoint(.afterAPIAnswer) }
      result.steps.append(.call(CallExchange(request: request, outcome: outcome)))
      let answered = try await apply(outcome, to: request, flow: flow, loaded: nil)
      result.steps += answered.result.effects.map(CallStep.effect)
      result.version = answered.version
      result.session = answered.result.session
    }
    return result
  }

  /// The refusal of a tap that would submit an operation whose call is still
  /// waiting for its answer (or on an action): a second call must not start beside
  /// it. The session's own refusal, in the shopper's language.
  package func waitingCallRefusal(for event: SessionEvent, in session: CheckoutSession) -> Refusal? {
    guard case .tap(let rowID) = event, let step = session.currentStep, let row = step.row(rowID),
      case .submit(let submit)? = row.action, session.calls[submit.operation] != nil
    else { return nil }
    return .callInFlight(submit.operation, row: row, on: step.id, messages: session.messages)
  }

  /// What one save applied.
  struct Applied: Sendable {
    var effects: [Effect]
    var session: CheckoutSession
    /// The session as saved, when the caller goes on from it without reading it again.
    var saved: SessionSnapshot?
  }

  /// Applies a call's answer (nil: unanswered, given up) to the session, if the
  /// call is still waiting with the request's key; another request may have
  /// finished it already.
  func apply(
    _ outcome: CheckoutAPIOutcome?, to request: CheckoutAPIRequest, flow: CompiledFlow, loaded: StoredSession?,
    keep: Bool = false
  ) async throws -> (result: Applied, version: Int) {
    let event = outcome?.event(for: request.operation) ?? .apiExpired(request.operation)
    return try await store.update(
      request.session, flow: flow, attempts: attempts, storeSensitive: storeSensitive, secrets: secrets,
      loaded: loaded
    ) { session in
      var effects: [Effect] = []
      if let waiting = session.calls[request.operation], waiting.action == nil, waiting.requestKey == request.key {
        effects = session.send(event)
        try checkpoint(.beforeAnswerSave)
      }
      let saved = keep ? session.snapshot(revealSensitive: storeSensitive) : nil
      return Applied(effects: effects, session: session, saved: saved)
    }
  }

  /// Calls the API; nil when it threw (its outcome is unknown).
  func call(_ request: CheckoutAPIRequest) async -> CheckoutAPIOutcome? {
    do {
      let outcome = try await api.perform(request)
      report(.answered(operation: request.operation, key: request.key, outcome: request.payload.redacted(outcome)))
      return outcome
    } catch {
      report(.unanswered(operation: request.operation, key: request.key, error: error))
      return nil
    }
  }
}
