import CheckoutEngine

/// One call the engine asked for (a `callAPI` effect): the operation and the data.
struct CheckoutAPIRequest: Sendable {
  /// The session making the call.
  var session: SessionID
  /// The session's flow.
  var flow: FlowID
  /// The operation, e.g. `placeOrder`.
  var operation: OperationName
  /// Every bound value, secrets included (never print it: its description is redacted).
  var payload: Payload
  /// The call's idempotency key within the session (`placeOrder-1`), recorded in
  /// the stored session before the call.
  var key: IdempotencyKey

  /// The key the API sees, unique across sessions: `SESSION:placeOrder-1`. A call
  /// repeated with it is answered with the first answer and acts once.
  var idempotencyKey: String { "\(session.rawValue):\(key.rawValue)" }
}

/// What the checkout API answered; it becomes `apiSucceeded` or `apiFailed`.
enum CheckoutAPIOutcome: Sendable, Hashable {
  /// Success, with data to merge into the session (an order number).
  case succeeded([DataKey: Value])
  /// Failure, with the API's errors in its order.
  case failed([APIError])

  /// The session event that reports this outcome.
  func event(for operation: OperationName) -> SessionEvent {
    switch self {
    case .succeeded(let data): return .apiSucceeded(operation, data)
    case .failed(let errors): return .apiFailed(operation, errors)
    }
  }
}

/// The checkout backend the server calls for each `callAPI` effect: payments,
/// discounts, stock. Pluggable; ``DemoCheckoutAPI`` is the default.
///
/// The server saves the call's intent (its idempotency key) first, then calls
/// the API with the key, then saves the answer; a call whose answer was lost (a
/// crash, a failed save) is made again with the same key. An implementation must
/// answer a repeated ``CheckoutAPIRequest/idempotencyKey`` with its first answer
/// and act (charge) once, as payment APIs do. A thrown error means the outcome is
/// unknown: the shopper is offered a retry, which reuses the key.
protocol CheckoutAPI: Sendable {
  func perform(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome
}
