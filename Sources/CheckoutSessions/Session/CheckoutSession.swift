import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// One shopper's checkout: where they are, what they entered, the errors shown,
/// the offer waiting and the route in progress. A value: `send(_:)` changes it and
/// returns what the host must do; the same events give the same results anywhere.
///
/// ```swift
/// var session = CheckoutSession(flow: compiled, today: try CalendarDate.parse("2026-11-21"))
/// session.send(.tap("checkout"))        // [navigate push stepOne]
/// session.send(.appeared("stepOne"))    // []
/// session.navigation.description        // "cart>stepOne"
/// ```
public struct CheckoutSession: Sendable {
  /// A row of a step: where an error is shown (the top-level ``RowRef``, named here too).
  package typealias RowRef = CheckoutModel.RowRef

  /// A navigation command sent to the host, waiting for its step to appear.
  public struct PendingNavigation: Hashable, Sendable, Codable {
    /// The command sent.
    public var command: NavigationCommand
    /// The step expected to appear.
    public var expected: StepID
    /// The command sent once `expected` has appeared, if any: a call that asked for
    /// an action succeeds, and its action's step closes before its `then` opens
    /// (`dismiss`, then `push deliveryTime`), so the rest of the checkout does not
    /// open inside the action's step.
    package var then: NavigationCommand? = nil
  }

  /// The compiled flow.
  public let compiled: CompiledFlow
  /// Where the shopper is.
  public internal(set) var navigation: NavigationState
  /// The values entered (and the flow's initial data), secrets included. Internal:
  /// hosts read values through ``value(for:)`` and ``redactedData``, which never
  /// hand out a secret, and the session prints and dumps itself redacted. Any
  /// change through it drops every kept step check (``SessionData``).
  package var data: [DataKey: Value] {
    get { sessionData.values }
    set { sessionData.all = newValue }
    _modify { yield &sessionData.all }
  }
  /// The values with the step checks made on them, which keep themselves true.
  var sessionData: SessionData
  /// The session's date, for expiry rules: always a date (the host's, or the
  /// system's when it gave none), so an expired card is never accepted for want of one.
  public var today: CalendarDate {
    didSet { sessionData.rulesChanged() }
  }
  /// The error shown on each row (from a rule or from the API).
  package internal(set) var rowErrors: [RowRef: String] = [:]
  /// What the session is doing: idle, waiting for a step, offering an error, or
  /// driving a route (``SessionMode``). The one place the mode is kept; ``offer``,
  /// ``queued``, ``pending``, ``focus``, ``route`` and ``driver`` read it.
  package internal(set) var mode = SessionMode.start
  /// API calls waiting for an answer, each with its idempotency key and the step
  /// to open on success.
  public internal(set) var calls: [OperationName: APICall] = [:]
  /// Calls given up without an answer (``SessionEvent/apiExpired(_:)``): the API
  /// may have acted on them, so the next call to the operation reuses the key.
  public internal(set) var unanswered: [OperationName: APICall] = [:]
  /// The operation whose success placed the order: a call after which the flow
  /// makes no further call. From then on the order's values are final (a `set` is
  /// refused with ``Refusal/Code/orderFinished``); nil until then.
  public internal(set) var finished: OperationName?
  /// The shopper's language, a BCP 47 tag (`de`): the flow's words written per
  /// locale and the engine's messages (rule defaults, disabled reasons, refusals,
  /// notices) are in it. Set it with
  /// ``setLocale(_:)``; the API payload does not depend on it.
  public internal(set) var locale: String
  /// The rule evaluator's context in ``locale``: the flow's rules and patterns and
  /// the engine's messages in it, made once per language (the default language's
  /// shared by every session of the flow; see ``CompiledFlow/ruleContext(for:)``).
  package internal(set) var ruleContext: RuleEvaluator.Context
  /// The engine's messages in ``locale``, with the flow's own in their place.
  package var messages: EngineMessages { ruleContext.messages }
  /// How many idempotency keys the session has made (the last key's number).
  package internal(set) var callsMade = 0
  /// For each secret key, how many times its value changed or was cleared in this
  /// session (never the value): a copy of a secret kept since an earlier event is
  /// used only while its generation is still this one (see ``restoreSecrets(_:)``).
  package internal(set) var secretGenerations: [DataKey: Int] = [:]

  /// A session at the flow's start with its initial data, on `today` (by default
  /// the system's calendar date; give the date for a session that must replay the
  /// same on any day, and read it with ``CalendarDate/parse(_:)``, which throws on
  /// an impossible date such as `2026-11-31`).
  public init(flow: CompiledFlow, today: CalendarDate = .systemToday()) {
    self.compiled = flow
    self.navigation = NavigationState(root: flow.flow.start)
    self.sessionData = SessionData(flow.flow.data)
    self.today = today
    self.locale = flow.defaultLocale
    self.ruleContext = flow.defaultRuleContext
  }

