import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// A call freezes what it sends: while it is in flight, waits on an action or was
/// given up unanswered, a `set` that would change its payload is refused (the
/// rows of the action's own step excepted: the continuation carries them), so its
/// answer applies to exactly the values sent; a placed order refuses changes.
extension CheckoutSession {
  /// Why the shopper may not change `row`'s value now, if a call or a placed order forbids it.
  func frozenRefusal(_ row: Row, on step: Step) -> Refusal? {
    if let finished {
      return .orderFinished(submitTitle(finished), row: row, on: step.id, event: .set, messages: messages)
    }
    for operation in calls.keys.sorted() {
      guard let call = calls[operation] else { continue }
      if let action = call.action, action.step == step.id { continue }
      return .callInProgress(submitTitle(operation), row: row, on: step.id, messages: messages)
    }
    // A secret may be entered again after a call was given up: it is no detail of
    // the order (see ``PayloadDigest``), and a lost one must be asked for again.
    if !row.secret, let operation = unanswered.keys.sorted().first {
      return .callUnanswered(submitTitle(operation), row: row, on: step.id, messages: messages)
    }
    return nil
  }

  /// The call waiting for the API's answer (not on an action), the first by
  /// operation when there are several; nil when none. While it waits the shopper
  /// stays on the step it was made from: its success is an edge of the flow's graph
  /// from that step to its `then`, so `back` and taps that open or close a step or
  /// make another call are refused (``Refusal/Code/callInProgress``).
  var callAwaitingAnswer: APICall? {
    for operation in calls.keys.sorted() {
      if let call = calls[operation], call.action == nil { return call }
    }
    return nil
  }

  /// Why a tap on `row` (one that opens or closes a step, or submits) may not be
  /// made now: a call waits for its answer on this step.
  func leavingRefusal(_ row: Row, on step: Step) -> Refusal? {
    guard let waiting = callAwaitingAnswer else { return nil }
    return .callInProgressTap(submitTitle(waiting.operation), row: row, on: step.id, messages: messages)
  }

  /// Whether `step` holds a submit of `operation` whose success opens `then`: a
  /// step the call's success edge leaves from.
  func submits(_ operation: OperationName, opening then: StepID, from step: StepID) -> Bool {
    guard let rows = compiled.step(step)?.rows else { return false }
    return rows.contains { row in
      if case .submit(let submit)? = row.action { return submit.operation == operation && submit.then == then }
      return false
    }
  }

  /// A submit tapped once the order is placed makes no call: the order's own
  /// submit shows its confirmation again (the command its success sent, which the
  /// host may have lost or not followed: a second call would charge twice), any
  /// other is refused (`orderFinished`).
  mutating func submitAfterTheOrder(_ submit: Submit, from row: Row, on step: StepID) -> [Effect] {
    guard let finished else { return [] }
    if submit.operation == finished, let then = submit.then, let presentation = compiled.step(then)?.presentation {
      return send(.opening(then, as: presentation), for: .tap)
    }
    return [.refused(.orderFinished(submitTitle(finished), row: row, on: step, event: .tap, messages: messages))]
  }

  /// The title of the first row that submits `operation` (`Place Order`), for the
  /// shopper's messages; the operation's name when no row does.
  func submitTitle(_ operation: OperationName) -> String {
    for step in flow.steps {
      for row in step.rows {
        if case .submit(let submit)? = row.action, submit.operation == operation {
          return row.title.text(in: rules.locale)
        }
      }
    }
    return operation.rawValue
  }

  /// The submit rows of `operation`, in flow order.
  func submits(of operation: OperationName) -> [Submit] {
    flow.steps.flatMap(\.rows).compactMap { row in
      if case .submit(let submit)? = row.action, submit.operation == operation { return submit }
      return nil
    }
  }

  /// Whether a success of a call that opens `then` places the order (``Flow/isFinal(then:step:)``).
  func isFinal(then: StepID?) -> Bool {
    Flow.isFinal(then: then, step: compiled.step)
  }
}
