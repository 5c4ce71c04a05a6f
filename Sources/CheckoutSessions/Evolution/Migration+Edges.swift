import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// What a migration asks of the target's graph about a command: whether the target
/// can still perform it where the session stands, and where it shows a placed order.
extension Migration {
  /// Why something cannot be done in the target, in the report's words.
  struct Unperformable: Error {
    /// `in v2, nothing on shipping opens stepTwo (shipping opens delivery)`.
    let reason: String
  }

  /// Where the target shows an order placed by an operation: the step the first
  /// of its submits that opens a step opens on success.
  struct Confirmation {
    /// The operation whose success placed the order.
    let operation: OperationName
    /// The step the submit is on.
    let from: StepID
    /// The step its success opens (`thanks`).
    let step: StepID
    /// The command that opens it (`reset thanks`).
    let command: NavigationCommand
  }

  /// The state `command` leads to from `state` in the target, or why the target
  /// cannot perform it there: it does not apply, or it opens a step nothing there
  /// opens that way. The planner's own check (``FlowGraph/whyUnreachable(_:)``, what
  /// `checkout plan --from` says: `nothing on shipping opens stepTwo (shipping
  /// opens delivery)`); `state` is one the target can produce, as every migrated
  /// navigation state is.
  func performing(_ command: NavigationCommand, on state: NavigationState) -> Result<NavigationState, Unperformable> {
    guard let next = try? state.applying(command) else {
      return .failure(Unperformable(reason: "`\(command)` cannot be applied on \(state)"))
    }
    if command.opened != nil, let why = migrator.graph.whyUnreachable(next) {
      return .failure(Unperformable(reason: "in \(version), \(why)"))
    }
    return .success(next)
  }

  /// Why a route in progress cannot go on from `state` in the target: the first of
  /// the command being performed and those after it that the target cannot perform
  /// (a route is planned once, and goes on along its commands as its steps appear);
  /// nil when each can.
  func whyRouteStops(_ driver: RouteDriver, on state: NavigationState) -> String? {
    guard case .awaiting(_, let pending, let remaining) = driver.state else { return nil }
    var state = state
    for command in [pending] + Array(remaining) {
      switch performing(command, on: state) {
      case .success(let next): state = next
      case .failure(let why): return "its `\(command)` cannot be performed: \(why.reason)"
      }
    }
    return nil
  }

  /// Where the target shows an order placed by `operation`, or why it cannot.
  func confirmation(of operation: OperationName) -> Result<Confirmation, Unperformable> {
    guard let success = target.flow.successStep(of: operation),
      let presentation = target.step(success.then)?.presentation
    else {
      return .failure(
        Unperformable(
          reason: target.flow.submits(operation)
            ? "no submit of \(operation) opens a step in \(version)" : "\(version) has no submit of \(operation)"))
    }
    return .success(
      Confirmation(
        operation: operation, from: success.from, step: success.then,
        command: .opening(success.then, as: presentation)))
  }

  /// The navigation state showing `confirmation` as the flow shows it when the
  /// order's call succeeds: the step alone for a reset step; otherwise opened over
  /// the submit's step, which `state` must show.
  func showing(_ confirmation: Confirmation, from state: NavigationState) -> Result<NavigationState, Unperformable> {
    if case .reset = confirmation.command { return performing(confirmation.command, on: state) }
    guard let below = state.truncated(to: confirmation.from) else {
      return .failure(
        Unperformable(
          reason:
            "\(version) opens \(confirmation.step) over \(confirmation.from), which the session no longer shows"))
    }
    return performing(confirmation.command, on: below)
  }
}
