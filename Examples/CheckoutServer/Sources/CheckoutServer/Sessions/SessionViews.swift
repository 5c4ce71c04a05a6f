import CheckoutEngine
import Hummingbird

/// `{"kind": "navigate", "command": "push stepOne"}` and the other effects as the
/// client reads them: the library's ``Effect`` with its ``Effect/Kind`` as `kind`
/// and its parts as fields. No effect carries a secret: a `callAPI` shows the
/// outcome, not the payload.
struct EffectView: Encodable, Sendable, Equatable {
  /// The library's kind, whose name is the `kind` field.
  var kind: Effect.Kind
  var command: String?
  var operation: String?
  var outcome: OutcomeView?
  var step: String?
  var row: String?
  var message: String?
  var code: String?
  var field: String?
  var reason: String?
  var refusal: RefusalView?

  /// The view of a library effect (a `callAPI` is shown once it is answered).
  init(_ effect: Effect) {
    kind = effect.kind
    switch effect {
    case .navigate(let command): self.command = command.description
    case .callAPI(let operation, _, _):
      self.operation = operation.rawValue
      outcome = .pending
    case .offer(let offer):
      let view = OfferView(offer)
      (step, row, message, code) = (view.step, view.row, view.message, view.code)
    case .focus(let step, let row, let message):
      (self.step, self.row, self.message) = (step.rawValue, row?.rawValue, message)
    case .refused(let refusal):
      reason = refusal.message
      self.refusal = RefusalView(refusal)
    case .unresolved(let error): (code, field, message) = (error.code, error.field, error.message)
    case .routeCancelled(let reason): self.reason = reason
    case .notice(let message): self.message = message
    }
  }

  /// The view of a coordinated step: an effect, or a call with the API's answer.
  init(_ step: CallStep) {
    switch step {
    case .effect(let effect): self.init(effect)
    case .call(let exchange):
      self.init(.callAPI(exchange.request.operation, exchange.request.payload, key: exchange.request.key))
      // As a client may see it: no value the call carried, no card number.
      outcome = OutcomeView(exchange.outcome.map(exchange.request.payload.redacted))
    }
  }

  private enum Keys: String, CodingKey {
    case kind, command, operation, outcome, step, row, message, code, field, reason, refusal
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(kind.rawValue, forKey: .kind)
    try container.encodeIfPresent(command, forKey: .command)
    try container.encodeIfPresent(operation, forKey: .operation)
    try container.encodeIfPresent(outcome, forKey: .outcome)
    try container.encodeIfPresent(step, forKey: .step)
    try container.encodeIfPresent(row, forKey: .row)
    try container.encodeIfPresent(message, forKey: .message)
    try container.encodeIfPresent(code, forKey: .code)
    try container.encodeIfPresent(field, forKey: .field)
    try container.encodeIfPresent(reason, forKey: .reason)
    try container.encodeIfPresent(refusal, forKey: .refusal)
  }
}

/// A refusal as data: `{"code": "disabledRow", "event": "tap", "step": "stepOne",
/// "row": "continue"}`. What is at fault, when something is: `step` and `row`, a
/// `key`, a `step`, or an `operation`; for a refusal while a navigation command
/// waits for its step (`awaitingStep`, `routeInProgress`), that `command` and its
/// `step`. The message is beside it (`detail`, `reason`).
struct RefusalView: Encodable, Sendable, Equatable {
  var code: String
  var event: String
  var step: String?
  var row: String?
  var key: String?
  var operation: String?
  /// The navigation command the session waits to see performed (with `step`, the step it awaits).
  var command: String?
  /// With `unknownRow`: the rows of `step`, in order, and the closest to `row` (`did you mean "checkout"?`).
  var rows: [String]?
  var suggestion: String?

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

  /// The refusal with the rows of its step listed and the closest named, when it
  /// is `unknownRow` on a step of `flow`.
  func listingRows(of flow: CompiledFlow) -> RefusalView {
    guard code == Refusal.Code.unknownRow.rawValue, let step = step.flatMap({ flow.step(StepID($0)) }) else {
      return self
    }
    var listed = self
    listed.rows = step.rows.map(\.id.rawValue)
    listed.suggestion = row.flatMap { Suggestions.didYouMean($0, in: listed.rows ?? []) }
    return listed
  }

  /// Whether the session refused because a navigation command waits for its step.
  var waitsForStep: Bool {
    code == Refusal.Code.awaitingStep.rawValue || code == Refusal.Code.routeInProgress.rawValue
  }

