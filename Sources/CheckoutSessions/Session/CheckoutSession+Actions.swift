import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// Calls that ask for more: an API answers that the shopper must do an action
/// first (3-D Secure). The call stays open and waits on the action (its
/// ``APICall/action``); the session opens the action's step at once. Its `resume`
/// row, or ``SessionEvent/actionCompleted(_:_:)``, makes the same call again as
/// its continuation (the call's key with the action appended); leaving the step
/// cancels the call and puts back the shopper's values the action's data replaced.
extension CheckoutSession {
  /// The error an undeclared action is handled as, in the words of `messages` (a
  /// session's), naming the call by its submit's `title` (`Verify address`), never
  /// the action's name: the flow resolves its code like any other (usually with its
  /// `*` fallback).
  static func unsupportedActionError(title: String, messages: EngineMessages) -> APIError {
    APIError(code: ErrorResolver.unsupportedActionCode, message: messages.text(.errorActionUnsupported, title))
  }

  /// The call waiting on an action, with the action: what a host shows on the action's step.
  public var waitingAction: (call: APICall, action: PendingAction)? {
    for operation in calls.keys.sorted() {
      if let call = calls[operation], let action = call.action { return (call, action) }
    }
    return nil
  }

  /// ``SessionEvent/apiActionRequired(_:_:_:)``: the call waits on the action and
  /// its step opens (over what was shown; a route in progress is given up, an
  /// offer waiting is dropped). The action's data is kept for the host to show
  /// (``PendingAction/data``, secrets left out, sensitive values masked), and its keys the operation's
  /// submits `provides` fill the session's data, as a success's do; the shopper's
  /// own values they replace (of keys a row binds) are kept with the action, and
  /// put back if it is left without being completed. An action no submit of the
  /// operation declares is handled as a failure of the call, saying so.
  mutating func apiActionRequired(_ operation: OperationName, _ action: ActionName, _ values: [DataKey: Value])
    -> [Effect]
  {
    guard var call = calls[operation], call.action == nil else {
      return [.refused(.noCallWaiting(operation, event: .apiActionRequired))]
    }
    guard let step = submits(of: operation).lazy.compactMap({ $0.actions[action] }).first,
      let presentation = compiled.step(step)?.presentation
    else {
      calls[operation] = nil
      let notice = Effect.notice(
        "\(operation) asked for the action \(action), which its submit does not declare: the call is handled as failed")
      return [notice]
        + offerErrors(
          [CheckoutSession.unsupportedActionError(title: submitTitle(operation), messages: messages)],
          from: operation)
    }
    // The action's step opens over the step the call was made from (or over an
    // action's step of the call, for a second action): a shopper no longer there
    // has left the call, which is cancelled as leaving the action's step cancels it.
    if let left = stepLeft(by: operation) {
      calls[operation] = nil
      return [.notice(messages.text(.noticeActionCancelled, left, submitTitle(operation)))]
    }
    call.actions = (call.actions ?? 0) + 1
    call.lastAction = action
    // The keys the operation's submits provide are the session's at once, so the
    // action's step can show them (a suggested address in a row's detail); what
    // the shopper had in a row's key is kept, to put back if the action is left.
    let provided = Set(submits(of: operation).flatMap(\.provides))
    var replaced: [DataKey: Value?] = [:]
    for (key, value) in values where provided.contains(key) {
      let typed = !compiled.dependencies.rows(binding: key).isEmpty
      // A secret or sensitive key a row binds keeps the shopper's value while the
      // action waits: the value it replaced could be kept only where a snapshot
      // stores it in clear (a host's store seals the data, not the action). The
      // call's success provides it.
      if typed && compiled.masking.isMasked(key) { continue }
      let before = data[key]
      guard sessionData.update(value, for: key, in: compiled), typed else { continue }
      replaced.updateValue(before, forKey: key)
    }
    // What the host shows (a challenge's address): a secret is never kept, a sensitive value only masked.
    call.action = PendingAction(
      name: action, step: step, data: compiled.masking.redacted(values), replaced: replaced)
    calls[operation] = call
    if case .offering(_, let correction, let waiting) = mode {
      mode = SessionMode(waiting: waiting, correction: correction)
    }
    if navigation.top == step && mode.waiting == nil { return [] }
    return send(.opening(step, as: presentation), for: .apiActionRequired)
  }

