import CheckoutEngine
import Foundation
import Logging

/// Sessions over HTTP: creates them, shows them, and applies events, storing each
/// through the library's ``SessionStore`` with optimistic concurrency.
///
/// An event costs one read and one write: the session is loaded once and the
/// event applied to it (a fresh read only when another writer saved first). Its
/// API calls go through the library's ``CallCoordinator``, which makes them
/// exactly once across crashes (the intent saved before the call, the same
/// idempotency key on every retry, the answer applied once, a call unanswered for
/// ``callTimeout`` finished by the next request); the response carries the
/// effects of the event and of each answer. Secrets (a CVV) stay in this
/// process's ``SecretVault``; card numbers are stored unmasked (`storeSensitive`)
/// because the API needs them on a later request, possibly on another instance.
/// Every request on a session presents its secret (``SessionSecret``); only the
/// secret's digest is kept, in ``secrets``.
struct SessionService: Sendable {
  let store: any SessionStore
  /// Where the digests of session secrets are kept.
  let secrets: any SessionSecretStore
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
  /// Records reads as activity for the sweeper; nil when the store cannot.
  let activity: ReadActivity?

  init(
    store: any SessionStore, secrets: any SessionSecretStore, catalog: FlowCatalog, api: any CheckoutAPI,
    vault: SecretVault = SecretVault(),
    today: CalendarDate? = nil, attempts: Int = 32, limits: DataLimits = DataLimits(), callTimeout: TimeInterval = 10,
    faults: FaultInjection = .none, logger: Logger = Logger(label: "checkout-server"),
    metrics: ServerMetrics = ServerMetrics(), onFlowChange: FlowChangePolicy = .pin, activity: ReadActivity? = nil
  ) {
    self.secrets = secrets
    (self.store, self.catalog, self.api, self.vault, self.today) = (store, catalog, api, vault, today)
    (self.attempts, self.limits, self.metrics, self.callTimeout) = (attempts, limits, metrics, callTimeout)
    (self.faults, self.logger, self.onFlowChange, self.activity) = (faults, logger, onFlowChange, activity)
  }

  /// The library's call coordinator, reporting to a request's logger.
  func calls(logger: Logger) -> CallCoordinator {
    let (faults, metrics) = (faults, metrics)
    return CallCoordinator(
      store: store, api: api, secrets: vault, storeSensitive: true, attempts: attempts, callTimeout: callTimeout,
      checkpoint: { faults.reach($0) }, report: { CallLog.log($0, to: logger, metrics: metrics) })
  }

  /// `POST /sessions`: the session stored, then the digest of its new secret.
  func create(flow name: String) async throws -> CreatedSessionView {
    guard let compiled = catalog[FlowID(name)] else {
      throw ServerError.unknownFlow(name, known: catalog.ids, at: "flow")
    }
    let session = CheckoutSession(flow: compiled, today: today ?? SessionService.utcToday())
    let id = SessionID(UUID().uuidString.lowercased())
    let secret = SessionSecret.random()
    try await mapping { try await store.insert(session.snapshot(revealSensitive: true), id: id) }
    try await mapping { try await secrets.recordSecret(secret.digest, for: id) }
    return CreatedSessionView(
      id: id.rawValue, secret: secret.text, version: 1, state: session.navigation.description, screen: session.screen,
      effects: [])
  }

  /// `GET /sessions/{id}`: finishes a lost call first; the read counts as activity.
  func show(_ id: SessionID, secret: String?, logger: Logger? = nil) async throws -> SessionView {
    let loaded = try await load(id, presenting: secret)
    await activity?.read(loaded)
    let served = try await serve(loaded)
    let calls = calls(logger: logger ?? self.logger)
    let recovered = try await mapping(gone: id) {
      try await calls.recoverLostCalls(in: served.stored, flow: served.flow)
    }
    var session = try restore(recovered.stored, on: served.flow)
    session.restoreSecrets(await vault.secrets(for: id))
    return SessionView(
      id: id.rawValue, version: recovered.stored.version, state: session.navigation.description,
      screen: session.screen, offer: session.offer.map(OfferView.init), route: RouteView(session),
      waiting: session.calls.isEmpty ? nil : session.calls.keys.map(\.rawValue).sorted(), migration: served.migration)
  }

  /// `POST /sessions/{id}/events`: lost calls finished first, then the event and its calls.
  func send(_ event: ClientEvent, to id: SessionID, secret: String?, logger: Logger) async throws
    -> EventResultView
  {
    let loaded = try await load(id, presenting: secret)
    if let expected = event.expectedVersion, expected != loaded.version {
      throw ServerError.staleVersion(expected: expected, current: loaded.version)
    }
    let served = try await serve(loaded)
    let calls = calls(logger: logger)
    let recovered = try await mapping(gone: id) {
      try await calls.recoverLostCalls(in: served.stored, flow: served.flow)
    }
    try limits.check(event.event, on: served.flow)
    let result = try await mapping(expected: event.expectedVersion, field: event.refusalField) {
      try await calls.send(
        event.event, to: id, flow: served.flow, loaded: recovered.stored,
        expectedVersion: event.expectedVersion.map { _ in recovered.stored.version }
      ) { session in try limits.checkEntered(session, after: event.event) }
    }
    return EventResultView(
      version: result.version, state: result.session.navigation.description, screen: result.session.screen,
      effects: (recovered.steps + result.steps).map(EffectView.init), migration: served.migration)
  }

  /// The stored session, for a request presenting `secret`. A missing or wrong
  /// secret is answered exactly as an unknown id (404 `unknown_session`): without
  /// the secret, a session's id (in a URL, a log line) opens nothing. The session
  /// and its digest are read whatever the request presents: a store that does not
  /// answer is a 503, and an unknown id costs the same reads as a wrong secret.
  func load(_ id: SessionID, presenting secret: String?) async throws -> StoredSession {
    let stored = try await mapping { try await store.load(id) }
    let digest = try await mapping { try await secrets.secretDigest(for: id) }
    guard let stored, let secret, let digest, digest.matches(secret) else { throw ServerError.unknownSession(id) }
    return stored
  }

  /// Runs store and coordinator work, answering their errors as the server does:
  /// a refused event at the request's `field`, a conflict as `stale_version` when
  /// the request named a version (`busy` otherwise), a store failure as 503, and,
  /// with `gone`, a session its flow cannot restore as 410 `flow_changed`.
  private func mapping<T: Sendable>(
    expected: Int? = nil, field: String = "type", gone: SessionID? = nil, _ work: () async throws -> T
  ) async throws -> T {
    do {
      return try await work()
    } catch let error as SnapshotError where gone != nil {
      throw ServerError(.gone, "flow_changed", error.description, at: "/sessions/\(gone?.rawValue ?? "")")
    } catch let refused as EventRefused {
      throw ServerError.refused(refused.refusal, at: field)
    } catch let error as SessionStoreError {
      switch error.kind {
      case .notFound: throw ServerError.unknownSession(error.id)
      case .conflict(let current):
        if let expected { throw ServerError.staleVersion(expected: expected, current: current) }
        throw ServerError(
          .conflict, "busy",
          "the session is changing too fast (another writer won \(attempts) times); send the event again",
          at: "/sessions/\(error.id)", version: current >= 0 ? current : nil)
      case .duplicate: throw ServerError(.conflict, "duplicate", "a session \(error.id) exists already")
      case .unavailable: throw ServerError.storeUnavailable()
      }
    }
  }

  /// Today's date in UTC.
  static func utcToday() -> CalendarDate {
    CalendarDate.systemToday(in: TimeZone(secondsFromGMT: 0) ?? .current)
  }
}
