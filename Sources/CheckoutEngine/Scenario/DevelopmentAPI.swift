/// A scripted stand-in for the checkout API, like the reference app's Development
/// scheme: each operation answers from its own queue of scripted responses, in order.
///
/// ```swift
/// var api = DevelopmentAPI()
/// api.enqueue(.fail([APIError(code: "cvv_invalid")]), for: "placeOrder")
/// api.enqueue(.ok([:]), for: "placeOrder")
/// api.answer("placeOrder")  // the failure, then the success
/// ```
public struct DevelopmentAPI: Hashable, Sendable {
  private var queues: [OperationName: [ScriptedResponse]] = [:]

  /// An API with nothing scripted.
  public init() {}

  /// Adds a response to the end of an operation's queue.
  public mutating func enqueue(_ response: ScriptedResponse, for operation: OperationName) {
    queues[operation, default: []].append(response)
  }

  /// The next scripted response to an operation, removed from its queue; nil when none is scripted.
  public mutating func answer(_ operation: OperationName) -> ScriptedResponse? {
    guard var queue = queues[operation], !queue.isEmpty else { return nil }
    let response = queue.removeFirst()
    queues[operation] = queue
    return response
  }

  /// How many responses are scripted for an operation.
  public func pending(_ operation: OperationName) -> Int { queues[operation]?.count ?? 0 }

  /// The event a response becomes.
  static func event(_ response: ScriptedResponse, for operation: OperationName) -> SessionEvent {
    switch response {
    case .ok(let values): return .apiSucceeded(operation, values)
    case .fail(let errors): return .apiFailed(operation, errors)
    }
  }
}
