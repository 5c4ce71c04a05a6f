import CheckoutEngine
import Foundation
import Logging

/// Sessions over HTTP: creates them, shows them, and applies events, storing each
/// through the library's ``SessionStore`` with optimistic concurrency.
///
/// An event costs one read and one write: the session is loaded once and the
/// event applied to it (`store.update(loaded:)`; a fresh read only when another
/// writer saved first). When it asks for the checkout API, the call is made
/// exactly once across crashes: the intent (the call and its idempotency key) is
/// saved with the event, the API is called with the key outside the retry loop,
/// and the answer is applied in a second `update`; the response carries the
/// effects of both. A session loaded with a call waiting longer than
/// ``callTimeout`` (its answer was lost: the instance died, the save failed) has
/// the call finished first, made again with the same key (the API answers it
/// with its first answer and charges once), or, when the API does not answer,
/// given up into an offer whose retry reuses the key. Secrets (a CVV) stay in
/// this process's ``SecretVault``; card numbers are stored unmasked
/// (`storeSensitive`) because the API needs them on a later request, possibly on
/// another instance.
struct SessionService: Sendable {
  let store: any SessionStore
  let catalog: FlowCatalog
  let api: any CheckoutAPI
  let vault: SecretVault
  /// The session date of a new session (expiry rules); nil for today's date (UTC).
  let today: CalendarDate?
  /// How many times an update is retried when another writer saved first.
  let attempts: Int
  /// What a `set` may write (keys, value and session sizes).
  let limits: DataLimits
  /// The server's metrics (`callsRecovered` is counted here).
  let metrics: ServerMetrics
  /// How long an API call may take: a call still waiting after this long (since
  /// its session was saved) is taken as lost and finished on the next request.
  let callTimeout: TimeInterval
  /// Test-only crash points (`CHECKOUT_FAULT`).
  let faults: FaultInjection
  /// The logger of work that no request's logger covers.
  let logger: Logger
  /// What happens to a live session when its flow has a newer version.
  let onFlowChange: FlowChangePolicy

  init(
    store: any SessionStore, catalog: FlowCatalog, api: any CheckoutAPI, vault: SecretVault = SecretVault(),
    today: CalendarDate? = nil, attempts: Int = 32, limits: DataLimits = DataLimits(), callTimeout: TimeInterval = 10,
    faults: FaultInjection = .none, logger: Logger = Logger(label: "checkout-server"),
    metrics: ServerMetrics = ServerMetrics(), onFlowChange: FlowChangePolicy = .pin
  ) {
    self.store = store
    self.catalog = catalog
    self.api = api
    self.vault = vault
    self.today = today
    self.attempts = attempts
    self.limits = limits
    self.metrics = metrics
    self.callTimeout = callTimeout
    self.faults = faults
    self.logger = logger
    self.onFlowChange = onFlowChange
  }

  /// `POST /sessions`.
  func create(flow name: String) async throws -> CreatedSessionView {
    guard let compiled = catalog[FlowID(name)] else {
      throw ServerError.unknownFlow(name, known: catalog.ids, at: "flow")
    }
    let session = CheckoutSession(flow: compiled, today: today ?? SessionService.utcToday())
    let id = SessionID(UUID().uuidString.lowercased())
    do {
      try await store.insert(session.snapshot(revealSensitive: true), id: id)
    } catch let error as SessionStoreError {
      throw map(error)
    }
    return CreatedSessionView(
      id: id.rawValue, version: 1, state: session.navigation.description, screen: session.screen, effects: [])
  }

  /// `GET /sessions/{id}`: finishes a lost call first.
  func show(_ id: SessionID, logger: Logger? = nil) async throws -> SessionView {
    let served = try await serve(try await load(id))
    let (stored, _) = try await finishLostCalls(served.stored, flow: served.flow, logger: logger ?? self.logger)
    var session = try restore(stored, on: served.flow)
    session.restoreSecrets(await vault.secrets(for: id))
    return SessionView(
      id: id.rawValue, version: stored.version, state: session.navigation.description, screen: session.screen,
      offer: session.offer.map(OfferView.init), route: RouteView(session),
      waiting: session.calls.isEmpty ? nil : session.calls.keys.map(\.rawValue).sorted(), migration: served.migration)
  }

