import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

extension CheckoutSession {
  /// Validates the steps the submit checks; the first invalid row (in flow order)
  /// is offered like an API error. Otherwise calls the API with the bound data.
  ///
  /// Each validated step's check is kept (the first invalid step ends the loop).
  mutating func submit(_ submit: Submit, from row: Row, on step: StepID) -> [Effect] {
    if finished != nil { return submitAfterTheOrder(submit, from: row, on: step) }
    if calls[submit.operation] != nil {
      return [.refused(.callInFlight(submit.operation, row: row, on: step, messages: messages))]
    }
    // One call waits for its answer at a time: each success opens its `then` from this step.
    if let waiting = callAwaitingAnswer {
      return [
        .refused(.callInProgressTap(submitTitle(waiting.operation), row: row, on: step, messages: messages))
      ]
    }
    // The validated steps in flow order, each once (steps not in the flow have nothing to check).
    let validated = submit.validates ?? navigation.steps
    var order: [Int] = []
    order.reserveCapacity(validated.count)
    for stepID in validated {
      if let index = compiled.stepIndex(of: stepID), !order.contains(index) { order.append(index) }
    }
    order.sort()
    for index in order {
      guard let failure = keptCheck(ofStepAt: index).rowFailures.first else { continue }
      let step = compiled.flow.steps[index]
      let resolution = Resolution(
        step: step.id, row: failure.row, message: askAgainReason(step, failure.row) ?? failure.message)
      let offer = Offer(resolution: resolution, from: navigation.top)
      mode.offer(offer, queued: [])
      return [.offer(offer)]
    }
    if let unanswered = unanswered[submit.operation], let digest = unanswered.digest,
      digest != PayloadDigest(payload(for: unanswered)).rawValue
    {
      return [
        .refused(.callBodyChanged(unanswered, title: submitTitle(submit.operation), event: .tap, messages: messages))
      ]
    }
    mode.correction.queued = []
    return [startCall(submit.operation, then: submit.then)]
  }

  mutating func apiSucceeded(_ operation: OperationName, _ values: [DataKey: Value]) -> [Effect] {
    guard let call = calls[operation], call.action == nil else {
      return [.refused(.noCallWaiting(operation, event: .apiSucceeded))]
    }
    calls[operation] = nil
    let notices = mergeProvided(values, answering: operation)
    mode.correction.queued = []
    if isFinal(then: call.then) { finished = operation }
    guard let then = call.then, let presentation = compiled.step(then)?.presentation else { return notices }
    let opening = NavigationCommand.opening(then, as: presentation)
    let closing = closingActionStep(of: call, before: opening)
    // The success is an edge from the submit's step: its `then` opens only from
    // there (a `reset` replaces every step, from anywhere).
    let from = closing.flatMap { navigation.top(after: $0) } ?? navigation.top
    if presentation != .reset, !submits(operation, opening: then, from: from) {
      return notices + [.notice(notOpened(then, answering: call, at: from))]
    }
    if let closing { return notices + send(closing, then: opening, for: .apiSucceeded) }
    return notices + send(opening, for: .apiSucceeded)
  }

  /// The notice for a success whose `then` is not opened: the shopper is no
  /// longer on a step its submit is on (a host reported a step below while the
  /// call waited, which `back` could not do).
  private func notOpened(_ then: StepID, answering call: APICall, at step: StepID) -> String {
    let from = flow.steps.filter { submits(call.operation, opening: then, from: $0.id) }.map(\.id.rawValue)
    return
      "\(call.operation) (\(call.key)) succeeded at \(step), off the step it is submitted from (\(from.joined(separator: ", "))): its data is kept and \(then) is not opened (the shopper is at \(navigation))"
  }

  /// Merges a success's values for the keys the operation's submits `provides`;
  /// any other key is left out, with a notice naming it (an answer must not
  /// overwrite what the shopper typed, such as the ZIP code).
  private mutating func mergeProvided(_ values: [DataKey: Value], answering operation: OperationName) -> [Effect] {
    guard !values.isEmpty else { return [] }
    let provided = Set(submits(of: operation).flatMap(\.provides))
    var leftOut: [DataKey] = []
    for (key, value) in values {
      if provided.contains(key) { sessionData.update(value, for: key, in: compiled) } else { leftOut.append(key) }
    }
    guard !leftOut.isEmpty else { return [] }
    let names = leftOut.map(\.rawValue).sorted().joined(separator: ", ")
    let allowed = provided.isEmpty ? "none" : provided.map(\.rawValue).sorted().joined(separator: ", ")
    return [
      .notice(
        "\(operation)'s answer holds \(names), which no submit of \(operation) provides: left out (its submits provide \(allowed))"
      )
    ]
  }

