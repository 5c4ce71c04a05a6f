import CheckoutEngine
import Hummingbird
import Logging

/// `POST /sessions`, `GET /sessions/{id}`, `POST /sessions/{id}/events` and
/// `POST /sessions/{id}/locale`; the last three reach the ``SessionService`` only
/// once ``SessionGuard`` has checked the secret `POST /sessions` answered
/// (``SessionCredential``).
struct SessionsController {
  let service: SessionService
  let access: SessionGuard
  let metrics: ServerMetrics

  func addRoutes(to group: RouterGroup<CheckoutRequestContext>) {
    group
      .post(use: create)
      .get(":id", use: show)
      .post(":id/events", use: send)
      .post(":id/locale", use: changeLocale)
  }

  @Sendable func create(_ request: Request, context: CheckoutRequestContext) async throws -> EditedResponse<
    CreatedSessionView
  > {
    let body = try await request.decode(as: CreateSessionRequest.self, context: context)
    let (id, session) = try await service.create(flow: body.flow, locale: body.locale)
    let secret = try await access.issueSecret(for: id)
    let created = CreatedSessionView(
      id: id.rawValue, secret: secret.text, version: 1, locale: session.locale, labels: session.hostWords,
      state: session.navigation.description, screen: session.screen, effects: [])
    metrics.sessionsCreated.increment()
    context.logger.info(
      "session created",
      metadata: ["session": "\(created.id)", "flow": "\(LogText.safe(body.flow))", "locale": "\(session.locale)"])
    var headers = HTTPFields()
    headers[.location] = "/sessions/\(created.id)"
    headers[.setCookie] = SessionCredential.cookie(for: created.secret, session: created.id)
    return EditedResponse(status: .created, headers: headers, response: created)
  }

  @Sendable func show(_ request: Request, context: CheckoutRequestContext) async throws -> SessionView {
    let id = SessionID(try context.parameters.require("id"))
    let loaded = try await access.admit(request, to: id)
    return try await service.show(id, loaded: loaded, logger: context.logger)
  }

  /// `POST /sessions/{id}/locale`: the session's language changed in place (``SessionService/changeLocale(of:to:loaded:logger:)``).
  @Sendable func changeLocale(_ request: Request, context: CheckoutRequestContext) async throws -> SessionView {
    let id = SessionID(try context.parameters.require("id"))
    let body = try await request.decode(as: LocaleChangeRequest.self, context: context)
    let loaded = try await access.admit(request, to: id)
    return try await service.changeLocale(of: id, to: body, loaded: loaded, logger: context.logger)
  }

  @Sendable func send(_ request: Request, context: CheckoutRequestContext) async throws -> EventResultView {
    let start = ContinuousClock.now
    let id = SessionID(try context.parameters.require("id"))
    let event = try await request.decode(as: ClientEvent.self, context: context)
    // The kind and the row or step, masked; a set event's value is never logged.
    if context.logger.logLevel <= .info {
      var metadata: Logger.Metadata = ["session": "\(LogText.sessionID(id.rawValue))", "event": "\(event.kind)"]
      if let target = event.target { metadata[event.refusalField] = "\(LogText.safe(target))" }
      if let expected = event.expectedVersion { metadata["expectedVersion"] = "\(expected)" }
      context.logger.info("event", metadata: metadata)
    }
    defer { metrics.recordEvent(kind: event.kind, duration: ContinuousClock.now - start) }
    let loaded = try await access.admit(request, to: id)
    let result = try await service.send(event, to: id, loaded: loaded, logger: context.logger)
    if SessionsController.placedAnOrder(result.effects) { metrics.sessionsFinished.increment() }
    return result
  }

  /// Whether an answer finished its session: an API call answered, then a `reset`
  /// to the step that ends the flow (a confirmation).
  static func placedAnOrder(_ effects: [EffectView]) -> Bool {
    var called = false
    for effect in effects {
      if effect.kind == .callAPI, effect.outcome?.status == "succeeded" { called = true }
      if called, effect.kind == .navigate, effect.command?.hasPrefix("reset ") == true { return true }
    }
    return false
  }
}
