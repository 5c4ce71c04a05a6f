import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

extension CheckoutSession {
  /// The error offered when a host gives up waiting for a call's answer
  /// (``SessionEvent/apiExpired(_:)``); the flow resolves its code like any
  /// other (usually with its `*` fallback). Its message here is the English one; a
  /// session offers it in its own language (the engine's `error.unanswered` message).
  public static let unansweredCallError = APIError(
    code: ErrorResolver.unansweredCode, message: EngineMessages.english.text(.errorUnanswered))

  /// ``unansweredCallError`` in the session's language (`error.unanswered`), as the
  /// shopper is offered it.
  package var unansweredCallErrorInLocale: APIError {
    APIError(code: CheckoutSession.unansweredCallError.code, message: messages.text(.errorUnanswered))
  }

  /// Records a call before it is made: a new idempotency key, or the key of the
  /// same operation's call that was given up unanswered (the API may have acted
  /// on it, so the next try must not act again).
  mutating func startCall(_ operation: OperationName, then: StepID?) -> Effect {
    let key: IdempotencyKey
    let payload: Payload
    if let unanswered = unanswered.removeValue(forKey: operation) {
      key = unanswered.key
      payload = self.payload(for: unanswered)
    } else {
      callsMade += 1
      key = IdempotencyKey("\(operation)-\(callsMade)")
      payload = self.payload(for: operation)
    }
    calls[operation] = APICall(operation: operation, key: key, then: then, digest: PayloadDigest(payload).rawValue)
    return .callAPI(operation, payload, key: key)
  }

  /// What a call to `operation` sends: the bound data, secrets included where the
  /// operation's submits validate their rows (see ``payloadValues`` and
  /// ``CompiledFlow/withheldKeys``).
  func payload(for operation: OperationName) -> Payload {
    var values = payloadValues
    for key in compiled.withheldKeys[operation] ?? [] { values[key] = nil }
    return Payload(values: values, masking: compiled.masking)
  }

  /// The body a waiting call is sent again with: ``payload(for:)``, or, for a call
  /// started by an engine that sent every masked value to every operation (its
  /// digest is of that body), that body, so the retry is the same request.
  func payload(for call: APICall) -> Payload {
    let payload = payload(for: call.operation)
    guard let digest = call.digest, digest != PayloadDigest(payload).rawValue,
      compiled.withheldKeys[call.operation] != nil
    else { return payload }
    let whole = Payload(values: payloadValues, masking: compiled.masking)
    return PayloadDigest(whole).rawValue == digest ? whole : payload
  }

  /// What a call sends: the values of the keys a value row binds (what the shopper
  /// entered) while one of those rows is shown, of the keys a submit `provides`
  /// (what an earlier answer gave) and of the keys the host added (an action's
  /// result), never the flow's other data (a cart count, a picker's option list):
  /// the API has those already, and a host adds what else it needs deliberately.
  ///
  /// The data with the flow's data-only keys taken out (a few removals), rather
  /// than every key looked up in the flow: the same values.
  var payloadValues: [DataKey: Value] {
    var values = data
    for key in compiled.dataOnlyKeys { values[key] = nil }
    // A key whose every row is hidden answers a question the shopper was not asked.
    for (key, shownWhen) in compiled.shownOnlyKeys where !shownWhen.contains(where: { $0.holds(in: data) }) {
      values[key] = nil
    }
    // A picker's option list is never sent (rarely in the data at all).
    if values.values.contains(where: Self.isOptionList) { values = values.filter { !Self.isOptionList($0.value) } }
    return values
  }

  private static func isOptionList(_ value: Value) -> Bool {
    if case .options = value { return true }
    return false
  }

  /// ``SessionEvent/callAgain(_:)``: the same request, same key, with the same
  /// body (the values are frozen while the call waits); a body that differs from
  /// the digest saved with the call is refused, never sent.
  mutating func callAgain(_ operation: OperationName) -> [Effect] {
    guard let call = calls[operation], call.action == nil else {
      return [.refused(.noCallWaiting(operation, event: .callAgain))]
    }
    let payload = payload(for: call)
    if let digest = call.digest, digest != PayloadDigest(payload).rawValue {
      return [.refused(.callBodyChanged(call, title: submitTitle(operation), event: .callAgain, messages: messages))]
    }
    return [.callAPI(operation, payload, key: call.requestKey)]
  }

  /// ``SessionEvent/apiExpired(_:)``: the call is given up; its key is kept for the
  /// next call to the operation, and ``unansweredCallError`` is offered.
  mutating func apiExpired(_ operation: OperationName) -> [Effect] {
    guard let call = calls[operation], call.action == nil else {
      return [.refused(.noCallWaiting(operation, event: .apiExpired))]
    }
    calls[operation] = nil
    unanswered[operation] = call
    return offerErrors([unansweredCallErrorInLocale], from: operation)
  }
}
