import CheckoutEngine
import Hummingbird

/// `{"kind": "navigate", "command": "push stepOne"}` and the other effects as the
/// client reads them. No effect carries a secret: a `callAPI` shows the outcome,
/// not the payload.
enum EffectView: Encodable, Sendable, Equatable {
  case navigate(command: String)
  case callAPI(operation: String, outcome: OutcomeView)
  case offer(OfferView)
  case focus(step: String, row: String?, message: String)
  case refused(RefusalView, reason: String)
  case unresolved(ErrorView)
  case routeCancelled(reason: String)
  case notice(message: String)

  /// The view of a library effect (a `callAPI` is shown once it is answered).
  init(_ effect: Effect) {
    switch effect {
    case .navigate(let command): self = .navigate(command: command.description)
    case .callAPI(let operation, _, _): self = .callAPI(operation: operation.rawValue, outcome: .pending)
    case .offer(let offer): self = .offer(OfferView(offer))
    case .focus(let step, let row, let message):
      self = .focus(step: step.rawValue, row: row?.rawValue, message: message)
    case .refused(let refusal): self = .refused(RefusalView(refusal), reason: refusal.message)
    case .unresolved(let error): self = .unresolved(ErrorView(error))
    case .routeCancelled(let reason): self = .routeCancelled(reason: reason)
    case .notice(let message): self = .notice(message: message)
    }
  }

  /// The library's kind, whose name is the `kind` field.
  var kind: Effect.Kind {
    switch self {
    case .navigate: return .navigate
    case .callAPI: return .callAPI
    case .offer: return .offer
    case .focus: return .focus
    case .refused: return .refused
    case .unresolved: return .unresolved
    case .routeCancelled: return .routeCancelled
    case .notice: return .notice
    }
  }

  private enum Keys: String, CodingKey {
    case kind, command, operation, outcome, step, row, message, code, field, reason, refusal
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(kind.rawValue, forKey: .kind)
    switch self {
    case .navigate(let command):
      try container.encode(command, forKey: .command)
    case .callAPI(let operation, let outcome):
      try container.encode(operation, forKey: .operation)
      try container.encode(outcome, forKey: .outcome)
    case .offer(let offer):
      try container.encode(offer.step, forKey: .step)
      try container.encodeIfPresent(offer.row, forKey: .row)
      try container.encode(offer.message, forKey: .message)
      try container.encodeIfPresent(offer.code, forKey: .code)
    case .focus(let step, let row, let message):
      try container.encode(step, forKey: .step)
      try container.encodeIfPresent(row, forKey: .row)
      try container.encode(message, forKey: .message)
    case .refused(let refusal, let reason):
      try container.encode(reason, forKey: .reason)
      try container.encode(refusal, forKey: .refusal)
    case .routeCancelled(let reason):
      try container.encode(reason, forKey: .reason)
    case .notice(let message):
      try container.encode(message, forKey: .message)
    case .unresolved(let error):
      try container.encode(error.code, forKey: .code)
      try container.encodeIfPresent(error.field, forKey: .field)
      try container.encodeIfPresent(error.message, forKey: .message)
    }
  }
}

/// A refusal as data: `{"code": "disabledRow", "event": "tap", "step": "stepOne",
/// "row": "continue"}`. What is at fault, when something is: `step` and `row`, a
/// `key`, a `step`, or an `operation`. The message is beside it (`detail`, `reason`).
struct RefusalView: Encodable, Sendable, Equatable {
  var code: String
  var event: String
  var step: String?
  var row: String?
  var key: String?
  var operation: String?

  init(_ refusal: Refusal) {
    code = refusal.code.rawValue
    event = refusal.event.rawValue
    switch refusal.subject {
    case .row(let step, let row)?:
      self.step = step.rawValue
      self.row = row.rawValue
    case .key(let key)?: self.key = key.rawValue
    case .step(let step)?: self.step = step.rawValue
    case .operation(let operation)?: self.operation = operation.rawValue
    case nil: break
    }
  }
}

