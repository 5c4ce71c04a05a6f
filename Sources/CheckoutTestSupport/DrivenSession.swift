import CheckoutEngine

/// A session with the auto host's confirmations: every navigate effect appears.
package struct DrivenSession {
  /// A session on the PLNDR flow, today being 2026-11-21.
  package init() {}

  package var session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)

  @discardableResult
  package mutating func send(_ event: SessionEvent) -> [Effect] {
    AutoHost().send(event, to: &session)
  }

  package mutating func fillAddressAndCard(cvv: String = "123") {
    send(.tap("checkout"))
    send(.tap("shippingAddress"))
    for (row, value) in [
      ("name", "Ada Lovelace"), ("street", "1 Main St"), ("city", "Portland"), ("state", "OR"), ("zip", "97201"),
    ] {
      send(.set(.row(RowID(row)), .string(value)))
    }
    send(.tap("done"))
    send(.tap("creditCard"))
    for (row, value) in [
      ("name", "Ada Lovelace"), ("number", "4242 4242 4242 4242"), ("expiry", "12/28"), ("cvv", cvv),
    ] {
      send(.set(.row(RowID(row)), .string(value)))
    }
    send(.tap("done"))
  }
}