  /// What one `update` produced.
  private struct Step: Sendable {
    var effects: [Effect]
    var state: String
    var screen: Screen
    /// The session as saved, when the caller goes on from it without reading it again.
    var saved: SessionSnapshot?

    init(_ session: CheckoutSession, effects: [Effect], keep: Bool = false) {
      self.effects = effects
      state = session.navigation.description
      screen = session.screen
      saved = keep ? session.snapshot(revealSensitive: true) : nil
    }
  }

  /// `POST /sessions/{id}/events`.
  func send(_ event: ClientEvent, to id: SessionID, logger: Logger) async throws -> EventResultView {
    let loaded = try await load(id)
    if let expected = event.expectedVersion, expected != loaded.version {
      throw ServerError.staleVersion(expected: expected, current: loaded.version)
    }
    let served = try await serve(loaded)
    let compiled = served.flow
    let recovered = try await finishLostCalls(served.stored, flow: compiled, logger: logger)
    let stored = recovered.stored
    var views = recovered.views
    try limits.check(event.event, on: compiled)
    let first: (result: Step, version: Int)
    do {
      first = try await store.update(
        id, flow: compiled, attempts: attempts, storeSensitive: true, secrets: vault,
        expectedVersion: event.expectedVersion.map { _ in stored.version }, loaded: stored
      ) { session throws(ServerError) -> Step in
        if case .tap(let row) = event.event, let waiting = SessionService.callInFlight(for: row, in: session) {
          let refusal = Refusal(
            .callInFlight, event: .tap, subject: .row(step: session.navigation.top, row: row),
            message: "a call to \(waiting) is already waiting for its answer; send the event again once it is answered "
              + "(a call unanswered after \(Int(callTimeout)) s is finished by the next request)")
          throw ServerError.refused(refusal, at: event.refusalField)
        }
        let effects = session.send(event.event)
        if let refusal = effects.lazy.compactMap(\.refusal).first {
          throw ServerError.refused(refusal, at: event.refusalField)
        }
        try limits.checkSize(of: session, after: event.event)
        if effects.contains(where: { $0.kind == .callAPI }) { faults.reach(.beforeIntentSave) }
        return Step(session, effects: effects)
      }
    } catch let error as SessionStoreError {
      throw map(error, expected: event.expectedVersion)
    }
    var last = first
    for effect in first.result.effects {
      guard case .callAPI(let operation, let payload, let key) = effect else {
        views.append(EffectView(effect))
        continue
      }
      faults.reach(.afterIntentSave)
      let request = CheckoutAPIRequest(
        session: id, flow: compiled.flow.id, operation: operation, payload: payload, key: key)
      let outcome = await call(request, logger: logger)
      if outcome != nil { faults.reach(.afterAPIAnswer) }
      views.append(.callAPI(operation: operation.rawValue, outcome: outcome.map(OutcomeView.init) ?? .unanswered))
      last = try await apply(outcome, to: request, flow: compiled, loaded: nil)
      views += last.result.effects.map(EffectView.init)
    }
    return EventResultView(
      version: last.version, state: last.result.state, screen: last.result.screen, effects: views,
      migration: served.migration)
  }