  /// Puts back the shopper's values the action's data replaced: the action was
  /// left without being completed.
  private mutating func putBack(_ action: PendingAction) {
    for (key, value) in action.replaced { sessionData.restore(value, for: key, in: compiled) }
  }

  /// The title of the step `operation` was submitted from, in the shopper's
  /// language, when the step on top is neither a step that submits it nor the
  /// step of one of its actions (the host reported a step below while the call
  /// waited); nil while the shopper is still there.
  private func stepLeft(by operation: OperationName) -> String? {
    let top = navigation.top
    let submitting = flow.steps.filter { step in
      step.rows.contains { row in
        if case .submit(let submit)? = row.action { return submit.operation == operation }
        return false
      }
    }
    if submitting.contains(where: { $0.id == top }) { return nil }
    if submits(of: operation).contains(where: { $0.actions.values.contains(top) }) { return nil }
    return submitting.first.map { $0.title.text(in: rules.locale) } ?? operation.rawValue
  }

  /// A tap on a `resume` row: completes the action the call waits on at this step.
  mutating func resume(_ row: Row, on step: Step) -> [Effect] {
    guard let waiting = waitingAction, waiting.action.step == step.id else {
      let title = row.title.text(in: messages.locale)
      return [
        .refused(
          .noActionWaiting(nil, title: title, event: .tap, row: RowRef(step: step.id, row: row.id), messages: messages))
      ]
    }
    return actionCompleted(waiting.call.operation, [:], event: .tap)
  }

  /// The action is done: `values`, the host's result of the action, are merged for
  /// the action's own keys (`three_d_secure.result`) and the keys the action step's
  /// rows bind (what the shopper may change while the call waits); any other key is
  /// left out with a notice naming it (a host's result never overwrites the values
  /// frozen while the call waits, nor adds keys to the call's body). Then the call
  /// is made again as its continuation, with the values as they are now and a
  /// digest of that body.
  mutating func actionCompleted(_ operation: OperationName, _ values: [DataKey: Value], event: SessionEvent.Kind)
    -> [Effect]
  {
    guard var call = calls[operation], let action = call.action else {
      return [.refused(.noActionWaiting(operation, title: submitTitle(operation), event: event, messages: messages))]
    }
    let ownKeys = action.name.rawValue + "."
    let stepKeys = Set(compiled.step(action.step)?.rows.compactMap(\.bind) ?? [])
    var leftOut: [DataKey] = []
    for (key, value) in values {
      if key.rawValue.hasPrefix(ownKeys) || stepKeys.contains(key) {
        sessionData.update(value, for: key, in: compiled)
      } else {
        leftOut.append(key)
      }
    }
    let payload = payload(for: operation)
    call.action = nil
    call.digest = PayloadDigest(payload).rawValue
    calls[operation] = call
    let continuation = Effect.callAPI(operation, payload, key: call.requestKey)
    guard !leftOut.isEmpty else { return [continuation] }
    let names = leftOut.map(\.rawValue).sorted().joined(separator: ", ")
    return [
      .notice(
        "the result of the action \(action.name) holds \(names), neither its own keys (\(ownKeys)…) nor bound by a row of \(action.step): left out"
      ),
      continuation,
    ]
  }

