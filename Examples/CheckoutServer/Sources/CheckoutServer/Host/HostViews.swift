import CheckoutEngine
import Hummingbird

/// `GET /flows/{flow}/steps`: `[{"id", "title", "presentation", "close",
/// "autocomplete", "maxLengths"?}]`, in flow order. A host needs a step's title before its screen
/// arrives: to title the screen that slides in, and for the breadcrumb and the route
/// banner. `close` names the step's close rows (`action: close`), which the page's
/// Escape taps as the shopper's close button would; `autocomplete` is the browser's
/// autofill hint of each value row that has one (``AutofillHints``), by row id;
/// `maxLengths` the most characters of each row with a `maxLength` rule.
struct StepSummaryView: ResponseEncodable, Sendable, Equatable {
  var id: String
  var title: String
  /// `push`, `modal` or `reset`.
  var presentation: String
  /// The most characters each row takes, by row id, from its `maxLength` rule (the
  /// smallest when it has several); nil when no row has one. The page gives its
  /// field a `maxlength`, so a shopper cannot type past it.
  var maxLengths: [String: Int]?
  /// The step's close rows, by id, in step order.
  var close: [String]
  /// Row id -> `autocomplete` value (`cc-number`, `shipping postal-code`).
  var autocomplete: [String: String]

  /// The step, its title in `locale` (nil: the flow's default language).
  init(_ step: Step, locale: String? = nil) {
    id = step.id.rawValue
    title = step.title.text(in: locale)
    presentation = step.presentation.rawValue
    var limits: [String: Int] = [:]
    for row in step.rows {
      for rule in row.rules {
        guard case .maxLength(let count) = rule.kind else { continue }
        limits[row.id.rawValue] = min(count, limits[row.id.rawValue] ?? count)
      }
    }
    maxLengths = limits.isEmpty ? nil : limits
    close = step.rows.compactMap { row in
      if case .button(.close) = row.cell { return row.id.rawValue }
      return nil
    }
    autocomplete = AutofillHints.hints(of: step)
  }
}

/// `GET /sessions/{id}/route`: where the session is and what it waits for:
/// `{"version", "state", "pending"?, "route"?, "action"?}`. A host reloading
/// mid-way reads here which command it must still perform; the browser host draws
/// the route's progress ("taking you to Credit Card: 2 of 3") and its steps on the
/// flow's picture, and shows the action a call waits on (3-D Secure) as a dialog.
struct RouteProgressView: ResponseEncodable, Sendable, Equatable {
  var version: Int
  var state: String
  /// The navigation command sent and not yet confirmed by an `appeared`.
  var pending: PendingCommandView?
  /// The route being driven to an error's row, when there is one.
  var route: RouteStepsView?
  /// The action a call waits on, when one does.
  var action: WaitingActionView?

  init(version: Int, session: CheckoutSession) {
    self.version = version
    state = session.navigation.description
    pending = PendingCommandView(session)
    route = RouteStepsView(session)
    action = WaitingActionView(session)
  }
}

/// The action a call waits on: `{"operation": "confirmPayment", "action":
/// "three_d_secure", "step": "challenge", "stepTitle": "Confirm with your bank",
/// "submitTitle": "Pay", "resume": ["confirm"], "close": ["cancel"]}`, with the
/// action step's `resume` rows (tapping one completes the action) and `close` rows
/// (tapping one cancels the call). A host shows it on `step`, the action step, and
/// sends `actionCompleted` with its result. The ids are for the host; the shopper
/// reads the titles, in the session's language: the action step's, and the title
/// of the row that submits the call.
struct WaitingActionView: Encodable, Sendable, Equatable {
  var operation: String
  var action: String
  var step: String
  var stepTitle: String
  var submitTitle: String
  var resume: [String]
  var close: [String]

  init?(_ session: CheckoutSession) {
    guard let waiting = session.waitingAction else { return nil }
    operation = waiting.call.operation.rawValue
    action = waiting.action.name.rawValue
    step = waiting.action.step.rawValue
    let actionStep = session.compiled.step(waiting.action.step)
    stepTitle = actionStep?.title.text(in: session.locale) ?? step
    submitTitle = Self.submitTitle(of: waiting.call.operation, in: session) ?? operation
    let rows = actionStep?.rows ?? []
    resume = rows.compactMap { row in
      if case .button(.resume) = row.cell { return row.id.rawValue }
      return nil
    }
    close = rows.compactMap { row in
      if case .button(.close) = row.cell { return row.id.rawValue }
      return nil
    }
  }

  /// The title of the first row that submits `operation`, in the session's language.
  static func submitTitle(of operation: OperationName, in session: CheckoutSession) -> String? {
    for step in session.flow.steps {
      for row in step.rows {
        if case .button(.submit(let submit)) = row.cell, submit.operation == operation {
          return row.title.text(in: session.locale)
        }
      }
    }
    return nil
  }
}

/// `{"command": "pop", "awaiting": "stepOne"}`: a navigation command the session
/// sent (a tap's, a call's success, a route's next) and waits to see performed:
/// until `awaiting` appears it refuses a tap (`awaitingStep`, `routeInProgress`).
/// A host that reloads performs `command`, then reports `awaiting` with `appeared`.
struct PendingCommandView: Encodable, Sendable, Equatable {
  var command: String
  var awaiting: String

  init(command: String, awaiting: String) {
    self.command = command
    self.awaiting = awaiting
  }

  /// The command the session waits to see performed, the route's or a step's; nil when none.
  init?(_ session: CheckoutSession) {
    if case .awaiting(let expected, let command, _) = session.driver.state {
      self.init(command: command.description, awaiting: expected.rawValue)
    } else if let waiting = session.pending {
      self.init(command: waiting.command.description, awaiting: waiting.expected.rawValue)
    } else {
      return nil
    }
  }
}

/// A route in progress: `{"to": "creditCard.cvv", "step": "creditCard", "title":
/// "Credit Card", "from": "cart>stepOne>stepTwo", "commands": ["pop", "present
/// creditCard"], "steps": ["stepTwo", "stepOne", "creditCard"], "current": 1,
/// "replans": 0}`. `steps` is the step on screen where the route starts and after
/// each command; `current` is the 1-based number of the command being performed.
/// After the shopper leaves the route (back), the route is the one replanned from
/// where they are, counted afresh.
struct RouteStepsView: Encodable, Sendable, Equatable {
  var to: String
  var step: String
  var title: String
  var from: String
  var commands: [String]
  var steps: [String]
  var current: Int
  var replans: Int

  init?(_ session: CheckoutSession) {
    guard case .awaiting(_, _, let remaining) = session.driver.state, let route = session.route,
      let resolution = session.driver.resolution
    else { return nil }
    to = resolution.target
    step = resolution.step.rawValue
    title = session.compiled.step(resolution.step)?.title.text(in: session.locale) ?? resolution.step.rawValue
    from = route.from.description
    commands = route.commands.map(\.description)
    steps = [route.from.top.rawValue] + route.states.map(\.top.rawValue)
    current = route.commands.count - remaining.count
    replans = session.driver.replans
  }
}
