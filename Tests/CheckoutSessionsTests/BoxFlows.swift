import CheckoutTestSupport
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// A snack-box shop: plan, shipping (whose address check may suggest another
/// address, on the modal `suggestion`), delivery, payment (a card modal with a
/// secret CVV), review (whose order may ask for 3-D Secure on `challenge`). Its
/// version 2 inserts `extras` between delivery and payment: delivery no longer
/// opens payment.
enum BoxFlows {
  static func json(version: Int) -> String {
    let afterDelivery = version == 1 ? "payment" : "extras"
    let extras =
      version == 1
      ? ""
      : #"""
        {"id": "extras", "title": "Extras", "rows": [
          {"id": "drinks", "cell": "toggle", "title": "Drinks", "bind": "extras.drinks"},
          {"id": "continue", "cell": "button", "title": "Continue", "opens": "payment"}]},
      """#
    return #"""
      {"format": 1, "id": "box", "title": "Box", "version": \#(version), "start": "plan", "steps": [
        {"id": "plan", "title": "Plan", "rows": [
          {"id": "continue", "cell": "button", "title": "Continue", "opens": "shipping"}]},
        {"id": "shipping", "title": "Shipping", "rows": [
          {"id": "zip", "cell": "text", "title": "ZIP", "bind": "shipping.zip", "rules": ["required"]},
          {"id": "continue", "cell": "button", "title": "Check address", "submit": "checkAddress",
           "then": "delivery", "validates": ["shipping"], "provides": ["shipping.suggested", "shipping.token"],
           "actions": {"address_suggestion": "suggestion"}}]},
        {"id": "suggestion", "title": "Did you mean?", "presentation": "modal", "rows": [
          {"id": "suggested", "cell": "info", "title": "Suggested", "detail": "{shipping.suggested}"},
          {"id": "use", "cell": "button", "title": "Use it", "action": "resume"},
          {"id": "keep", "cell": "button", "title": "Keep mine", "action": "close"}]},
        {"id": "delivery", "title": "Delivery", "rows": [
          {"id": "day", "cell": "text", "title": "Day", "bind": "delivery.day"},
          {"id": "continue", "cell": "button", "title": "Continue", "opens": "\#(afterDelivery)"}]},
        \#(extras)
        {"id": "payment", "title": "Payment", "rows": [
          {"id": "card", "cell": "disclosure", "title": "Card", "opens": "card"},
          {"id": "continue", "cell": "button", "title": "Review", "opens": "review"}]},
        {"id": "card", "title": "Card", "presentation": "modal", "rows": [
          {"id": "number", "cell": "text", "title": "Number", "bind": "payment.card.number"},
          {"id": "cvv", "cell": "secure", "title": "CVV", "bind": "payment.card.cvv", "secret": true},
          {"id": "done", "cell": "button", "title": "Done", "action": "close"}]},
        {"id": "review", "title": "Review", "rows": [
          {"id": "placeOrder", "cell": "button", "title": "Place order", "submit": "placeOrder",
           "then": "confirmation", "validates": ["review"], "provides": ["order.number"],
           "actions": {"three_d_secure": "challenge"}}]},
        {"id": "challenge", "title": "Your bank", "presentation": "modal", "rows": [
          {"id": "confirm", "cell": "button", "title": "Confirm", "action": "resume"},
          {"id": "cancel", "cell": "button", "title": "Cancel", "action": "close"}]},
        {"id": "confirmation", "title": "Thanks", "presentation": "reset", "rows": [
          {"id": "number", "cell": "info", "title": "Order", "bind": "order.number"}]}],
       "errors": [
         {"code": "zip_invalid", "step": "shipping", "row": "zip"},
         {"code": "card_declined", "step": "card", "row": "number", "message": "Declined."},
         {"code": "*", "step": "review", "message": "Something went wrong."}]}
      """#
  }

  static let v1 = fixture("the box flow v1") { CompiledFlow(try FlowLoader().load(json: json(version: 1))) }
  static let v2 = fixture("the box flow v2") { CompiledFlow(try FlowLoader().load(json: json(version: 2))) }

  /// A v1 session with its host confirming every step (unless `manual`).
  struct Shopper {
    var session = CheckoutSession(flow: BoxFlows.v1)
    var manual = false

    @discardableResult
    mutating func send(_ event: SessionEvent) -> [Effect] {
      manual ? session.send(event) : AutoHost().send(event, to: &session)
    }

    mutating func set(_ row: String, _ value: String) {
      send(.set(.row(RowID(row)), .string(value)))
    }

    /// Through the address check (no suggestion) and the delivery day, at payment.
    mutating func atPayment() {
      send(.tap("continue"))
      set("zip", "10115")
      send(.tap("continue"))
      send(.apiSucceeded("checkAddress", [:]))
      set("day", "mon")
      send(.tap("continue"))
    }
  }
}