  /// A session as ``init(flow:today:)`` makes it, in the shopper's `locale` (a
  /// BCP 47 tag such as `de` or `fr-CA`; nil: the flow's default language).
  /// Throws ``UnsupportedLocale``, naming the languages, for one the session
  /// cannot speak.
  ///
  /// ```swift
  /// var session = try CheckoutSession(flow: compiled, today: today, locale: "de")
  /// session.send(.tap("placeOrder"))  // … "„Kartennummer“ ist ein Pflichtfeld"
  /// ```
  public init(flow: CompiledFlow, today: CalendarDate = .systemToday(), locale: String?) throws(UnsupportedLocale) {
    self.init(flow: flow, today: today)
    if let locale { try setLocale(locale) }
  }

  /// The flow.
  public var flow: Flow { compiled.flow }

  /// The value of a key as entered; nil for a secret key (a secret is only ever
  /// handed to the API, in a ``Payload``).
  public func value(for key: DataKey) -> Value? {
    // Looked up first: a key without a value (most, for a host that reads every
    // key a row binds) needs no test of whether it is secret.
    guard let value = data[key], !compiled.masking.isSecret(key) else { return nil }
    return value
  }

  /// The data with secrets left out and sensitive values masked (unless `revealSensitive`).
  package func redactedData(revealSensitive: Bool = false) -> [DataKey: Value] {
    compiled.masking.redacted(data, revealSensitive: revealSensitive)
  }

  /// The step on screen.
  package var currentStep: Step? { compiled.step(navigation.top) }

  /// The offer waiting for `accept` or `decline`.
  public var offer: Offer? { mode.offer }
  /// Errors of the last answer still to be offered, in order.
  package var queued: [Resolution] { mode.correction.queued }
  /// The row an error route arrived at (until the shopper changes its value).
  public var focus: CheckoutModel.RowRef? { mode.correction.focus }
  /// A command sent for a tap or a successful call, waiting for its step.
  public var pending: PendingNavigation? {
    if case .step(let pending)? = mode.waiting { return pending }
    return nil
  }
  /// The route driver: the route in progress, else an idle driver holding the last route.
  public var driver: RouteDriver {
    if case .route(let driver)? = mode.waiting { return driver }
    return RouteDriver(state: .idle, resolution: nil, route: mode.correction.route, replans: 0)
  }
  /// The route most recently planned (after a replan, the new one).
  public var route: Route? {
    if case .route(let driver)? = mode.waiting { return driver.route }
    return mode.correction.route
  }

  /// Rule checking with the session's date and the flow's custom rules, in the
  /// session's words: the engine's messages and the flow's texts in ``locale``
  /// (the flow's default language reads its texts as written, without a lookup).
  ///
  /// Always inlined: built in place by each event that checks a rule, it costs the
  /// date and one reference and no call.
  package var rules: RuleEvaluator {
    @inline(__always) get { RuleEvaluator(session: today, context: ruleContext) }
  }

  /// The step on screen, rendered for a host.
  public var screen: Screen {
    let renderer = ScreenRenderer(compiled: compiled, rules: rules)
    // The step read once: a closure reading `navigation` would copy the session per error.
    let top = navigation.top
    var errors: [RowID: String] = [:]
    for (ref, message) in rowErrors where ref.step == top { errors[ref.row] = message }
    let focused = focus.flatMap { $0.step == top ? $0.row : nil }
    // Guards are answered from the kept checks (made on the same data and rules).
    return renderer.render(top, data: data, errors: errors, focused: focused, known: sessionData.checks)
      ?? Screen(step: top, title: top.rawValue, presentation: .push, rows: [])
  }

  /// Handles one event and returns what the host must do.
  @discardableResult
  public mutating func send(_ event: SessionEvent) -> [Effect] {
    let effects = handle(event)
    return calls.isEmpty ? effects : effects + cancelActionsLeft()
  }

  /// The event's handler.
  private mutating func handle(_ event: SessionEvent) -> [Effect] {
    switch event {
    case .tap(let row): return tap(row)
    case .set(let target, let value): return set(target, value)
    case .back: return back()
    case .appeared(let step): return appeared(step)
    case .apiSucceeded(let operation, let values): return apiSucceeded(operation, values)
    case .apiFailed(let operation, let errors): return apiFailed(operation, errors)
    case .callAgain(let operation): return callAgain(operation)
    case .apiExpired(let operation): return apiExpired(operation)
    case .apiActionRequired(let operation, let action, let values): return apiActionRequired(operation, action, values)
    case .actionCompleted(let operation, let values): return actionCompleted(operation, values, event: .actionCompleted)
    case .accept: return accept()
    case .decline: return decline()
    }
  }

  /// Why the shopper cannot act now, if something is waiting.
  func busyRefusal(_ event: SessionEvent.Kind) -> Refusal? {
    switch mode {
    case .idle: return nil
    case .awaitingStep(let pending, _):
      return .awaiting(pending, compiled.step(pending.expected), event: event, messages: messages)
    case .offering(let offer, _, _): return .offerWaiting(offer, event: event, messages: messages)
    case .routing(let driver, _):
      guard case .awaiting(let expected, _, _) = driver.state else { return nil }
      return .routeInProgress(waitingFor: expected, compiled.step(expected), event: event, messages: messages)
    }
  }
}
