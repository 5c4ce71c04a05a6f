import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// A point in a call's life where a host may crash, in the order a call reaches
/// them. ``CallCoordinator/checkpoint`` is told each one: a host's fault tests
/// stop there (a test host throws, a server kills itself) to check that the call
/// is still made exactly once. <doc:CallingYourCheckoutAPI> says what happens
/// after a crash at each.
public enum CallCheckpoint: String, CaseIterable, Hashable, Sendable {
  /// The event that makes the call was applied; its intent is not saved yet.
  case beforeIntentSave = "before-intent-save"
  /// The intent (the call and its idempotency key) is saved; the API is not called yet.
  case afterIntentSave = "after-intent-save"
  /// The API answered (and recorded its answer); the session knows nothing yet.
  case afterAPIAnswer = "after-api-answer"
  /// The answer was applied to the session; it is not saved yet.
  case beforeAnswerSave = "before-answer-save"
  /// A call left waiting on an action is about to be abandoned
  /// (``CheckoutAPI/abandon(_:)``); nothing was saved for it, nor will be before the answer.
  case beforeAbandonRequest = "before-abandon-request"
  /// The API's answer to the abandonment was applied to the session; it is not saved yet.
  case beforeAbandonSave = "before-abandon-save"
}

/// What the coordinator did with a call, for a host's logs and metrics
/// (``CallCoordinator/report``). Never carries a payload, and prints as a log line
/// with no value in it: `placeOrder placeOrder-1 answered succeeded: order.number`,
/// `placeOrder placeOrder-1 recovering (session s1)`, `placeOrder placeOrder-1
/// unanswered: ERROR` (the error as the API threw it), `placeOrder
/// placeOrder-1/three_d_secure-1 abandoned: failed: payment_intent_authentication_failure`.
public enum CallReport: Sendable, CustomStringConvertible {
  /// A call whose answer was lost is made again, with its key.
  case recovering(operation: OperationName, key: IdempotencyKey, session: SessionID)
  /// The API answered: its outcome as it may be logged (``Payload/redacted(_:)``:
  /// no secret or sensitive value the call carried, and no card number, in its data
  /// or its messages).
  case answered(operation: OperationName, key: IdempotencyKey, outcome: CheckoutAPIOutcome)
  /// The API threw: the outcome is unknown, the call is given up (`apiExpired`) and its key kept.
  case unanswered(operation: OperationName, key: IdempotencyKey, error: any Error)
  /// A call the shopper left waiting on an action is abandoned: the API is asked
  /// what became of it (``CheckoutAPI/abandon(_:)``), with the continuation's key.
  case abandoning(operation: OperationName, key: IdempotencyKey, session: SessionID)
  /// The API answered the abandonment: `succeeded` (the order is placed) or
  /// `failed` (the call cancelled); `actionRequired` is taken as unknown (nothing saved, asked again later).
  /// The outcome as it may be logged (``Payload/redacted(_:)``).
  case abandoned(operation: OperationName, key: IdempotencyKey, outcome: CheckoutAPIOutcome)
  /// The API threw when asked about an abandonment: unknown, nothing saved, the
  /// call still waits on its action and is asked about again later.
  case abandonUnknown(operation: OperationName, key: IdempotencyKey, error: any Error)

  /// The log line: the operation, the key and what happened (an outcome's keys, never its values).
  public var description: String {
    switch self {
    case .recovering(let operation, let key, let session): return "\(operation) \(key) recovering (session \(session))"
    case .answered(let operation, let key, let outcome): return "\(operation) \(key) answered \(outcome)"
    case .unanswered(let operation, let key, let error): return "\(operation) \(key) unanswered: \(error)"
    case .abandoning(let operation, let key, let session): return "\(operation) \(key) abandoning (session \(session))"
    case .abandoned(let operation, let key, let outcome): return "\(operation) \(key) abandoned: \(outcome)"
    case .abandonUnknown(let operation, let key, let error):
      return "\(operation) \(key) abandonment unknown: \(error)"
    }
  }
}

/// A call the coordinator made, and what the API answered.
///
/// It prints the request as its effect does and the answer with its values masked
/// as the flow masks them (a secret `•••`, a sensitive value `•••• 4242`):
/// `callAPI placeOrder {…} key placeOrder-1 answered succeeded: order.number = PL-1`,
/// or `… unanswered` when the call was given up.
public struct CallExchange: Sendable, CustomStringConvertible {
  /// The request sent (its payload holds secrets: never print it).
  public var request: CheckoutAPIRequest
  /// The answer; nil when the API did not answer (the call was given up).
  public var outcome: CheckoutAPIOutcome?

  /// Creates an exchange.
  package init(request: CheckoutAPIRequest, outcome: CheckoutAPIOutcome?) {
    self.request = request
    self.outcome = outcome
  }

  /// The request (its payload redacted) and the answer, masked by the request's flow.
  public var description: String {
    let sent = "callAPI \(request.operation) \(request.payload) key \(request.key)"
    guard let outcome else { return sent + " unanswered" }
    let payload = request.payload
    return sent + " answered " + outcome.described { key, value in "\(key) = \(payload.shown(value, of: key))" }
  }
}

/// What one coordinated event or recovery produced, in order: the session's
/// effects, with each `callAPI` effect followed by the exchange that answered it
/// and then by the effects of its answer.
public enum CallStep: Sendable {
  /// An effect the session returned (a `callAPI` effect is not listed: its exchange is).
  case effect(Effect)
  /// A call made and answered (or given up).
  case call(CallExchange)
}

/// The coordinator's answer to an event or a recovery: what happened and the
/// session as it is now.
public struct CallResult: Sendable {
  /// The effects and calls, in order.
  public var steps: [CallStep]
  /// The stored version after the last save.
  public var version: Int
  /// The session after the last save (secrets restored from the vault, if one was given).
  public var session: CheckoutSession

  /// Creates a result.
  package init(steps: [CallStep], version: Int, session: CheckoutSession) {
    self.steps = steps
    self.version = version
    self.session = session
  }

  /// Every effect, each call's `callAPI` effect included where it was asked for
  /// (with its answer's events' effects after it).
  public var effects: [Effect] {
    steps.map { step in
      switch step {
      case .effect(let effect): return effect
      case .call(let exchange):
        return .callAPI(exchange.request.operation, exchange.request.payload, key: exchange.request.key)
      }
    }
  }
}

/// An event the session refused: it changed nothing, and nothing was saved.
public struct EventRefused: Error, Sendable, CustomStringConvertible {
  /// Why, as data (code, event, subject) and text.
  public var refusal: Refusal

  /// Creates the error.
  package init(_ refusal: Refusal) { self.refusal = refusal }

  public var description: String { refusal.message }
}

/// A retry that would send another body under a call's idempotency key than the
/// call first sent (``APICall/digest``): it was not sent. The values are frozen
/// while a call waits, so this means the session lost what it sent (a sensitive
/// value restored masked, from a store that keeps it masked).
public struct CallBodyChanged: Error, Sendable, CustomStringConvertible {
  /// The call, with its key and the digest of what it sent.
  public var call: APICall
  /// The refusal the session made, as data.
  public var refusal: Refusal

  /// Creates the error.
  package init(call: APICall, refusal: Refusal) {
    self.call = call
    self.refusal = refusal
  }

  public var description: String { refusal.message }
}
