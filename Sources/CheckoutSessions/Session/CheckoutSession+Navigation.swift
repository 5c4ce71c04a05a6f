import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

extension CheckoutSession {
  mutating func tap(_ rowID: RowID) -> [Effect] {
    if let busy = busyRefusal(.tap) { return [.refused(busy)] }
    guard let step = currentStep else { return [.refused(.stepNotInFlow(navigation.top, event: .tap))] }
    guard let row = step.row(rowID) else {
      return [.refused(.unknownRow(rowID, on: step, event: .tap, messages: messages))]
    }
    sessionData.keepChecks(of: row.requires, in: compiled, rules: rules)
    guard StepCompleteness.isVisible(row, data) else {
      return [.refused(.hidden(row, on: step, event: .tap, flow: compiled.flow, messages: messages))]
    }
    if let reason = disabledReason(row) { return [.refused(.disabled(row, on: step, event: .tap, reason: reason))] }
    switch row.action {
    case .opens(let target)?:
      guard let presentation = compiled.step(target)?.presentation else {
        return [.refused(.opensMissingStep(row, target: target))]
      }
      if let waiting = leavingRefusal(row, on: step) { return [.refused(waiting)] }
      return send(.opening(target, as: presentation), for: .tap)
    case .close?:
      guard let command = backCommand() else { return [.refused(.nothingToClose(row, on: step, messages: messages))] }
      if let waiting = leavingRefusal(row, on: step) { return [.refused(waiting)] }
      return send(command, for: .tap)
    case .submit(let submit)?:
      return self.submit(submit, from: row, on: step.id)
    case .resume?:
      return resume(row, on: step)
    case nil:
      return [.refused(.notTappable(row, on: step, messages: messages))]
    }
  }

  mutating func back() -> [Effect] {
    if let offer { return [.refused(.offerWaiting(offer, event: .back, messages: messages))] }
    guard let command = backCommand() else {
      return [.refused(.nothingToGoBack(from: navigation.top, currentStep, messages: messages))]
    }
    // The shopper waits for the call's answer on the step it was made from.
    if let waiting = callAwaitingAnswer {
      return [.refused(.callInProgressBack(submitTitle(waiting.operation), messages: messages))]
    }
    // A command waiting for its step is given up.
    if case .awaitingStep(_, let correction) = mode { mode = .idle(correction: correction) }
    guard let shown = navigation.top(after: command) else { return [.refused(.cannotGoBack(from: navigation))] }
    if case .routing = mode { return driveOn(shown, event: "went back to \(shown)") }
    try? navigation.apply(command)  // applies: top(after:) said so
    return []
  }

  /// The host reports a step on screen. The step a command waits for applies the
  /// command; any other step is never dropped silently: a route replans (or is
  /// cancelled) and a tap's command is given up, each with a notice of what
  /// happened and what the session expects now. An offer waiting does not change
  /// this: the appearance goes to what it interrupted.
  mutating func appeared(_ step: StepID) -> [Effect] {
    guard let shown = compiled.step(step) else {
      return [
        .refused(.stepGone(step, current: compiled.step(navigation.top), top: navigation.top, messages: messages))
      ]
    }
    let unexpected = { [navigation, compiled, messages] in
      Effect.refused(
        .unexpectedStep(shown, current: compiled.step(navigation.top), top: navigation.top, messages: messages))
    }
    switch mode.waiting {
    case .route?:
      return driveOn(step)
    case .step(let pending)?:
      if step == pending.expected, (try? navigation.apply(pending.command)) != nil {
        mode.wait(for: nil)
        guard let then = pending.then else { return [] }
        return send(then, for: .appeared)
      }
      guard let wentBack = navigation.truncated(to: step) else {
        return [unexpected()]
      }
      mode.wait(for: nil)
      navigation = wentBack
      let givenUp = pending.then.map { "`\(pending.command)` (and the `\($0)` after it)" } ?? "`\(pending.command)`"
      return [
        .notice(
          "appeared \(step) while waiting for \(pending.expected) after `\(pending.command)`: the \(givenUp) was given up; at \(navigation), nothing is pending now"
        )
      ]
    case nil:
      if step == navigation.top { return [] }
      guard let wentBack = navigation.truncated(to: step) else {
        return [unexpected()]
      }
      navigation = wentBack
      return []
    }
  }

