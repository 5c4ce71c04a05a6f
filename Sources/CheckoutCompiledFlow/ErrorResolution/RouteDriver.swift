import CheckoutModel
import CheckoutPlanning

/// Drives a route one command at a time, as the reference app's `viewDidAppear`
/// hook did: the next command only after the host reports that the expected step
/// appeared. A different appearance (the shopper went back mid-route) replans
/// from where the shopper is, or cancels with a reason.
///
/// A small explicit state machine: one `mutating func` per event, each returning
/// what the host must do, and states that print.
///
/// ```swift
/// var driver = RouteDriver()
/// var state = try NavigationState(parsing: "cart>stepOne>stepTwo")
/// driver.begin(resolution, from: state, planner: planner)   // .perform(pop)
/// driver.appeared("stepOne", state: &state, planner: planner) // .perform(present creditCard)
/// driver.appeared("creditCard", state: &state, planner: planner) // .focus(creditCard.cvv)
/// ```
public struct RouteDriver: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Where the driver is.
  public enum State: Hashable, Sendable, Codable, CustomStringConvertible {
    /// No route in progress.
    case idle
    /// `pending` was sent; waiting for `expected` to appear; then `remaining`.
    case awaiting(expected: StepID, pending: NavigationCommand, remaining: RouteCommands)
    /// The route reached its step; the row was focused.
    case arrived(StepID)
    /// The route was given up.
    case cancelled(reason: String)

    public var description: String {
      switch self {
      case .idle: return "idle"
      case .awaiting(let expected, let pending, let remaining):
        let rest = remaining.isEmpty ? "" : ", then \(remaining.map(\.description).joined(separator: ", "))"
        return "awaiting \(expected) after \(pending)\(rest)"
      case .arrived(let step): return "arrived at \(step)"
      case .cancelled(let reason): return "cancelled: \(reason)"
      }
    }
  }

  /// What the host must do after an event.
  package enum Output: Hashable, Sendable {
    /// Perform this navigation command, then report the step that appears.
    case perform(NavigationCommand)
    /// The route arrived: focus the resolution's row with its message.
    case focus(Resolution)
    /// The route was given up, with the reason.
    case cancelled(String)
    /// The route was given up because every way to the resolution's step passes a
    /// row that is closed now (a `requires`, `visibleWhen` or `enabledWhen`): the
    /// session may send the shopper to what opens it instead.
    case blocked(NoRoute)
    /// The event did not concern the route.
    case ignored
  }

  /// How many times one route may be replanned before the driver gives up.
  package static let maximumReplans = 8

  /// The driver's state.
  public private(set) var state: State = .idle
  /// The resolution being driven to.
  public private(set) var resolution: Resolution?
  /// The route most recently planned (after a replan, the new one); nil when the
  /// last planning found none.
  package private(set) var route: Route?
  /// How many times the current route was replanned.
  public private(set) var replans = 0

  /// The resolution driven to, passed through `change` (its message said again in
  /// a session's new language).
  package mutating func changeResolution(_ change: (Resolution) -> Resolution) {
    resolution = resolution.map(change)
  }

  /// A driver with no route.
  package init() {}

  /// A driver in a given state (what a session's mode keeps of it between events).
  package init(state: State, resolution: Resolution?, route: Route?, replans: Int) {
    self.state = state
    self.resolution = resolution
    self.route = route
    self.replans = replans
  }

  /// The state, and the route's target: `awaiting stepOne after pop, then present creditCard (to creditCard.cvv)`.
  public var description: String {
    guard let resolution else { return state.description }
    return "\(state) (to \(resolution.target))"
  }

  /// Whether a route is in progress.
  public var isDriving: Bool {
    if case .awaiting = state { return true }
    return false
  }

  /// Plans a route to the resolution's step (through rows `guards` leaves open; no
  /// guards: every row) and sends its first command.
  package mutating func begin(
    _ resolution: Resolution, from navigation: NavigationState, planner: RoutePlanner, guards: RouteGuards? = nil
  ) -> Output {
    self.resolution = resolution
    replans = 0
    return follow(planner.plan(from: navigation, to: resolution.step, guards: guards), from: navigation)
  }

  /// The host reports that `step` appeared. The navigation state is updated: with
  /// the pending command when it is the expected step, or to where the shopper
  /// went back to otherwise.
  package mutating func appeared(
    _ step: StepID, state navigation: inout NavigationState, planner: RoutePlanner, guards: RouteGuards? = nil
  ) -> Output {
    guard case .awaiting(let expected, let pending, let remaining) = state, let resolution else { return .ignored }
    if step == expected, (try? navigation.apply(pending)) != nil {
      return advance(remaining, from: navigation)
    }
    guard let wentBackTo = navigation.truncated(to: step) else {
      return cancel("\(step) is not on the navigation stack \(navigation) (the route expected \(expected))")
    }
    navigation = wentBackTo
    replans += 1
    guard replans <= RouteDriver.maximumReplans else {
      return cancel("the shopper left the route \(RouteDriver.maximumReplans) times")
    }
    return follow(planner.plan(from: navigation, to: resolution.step, guards: guards), from: navigation)
  }

  /// Gives up the route (the shopper declined, or the host navigated elsewhere).
  package mutating func cancel(_ reason: String) -> Output {
    state = .cancelled(reason: reason)
    return .cancelled(reason)
  }

  private mutating func follow(_ planned: Result<Route, NoRoute>, from navigation: NavigationState) -> Output {
    switch planned {
    case .success(let route):
      self.route = route
      return advance(route.commands, from: navigation)
    case .failure(let noRoute):
      route = nil
      let cancelled = cancel(noRoute.description)
      if case .guarded = noRoute.reason { return .blocked(noRoute) }
      return cancelled
    }
  }

  private mutating func advance(_ commands: RouteCommands, from navigation: NavigationState) -> Output {
    guard let next = commands.first else {
      state = .arrived(navigation.top)
      guard let resolution else { return .ignored }
      return .focus(resolution)
    }
    guard let expected = navigation.top(after: next) else {
      return cancel("\(next) cannot be applied on \(navigation)")
    }
    state = .awaiting(expected: expected, pending: next, remaining: commands.droppingFirst())
    return .perform(next)
  }
}
