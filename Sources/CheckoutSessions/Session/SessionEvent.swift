import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// What happens to a session: the shopper's actions, the host's confirmations and
/// the checkout API's answers.
///
/// An event is not `Codable`: a `set` event holds the value typed, and the event
/// cannot know whether its row is `secret` (the CVV: never written anywhere) or
/// `sensitive` (only the flow knows). Printing or dumping an event never shows a
/// `set` value. A host that keeps a journal of events writes each one's
/// ``description`` (`set cvv`, `tap pay`, `api placeOrder ok`: no value), and keeps
/// what it must send later in the session (its snapshot, and a ``SecretVault`` for
/// secrets), never in the journal.
public enum SessionEvent: Hashable, Sendable, CustomStringConvertible {
  /// The shopper tapped a row of the step on screen.
  case tap(RowID)
  /// The shopper entered a value in a row, named by the row or by the key it binds
  /// (only keys a value row binds may be set; see ``SetTarget``).
  case set(SetTarget, Value)
  /// The shopper pressed back.
  case back
  /// The host reports that a step appeared on screen.
  case appeared(StepID)
  /// The checkout API answered an operation successfully, with data to merge.
  case apiSucceeded(OperationName, [DataKey: Value])
  /// The checkout API failed an operation with these errors.
  case apiFailed(OperationName, [APIError])
  /// The host lost the answer to a waiting call (it crashed, or could not save
  /// it) and makes the call again: answered with the same `callAPI` effect, the
  /// same idempotency key, so the API acts once.
  case callAgain(OperationName)
  /// The host gives up waiting for a call's answer: the call's outcome is
  /// unknown. The shopper is offered ``CheckoutSession/unansweredCallError``;
  /// the next call to the operation reuses the key, so it is never acted on twice.
  case apiExpired(OperationName)
  /// The checkout API answered that the shopper must do something before the
  /// call can finish (authenticate with the bank: `three_d_secure`), with what
  /// the host needs to show it. The call stays open; the session opens the step
  /// the submit's `actions` names for it.
  case apiActionRequired(OperationName, ActionName, [DataKey: Value])
  /// The host reports that the shopper did the action the call waits on (or the
  /// shopper tapped the step's `resume` row): the call is made again as the same
  /// call, its continuation, with `data` merged into the session first.
  case actionCompleted(OperationName, [DataKey: Value])
  /// The shopper accepted the offer to fix an error.
  case accept
  /// The shopper declined the offer.
  case decline

  /// The event in the words of the scenario language, with no value: `set cvv`,
  /// `tap pay`, `api placeOrder ok`, `api placeOrder fail card_declined`. Events
  /// that only a host sends, never a scenario, read the same way but are no
  /// scenario line: `api placeOrder again` (``callAgain(_:)``), `api placeOrder
  /// expired` (``apiExpired(_:)``) and `action placeOrder completed`
  /// (``actionCompleted(_:_:)``). No value is ever in it, so it may be logged and
  /// kept in a journal.
  public var description: String {
    switch self {
    case .tap(let row): return "tap \(row)"
    case .set(.row(let row, let step), _): return "set \(step.map { "\($0)." } ?? "")\(row)"
    case .set(.key(let key), _): return "set \(key)"
    case .back: return "back"
    case .appeared(let step): return "appear \(step)"
    case .apiSucceeded(let operation, _): return "api \(operation) ok"
    case .apiFailed(let operation, let errors):
      return "api \(operation) fail " + errors.map(\.code).joined(separator: " ; ")
    case .callAgain(let operation): return "api \(operation) again"
    case .apiExpired(let operation): return "api \(operation) expired"
    case .apiActionRequired(let operation, let action, _): return "api \(operation) action \(action)"
    case .actionCompleted(let operation, _): return "action \(operation) completed"
    case .accept: return "accept"
    case .decline: return "decline"
    }
  }
}
