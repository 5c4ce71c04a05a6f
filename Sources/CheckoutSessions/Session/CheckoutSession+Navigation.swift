import CheckoutModel
import CheckoutPlanning
import CheckoutRows

extension CheckoutSession {
  mutating func tap(_ rowID: RowID) -> [Effect] {
    if let busy = busyRefusal(.tap) { return [.refused(busy)] }
    guard let step = currentStep else { return [.refused(.stepNotInFlow(navigation.top, event: .tap))] }
    guard let row = step.row(rowID) else { return [.refused(.unknownRow(rowID, on: step, event: .tap))] }
    keepChecks(of: row.requires)
    guard StepCompleteness.isVisible(row, values) else { return [.refused(.hidden(row, on: step, event: .tap))] }
    if let reason = disabledReason(row) { return [.refused(.disabled(row, on: step, event: .tap, reason: reason))] }
    switch row.action {
    case .opens(let target)?:
      guard let presentation = compiled.step(target)?.presentation else {
        return [.refused(.opensMissingStep(row, target: target))]
      }
      return send(.opening(target, as: presentation), for: .tap)
    case .close?:
      guard let command = backCommand() else { return [.refused(.nothingToClose(row, on: step))] }
      return send(command, for: .tap)
    case .submit(let submit)?:
      return self.submit(submit, from: row, on: step.id)
    case nil:
      return [.refused(.notTappable(row, on: step))]
    }
  }

  mutating func back() -> [Effect] {
    if let offer { return [.refused(.offerWaiting(offer, event: .back))] }
    guard let command = backCommand() else { return [.refused(.nothingToGoBack(from: navigation.top))] }
    pending = nil
    guard let shown = navigation.top(after: command) else { return [.refused(.cannotGoBack(from: navigation))] }
    if driver.isDriving { return driveOn(shown, event: "went back to \(shown)") }
    try? navigation.apply(command)  // applies: top(after:) said so
    return []
  }

  /// The host reports a step on screen. The step a command waits for applies the
  /// command; any other step is never dropped silently: a route replans (or is
  /// cancelled) and a tap's command is given up, each with a notice of what
  /// happened and what the session expects now.
  mutating func appeared(_ step: StepID) -> [Effect] {
    if driver.isDriving { return driveOn(step) }
    if let pending {
      if step == pending.expected, (try? navigation.apply(pending.command)) != nil {
        self.pending = nil
        return []
      }
      guard let wentBack = navigation.truncated(to: step) else {
        return [.refused(.unexpectedStep(step, on: navigation, waiting: pending))]
      }
      self.pending = nil
      navigation = wentBack
      return [
        .notice(
          "appeared \(step) while waiting for \(pending.expected) after `\(pending.command)`: the `\(pending.command)` was given up; at \(navigation), nothing is pending now"
        )
      ]
    }
    if step == navigation.top { return [] }
    guard let wentBack = navigation.truncated(to: step) else {
      return [.refused(.unexpectedStep(step, on: navigation, waiting: nil))]
    }
    navigation = wentBack
    return []
  }

  /// The command the back button or a close row performs: pop within the top
  /// layer, else dismiss the modal; nil on the root step.
  func backCommand() -> NavigationCommand? {
    if navigation.canApply(.pop) { return .pop }
    if navigation.canApply(.dismiss) { return .dismiss }
    return nil
  }

  /// Sends a command to the host and waits for its step (`event` is the one that asked for it).
  mutating func send(_ command: NavigationCommand, for event: SessionEvent.Kind) -> [Effect] {
    guard let expected = navigation.top(after: command) else {
      return [.refused(.cannotApply(command, on: navigation, event: event))]
    }
    pending = PendingNavigation(command: command, expected: expected)
    return [.navigate(command)]
  }

  /// Tells the route driver that a step appeared; a replan checks (and keeps) only
  /// the guards it asks about.
  /// `event` names what happened in a notice when `step` is not the one the route
  /// waits for (by default `appeared STEP`).
  mutating func driveOn(_ step: StepID, event: String? = nil) -> [Effect] {
    let waiting = driver.state
    let checks = lendChecks()
    let output = driver.appeared(step, state: &navigation, planner: compiled.planner, isComplete: checks.isComplete)
    keepChecks(from: checks)
    var effects = drive(output)
    if case .awaiting(let expected, let command, _) = waiting, step != expected {
      let what = "\(event ?? "appeared \(step)") while waiting for \(expected) after `\(command)`"
      switch output {
      case .perform(let next):
        effects.append(.notice("\(what): replanned from \(navigation): next \(next)"))
      case .focus(let resolution):
        effects.append(.notice("\(what): replanned from \(navigation): arrived at \(resolution.target)"))
      case .cancelled(let reason):
        effects.append(.notice("\(what): the route was cancelled because \(reason); nothing is pending now"))
      case .ignored:
        break
      }
    }
    return effects
  }

  /// Turns the route driver's output into effects, focusing the row on arrival.
  mutating func drive(_ output: RouteDriver.Output) -> [Effect] {
    switch output {
    case .perform(let command):
      return [.navigate(command)]
    case .focus(let resolution):
      focus = resolution.row.map { RowRef(step: resolution.step, row: $0) }
      if let focus { rowErrors[focus] = resolution.message }
      return [.focus(resolution.step, resolution.row, resolution.message)]
    case .cancelled(let reason):
      return [.routeCancelled(reason)]
    case .ignored:
      return []
    }
  }
}
