import CheckoutEngine
import Foundation
import Logging

/// Sessions over HTTP: creates them, shows them, and applies events, storing each
/// through the library's ``SessionStore`` with optimistic concurrency. Requests
/// reach it once ``SessionGuard`` has checked their session's secret; the version
/// of its flow a session runs on is ``FlowServing``'s choice.
///
/// An event costs one read and one write: the session is read once, with its
/// secret's digest by ``SessionGuard``, which hands it on (`loaded`), and the
/// event applied to it (a fresh read only when another writer saved first). Its
/// API calls go through the library's ``CallCoordinator``, which makes them
/// exactly once across crashes; the response carries the effects of the event
/// and of each answer. Secrets (a CVV) stay in this process's ``SecretVault``;
/// card numbers are stored unmasked (`storeSensitive`) because the API needs them
/// on a later request, possibly on another instance.
struct SessionService: Sendable {
  let store: any SessionStore
  /// Which version of its flow each stored session is served on.
  let serving: FlowServing
  /// The library's call coordinator; each request gives it its own logger.
  let calls: CallCoordinator
  /// What a `set` may write (keys, value and session sizes).
  let limits: DataLimits
  /// The session date of a new session (expiry rules); nil for today's date (UTC).
  let today: CalendarDate?
  /// The server's metrics (``CallLog`` counts the calls; a `GET` the orders it finishes).
  let metrics: ServerMetrics
  /// Records reads as activity for the sweeper; nil when the store cannot.
  let activity: ReadActivity?
  /// How many times an event is applied from a fresh read when another instance
  /// carries its session to another version of its flow meanwhile (a rollout).
  var tries = 3

  /// `POST /sessions`: the new session, in the shopper's `locale` (nil: the
  /// flow's default language), stored at version 1; the locale is kept with it.
  func create(flow name: String, locale: String? = nil) async throws -> (id: SessionID, session: CheckoutSession) {
    guard let compiled = serving.catalog[FlowID(name)] else {
      throw ServerError.unknownFlow(name, known: serving.catalog.ids, at: "flow")
    }
    let session: CheckoutSession
    do {
      session = try CheckoutSession(flow: compiled, today: today ?? CalendarDate.utcToday(), locale: locale)
    } catch {
      throw ServerError.unknownLocale(error)
    }
    let id = SessionID(UUID().uuidString.lowercased())
    try await ServerError.answering(path: "/sessions") {
      try await store.insert(session.snapshot(revealSensitive: true), id: id)
    }
    return (id, session)
  }

  /// `GET /sessions/{id}`: finishes a lost call first; the read counts as activity.
  /// `loaded`: the session as the guard just read it (nil: read it here).
  func show(_ id: SessionID, loaded: StoredSession? = nil, logger: Logger) async throws -> SessionView {
    let loaded = try await load(id, given: loaded)
    await activity?.read(loaded)
    var served = try await serving.serve(loaded)
    let shown = try await finishLostCalls(in: served, calls: calls(for: id, flow: served.flow, logger: logger))
    if let migration = served.migration {
      // Saved only when a lost call's answer was (a GET saves nothing else).
      MigrationLog.log(
        migration, session: id, saved: shown.stored.version != served.stored.version, to: logger)
    }
    served.stored = shown.stored
    var session = try served.session()
    session.restoreSecrets(await serving.vault.secrets(for: id))
    return SessionView(id, session, version: served.stored.version, migration: served.migration)
  }

  /// `POST /sessions/{id}/events`: lost calls finished first, then the event (an
  /// action's completion as ``ActionCompletion`` takes it) and its calls. When another instance carries the session to another version of
  /// its flow between this request's read and its save, the event is applied
  /// again from a fresh read (at most ``tries`` times, and never once its call was
  /// made): a `200`, or the `409`/`410` of the fresh read, never a 500. `loaded`:
  /// the session as the guard just read it, used by the first try only.
  func send(
    _ event: ClientEvent, to id: SessionID, loaded: StoredSession? = nil, logger: Logger
  ) async throws -> EventResultView {
    var tried = 0
    while true {
      tried += 1
      let witness = CallWitness()
      do {
        return try await apply(event, to: id, loaded: tried == 1 ? loaded : nil, logger: logger, witness: witness)
      } catch is SnapshotError {
        logger.info("the session's flow version changed under the event", metadata: ["session": "\(id)"])
        if witness.callMade || tried >= tries { throw ServerError.flowVersionChanged(id, callMade: witness.callMade) }
      }
    }
  }

  /// The stored session as this instance serves it (`loaded`, when given, as read).
  func served(_ id: SessionID, loaded: StoredSession? = nil) async throws -> ServedSession {
    try await serving.serve(try await load(id, given: loaded))
  }

  private func apply(
    _ event: ClientEvent, to id: SessionID, loaded: StoredSession?, logger: Logger, witness: CallWitness
  ) async throws -> EventResultView {
    let loaded = try await load(id, given: loaded)
    if let expected = event.expectedVersion, expected != loaded.version {
      let words = try? await serving.serve(loaded)
      throw ServerError.staleVersion(
        expected: expected, current: loaded.version, words: words.map(ShopperWords.init) ?? ShopperWords(nil))
    }
    let served = try await serving.serve(loaded)
    let calls = self.calls(for: id, flow: served.flow, logger: logger, witness: witness)
    let recovered = try await ServerError.answering(gone: id) {
      try await calls.recoverLostCalls(in: served.stored, flow: served.flow)
    }
    let applied = try ActionCompletion.prepare(
      event.event, snapshot: recovered.stored.snapshot, flow: served.flow.flow, limits: limits)
    try limits.check(applied, on: served.flow) { ShopperSpeaker.of(served) }
    let result = try await ServerError.namingPending(in: recovered.stored, flow: served.flow) {
      try await ServerError.answering(
        expected: event.expectedVersion, field: event.refusalField, attempts: calls.attempts,
        words: { ShopperWords(served) }
      ) {
        try await calls.send(
          applied, to: id, flow: served.flow, loaded: recovered.stored,
          expectedVersion: event.expectedVersion.map { _ in recovered.stored.version }
        ) { session in try limits.checkEntered(session, after: applied) }
      }
    }
    if let migration = served.migration { MigrationLog.log(migration, session: id, saved: true, to: logger) }
    return EventResultView(
      version: result.version, state: result.session.navigation.description, screen: result.session.screen,
      effects: (recovered.steps + result.steps).map(EffectView.init), migration: served.migration)
  }

  /// `given` when it is session `id` as just read; otherwise a read of the store.
  func load(_ id: SessionID, given: StoredSession? = nil) async throws -> StoredSession {
    if let given, given.id == id { return given }
    guard let stored = try await ServerError.answering({ try await store.load(id) }) else {
      throw ServerError.unknownSession(id)
    }
    return stored
  }
}
