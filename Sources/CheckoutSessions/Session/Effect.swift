import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// What the host must do after an event. The engine never does I/O itself.
public enum Effect: Hashable, Sendable, CustomStringConvertible {
  /// Perform a navigation command, then report the step that appears.
  case navigate(NavigationCommand)
  /// Call the checkout API with this idempotency key (recorded in the session
  /// before the call); answer with `apiSucceeded` or `apiFailed`.
  case callAPI(OperationName, Payload, key: IdempotencyKey)
  /// Show the shopper an error and a "fix it" choice; answer with `accept` or `decline`.
  case offer(Offer)
  /// Focus a row and show the message on it.
  case focus(StepID, RowID?, String)
  /// The event changed nothing: what was refused, the row, key or step at fault,
  /// and why (see ``Refusal``).
  case refused(Refusal)
  /// An API error that no matcher resolves (and the flow has no fallback).
  case unresolved(APIError)
  /// A route in progress was given up, and why.
  case routeCancelled(String)
  /// What the session did about an event it did not expect, and what it expects
  /// now, for the host to show: `appeared stepTwo while waiting for creditCard
  /// after present creditCard: replanned from cart>stepOne>stepTwo: next pop`.
  case notice(String)

  /// The kinds of effect, named as scenarios (`expect effect KIND`), the REPL and
  /// the example server's JSON (`"kind"`) name them.
  public enum Kind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// ``Effect/navigate(_:)``.
    case navigate
    /// ``Effect/callAPI(_:_:key:)``.
    case callAPI
    /// ``Effect/offer(_:)``.
    case offer
    /// ``Effect/focus(_:_:_:)``.
    case focus
    /// ``Effect/refused(_:)``.
    case refused
    /// ``Effect/unresolved(_:)``.
    case unresolved
    /// ``Effect/routeCancelled(_:)``.
    case routeCancelled
    /// ``Effect/notice(_:)``.
    case notice

    /// The name: `navigate`, `callAPI`, ….
    public var description: String { rawValue }
  }

  /// The effect's kind.
  public var kind: Kind {
    switch self {
    case .navigate: return .navigate
    case .callAPI: return .callAPI
    case .offer: return .offer
    case .focus: return .focus
    case .refused: return .refused
    case .unresolved: return .unresolved
    case .routeCancelled: return .routeCancelled
    case .notice: return .notice
    }
  }

  /// The refusal, when the effect is one: `effects.lazy.compactMap(\.refusal).first`.
  public var refusal: Refusal? {
    if case .refused(let refusal) = self { return refusal }
    return nil
  }

  /// The effect's main argument as scenarios name it: the command, operation, target or code.
  package var argument: String {
    switch self {
    case .navigate(let command): return command.description
    case .callAPI(let operation, _, _): return operation.rawValue
    case .offer(let offer): return offer.resolution.target
    case .focus(let step, let row, _): return RowReference(step: step, row: row).description
    case .refused(let refusal): return refusal.message
    case .routeCancelled(let reason), .notice(let reason): return reason
    case .unresolved(let error): return error.code
    }
  }

  public var description: String {
    switch self {
    case .focus(_, _, let message): return "focus \(argument) \"\(message)\""
    case .offer(let offer): return "offer \(offer)"
    case .callAPI(_, let payload, let key): return "callAPI \(argument) \(payload) key \(key)"
    default: return "\(kind) \(argument)"
    }
  }
}

/// An error shown to the shopper with a choice to go and fix it.
public struct Offer: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Where it is fixed, and the message.
  public var resolution: Resolution
  /// The step the shopper was on when it was offered.
  public var from: StepID

  /// `creditCard.cvv: message`.
  public var description: String { resolution.description }
}

/// The data sent with an API call: the bound values, secrets included where the
/// call's submit validates them, because the API needs them. It never prints,
/// dumps or encodes a secret value.
public struct Payload: Hashable, Sendable, CustomStringConvertible, CustomReflectable {
  /// The values, secrets included: read them only to send them to the API.
  public let values: [DataKey: Value]
  /// Keys whose values are never shown.
  package let secretKeys: Set<DataKey>
  /// Keys whose values are shown masked.
  package let sensitiveKeys: Set<DataKey>

  /// Creates a payload.
  public init(values: [DataKey: Value], masking: Masking) {
    self.values = values
    self.secretKeys = masking.secretKeys
    self.sensitiveKeys = masking.sensitiveKeys
  }

  /// The payload as it may be shown: secrets hidden, sensitive values masked.
  public var redacted: [DataKey: String] {
    var shown: [DataKey: String] = [:]
    for (key, value) in values { shown[key] = self.shown(value, of: key) }
    return shown
  }

  /// A value of `key` as this payload's flow lets it be shown: `•••` for a secret
  /// key, `•••• 4242` for a sensitive one, else as it is (any value, not only the
  /// payload's own: an answer's data is shown by the call's flow).
  package func shown(_ value: Value, of key: DataKey) -> String {
    if secretKeys.contains(key) { return Masking.secretPlaceholder }
    if sensitiveKeys.contains(key) { return Masking.masked(value.displayText) }
    return value.displayText
  }

  /// `{key: value, …}` sorted by key, redacted.
  public var description: String {
    "{" + redacted.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
  }

  public var customMirror: Mirror {
    Mirror(self, children: redacted.sorted { $0.key < $1.key }.map { (label: $0.key.rawValue, value: $0.value as Any) })
  }
}