  /// The API's answer to the abandonment of `operation`'s call (the shopper left
  /// it waiting on an action, or given up unanswered; ``CheckoutAPI/abandon(_:)``).
  /// A call waiting on an action takes it as the continuation's answer: the wait
  /// ends, and a success places the order (the action's step closed, the call's
  /// `then` opened), a failure offers the errors. A call given up unanswered that
  /// succeeded is placed the same way (the retry offered is dropped; only while no
  /// other call waits); one that failed was cancelled: its key is forgotten (the
  /// next submit is a new call) and the retry offered stays. Nil, changing nothing,
  /// unless the call still waits with `requestKey` (the shopper came back and
  /// finished it meanwhile: the answer is dropped), or when the answer asks for an
  /// action (unknown).
  package mutating func abandonedAction(
    _ operation: OperationName, requestKey: IdempotencyKey, answer: CheckoutAPIOutcome
  ) -> [Effect]? {
    if let given = unanswered[operation], given.requestKey == requestKey {
      return abandonedUnanswered(given, answer: answer)
    }
    guard var call = calls[operation], call.action != nil, call.requestKey == requestKey else { return nil }
    let event: SessionEvent
    switch answer {
    case .succeeded(let values): event = .apiSucceeded(operation, values)
    case .failed(let errors):
      // The action was never completed: what the shopper had comes back.
      if let action = call.action { putBack(action) }
      event = .apiFailed(operation, errors)
    case .actionRequired: return nil
    }
    call.action = nil
    calls[operation] = call
    return send(event)
  }

  /// ``abandonedAction(_:requestKey:answer:)`` of a call given up unanswered.
  private mutating func abandonedUnanswered(_ call: APICall, answer: CheckoutAPIOutcome) -> [Effect]? {
    switch answer {
    case .succeeded(let values):
      guard calls.isEmpty else { return nil }
      unanswered[call.operation] = nil
      calls[call.operation] = call
      if case .offering(_, let correction, let waiting) = mode {
        mode = SessionMode(waiting: waiting, correction: correction)
      }
      return send(.apiSucceeded(call.operation, values))
    case .failed:
      unanswered[call.operation] = nil
      return []
    case .actionRequired: return nil
    }
  }

  /// Closes the step on top when it is a step where an action is done and no call
  /// waits on an action there any more (the continuation of the call that asked
  /// for it failed): its `resume` row could finish nothing, so the shopper goes
  /// back to the checkout, where the failure shows on its row. Nothing while the
  /// session waits for a step or a route.
  mutating func closingFinishedActionStep(for event: SessionEvent.Kind) -> [Effect] {
    let top = navigation.top
    guard mode.waiting == nil, waitingAction?.action.step != top, isActionStep(top), let back = backCommand() else {
      return []
    }
    return send(back, for: event)
  }

  /// Whether a submit of the flow does an action on `step`.
  private func isActionStep(_ step: StepID) -> Bool {
    flow.steps.contains { candidate in
      candidate.rows.contains { row in
        if case .submit(let submit)? = row.action { return submit.actions.values.contains(step) }
        return false
      }
    }
  }

  /// Calls whose action step is no longer shown (the shopper closed it or went
  /// back, or a route left it) are cancelled, each with a notice in the shopper's
  /// words (the step and the submit row by their titles, `You left "Confirm with
  /// your bank": Place order was not finished; …`); the next submit is a new call
  /// with a new key. The shopper's values the action's data replaced come back
  /// ("Keep mine" on a suggested address keeps the street typed). A step still to
  /// appear is not left.
  mutating func cancelActionsLeft() -> [Effect] {
    var effects: [Effect] = []
    for operation in calls.keys.sorted() {
      guard let action = calls[operation]?.action, !navigation.steps.contains(action.step) else { continue }
      if case .step(let pending)? = mode.waiting, pending.expected == action.step { continue }
      calls[operation] = nil
      putBack(action)
      let left = compiled.step(action.step)?.title.text(in: rules.locale) ?? action.step.rawValue
      effects.append(.notice(messages.text(.noticeActionCancelled, left, submitTitle(operation))))
    }
    return effects
  }
}
