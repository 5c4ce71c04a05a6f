import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutSessions

/// How `checkout diff` writes a changed route: its commands, `no route`, and
/// `already there` for an error fixed on the step it fails on (no command at all).
@Suite struct FlowDiffRouteTests {
  /// One step: a name row and a pay button, an error fixed at the name. `payGuard`
  /// is the pay button's `enabledWhen`.
  static func flow(payGuard: String? = nil) throws -> Flow {
    try FlowLoader().load(
      json: """
        {
          "format": 1, "id": "mini", "title": "Mini", "start": "cart",
          "steps": [
            { "id": "cart", "title": "Cart", "rows": [
              { "id": "go", "cell": "button", "title": "Pay", "submit": "pay"\(payGuard.map { #", "enabledWhen": \#($0)"# } ?? "") },
              { "id": "name", "cell": "text", "title": "Name", "bind": "name", "rules": ["required"] } ] }
          ],
          "errors": [{ "code": "bad_name", "step": "cart", "row": "name" }, { "code": "*", "step": "cart" }]
        }
        """)
  }

  @Test func aRouteThatNeededNoCommandIsAlreadyThere() throws {
    let diff = FlowDiff(
      from: try Self.flow(), to: try Self.flow(payGuard: #"{ "key": "name", "equals": "nobody" }"#))
    let routes = diff.differences.filter { $0.kind == "route changed" }.map(\.detail)
    #expect(routes == [], "a guard that some name meets changes no route: \(routes)")
    let blocked = FlowDiff(
      from: try Self.flow(), to: try Self.flow(payGuard: #"{ "key": "missing.key", "present": true }"#))
    #expect(
      blocked.differences.filter { $0.kind == "route changed" }.map { "\($0.subject) (\($0.detail))" } == [
        "cart to cart.name (already there -> no route)", "cart to cart (already there -> no route)",
      ])
  }
}
