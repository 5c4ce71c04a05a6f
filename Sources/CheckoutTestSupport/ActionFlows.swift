import CheckoutModel
import CheckoutCompiledFlow

/// A small shop whose payment may ask for 3-D Secure: an e-mail and a details
/// step, then Pay (`placeOrder`, which declares `three_d_secure` on `challenge`:
/// a code row, a `resume` row and a close row), then a receipt.
package enum ActionFlows {
  /// The flow's JSON; `version` and the challenge step's id can be varied (a later version of the flow).
  package static func json(version: Int = 1, challenge: String = "challenge", renamed: String = "") -> String {
    #"""
    {"format": 1, "id": "shop3ds", "title": "Shop", "version": \#(version), \#(renamed) "start": "cart", "steps": [
      {"id": "cart", "title": "Cart", "rows": [
        {"id": "email", "cell": "email", "title": "Email", "bind": "contact.email", "rules": ["required"]},
        {"id": "details", "cell": "disclosure", "title": "Details", "opens": "details"},
        {"id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "receipt",
         "validates": ["cart"], "provides": ["order.number"], "actions": {"three_d_secure": "\#(challenge)"}}]},
      {"id": "details", "title": "Details", "rows": [
        {"id": "note", "cell": "text", "title": "Note", "bind": "order.note"},
        {"id": "done", "cell": "button", "title": "Done", "action": "close"}]},
      {"id": "\#(challenge)", "title": "Confirm with your bank", "presentation": "modal", "rows": [
        {"id": "code", "cell": "text", "title": "Code", "bind": "challenge.code"},
        {"id": "confirm", "cell": "button", "title": "Confirm", "action": "resume"},
        {"id": "cancel", "cell": "button", "title": "Cancel", "action": "close"}]},
      {"id": "receipt", "title": "Thanks", "presentation": "reset", "rows": [
        {"id": "number", "cell": "info", "title": "Order", "bind": "order.number"}]}],
     "errors": [
       {"code": "card_declined", "step": "cart", "row": "email", "message": "Your card was declined."},
       {"code": "*", "step": "cart", "message": "Something went wrong."}]}
    """#
  }

  /// The flow, compiled (version 1).
  package static let compiled = fixture("the action flow") { CompiledFlow(try FlowLoader().load(json: json())) }
}
