// libFuzzer target: the scenario parser, and the host running what parses, must
// never crash or hang on any text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenarioParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let script = try? ScenarioParser.parseScript(text) else { return 0 }
  var host = ScenarioHost(baseDirectory: "/nonexistent")
  host.builtInFlows = ["builtin:fuzz": FuzzFlows.small]
  _ = host.run(.flow("builtin:fuzz"))
  for (_, command) in script.prefix(200) {
    if case .flow = command { continue }
    _ = host.run(command)
  }
  return 0
}

enum FuzzFlows {
  static let small = """
    { "format": 1, "id": "fuzz", "title": "Fuzz", "start": "cart",
      "steps": [
        { "id": "cart", "title": "Cart", "rows": [
          { "id": "checkout", "cell": "button", "title": "Checkout", "opens": "card" },
          { "id": "note", "cell": "text", "title": "Note", "bind": "cart.note", "rules": ["required", { "pattern": "^[a-z]+$" }] } ] },
        { "id": "card", "title": "Card", "presentation": "modal", "rows": [
          { "id": "cvv", "cell": "secure", "title": "CVV", "bind": "card.cvv", "secret": true, "rules": ["required", "digits"] },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "pay", "then": "done" },
          { "id": "close", "cell": "button", "title": "Close", "action": "close" } ] },
        { "id": "done", "title": "Done", "presentation": "reset", "rows": [] } ],
      "errors": [ { "code": "cvv_*", "step": "card", "row": "cvv" }, { "code": "*", "step": "cart" } ] }
    """
}
