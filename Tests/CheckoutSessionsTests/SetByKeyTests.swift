import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Setting a row through its data key checks and shows the row's error exactly
/// as setting it by row id does, for every host (the REPL, scenarios, servers).
@Suite struct SetByKeyTests {
  typealias Driven = DrivenSession

  @Test func anInvalidValueSetByKeyShowsTheSameErrorAsByRowID() {
    var byRow = Driven()
    var byKey = Driven()
    byRow.send(.set(.row("quantity"), .string("abc")))
    let effects = byKey.send(.set(.key("cart.quantity"), .string("abc")))
    let quantity = CheckoutSession.RowRef(step: "cart", row: "quantity")
    #expect(effects == [])
    #expect(byKey.session.rowErrors[quantity] == "Choose a quantity from 1 to 99.")
    #expect(byKey.session.rowErrors == byRow.session.rowErrors)
    #expect(byKey.session.value(for: "cart.quantity") == .string("abc"))
    #expect(byKey.session.screen.rows.first { $0.id == "quantity" }?.error == "Choose a quantity from 1 to 99.")
  }

  @Test func aKeyWhoseRowIsOnAnotherStepShowsTheErrorOnThatRow() {
    var driven = Driven()
    driven.send(.set(.key("shipping.zip"), .string("12")))
    let zip = CheckoutSession.RowRef(step: "address", row: "zip")
    #expect(driven.session.rowErrors[zip] == "Enter a 5-digit ZIP code, or ZIP+4 (12345-6789).")
    driven.send(.set(.key("shipping.zip"), .string("97201")))
    #expect(driven.session.rowErrors[zip] == nil)
  }

  @Test func aValueTheRowCannotTakeIsRefusedByKeyAsByRow() {
    var driven = Driven()
    driven.send(.tap("checkout"))
    let byKey = driven.send(.set(.key("shipping.method"), .string("teleport")))
    let byRow = driven.send(.set(.row("shippingMethod"), .string("teleport")))
    #expect(byKey.count == 1)
    #expect(byKey == byRow)
    #expect(byKey.first?.argument.hasPrefix("Shipping method has no such option; choose one of Standard") == true)
    #expect(byKey.first?.argument.contains("teleport") == false, "the value sent is never repeated")
  }

  /// A step showing the key on an info row, and the picker that sets it on the next step.
  static let shownAndPicked = """
    { "format": 1, "id": "shop", "title": "Shop", "start": "review",
      "data": { "ship.method": "standard" },
      "steps": [
        { "id": "review", "title": "Review", "rows": [
          { "id": "method", "cell": "info", "title": "Shipping", "bind": "ship.method" },
          { "id": "change", "cell": "disclosure", "title": "Change", "opens": "pick" } ] },
        { "id": "pick", "title": "Pick", "rows": [
          { "id": "method", "cell": "picker", "title": "Shipping method", "bind": "ship.method", "rules": ["required"],
            "options": [{ "value": "standard", "label": "Standard" }, { "value": "express", "label": "Express" }] } ] } ],
      "errors": [{ "code": "*", "step": "review" }] }
    """

  @Test func aKeyShownByAnInfoRowOnScreenIsSetThroughTheRowThatTakesIt() throws {
    let flow = try FlowLoader().load(json: Self.shownAndPicked)
    var session = CheckoutSession(flow: CompiledFlow(flow))
    #expect(session.send(.set(.key("ship.method"), .string("Express"))) == [])
    #expect(session.value(for: "ship.method") == .string("express"))
  }

  @Test func aPickerCanBeClearedAndThenShowsItsRequiredMessage() throws {
    let flow = try FlowLoader().load(json: Self.shownAndPicked)
    var session = CheckoutSession(flow: CompiledFlow(flow))
    #expect(session.send(.set(.key("ship.method"), .string(""))) == [])
    #expect(session.rowErrors[CheckoutSession.RowRef(step: "pick", row: "method")] == "Shipping method is required")
  }
}
