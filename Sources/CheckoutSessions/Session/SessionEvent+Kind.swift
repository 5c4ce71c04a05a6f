import CheckoutModel

extension SessionEvent {
  /// The kinds of event, by the names scenarios and the example server use.
  public enum Kind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// ``SessionEvent/tap(_:)``.
    case tap
    /// ``SessionEvent/set(_:_:)``.
    case set
    /// ``SessionEvent/back``.
    case back
    /// ``SessionEvent/appeared(_:)``.
    case appeared
    /// ``SessionEvent/apiSucceeded(_:_:)``.
    case apiSucceeded
    /// ``SessionEvent/apiFailed(_:_:)``.
    case apiFailed
    /// ``SessionEvent/callAgain(_:)``.
    case callAgain
    /// ``SessionEvent/apiExpired(_:)``.
    case apiExpired
    /// ``SessionEvent/apiActionRequired(_:_:_:)``.
    case apiActionRequired
    /// ``SessionEvent/actionCompleted(_:_:)``.
    case actionCompleted
    /// ``SessionEvent/accept``.
    case accept
    /// ``SessionEvent/decline``.
    case decline

    /// The name: `tap`, `set`, ….
    public var description: String { rawValue }
  }

  /// The event's kind (it carries no value, so it may be shown and logged).
  public var kind: Kind {
    switch self {
    case .tap: return .tap
    case .set: return .set
    case .back: return .back
    case .appeared: return .appeared
    case .apiSucceeded: return .apiSucceeded
    case .apiFailed: return .apiFailed
    case .callAgain: return .callAgain
    case .apiExpired: return .apiExpired
    case .apiActionRequired: return .apiActionRequired
    case .actionCompleted: return .actionCompleted
    case .accept: return .accept
    case .decline: return .decline
    }
  }
}
