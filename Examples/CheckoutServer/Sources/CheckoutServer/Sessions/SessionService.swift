import CheckoutEngine
import Foundation
import Logging

/// Sessions over HTTP: creates them, shows them, and applies events, storing each
/// through the library's ``SessionStore`` with optimistic concurrency.
///
/// An event is applied in `store.update` (load, restore, send, save; retried from
/// a fresh load when another writer saved first). When it asks for the checkout
/// API, the API is called once, outside the retry loop (a retried save must not
/// charge a card twice), and its answer is applied in a second `update`; the
/// response carries the effects of both. Secrets (a CVV) stay in this process's
/// ``SecretVault``; card numbers are stored unmasked (`storeSensitive`) because the
/// API needs them on a later request, possibly on another instance.
struct SessionService: Sendable {
  let store: any SessionStore
  let catalog: FlowCatalog
  let api: any CheckoutAPI
  let vault: SecretVault
  /// The session date of a new session (expiry rules); nil for today's date (UTC).
  let today: CalendarDate?
  /// How many times an update is retried when another writer saved first.
  let attempts: Int
  /// The server's metrics (`callsRecovered` is counted here).
  let metrics: ServerMetrics

  init(
    store: any SessionStore, catalog: FlowCatalog, api: any CheckoutAPI, vault: SecretVault = SecretVault(),
    today: CalendarDate? = nil, attempts: Int = 32, metrics: ServerMetrics = ServerMetrics()
  ) {
    self.store = store
    self.catalog = catalog
    self.api = api
    self.vault = vault
    self.today = today
    self.attempts = attempts
    self.metrics = metrics
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

  /// `GET /sessions/{id}`.
  func show(_ id: SessionID) async throws -> SessionView {
    let stored = try await load(id)
    var session = try restore(stored)
    session.restoreSecrets(await vault.secrets(for: id))
    return SessionView(
      id: id.rawValue, version: stored.version, state: session.navigation.description, screen: session.screen,
      offer: session.offer.map(OfferView.init), route: RouteView(session))
  }

  /// What one `update` produced.
  private struct Step: Sendable {
    var effects: [Effect]
    var state: String
    var screen: Screen
  }

  /// `POST /sessions/{id}/events`.
  func send(_ event: ClientEvent, to id: SessionID, logger: Logger) async throws -> EventResultView {
    let compiled = try flow(of: try await load(id))
    let first: (result: Step, version: Int)
    do {
      first = try await store.update(
        id, flow: compiled, attempts: attempts, storeSensitive: true, secrets: vault,
        expectedVersion: event.expectedVersion
      ) { session throws(ServerError) -> Step in
        if case .tap(let row) = event.event, let waiting = SessionService.callInFlight(for: row, in: session) {
          throw ServerError.refused(
            "a call to \(waiting) is already waiting for its answer; send the event again once it is answered",
            at: event.refusalField)
        }
        let effects = session.send(event.event)
        if let reason = effects.lazy.compactMap(SessionService.refusal).first {
          throw ServerError.refused(reason, at: event.refusalField)
        }
        return Step(effects: effects, state: session.navigation.description, screen: session.screen)
      }
    } catch let error as SessionStoreError {
      throw map(error, expected: event.expectedVersion)
    }
    var views: [EffectView] = []
    var last = first
    for effect in first.result.effects {
      guard case .callAPI(let operation, let payload) = effect else {
        views.append(EffectView(effect))
        continue
      }
      let outcome = await call(
        CheckoutAPIRequest(session: id, flow: compiled.flow.id, operation: operation, payload: payload), logger: logger)
      views.append(.callAPI(operation: operation.rawValue, outcome: OutcomeView(outcome)))
      do {
        last = try await store.update(id, flow: compiled, attempts: attempts, storeSensitive: true, secrets: vault) {
          session in
          let effects = session.send(outcome.event(for: operation))
          return Step(effects: effects, state: session.navigation.description, screen: session.screen)
        }
      } catch let error as SessionStoreError {
        throw map(error)
      }
      views += last.result.effects.map(EffectView.init)
    }
    return EventResultView(version: last.version, state: last.result.state, screen: last.result.screen, effects: views)
  }

  /// Calls the checkout API; a thrown error becomes an `api_unavailable` failure,
  /// which the flow resolves like any other (usually its `*` fallback).
  private func call(_ request: CheckoutAPIRequest, logger: Logger) async -> CheckoutAPIOutcome {
    let outcome: CheckoutAPIOutcome
    do {
      outcome = try await api.perform(request)
    } catch {
      logger.error("checkout API failed", metadata: ["operation": "\(request.operation)", "error.type": "\(type(of: error))"])
      outcome = .failed([
        APIError(code: "api_unavailable", message: "The checkout service didn't answer. Please try again.")
      ])
    }
    switch outcome {
    case .succeeded:
      logger.info("checkout API", metadata: ["operation": "\(request.operation)", "outcome": "succeeded"])
    case .failed(let errors):
      logger.info(
        "checkout API",
        metadata: ["operation": "\(request.operation)", "outcome": "failed", "codes": "\(errors.map(\.code).joined(separator: ","))"])
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

  private func flow(of stored: StoredSession) throws(ServerError) -> CompiledFlow {
    guard let compiled = catalog[stored.snapshot.flow] else {
      throw ServerError(
        .gone, "flow_gone", "the session's flow \"\(stored.snapshot.flow)\" is no longer served", at: "/sessions/\(stored.id)")
    }
    return compiled
  }

  func restore(_ stored: StoredSession) throws(ServerError) -> CheckoutSession {
    let compiled = try flow(of: stored)
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
        .conflict, "busy", "the session is changing too fast (another writer won \(attempts) times); send the event again",
        at: "/sessions/\(error.id)", version: current >= 0 ? current : nil)
    case .duplicate:
      return ServerError(.conflict, "duplicate", "a session \(error.id) exists already")
    case .unavailable:
      return ServerError.storeUnavailable()
    }
  }

  /// The reason of a `refused` effect.
  private static func refusal(_ effect: Effect) -> String? {
    if case .refused(let reason) = effect { return reason }
    return nil
  }

  /// The operation a tap would submit while an earlier call to it is unanswered.
  private static func callInFlight(for row: RowID, in session: CheckoutSession) -> OperationName? {
    guard case .submit(let submit)? = session.currentStep?.row(row)?.action else { return nil }
    return session.calls[submit.operation] != nil ? submit.operation : nil
  }

  /// Today's date in UTC.
  static func utcToday() -> CalendarDate? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day], from: Date())
    return CalendarDate(year: parts.year ?? 2026, month: parts.month ?? 1, day: parts.day ?? 1)
  }
}
