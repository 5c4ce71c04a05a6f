/// Small flows to build malformed fixtures from: a valid flow with room for more.
package enum FlowFixtures {
  /// A valid flow: `cart` opens the modal `creditCard` (rows `number`, `cvv`),
  /// with a fallback error matcher. `rows` are added to `cart`, `steps` after
  /// `creditCard`, `errors` before the fallback, `top` after the top-level ids.
  /// Each is a comma-free list; markers inside them keep their meaning.
  package static func flow(top: String = "", rows: String = "", steps: String = "", errors: String = "") -> String {
    """
    {
      "format": 1, "id": "shop", "title": "Shop", "start": "cart",\(top.isEmpty ? "" : "\n  " + top + ",")
      "steps": [
        { "id": "cart", "title": "Cart", "rows": [
          { "id": "checkout", "cell": "button", "title": "Checkout", "opens": "creditCard" }\(more(rows, indent: 6))
        ] },
        { "id": "creditCard", "title": "Credit card", "presentation": "modal", "rows": [
          { "id": "number", "cell": "text", "title": "Card number", "bind": "payment.card.number" },
          { "id": "cvv", "cell": "secure", "title": "CVV", "bind": "payment.card.cvv", "secret": true },
          { "id": "done", "cell": "button", "title": "Done", "action": "close" }
        ] }\(more(steps, indent: 4))
      ],
      "errors": [\(errors.isEmpty ? "" : "\n    " + errors + ",")
        { "code": "*", "step": "cart", "message": "Something went wrong" }
      ]
    }
    """
  }

  private static func more(_ text: String, indent: Int) -> String {
    text.isEmpty ? "" : ",\n" + String(repeating: " ", count: indent) + text
  }
}
