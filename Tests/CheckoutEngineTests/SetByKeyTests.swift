import CheckoutEngine
import Testing

/// Setting a row through its data key checks and shows the row's error exactly
/// as setting it by row id does, for every host (the REPL, scenarios, servers).
@Suite struct SetByKeyTests {
  typealias Driven = SessionTests.Driven

  @Test func anInvalidValueSetByKeyShowsTheSameErrorAsByRowID() {
    var byRow = Driven()
    var byKey = Driven()
    byRow.send(.set("quantity", .string("abc")))
    let effects = byKey.send(.set("cart.quantity", .string("abc")))
    let quantity = CheckoutSession.RowRef(step: "cart", row: "quantity")
    #expect(effects == [])
    #expect(byKey.session.rowErrors[quantity] == "Choose a quantity from 1 to 99.")
    #expect(byKey.session.rowErrors == byRow.session.rowErrors)
    #expect(byKey.session.value(for: "cart.quantity") == .string("abc"))
    #expect(byKey.session.screen.rows.first { $0.id == "quantity" }?.error == "Choose a quantity from 1 to 99.")
  }

  @Test func aKeyWhoseRowIsOnAnotherStepShowsTheErrorOnThatRow() {
    var driven = Driven()
    driven.send(.set("shipping.zip", .string("12")))
    let zip = CheckoutSession.RowRef(step: "address", row: "zip")
    #expect(driven.session.rowErrors[zip] == "Enter a 5-digit ZIP code, or ZIP+4 (12345-6789).")
    driven.send(.set("shipping.zip", .string("97201")))
    #expect(driven.session.rowErrors[zip] == nil)
  }

  @Test func aValueTheRowCannotTakeIsRefusedByKeyAsByRow() {
    var driven = Driven()
    driven.send(.tap("checkout"))
    let byKey = driven.send(.set("shipping.method", .string("teleport")))
    let byRow = driven.send(.set("shippingMethod", .string("teleport")))
    #expect(byKey.count == 1)
    #expect(byKey == byRow)
    #expect(byKey.first?.argument.hasPrefix("Shipping method has no option \"teleport\"") == true)
  }
}