  /// The command that closes the step of the action a call asked for, when that
  /// step is still on top as the call succeeds and its `then` would otherwise open
  /// over it (a `reset` replaces every step, so it needs none).
  func closingActionStep(of call: APICall, before opening: NavigationCommand) -> NavigationCommand? {
    if case .reset = opening { return nil }
    guard let action = call.lastAction,
      let step = submits(of: call.operation).lazy.compactMap({ $0.actions[action] }).first,
      navigation.top == step
    else { return nil }
    return backCommand()
  }

  /// The error a failed call that names none is handled as.
  package static let unspecifiedError = APIError(code: "unspecified")

  mutating func apiFailed(_ operation: OperationName, _ errors: [APIError]) -> [Effect] {
    guard calls[operation]?.action == nil, calls.removeValue(forKey: operation) != nil else {
      return [.refused(.noCallWaiting(operation, event: .apiFailed))]
    }
    // A failure that names no error is still one: it is offered as `unspecified`
    // (the flow's `*` fallback resolves it), never dropped without a word.
    let effects = offerErrors(errors.isEmpty ? [Self.unspecifiedError] : errors, from: operation)
    // The step of an action the call asked for has nothing left to finish: it
    // closes now, or when the shopper declines the offer (accepting routes from it).
    if case .offering = mode { return effects }
    return effects + closingFinishedActionStep(for: .apiFailed)
  }

  /// Offers the first of an answer's errors that the flow resolves (with the
  /// matchers of the operation that answered them) and queues the rest; errors
  /// nothing resolves are reported as `unresolved`.
  ///
  /// An error's message is the API's text, which the session shows and keeps (a
  /// row's error, an offer, a snapshot): a secret or sensitive value the session
  /// holds, or any card number, that it repeats is masked first (``HiddenValues``:
  /// `Card •••• 5556 with code ••• declined`), so the text is never where a CVV
  /// or a card number is shown or stored.
  mutating func offerErrors(_ errors: [APIError], from operation: OperationName) -> [Effect] {
    let hidden = HiddenValues(heldIn: data, masking: compiled.masking)
    let masked = errors.map { error in
      var error = error
      error.message = error.message.map(hidden.masking)
      return error
    }
    let ordered = compiled.resolver.ordered(masked, from: operation, messages: messages, locale: rules.locale)
    var effects: [Effect] = ordered.filter { $0.resolution == nil }.map { .unresolved($0.error) }
    var resolutions = ordered.compactMap(\.resolution).map(onAShownRow)
    guard !resolutions.isEmpty else { return effects }
    let offer = Offer(resolution: resolutions.removeFirst(), from: navigation.top)
    mode.offer(offer, queued: resolutions)
    effects.insert(.offer(offer), at: 0)
    return effects
  }

  /// An API error whose row its `visibleWhen` hides now (a custom tip amount while
  /// a preset tip is chosen) is offered on the row's step: the shopper could
  /// neither see the row nor fix it there, and the message shows on the step.
  private func onAShownRow(_ resolution: Resolution) -> Resolution {
    guard let rowID = resolution.row, let row = compiled.step(resolution.step)?.row(rowID),
      !StepCompleteness.isVisible(row, data)
    else { return resolution }
    var onStep = resolution
    onStep.row = nil
    return onStep
  }

  /// Plans a route to the offer's row from where the shopper is (what the offer
  /// interrupted is given up); the errors queued stay.
  mutating func accept() -> [Effect] {
    guard case .offering(let offer, let correction, _) = mode else {
      return [.refused(.noOffer(.accept, messages: messages))]
    }
    mode = .idle(correction: correction)
    var driver = RouteDriver()
    let (navigation, planner) = (self.navigation, compiled.planner)
    // Only the guards planning asks about are checked (and kept).
    let output = sessionData.planning(in: compiled, rules: rules) { guards in
      driver.begin(offer.resolution, from: navigation, planner: planner, guards: guards)
    }
    return drive(output, driver)
  }

  /// Drops the offer: back to what it interrupted (or idle).
  mutating func decline() -> [Effect] {
    guard case .offering(_, let correction, let waiting) = mode else {
      return [.refused(.noOffer(.decline, messages: messages))]
    }
    mode = SessionMode(waiting: waiting, correction: correction)
    return closingFinishedActionStep(for: .decline)
  }
}

extension CheckoutSession {
  /// The row's "enter it again" message when it shows one: a secret another
  /// instance changed is asked for again saying why, not only that it is required.
  func askAgainReason(_ step: Step, _ row: RowID?) -> String? {
    guard let row, let found = step.row(row), found.secret else { return nil }
    let message = CheckoutSession.enterAgainMessage(for: found, in: rules)
    return rowErrors[RowRef(step: step.id, row: row)] == message ? message : nil
  }
}
