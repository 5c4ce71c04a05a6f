import CheckoutModel
import CheckoutPlanning
import CheckoutRows

/// What happens to a session: the shopper's actions, the host's confirmations and
/// the checkout API's answers.
///
/// Printing or dumping an event never shows a `set` value, but encoding one does
/// (so that event logs can be replayed): never persist the `set` events of secret
/// rows; keep their values in a ``SecretVault`` instead.
public enum SessionEvent: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The shopper tapped a row of the step on screen.
  case tap(RowID)
  /// The shopper entered a value in a row of the step on screen, or the host set a data key.
  case set(String, Value)
  /// The shopper pressed back.
  case back
  /// The host reports that a step appeared on screen.
  case appeared(StepID)
  /// The checkout API answered an operation successfully, with data to merge.
  case apiSucceeded(OperationName, [DataKey: Value])
  /// The checkout API failed an operation with these errors.
  case apiFailed(OperationName, [APIError])
  /// The shopper accepted the offer to fix an error.
  case accept
  /// The shopper declined the offer.
  case decline

  /// The event as a scenario line would write it (values of secret rows are never printed here).
  public var description: String {
    switch self {
    case .tap(let row): return "tap \(row)"
    case .set(let name, _): return "set \(name)"
    case .back: return "back"
    case .appeared(let step): return "appear \(step)"
    case .apiSucceeded(let operation, _): return "api \(operation) ok"
    case .apiFailed(let operation, let errors):
      return "api \(operation) fail " + errors.map(\.code).joined(separator: " ; ")
    case .accept: return "accept"
    case .decline: return "decline"
    }
  }
}
