import CheckoutModel
import CheckoutPlanning
import CheckoutRows

extension CheckoutSession {
  mutating func tap(_ rowID: RowID) -> [Effect] {
    if let reason = busyReason() { return [.refused(reason)] }
    guard let step = currentStep else { return [.refused("the step \(navigation.top) is not in the flow")] }
    guard let row = step.row(rowID) else { return [.refused(unknownRow(rowID, on: step))] }
    keepChecks(of: row.requires)
    guard StepCompleteness.isVisible(row, values) else { return [.refused("\(row.title) is hidden on \(step.title)")] }
    if let reason = disabledReason(row) { return [.refused(reason)] }
    switch row.action {
    case .opens(let target)?:
      guard let presentation = compiled.step(target)?.presentation else {
        return [.refused("\(row.title) opens \(target), which is not in the flow")]
      }
      return send(.opening(target, as: presentation))
    case .close?:
      guard let command = backCommand() else { return [.refused("\(row.title): there is nothing to close")] }
      return send(command)
    case .submit(let submit)?:
      return self.submit(submit, from: row)
    case nil:
      return [.refused("\(row.title) is \(row.cell.withArticle) row: it cannot be tapped\(row.cell.takesValue ? "; set a value instead" : "")")]
    }
  }

  mutating func back() -> [Effect] {
    if let offer { return [.refused("answer the offer first (accept or decline): \(offer.resolution.message)")] }
    guard let command = backCommand() else { return [.refused("there is nothing to go back to from \(navigation.top)")] }
    pending = nil
    guard let shown = navigation.top(after: command) else { return [.refused("cannot go back from \(navigation)")] }
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
        return [.refused(
          "\(step) is not on the navigation stack \(navigation), and nothing opened it; still waiting for \(pending.expected) after `\(pending.command)`")]
      }
      self.pending = nil
      navigation = wentBack
      return [.notice(
        "appeared \(step) while waiting for \(pending.expected) after `\(pending.command)`: the `\(pending.command)` was given up; at \(navigation), nothing is pending now")]
    }
    if step == navigation.top { return [] }
    guard let wentBack = navigation.truncated(to: step) else {
      return [.refused("\(step) is not on the navigation stack \(navigation), and nothing opened it")]
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

  /// Sends a command to the host and waits for its step.
  mutating func send(_ command: NavigationCommand) -> [Effect] {
    guard let expected = navigation.top(after: command) else { return [.refused("cannot \(command) on \(navigation)")] }
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

  func unknownRow(_ row: RowID, on step: Step) -> String {
    let ids = step.rows.map(\.id.rawValue)
    let hint = Suggestions.didYouMean(row.rawValue, in: ids).map { " (\($0))" } ?? ""
    return "\(step.title) has no row \(Quoting.quoted(row))\(hint); its rows are \(ids.joined(separator: ", "))"
  }
}
