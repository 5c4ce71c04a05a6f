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
  /// A guard on the way: a row that requires steps that are not complete.
  public struct BlockedRow: Hashable, Sendable {
    /// The step the row is on.
    public var step: StepID
    /// The guarded row.
    public var row: RowID
    /// Its required steps that are not complete.
    public var missing: [StepID]
  }

  /// The kinds of reason.
  public enum Reason: Hashable, Sendable {
    /// The target (or a step of the state) is not a step of the flow.
    case unknownStep(StepID, suggestion: String?)
    /// No step on the stack opens a path to the target, guards or not.
    case unreachable
    /// Paths exist, but each passes a row whose guard is not met.
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
      let reasons = blocked.map { row in
        "\(row.step).\(row.row) requires \(row.missing.map { "\"\($0)\"" }.joined(separator: ", ")) complete"
      }
      return "no route to \(target): " + reasons.joined(separator: "; ")
    }
  }
}
