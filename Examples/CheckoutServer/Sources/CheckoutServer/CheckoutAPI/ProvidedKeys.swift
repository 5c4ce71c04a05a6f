import CheckoutEngine

/// The keys each operation's submits `provide`, by served flow (every version of
/// it): what the demo API's success answers, and which operation is the payment.
/// A ticket hold (`holdSeats` provides `hold.reference`) is answered a hold
/// reference and never declined for its card; the operation that provides the
/// order number (`placeOrder`, `confirmPayment`, `pay`) is the payment, which a
/// test card declines. Was: every success answered `order.number` (a hold showed
/// no reference, and the session left the key out with a notice), and any call
/// carrying a declined test card was declined, so a seat hold after a declined
/// payment failed for ever.
struct ProvidedKeys: Sendable, Equatable {
  private var keys: [FlowID: [OperationName: Set<DataKey>]] = [:]

  /// None known: the demo API answers every success with an order number, and
  /// takes every call that carries a card number as the payment.
  init() {}

  /// The keys every served version of each flow in the catalog provides, by operation.
  init(catalog: FlowCatalog) {
    for entry in catalog.entries {
      let id = entry.compiled.flow.id
      for flow in catalog.olderVersions(of: id) + [entry.compiled.flow] {
        for submit in flow.submits {
          keys[id, default: [:]][submit.operation, default: []].formUnion(submit.provides)
        }
      }
    }
  }

  /// The keys `operation`'s submits in `flow` provide; nil when the flow is not known.
  func keys(of operation: OperationName, in flow: FlowID) -> Set<DataKey>? {
    guard let operations = keys[flow] else { return nil }
    return operations[operation] ?? []
  }
}
