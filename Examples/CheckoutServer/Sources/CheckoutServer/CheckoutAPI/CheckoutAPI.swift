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
/// The server calls it once per effect, outside the store's retry loop, so a
/// retried save never charges a card twice. A thrown error is reported to the
/// session as an `api_unavailable` failure.
protocol CheckoutAPI: Sendable {
  func perform(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome
}
