import CheckoutEngine
import Hummingbird

/// `POST /sessions/{id}/script`, served only with `--dev-scripted-answers`
/// (development only; off by default, and then 404 like any unknown route):
/// queues the next answer of an operation for the session (``ScriptRequest``),
/// which the demo API gives the next new call to that operation
/// (``ScriptedAnswers``). The session's secret is checked as on every request to
/// it (``SessionGuard``); the operation must be one of its flow's.
///
/// ```
/// POST /sessions/{id}/script {"operation":"book","answer":{"status":"failed","code":"seat_taken"}}
///   -> 200 {"operation":"book","queued":1}
/// ```
struct ScriptController {
  let service: SessionService
  let access: SessionGuard
  let scripts: ScriptedAnswers

  func addRoutes(to group: RouterGroup<CheckoutRequestContext>) {
    group.post(":id/script", use: script)
  }

  @Sendable func script(_ request: Request, context: CheckoutRequestContext) async throws -> ScriptedView {
    let id = SessionID(try context.parameters.require("id"))
    let body = try await request.decode(as: ScriptRequest.self, context: context)
    try await access.admit(request, to: id)
    let flow = try await service.served(id).flow.flow
    try ServerError.checkOperation(body.operation, in: flow)
    let queued = try await scripts.queue(body.answer, for: body.operation, in: id)
    context.logger.info(
      "answer scripted",
      metadata: [
        "session": "\(LogText.sessionID(id.rawValue))", "operation": "\(body.operation)", "queued": "\(queued)",
      ])
    return ScriptedView(operation: body.operation.rawValue, queued: queued)
  }
}

/// `{"operation": "book", "queued": 1}`: how many answers now wait for the operation.
struct ScriptedView: ResponseEncodable, Sendable, Equatable {
  var operation: String
  var queued: Int
}