  /// The refusal with the command `session` waits to see performed and its step,
  /// when it waits for one.
  func naming(pendingIn session: CheckoutSession) -> RefusalView {
    guard waitsForStep, let pending = PendingCommandView(session) else { return self }
    var named = self
    (named.step, named.command) = (pending.awaiting, pending.command)
    return named
  }
}

/// What the checkout API answered a call: `{"status": "succeeded", "data": {…}}`,
/// `{"status": "failed", "errors": [{"code", "field", "message"}]}`, or
/// `{"status": "unanswered"}` (it did not answer: the outcome is unknown, the
/// shopper is offered a retry, and the retry reuses the call's idempotency key);
/// `{"status": "pending"}` before the call is made.
struct OutcomeView: Encodable, Sendable, Equatable {
  /// `pending`, `unanswered`, `succeeded`, `failed` or `actionRequired`.
  var status: String
  var data: [String: String]?
  var errors: [ErrorView]?
  /// The action asked for (`three_d_secure`), with `actionRequired`.
  var action: String?

  /// A call not made yet.
  static let pending = OutcomeView(status: "pending")

  private init(status: String) { self.status = status }

  /// The view of the API's answer; nil: it did not answer.
  init(_ outcome: CheckoutAPIOutcome?) {
    switch outcome {
    case .succeeded(let data)?:
      status = "succeeded"
      self.data = Dictionary(uniqueKeysWithValues: data.map { ($0.key.rawValue, $0.value.displayText) })
    case .failed(let errors)?:
      status = "failed"
      self.errors = errors.map(ErrorView.init)
    case .actionRequired(let action, let data)?:
      status = "actionRequired"
      self.action = action.rawValue
      self.data = Dictionary(uniqueKeysWithValues: data.map { ($0.key.rawValue, $0.value.displayText) })
    case nil:
      status = "unanswered"
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

/// `POST /sessions` (201): `{"id", "secret", "version", "locale", "labels", "state",
/// "screen", "effects": []}`. The only answer that ever holds the session's secret.
struct CreatedSessionView: ResponseEncodable, Sendable {
  var id: String
  /// The session's secret (``SessionSecret``): every later request presents it.
  var secret: String
  var version: Int
  /// The shopper's language: the screen's, the errors', notices' and refusals' words.
  var locale: String
  /// The page's own words in ``locale`` (``CheckoutSession/hostWords``): `host.*` and `notice.*` id -> text.
  var labels: [String: String]
  var state: String
  var screen: Screen
  var effects: [EffectView]
}

/// `GET /sessions/{id}`: `{"id", "version", "locale", "labels", "state", "screen",
/// "pending"?, "offer"?, "route"?, "waiting"?}`; `pending` is the navigation command
/// the host must perform next (``PendingCommandView``: after a reload, the one it may
/// not have performed), `waiting` names the API calls still waiting for an answer
/// (one in flight, or one younger than the call timeout whose answer was lost).
struct SessionView: ResponseEncodable, Sendable {
  var id: String
  var version: Int
  /// The shopper's language, chosen when the session was created.
  var locale: String
  /// The page's own words in ``locale`` (``CheckoutSession/hostWords``): `host.*` and `notice.*` id -> text.
  var labels: [String: String]
  var state: String
  var screen: Screen
  /// The navigation command sent and not yet confirmed by an `appeared`.
  var pending: PendingCommandView?
  var offer: OfferView?
  var route: RouteView?
  var waiting: [String]?
  /// What carrying the session to a newer version of its flow changed (not saved by a GET).
  var migration: MigrationReport?
}

extension SessionView {
  /// The view of session `id`, stored at `version`.
  init(_ id: SessionID, _ session: CheckoutSession, version: Int, migration: MigrationReport?) {
    self.init(
      id: id.rawValue, version: version, locale: session.locale, labels: session.hostWords,
      state: session.navigation.description, screen: session.screen, pending: PendingCommandView(session),
      offer: session.offer.map(OfferView.init), route: RouteView(session),
      waiting: session.calls.isEmpty ? nil : session.calls.keys.map(\.rawValue).sorted(), migration: migration)
  }
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

/// `GET /flows`: `[{"id", "title", "steps", "locales", "titles"}]`, steps by id in flow order.
struct FlowSummaryView: ResponseEncodable, Sendable {
  var id: String
  var title: String
  var steps: [String]
  /// The languages the flow ships its words in, the default first (for a flow in
  /// one unnamed language, the one its sessions start in); a session may also be in
  /// any language of the engine's.
  var locales: [String]
  /// The flow's title in each of its `locales` (`{"en": "Express checkout", "de": "Express-Kasse"}`).
  var titles: [String: String]
}
