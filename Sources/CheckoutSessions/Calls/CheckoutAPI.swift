import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// One call the engine asked for (a ``Effect/callAPI(_:_:key:)`` effect), as a
/// host sends it to its checkout API: the session, the operation, the data and
/// the idempotency key.
public struct CheckoutAPIRequest: Sendable {
  /// The session making the call.
  public var session: SessionID
  /// The session's flow.
  public var flow: FlowID
  /// The operation, e.g. `placeOrder`.
  public var operation: OperationName
  /// Every bound value, secrets included (never print it: its description is redacted).
  public var payload: Payload
  /// The call's idempotency key within the session (`placeOrder-1`), saved with
  /// the session before the call and sent again on every retry of it. It is
  /// numbered by the calls the session has made, of every operation
  /// (`verifyAddress-1`, then `placeOrder-2`), so sessions that walk the same way
  /// make the same keys: send ``idempotencyKey`` (which names the session too) to
  /// the API, never this, or one shopper's retry would be answered with another's
  /// order.
  public var key: IdempotencyKey

  /// Creates a request.
  public init(
    session: SessionID, flow: FlowID, operation: OperationName, payload: Payload, key: IdempotencyKey
  ) {
    self.session = session
    self.flow = flow
    self.operation = operation
    self.payload = payload
    self.key = key
  }

  /// The key the API sees, unique across sessions: `SESSION:placeOrder-1`. A call
  /// repeated with it must be answered with the first answer and act once.
  public var idempotencyKey: String { "\(session.rawValue):\(key.rawValue)" }
}

/// What a checkout API answered a call. The one answer type of the engine: a
/// host's ``CheckoutAPI`` returns it, the scenario language's `api OP ok|fail`
/// scripts it (`DevelopmentAPI`), and `event(for:)` turns it into the session
/// event that reports it.
///
/// ```swift
/// CheckoutAPIOutcome.failed([APIError(code: "card_declined")]).event(for: "placeOrder")
/// // .apiFailed("placeOrder", [card_declined])
/// ```
///
/// It prints as a log line reads it, with the keys of its data but never their
/// values (the outcome cannot know which are secret or sensitive: an API may answer
/// a card number): `succeeded: order.number`, `failed: card_declined ; cvv_invalid`,
/// `actionRequired three_d_secure: three_d_secure.url`. A ``CallExchange`` prints
/// the values too, masked as its flow masks them.
public enum CheckoutAPIOutcome: Hashable, Sendable, CustomStringConvertible {
  /// Success, with data to merge into the session (an order number).
  case succeeded([DataKey: Value])
  /// Failure, with the API's errors in its order.
  case failed([APIError])
  /// Neither: the shopper must do an action first (`three_d_secure`), with what
  /// the host shows for it. The call stays open; its continuation is the same call.
  case actionRequired(ActionName, [DataKey: Value])

  /// `succeeded: order.number`, `failed: card_declined ; cvv_invalid`,
  /// `actionRequired three_d_secure`: the data's keys, never a value.
  public var description: String { described { key, _ in key.rawValue } }

  /// The outcome as ``description`` writes it, each data entry written by `entry`
  /// (keys in order): the one wording of an outcome, with or without its values.
  package func described(_ entry: (DataKey, Value) -> String) -> String {
    func data(_ values: [DataKey: Value]) -> String {
      values.isEmpty
        ? "" : ": " + values.sorted { $0.key < $1.key }.map { entry($0.key, $0.value) }.joined(separator: ", ")
    }
    switch self {
    case .succeeded(let values): return "succeeded" + data(values)
    case .failed(let errors):
      return errors.isEmpty ? "failed" : "failed: " + errors.map(\.code).joined(separator: " ; ")
    case .actionRequired(let action, let values): return "actionRequired \(action)" + data(values)
    }
  }

  /// The session event that reports this outcome of a call to `operation`.
  package func event(for operation: OperationName) -> SessionEvent {
    switch self {
    case .succeeded(let data): return .apiSucceeded(operation, data)
    case .failed(let errors): return .apiFailed(operation, errors)
    case .actionRequired(let action, let data): return .apiActionRequired(operation, action, data)
    }
  }
}

/// A host's checkout backend: payments, orders, discounts, stock. The
/// ``CallCoordinator`` calls it for each ``Effect/callAPI(_:_:key:)`` effect.
///
/// An implementation must answer a repeated ``CheckoutAPIRequest/idempotencyKey``
/// with its first answer and act (charge) once, as payment APIs do: the
/// coordinator sends the same key again whenever it cannot know whether a call
/// was answered (a crash, a failed save). A thrown error means the outcome is
/// unknown: the coordinator gives the call up (``SessionEvent/apiExpired(_:)``),
/// and the shopper's retry reuses the key.
///
/// A call the shopper left waiting on an action (at the bank's challenge) is
/// finished by ``abandon(_:)`` once the coordinator's `actionTimeout` has passed
/// (``CallCoordinator/abandonIdleCalls(in:flow:readAt:)``):
/// the API says what became of it, and cancels it unless it went through.
///
/// ```swift
/// struct Payments: CheckoutAPI {
///   func perform(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
///     try await gateway.charge(request.payload, idempotencyKey: request.idempotencyKey)
///   }
///   func abandon(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
///     try await gateway.cancelUnlessSucceeded(idempotencyKey: request.idempotencyKey)
///   }
/// }
/// ```
public protocol CheckoutAPI: Sendable {
  /// Makes the call, or answers it with its first answer when its key was seen.
  func perform(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome

  /// The shopper left this call unfinished, waiting on an action (or given up
  /// unanswered, a retry offered that nobody took): answer what became of it. ``CheckoutAPIOutcome/succeeded(_:)`` if it went through (the
  /// shopper finished at the bank and closed the tab: the order is kept and
  /// placed); otherwise cancel it, so that it never goes through, and answer
  /// ``CheckoutAPIOutcome/failed(_:)`` with the API's errors. Asked again (after a
  /// crash), it must answer the same: it is idempotent.
  ///
  /// The request is the one the call's continuation would send: its key is the
  /// continuation's (`placeOrder-1/three_d_secure-1`; its
  /// ``IdempotencyKey/call`` names the call; for a call given up unanswered, the
  /// key it was last sent with), its payload the call's values now.
  /// An adapter finds the call by key (Stripe: retrieve the PaymentIntent made
  /// under `request.idempotencyKey`'s call, cancel it unless it succeeded), and
  /// records the cancellation under the continuation's key, so that a
  /// continuation sent later (the shopper came back) is answered failed too.
  /// ``CheckoutAPIOutcome/actionRequired(_:_:)`` or a thrown error means the
  /// outcome is unknown: nothing changes and the coordinator asks again later.
  func abandon(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome
}