/// What the checkout API answered a call: `{"status": "succeeded", "data": {…}}`,
/// `{"status": "failed", "errors": [{"code", "field", "message"}]}`, or
/// `{"status": "unanswered"}` (it did not answer; the retry reuses the key).
enum OutcomeView: Encodable, Sendable, Equatable {
  case pending
  /// The API did not answer: the outcome is unknown, the shopper is offered a
  /// retry, and the retry reuses the call's idempotency key.
  case unanswered
  case succeeded([String: String])
  case failed([ErrorView])

  init(_ outcome: CheckoutAPIOutcome) {
    switch outcome {
    case .succeeded(let data):
      self = .succeeded(Dictionary(uniqueKeysWithValues: data.map { ($0.key.rawValue, $0.value.displayText) }))
    case .failed(let errors):
      self = .failed(errors.map(ErrorView.init))
    }
  }

  private enum Keys: String, CodingKey { case status, data, errors }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    switch self {
    case .pending:
      try container.encode("pending", forKey: .status)
    case .unanswered:
      try container.encode("unanswered", forKey: .status)
    case .succeeded(let data):
      try container.encode("succeeded", forKey: .status)
      try container.encode(data, forKey: .data)
    case .failed(let errors):
      try container.encode("failed", forKey: .status)
      try container.encode(errors, forKey: .errors)
    }
  }
}

/// An API error: `{"code", "field"?, "message"?}`.
struct ErrorView: Encodable, Sendable, Equatable {
  var code: String
  var field: String?
  var message: String?

  init(_ error: APIError) {
    code = error.code
    field = error.field
    message = error.message
  }
}

/// The offer waiting: `{"step", "row"?, "message", "code"?}` (`code` is the API
/// error's, absent for a local validation error).
struct OfferView: Encodable, Sendable, Equatable {
  var step: String
  var row: String?
  var message: String
  var code: String?

  init(_ offer: Offer) {
    step = offer.resolution.step.rawValue
    row = offer.resolution.row?.rawValue
    message = offer.resolution.message
    code = offer.resolution.error?.code
  }
}

/// The route in progress: `{"to": "creditCard.cvv", "commands": ["pop", "present
/// creditCard"], "awaiting": "stepOne"}`.
struct RouteView: Encodable, Sendable, Equatable {
  var to: String
  var commands: [String]
  var awaiting: String?

  /// The view of the session's route, when one is being driven.
  init?(_ session: CheckoutSession) {
    guard session.driver.isDriving, let route = session.route, let resolution = session.driver.resolution else {
      return nil
    }
    to = resolution.target
    commands = route.commands.map(\.description)
    if case .awaiting(let expected, _, _) = session.driver.state { awaiting = expected.rawValue }
  }
}

/// `POST /sessions` (201): `{"id", "version", "state", "screen", "effects": []}`.
struct CreatedSessionView: ResponseEncodable, Sendable {
  var id: String
  var version: Int
  var state: String
  var screen: Screen
  var effects: [EffectView]
}

/// `GET /sessions/{id}`: `{"id", "version", "state", "screen", "offer"?, "route"?,
/// "waiting"?}`; `waiting` names the API calls still waiting for an answer (one
/// in flight, or one younger than the call timeout whose answer was lost).
struct SessionView: ResponseEncodable, Sendable {
  var id: String
  var version: Int
  var state: String
  var screen: Screen
  var offer: OfferView?
  var route: RouteView?
  var waiting: [String]?
  /// What carrying the session to a newer version of its flow changed (not saved by a GET).
  var migration: MigrationReport?
}

/// `POST /sessions/{id}/events`: `{"version", "state", "screen", "effects"}`.
struct EventResultView: ResponseEncodable, Sendable {
  var version: Int
  var state: String
  var screen: Screen
  var effects: [EffectView]
  /// What carrying the session to a newer version of its flow changed, on the
  /// request that carried it.
  var migration: MigrationReport?
}

/// `GET /flows`: `[{"id", "title", "steps"}]`, steps by id in flow order.
struct FlowSummaryView: ResponseEncodable, Sendable {
  var id: String
  var title: String
  var steps: [String]
}
