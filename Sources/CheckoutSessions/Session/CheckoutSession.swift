import CheckoutModel
import CheckoutPlanning
import CheckoutRows

/// One shopper's checkout: where they are, what they entered, the errors shown,
/// the offer waiting and the route in progress. A value: `send(_:)` changes it and
/// returns what the host must do; the same events give the same results anywhere.
///
/// ```swift
/// var session = CheckoutSession(flow: compiled, today: CalendarDate(parsing: "2026-11-21"))
/// session.send(.tap("checkout"))        // [navigate push stepOne]
/// session.send(.appeared("stepOne"))    // []
/// session.navigation.description        // "cart>stepOne"
/// ```
public struct CheckoutSession: Sendable {
  /// A row of a step: where an error is shown (the top-level ``RowRef``, named here too).
  public typealias RowRef = CheckoutModel.RowRef

  /// A navigation command sent to the host, waiting for its step to appear.
  public struct PendingNavigation: Hashable, Sendable, Codable {
    /// The command sent.
    public var command: NavigationCommand
    /// The step expected to appear.
    public var expected: StepID
  }

  /// The compiled flow.
  public let compiled: CompiledFlow
  /// Where the shopper is.
  public internal(set) var navigation: NavigationState
  /// The values entered (and the flow's initial data), secrets included. Internal:
  /// hosts read values through ``value(for:)`` and ``redactedData``, which never
  /// hand out a secret, and the session prints and dumps itself redacted. Any
  /// change through it drops every kept step check; a shopper's `set` writes
  /// `values` and drops only the checks of the steps that read the key.
  package var data: [DataKey: Value] {
    get { values }
    set {
      values = newValue
      stepChecks.removeAll()
    }
    _modify {
      stepChecks.removeAll()
      yield &values
    }
  }
  /// The storage behind `data`.
  var values: [DataKey: Value]
  /// Step checks made on the current data and date, by step index (see ``StepCheck``).
  var stepChecks = KeptStepChecks()
  /// The session's date, for expiry rules.
  public var today: CalendarDate? {
    didSet { stepChecks.removeAll() }
  }
  /// The error shown on each row (from a rule or from the API).
  public internal(set) var rowErrors: [RowRef: String] = [:]
  /// The offer waiting for `accept` or `decline`.
  public internal(set) var offer: Offer?
  /// Errors of the last response still to be offered, in order.
  public internal(set) var queued: [Resolution] = []
  /// The route driver (the route in progress, or the last one).
  public internal(set) var driver = RouteDriver()
  /// A command sent for a tap or a successful submit, waiting for its step.
  public internal(set) var pending: PendingNavigation?
  /// API calls waiting for an answer, each with its idempotency key and the step
  /// to open on success.
  public internal(set) var calls: [OperationName: APICall] = [:]
  /// Calls given up without an answer (``SessionEvent/apiExpired(_:)``): the API
  /// may have acted on them, so the next call to the operation reuses the key.
  public internal(set) var unanswered: [OperationName: APICall] = [:]
  /// How many idempotency keys the session has made (the last key's number).
  public internal(set) var callsMade = 0
  /// The row an error route arrived at.
  public internal(set) var focus: RowRef?
  /// For each secret key, how many times its value changed or was cleared in this
  /// session (never the value): a copy of a secret kept since an earlier event is
  /// used only while its generation is still this one (see ``restoreSecrets(_:)``).
  public internal(set) var secretGenerations: [DataKey: Int] = [:]
  /// The shopper changed the focused row's value: the next queued error may be offered.
  var resolvedFocus = false

  /// A session at the flow's start with its initial data.
  public init(flow: CompiledFlow, today: CalendarDate? = nil) {
    self.compiled = flow
    self.navigation = NavigationState(root: flow.flow.start)
    self.values = flow.flow.data
    self.today = today
  }

  /// The flow.
  public var flow: Flow { compiled.flow }

  /// The value of a key as entered; nil for a secret key (a secret is only ever
  /// handed to the API, in a ``Payload``).
  public func value(for key: DataKey) -> Value? {
    compiled.masking.isSecret(key) ? nil : data[key]
  }

  /// The data with secrets left out and sensitive values masked (unless `revealSensitive`).
  public func redactedData(revealSensitive: Bool = false) -> [DataKey: Value] {
    compiled.masking.redacted(data, revealSensitive: revealSensitive)
  }

  /// The step on screen.
  public var currentStep: Step? { compiled.step(navigation.top) }

  /// The route most recently planned (after a replan, the new one).
  public var route: Route? { driver.route }

  /// Rule checking with the session's date and the flow's custom rules.
  public var rules: RuleEvaluator {
    RuleEvaluator(today: today, registry: compiled.registry, patterns: compiled.patterns)
  }

  /// The step on screen, rendered for a host.
  public var screen: Screen {
    let renderer = ScreenRenderer(compiled: compiled, rules: rules)
    let errors = Dictionary(
      rowErrors.filter { $0.key.step == navigation.top }.map { ($0.key.row, $0.value) }, uniquingKeysWith: { a, _ in a }
    )
    let focused = focus?.step == navigation.top ? focus?.row : nil
    // Guards are answered from the kept checks (made on the same data and rules).
    return renderer.render(navigation.top, data: values, errors: errors, focused: focused, known: stepChecks)
      ?? Screen(step: navigation.top, title: navigation.top.rawValue, presentation: .push, rows: [])
  }

  /// Handles one event and returns what the host must do.
  @discardableResult
  public mutating func send(_ event: SessionEvent) -> [Effect] {
    switch event {
    case .tap(let row): return tap(row)
    case .set(let target, let value): return set(target, value)
    case .back: return back()
    case .appeared(let step): return appeared(step)
    case .apiSucceeded(let operation, let values): return apiSucceeded(operation, values)
    case .apiFailed(let operation, let errors): return apiFailed(operation, errors)
    case .callAgain(let operation): return callAgain(operation)
    case .apiExpired(let operation): return apiExpired(operation)
    case .accept: return accept()
    case .decline: return decline()
    }
  }

  /// Why the shopper cannot act now, if something is waiting.
  func busyRefusal(_ event: SessionEvent.Kind) -> Refusal? {
    if let offer { return .offerWaiting(offer, event: event) }
    if driver.isDriving, case .awaiting(let expected, _, _) = driver.state {
      return .routeInProgress(waitingFor: expected, event: event)
    }
    if let pending { return .awaiting(pending, event: event) }
    return nil
  }
}