  /// Applies a call's answer (nil: unanswered, given up) to the session, if the
  /// call is still waiting with the request's key; another request may have
  /// finished it already.
  private func apply(
    _ outcome: CheckoutAPIOutcome?, to request: CheckoutAPIRequest, flow compiled: CompiledFlow, loaded: StoredSession?,
    keep: Bool = false
  ) async throws -> (result: Step, version: Int) {
    let event = outcome?.event(for: request.operation) ?? .apiExpired(request.operation)
    do {
      return try await store.update(
        request.session, flow: compiled, attempts: attempts, storeSensitive: true, secrets: vault, loaded: loaded
      ) { session in
        guard session.waitingCall(request.operation)?.key == request.key else {
          return Step(session, effects: [], keep: keep)
        }
        let effects = session.send(event)
        faults.reach(.beforeAnswerSave)
        return Step(session, effects: effects, keep: keep)
      }
    } catch let error as SessionStoreError {
      throw map(error)
    }
  }

  /// Finishes the calls a stored session shows waiting for longer than
  /// ``callTimeout``: each is made again with its idempotency key and its answer
  /// applied, or, when the API does not answer, given up (`apiExpired`: an offer
  /// whose retry reuses the key). Returns the session as it is now (without
  /// reading it again) and the effects, for the response.
  private func finishLostCalls(_ stored: StoredSession, flow compiled: CompiledFlow, logger: Logger) async throws
    -> (stored: StoredSession, views: [EffectView])
  {
    guard !stored.snapshot.calls.isEmpty else { return (stored, []) }
    if let savedAt = stored.savedAt, Date().timeIntervalSince(savedAt) < callTimeout { return (stored, []) }
    var current = stored
    var views: [EffectView] = []
    for waiting in stored.snapshot.calls {
      var session = try restore(current, on: compiled)
      session.restoreSecrets(await vault.secrets(for: stored.id))
      guard case .callAPI(let operation, let payload, let key)? = session.send(.callAgain(waiting.operation)).first
      else {
        continue
      }
      metrics.callsRecovered.increment()
      logger.warning(
        "finishing a lost API call",
        metadata: ["session": "\(stored.id)", "operation": "\(operation)", "key": "\(key)"])
      let request = CheckoutAPIRequest(
        session: stored.id, flow: compiled.flow.id, operation: operation, payload: payload, key: key)
      let outcome = await call(request, logger: logger)
      views.append(.callAPI(operation: operation.rawValue, outcome: outcome.map(OutcomeView.init) ?? .unanswered))
      let answered = try await apply(outcome, to: request, flow: compiled, loaded: current, keep: true)
      views += answered.result.effects.map(EffectView.init)
      if let saved = answered.result.saved {
        current = StoredSession(id: stored.id, version: answered.version, snapshot: saved, savedAt: Date())
      }
    }
    return (current, views)
  }

  /// Calls the checkout API; nil when it threw (its outcome is unknown: the call
  /// is given up into an offer, and the retry reuses the key).
  private func call(_ request: CheckoutAPIRequest, logger: Logger) async -> CheckoutAPIOutcome? {
    let outcome: CheckoutAPIOutcome
    do {
      outcome = try await api.perform(request)
    } catch {
      logger.error(
        "checkout API did not answer",
        metadata: ["operation": "\(request.operation)", "key": "\(request.key)", "error.type": "\(type(of: error))"])
      return nil
    }
    switch outcome {
    case .succeeded:
      logger.info(
        "checkout API",
        metadata: ["operation": "\(request.operation)", "key": "\(request.key)", "outcome": "succeeded"])
    case .failed(let errors):
      logger.info(
        "checkout API",
        metadata: [
          "operation": "\(request.operation)", "key": "\(request.key)", "outcome": "failed",
          "codes": "\(errors.map(\.code).joined(separator: ","))",
        ])
    }
    return outcome
  }

  func load(_ id: SessionID) async throws -> StoredSession {
    let stored: StoredSession?
    do {
      stored = try await store.load(id)
    } catch let error as SessionStoreError {
      throw map(error)
    }
    guard let stored else { throw ServerError.unknownSession(id) }
    return stored
  }

