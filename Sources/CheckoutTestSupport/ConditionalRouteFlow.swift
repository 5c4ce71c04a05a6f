/// A flow whose routes pass rows with conditions: the basket's billing disclosure
/// shows only while "Bill to the shipping address" is off; the payment step's
/// invoice address (a longer way to the same billing step) is enabled only for
/// invoices; Place order is enabled only once the terms are accepted. `sameAsShipping`
/// is the toggle's first value.
package enum ConditionalRouteFlow {
  package static func json(sameAsShipping: Bool = false) -> String {
    #"""
    {"format": 1, "id": "cond", "title": "Conditions", "start": "basket",
     "data": {"billing.same": \#(sameAsShipping), "order.terms": false},
     "steps": [
      {"id": "basket", "title": "Basket", "rows": [
        {"id": "same", "cell": "toggle", "title": "Bill to the shipping address", "bind": "billing.same"},
        {"id": "billing", "cell": "disclosure", "title": "Billing address", "opens": "billing",
         "visibleWhen": {"key": "billing.same", "equals": false}},
        {"id": "payment", "cell": "disclosure", "title": "Payment", "opens": "payment"},
        {"id": "terms", "cell": "toggle", "title": "I accept the terms", "bind": "order.terms"},
        {"id": "place", "cell": "button", "title": "Place order", "submit": "placeOrder", "then": "done",
         "enabledWhen": {"key": "order.terms", "equals": true}}]},
      {"id": "payment", "title": "Payment", "rows": [
        {"id": "method", "cell": "picker", "title": "Method", "bind": "payment.method",
         "options": [{"value": "card", "label": "Card"}, {"value": "invoice", "label": "Invoice"}]},
        {"id": "invoiceAddress", "cell": "disclosure", "title": "Invoice address", "opens": "billing",
         "enabledWhen": {"key": "payment.method", "equals": "invoice"}}]},
      {"id": "billing", "title": "Billing address", "rows": [
        {"id": "zip", "cell": "text", "title": "ZIP", "bind": "billing.zip", "rules": ["required"]}]},
      {"id": "done", "title": "Thank you", "presentation": "reset", "rows": []}],
     "errors": [
      {"code": "billing_zip_invalid", "step": "billing", "row": "zip"},
      {"code": "*", "step": "basket", "message": "Something went wrong"}]}
    """#
  }
}