  /// The command the back button or a close row performs: pop within the top
  /// layer, else dismiss the modal; nil on the root step.
  func backCommand() -> NavigationCommand? {
    if navigation.canApply(.pop) { return .pop }
    if navigation.canApply(.dismiss) { return .dismiss }
    return nil
  }

  /// Sends a command to the host and waits for its step (`event` is the one that
  /// asked for it); `then`, if any, is sent once that step has appeared. A call's
  /// success can open a step while a route is in progress (under an offer or not):
  /// the route is given up for it, saying so, its error kept on its row.
  mutating func send(_ command: NavigationCommand, then: NavigationCommand? = nil, for event: SessionEvent.Kind)
    -> [Effect]
  {
    guard let expected = navigation.top(after: command) else {
      return [.refused(.cannotApply(command, on: navigation, event: event))]
    }
    var givenUp: [Effect] = []
    if case .route(let driver)? = mode.waiting {
      keepOnItsRow(driver.resolution)
      givenUp = [.routeCancelled("\(event) sent `\(command)`: the route \(driver) was given up")]
    }
    mode.wait(for: .step(PendingNavigation(command: command, expected: expected, then: then)))
    return givenUp + [.navigate(command)]
  }

  /// Tells the route driver that a step appeared; a replan checks (and keeps) only
  /// the guards it asks about.
  /// `event` names what happened in a notice when `step` is not the one the route
  /// waits for (by default `appeared STEP`).
  mutating func driveOn(_ step: StepID, event: String? = nil) -> [Effect] {
    guard case .route(var driver)? = mode.waiting else { return [] }
    let waiting = driver.state
    let planner = compiled.planner
    var navigation = self.navigation
    let output = sessionData.planning(in: compiled, rules: rules) { guards in
      driver.appeared(step, state: &navigation, planner: planner, guards: guards)
    }
    self.navigation = navigation
    var effects = drive(output, driver)
    if case .awaiting(let expected, let command, _) = waiting, step != expected {
      let what = "\(event ?? "appeared \(step)") while waiting for \(expected) after `\(command)`"
      switch output {
      case .perform(let next):
        effects.append(.notice("\(what): replanned from \(navigation): next \(next)"))
      case .focus(let resolution):
        effects.append(.notice("\(what): replanned from \(navigation): arrived at \(resolution.target)"))
      case .cancelled(let reason):
        effects.append(.notice("\(what): the route was cancelled because \(reason); nothing is pending now"))
      case .blocked(let noRoute):
        effects.append(.notice("\(what): replanned from \(navigation): \(noRoute)"))
      case .ignored:
        break
      }
    }
    return effects
  }

  /// Turns the route driver's output into effects and the next mode: the route
  /// goes on, or it ended (focusing the row on arrival; the queued errors stay).
  /// A route given up keeps its error on its row, shown when the shopper gets there.
  mutating func drive(_ output: RouteDriver.Output, _ driver: RouteDriver) -> [Effect] {
    switch output {
    case .perform(let command):
      mode.wait(for: .route(driver))
      return [.navigate(command)]
    case .focus(let resolution):
      let focus = resolution.row.map { RowRef(step: resolution.step, row: $0) }
      if let focus { rowErrors[focus] = resolution.message }
      mode.endRoute(focus: focus, route: driver.route)
      return [.focus(resolution.step, resolution.row, resolution.message)]
    case .cancelled(let reason):
      mode.endRoute(focus: mode.correction.focus, route: driver.route)
      keepOnItsRow(driver.resolution)
      return [.routeCancelled(reason)]
    case .blocked(let noRoute):
      mode.endRoute(focus: mode.correction.focus, route: driver.route)
      if let detour = detour(around: noRoute, for: driver.resolution) { return detour }
      keepOnItsRow(driver.resolution)
      return [.routeCancelled(noRoute.description)]
    case .ignored:
      return []
    }
  }

  /// The error of a route given up stays on its row (the session's row errors),
  /// as an arrival leaves it: the shopper who gets to the row by their own way
  /// sees it there until its value changes, rather than an error shown once in an
  /// offer and lost (a card declined whose payment step opens only after the
  /// address is checked again). An error on a step, with no row, has no place to stay.
  private mutating func keepOnItsRow(_ resolution: Resolution?) {
    guard let resolution, let row = resolution.row else { return }
    rowErrors[RowRef(step: resolution.step, row: row)] = resolution.message
  }
}