  /// A stored session as this request serves it: the flow it runs on and, when it
  /// is carried to a newer version now, the migrated session and the report.
  struct ServedSession: Sendable {
    /// The session to apply the request to (migrated when `migration` is set).
    var stored: StoredSession
    /// The version of its flow it runs on.
    var flow: CompiledFlow
    /// What carrying it to the newest version changed; nil when it was not carried.
    var migration: MigrationReport?
  }

  /// The flow a stored session runs on. A session made on the newest version runs
  /// on it; with `--on-flow-change pin` an older one stays on its own version while
  /// that version is served; otherwise it is migrated to the newest (renames of the
  /// versions in between applied), the secrets this instance keeps for it carried
  /// to their renamed keys, and the report returned. The migration is saved with
  /// the request's event; a GET shows it without saving it.
  func serve(_ stored: StoredSession) async throws(ServerError) -> ServedSession {
    guard let newest = catalog[stored.snapshot.flow] else {
      throw ServerError(
        .gone, "flow_gone", "the session's flow \"\(stored.snapshot.flow)\" is no longer served",
        at: "/sessions/\(stored.id)")
    }
    if newest.isFlow(of: stored.snapshot) { return ServedSession(stored: stored, flow: newest) }
    if onFlowChange == .pin, let pinned = catalog.version(of: stored.snapshot) {
      return ServedSession(stored: stored, flow: pinned)
    }
    let migrator = SnapshotMigrator(to: newest, history: catalog.olderVersions(of: newest.flow.id))
    let migrated: (snapshot: SessionSnapshot, report: MigrationReport?)
    do {
      migrated = try migrator.migrate(stored.snapshot)
    } catch {
      throw ServerError(.gone, "flow_changed", error.description, at: "/sessions/\(stored.id)")
    }
    let kept = await vault.secrets(for: stored.id)
    if !kept.isEmpty { await vault.keep(migrator.carry(kept, from: stored.snapshot.flowVersion), for: stored.id) }
    return ServedSession(
      stored: StoredSession(
        id: stored.id, version: stored.version, snapshot: migrated.snapshot, savedAt: stored.savedAt),
      flow: newest, migration: migrated.report)
  }

  /// The session a stored snapshot holds, on the flow it is served on.
  func restore(_ stored: StoredSession, on compiled: CompiledFlow) throws(ServerError) -> CheckoutSession {
    do {
      return try CheckoutSession(restoring: stored.snapshot, flow: compiled)
    } catch {
      throw ServerError(.gone, "flow_changed", error.description, at: "/sessions/\(stored.id)")
    }
  }

  private func map(_ error: SessionStoreError, expected: Int? = nil) -> ServerError {
    switch error.kind {
    case .notFound: return ServerError.unknownSession(error.id)
    case .conflict(let current):
      if let expected { return ServerError.staleVersion(expected: expected, current: current) }
      return ServerError(
        .conflict, "busy",
        "the session is changing too fast (another writer won \(attempts) times); send the event again",
        at: "/sessions/\(error.id)", version: current >= 0 ? current : nil)
    case .duplicate:
      return ServerError(.conflict, "duplicate", "a session \(error.id) exists already")
    case .unavailable:
      return ServerError.storeUnavailable()
    }
  }

  /// The operation a tap would submit while an earlier call to it is unanswered.
  private static func callInFlight(for row: RowID, in session: CheckoutSession) -> OperationName? {
    guard case .submit(let submit)? = session.currentStep?.row(row)?.action else { return nil }
    return session.waitingCall(submit.operation) != nil ? submit.operation : nil
  }

  /// Today's date in UTC.
  static func utcToday() -> CalendarDate? {
    var calendar = Calendar(identifier: .gregorian)
    if let utc = TimeZone(identifier: "UTC") { calendar.timeZone = utc }
    let parts = calendar.dateComponents([.year, .month, .day], from: Date())
    return CalendarDate(year: parts.year ?? 2026, month: parts.month ?? 1, day: parts.day ?? 1)
  }
}
