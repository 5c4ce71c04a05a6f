import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// An error whose route cannot be taken stays on its row. One answer refuses the
/// ZIP code and the card; once the ZIP is fixed, the card's error is offered, but
/// payment opens only when the address is checked again, so its route is
/// cancelled. Was: the message was shown once in the offer and lost, and the card
/// row showed no error when the shopper got back to payment.
@Suite struct UnreachableErrorKeptTests {
  static let json = #"""
    {"format": 1, "id": "shop", "title": "Shop", "start": "address", "steps": [
      {"id": "address", "title": "Address", "rows": [
        {"id": "zip", "cell": "text", "title": "ZIP code", "bind": "shipping.zip", "rules": ["required"]},
        {"id": "check", "cell": "button", "title": "Continue", "submit": "validateAddress", "then": "payment",
         "validates": ["address"]}]},
      {"id": "payment", "title": "Payment", "rows": [
        {"id": "number", "cell": "text", "title": "Card number", "bind": "payment.card.number",
         "sensitive": true, "rules": ["required", "luhn"]},
        {"id": "pay", "cell": "button", "title": "Pay", "submit": "authorize", "then": "review",
         "validates": ["payment"]}]},
      {"id": "review", "title": "Review", "rows": [
        {"id": "place", "cell": "button", "title": "Place order", "submit": "placeOrder", "then": "done",
         "validates": []}]},
      {"id": "done", "title": "Done", "presentation": "reset", "rows": []}],
     "errors": [
      {"code": "zip_invalid", "operation": "placeOrder", "step": "address", "row": "zip",
       "message": "We can't ship to this ZIP code."},
      {"code": "card_declined", "operation": "placeOrder", "step": "payment", "row": "number",
       "message": "Your card was declined."},
      {"code": "*", "step": "review", "message": "We couldn't place the order."}]}
    """#

  static let declined = CheckoutSession.RowRef(step: "payment", row: "number")

  /// Send `event` through a host that shows every step at once.
  @discardableResult
  static func send(_ event: SessionEvent, _ session: inout CheckoutSession) -> [Effect] {
    AutoHost().send(event, to: &session)
  }

  /// At the address again, the ZIP fixed and the card's error accepted: its route cancelled.
  static func cardErrorCancelled() throws -> (CheckoutSession, [Effect]) {
    var session = CheckoutSession(flow: CompiledFlow(try FlowLoader().load(json: json)))
    send(.set(.row("zip"), .string("97201")), &session)
    send(.tap("check"), &session)
    send(.apiSucceeded("validateAddress", [:]), &session)
    send(.set(.row("number"), .string("4242 4242 4242 4242")), &session)
    send(.tap("pay"), &session)
    send(.apiSucceeded("authorize", [:]), &session)
    send(.tap("place"), &session)
    send(.apiFailed("placeOrder", [APIError(code: "zip_invalid"), APIError(code: "card_declined")]), &session)
    send(.accept, &session)
    #expect(session.navigation.description == "address")
    send(.set(.row("zip"), .string("97202")), &session)
    #expect(session.offer?.resolution.target == "payment.number")
    let effects = send(.accept, &session)
    return (session, effects)
  }

  @Test func theCancelledRoutesErrorStaysOnItsRowAndTheCancelSaysWhy() throws {
    let (session, effects) = try Self.cardErrorCancelled()
    let reasons = effects.compactMap { effect -> String? in
      if case .routeCancelled(let reason) = effect { return reason }
      return nil
    }
    #expect(reasons.count == 1 && reasons[0].contains("unreachable"), "\(effects)")
    #expect(session.rowErrors[Self.declined] == "Your card was declined.")
    #expect(session.navigation.description == "address")
    #expect(session.screen.row("number") == nil)
  }

  @Test func theErrorShowsWhenTheShopperGetsToItsStep() throws {
    var (session, _) = try Self.cardErrorCancelled()
    Self.send(.tap("check"), &session)
    Self.send(.apiSucceeded("validateAddress", [:]), &session)
    #expect(session.navigation.top == "payment")
    #expect(session.screen.row("number")?.error == "Your card was declined.")
  }

  @Test func theErrorClearsWhenTheRowsValueChanges() throws {
    var (session, _) = try Self.cardErrorCancelled()
    Self.send(.tap("check"), &session)
    Self.send(.apiSucceeded("validateAddress", [:]), &session)
    Self.send(.set(.row("number"), .string("5555 5555 5555 4444")), &session)
    #expect(session.screen.row("number")?.error == nil)
    #expect(session.rowErrors[Self.declined] == nil)
  }
}
