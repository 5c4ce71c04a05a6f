import CheckoutEngine

/// The keys each operation's submits `provide`, by served flow (every version of
/// it), less those a value row binds: what the demo API's success answers, and which operation is the payment.
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

  /// The keys every served version of each flow in the catalog provides, by
  /// operation, but those a value row of that version binds: an API that corrects
  /// what the shopper typed (a suggested street) answers it deliberately, and a
  /// stand-in would replace the shopper's value (as the development API of `repl`
  /// and `replay` leaves it too).
  init(catalog: FlowCatalog) {
    for version in catalog.files.map(\.compiled) {
      let typed = Set(version.boundKeys)
      for submit in version.flow.submits {
        keys[version.flow.id, default: [:]][submit.operation, default: []]
          .formUnion(submit.provides.filter { !typed.contains($0) })
      }
    }
  }

  /// The keys `operation`'s submits in `flow` provide; nil when the flow is not known.
  func keys(of operation: OperationName, in flow: FlowID) -> Set<DataKey>? {
    guard let operations = keys[flow] else { return nil }
    return operations[operation] ?? []
  }
}
