import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// A scripted stand-in for the checkout API, like the reference app's Development
/// scheme: each operation answers from its own queue of scripted responses, in order.
///
/// ```swift
/// var api = DevelopmentAPI()
/// api.enqueue(.failed([APIError(code: "cvv_invalid")]), for: "placeOrder")
/// api.enqueue(.succeeded([:]), for: "placeOrder")
/// api.answer("placeOrder")  // the failure, then the success
/// ```
package struct DevelopmentAPI: Hashable, Sendable {
  private var queues: [OperationName: [CheckoutAPIOutcome]] = [:]

  /// An API with nothing scripted.
  package init() {}

  /// Adds a response to the end of an operation's queue.
  package mutating func enqueue(_ response: CheckoutAPIOutcome, for operation: OperationName) {
    queues[operation, default: []].append(response)
  }

  /// The next scripted response to an operation, removed from its queue; nil when none is scripted.
  package mutating func answer(_ operation: OperationName) -> CheckoutAPIOutcome? {
    guard var queue = queues[operation], !queue.isEmpty else { return nil }
    let response = queue.removeFirst()
    queues[operation] = queue
    return response
  }

  /// How many responses are scripted for an operation.
  package func pending(_ operation: OperationName) -> Int { queues[operation]?.count ?? 0 }

  /// The event a response becomes in a session of `flow`. A success carries the
  /// scripted data, and for each key a submit of the operation `provides` that the
  /// script leaves out, a stand-in value (see ``standIn(for:operation:flow:)``), so
  /// a confirmation never shows an empty order number. A provided key a value row
  /// binds (an API that corrects the street the shopper typed) gets no stand-in: the
  /// shopper's value stands unless the script gives another.
  ///
  /// ```swift
  /// DevelopmentAPI.event(.succeeded([:]), for: "placeOrder", in: plndr)
  /// // .apiSucceeded("placeOrder", ["order.number": "PL-…"]) (six digits, the same every time)
  /// ```
  package static func event(_ response: CheckoutAPIOutcome, for operation: OperationName, in flow: Flow) -> SessionEvent
  {
    switch response {
    case .succeeded(let scripted):
      var values = scripted
      let typed = Set(flow.steps.flatMap(\.rows).filter(\.kind.takesValue).compactMap(\.bind))
      for key in providedKeys(of: operation, in: flow) where values[key] == nil && !typed.contains(key) {
        values[key] = standIn(for: key, operation: operation, flow: flow.id)
      }
      return .apiSucceeded(operation, values)
    case .failed(let errors): return .apiFailed(operation, errors)
    case .actionRequired(let action, let data): return .apiActionRequired(operation, action, data)
    }
  }

  /// The keys the flow's submits of this operation provide, each once, in flow order.
  static func providedKeys(of operation: OperationName, in flow: Flow) -> [DataKey] {
    var keys: [DataKey] = []
    for row in flow.steps.flatMap(\.rows) {
      guard case .submit(let submit) = row.action, submit.operation == operation else { continue }
      for key in submit.provides where !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  /// A plausible value for a provided key no script gave, the same on every run:
  /// six digits derived from the flow, the operation and the key. A key whose last
  /// name says it identifies something (`number`, `id`, `code`, `reference`, or a
  /// name ending in one of them capitalised, like `trackingNumber`) gets
  /// the flow's first two letters as a prefix (`order.number` in `plndr`:
  /// `PL-` and the digits); any other key gets its last name (`receipt.url`: `url-` and the digits).
  package static func standIn(for key: DataKey, operation: OperationName, flow: FlowID) -> Value {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
    for byte in "\(flow)/\(operation)/\(key)".utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    let number = String(hash % 1_000_000)
    let digits = String(repeating: "0", count: 6 - number.count) + number
    let last = key.rawValue.split(separator: ".").last.map(String.init) ?? key.rawValue
    // `number` or `orderNumber`, not `paid`.
    let identifying = ["number", "id", "code", "reference"].contains { name in
      last.lowercased() == name || last.hasSuffix(name.prefix(1).uppercased() + name.dropFirst())
    }
    guard identifying else { return .string("\(last)-\(digits)") }
    return .string(flow.rawValue.prefix(2).uppercased() + "-" + digits)
  }
}
