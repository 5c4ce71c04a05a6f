import CheckoutModel

/// The key that makes one API call idempotent: the checkout API answers a call
/// repeated with the same key with its first answer, and acts (charges) once.
///
/// The session makes it before the call and records it with the call, so a host
/// that lost the answer (a crash, a failed save) calls again with the same key.
/// Keys are unique within a session (`placeOrder-1`, `placeOrder-2`, …): a host
/// serving many sessions prefixes the session's id.
public struct IdempotencyKey: StringIdentifier {
  public let rawValue: String
  public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// An API call the session made and has no answer for: the operation, its
/// idempotency key, and the step to open when it succeeds.
public struct APICall: Hashable, Sendable, Codable {
  /// The operation.
  public var operation: OperationName
  /// The idempotency key the call is made with (and made again with).
  public var key: IdempotencyKey
  /// The step opened when it succeeds.
  public var then: StepID?

  /// Creates a call.
  public init(operation: OperationName, key: IdempotencyKey, then: StepID?) {
    self.operation = operation
    self.key = key
    self.then = then
  }
}
