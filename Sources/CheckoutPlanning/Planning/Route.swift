import CheckoutModel

/// The ordered commands that take a navigation state to a target step.
///
/// ```swift
/// route.description  // "pop, present creditCard"
/// ```
public struct Route: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Where the route starts.
  public var from: NavigationState
  /// The step on top when the route ends.
  public var target: StepID
  /// The commands, in order (``RouteCommands``: read in place; `Array(route.commands)` copies them out).
  public var commands: RouteCommands

  /// Creates a route from a list of commands.
  package init(from: NavigationState, target: StepID, commands: [NavigationCommand]) {
    self.init(from: from, target: target, commands: RouteCommands(commands))
  }

  /// Creates a route.
  package init(from: NavigationState, target: StepID, commands: RouteCommands) {
    self.from = from
    self.target = target
    self.commands = commands
  }

  /// How many commands.
  package var length: Int { commands.count }

  /// How many of them go back (pop, dismiss).
  package var backwardCount: Int { commands.lazy.filter(\.isBackward).count }

  /// The state after each command, in order; the last has the target on top.
  public var states: [NavigationState] {
    var state = from
    return commands.compactMap { command in
      guard (try? state.apply(command)) != nil else { return nil }
      return state
    }
  }

  /// The state the route ends on.
  package var destination: NavigationState { states.last ?? from }

  /// `pop, present creditCard`, or `(already there)` for an empty route.
  public var description: String {
    commands.isEmpty ? "(already there)" : commands.map(\.description).joined(separator: ", ")
  }
}

/// Why no route exists, naming the step and the guard that blocks it.
public struct NoRoute: Error, Hashable, Sendable, CustomStringConvertible {
  /// A guard on the way: a row that requires steps that are not complete, or
  /// (when the session's data is read) one its `visibleWhen` hides or its
  /// `enabledWhen` disables.
  public struct BlockedRow: Hashable, Sendable {
    /// The step the row is on.
    public var step: StepID
    /// The guarded row.
    public var row: RowID
    /// Its required steps that are not complete.
    public var missing: [StepID]
    /// The row's condition that does not hold; nil when only `missing` closes it.
    package var closedBy: ClosingCondition? = nil

    /// `review.card requires "shipping" complete`, `review.placeOrder is disabled
    /// until I accept the terms is on`, or both joined by `and`.
    package var description: String {
      var reasons: [String] = []
      if !missing.isEmpty { reasons.append("requires \(missing.map { "\"\($0)\"" }.joined(separator: ", ")) complete") }
      if let closedBy { reasons.append("is \(closedBy.hides ? "hidden" : "disabled") until \(closedBy.text)") }
      return "\(step).\(row) " + reasons.joined(separator: " and ")
    }
  }

  /// A row's `visibleWhen` or `enabledWhen` that does not hold on the session's data.
  package struct ClosingCondition: Hashable, Sendable {
    /// The condition.
    package var condition: Condition
    /// Whether it is the row's `visibleWhen` (the row is hidden) rather than its `enabledWhen`.
    package var hides: Bool
    /// The condition in words, naming keys by their rows' titles: `I accept the terms is on`.
    package var text: String
  }

  /// The kinds of reason.
  public enum Reason: Hashable, Sendable {
    /// The target (or a step of the state) is not a step of the flow.
    case unknownStep(StepID, suggestion: String?)
    /// No step on the stack opens a path to the target, guards or not.
    case unreachable
    /// Paths exist, but each passes a row whose guard is not met (a `requires`, or
    /// when the session's data is read, a `visibleWhen` or `enabledWhen`).
    case guarded([BlockedRow])
  }

  /// The step a route was asked for.
  public var target: StepID
  /// Why there is none.
  public var reason: Reason

  /// `no route to payment: review.card requires "shipping" complete`, or
  /// `unreachable: nothing on the stack opens a path to X`.
  public var description: String {
    switch reason {
    case .unknownStep(let step, let suggestion):
      return "unknown step \(Quoting.quoted(step))" + (suggestion.map { "; \($0)" } ?? "")
    case .unreachable:
      return "unreachable: nothing on the stack opens a path to \(target)"
    case .guarded(let blocked):
      return "no route to \(target): " + blocked.map(\.description).joined(separator: "; ")
    }
  }
}
