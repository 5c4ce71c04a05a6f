import CheckoutEngine
import Hummingbird
import Logging

/// `POST /sessions`, `GET /sessions/{id}` and `POST /sessions/{id}/events`.
struct SessionsController {
  let service: SessionService
  let metrics: ServerMetrics

  func addRoutes(to group: RouterGroup<CheckoutRequestContext>) {
    group
      .post(use: create)
      .get(":id", use: show)
      .post(":id/events", use: send)
  }

  @Sendable func create(_ request: Request, context: CheckoutRequestContext) async throws -> EditedResponse<
    CreatedSessionView
  > {
    let body = try await request.decode(as: CreateSessionRequest.self, context: context)
    let created = try await service.create(flow: body.flow)
    metrics.sessionsCreated.increment()
    context.logger.info(
      "session created", metadata: ["session": "\(created.id)", "flow": "\(LogText.safe(body.flow))"])
    var headers = HTTPFields()
    headers[.location] = "/sessions/\(created.id)"
    return EditedResponse(status: .created, headers: headers, response: created)
  }

  @Sendable func show(_ request: Request, context: CheckoutRequestContext) async throws -> SessionView {
    try await service.show(SessionID(try context.parameters.require("id")))
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
    let result = try await service.send(event, to: id, logger: context.logger)
    for case .callAPI(let operation, let outcome) in result.effects {
      metrics.recordAPICall(operation: operation, outcome: SessionsController.outcomeName(outcome))
    }
    if SessionsController.placedAnOrder(result.effects) { metrics.sessionsFinished.increment() }
    return result
  }

  /// `succeeded`, `failed` (the API answered with errors), `unanswered` (it did not
  /// answer: the call waits for its next request, same idempotency key) or `pending`.
  static func outcomeName(_ outcome: OutcomeView) -> String {
    switch outcome {
    case .succeeded: return "succeeded"
    case .failed: return "failed"
    case .unanswered: return "unanswered"
    case .pending: return "pending"
    }
  }

  /// Whether an answer finished its session: an API call answered, then a `reset`
  /// to the step that ends the flow (a confirmation).
  static func placedAnOrder(_ effects: [EffectView]) -> Bool {
    var called = false
    for effect in effects {
      switch effect {
      case .callAPI(_, .succeeded): called = true
      case .navigate(let command) where called && command.hasPrefix("reset "): return true
      default: break
      }
    }
    return false
  }
}
