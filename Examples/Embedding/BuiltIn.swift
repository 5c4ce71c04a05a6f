/// A small flow for the embedding example, so it runs from any directory.
enum BuiltIn {
  static let mini = """
    { "format": 1, "id": "mini", "title": "Mini checkout", "start": "cart",
      "steps": [
        { "id": "cart", "title": "My Cart", "rows": [
          { "id": "checkout", "cell": "button", "title": "Checkout", "opens": "stepOne" } ] },
        { "id": "stepOne", "title": "Step One", "rows": [
          { "id": "zip", "cell": "text", "title": "ZIP", "bind": "shipping.zip", "rules": ["required"] } ] } ],
      "errors": [ { "code": "*", "step": "stepOne", "row": "zip" } ] }
    """
}
