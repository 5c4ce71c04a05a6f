/// A flow that loads, for stories whose `flow` line is beside the point (a story
/// whose flow cannot be loaded reports that too, at its line).
let tinyFlowJSON = """
  {"format": 1, "id": "tiny", "title": "Tiny", "start": "cart", "steps": [
    {"id": "cart", "title": "Cart", "rows": [
      {"id": "checkout", "cell": "button", "title": "Checkout", "opens": "stepOne"}]},
    {"id": "stepOne", "title": "Step One", "rows": [
      {"id": "name", "cell": "text", "title": "Name", "bind": "shipping.name"}]}]}
  """
