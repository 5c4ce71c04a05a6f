import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutLint

/// Lint checks the data a flow reads: every key must be one the flow can hold.
@Suite struct LintDataKeyTests {
  /// A flow reading keys at every site; `typo` swaps in a misspelt key at each.
  static func flow(_ marked: Bool) -> String {
    func key(_ marker: String, _ good: String, _ typo: String) -> String { marked ? marker + typo : good }
    return """
      {
        "format": 1, "id": "shop", "title": "Shop", "start": "cart",
        "data": { "bag.count": 2, "order.total": "$9", "ship.methods": [{ "value": "std", "label": "Standard" }] },
        "steps": [
          { "id": "cart", "title": "Cart", "rows": [
            { "id": "items", "cell": "info", "title": "Items", "detail": \(key("1️⃣", "\"{bag.count} items\"", "\"{bag.cuont} items\"")) },
            { "id": "total", "cell": "info", "title": "Total", "bind": \(key("2️⃣", "\"order.total\"", "\"ordr.total\"")) },
            { "id": "name", "cell": "text", "title": "Name", "bind": "ship.name" },
            { "id": "zip", "cell": "text", "title": "ZIP", "bind": "ship.zip",
              "visibleWhen": { "key": \(key("3️⃣", "\"ship.name\"", "\"ship.nmae\"")), "present": false } },
            { "id": "method", "cell": "picker", "title": "Method", "bind": "ship.method",
              "options": { "from": \(key("4️⃣", "\"ship.methods\"", "\"ship.methds\"")) },
              "enabledWhen": { "not": { "key": \(key("5️⃣", "\"ship.zip\"", "\"ship.zp\"")), "present": true } } },
            { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "done", "provides": ["order.number"] } ] },
          { "id": "done", "title": "Done", "presentation": "reset",
            "complete": [{ "when": { "key": \(key("6️⃣", "\"ship.zip\"", "\"ship.zipp\"")), "present": false }, "message": "no zip" }],
            "rows": [{ "id": "number", "cell": "info", "title": "Order", "detail": \(key("7️⃣", "\"Order {order.number}\"", "\"Order {order.nubmer}\"")) }] }
        ],
        "errors": [
          { "field": \(key("8️⃣", "\"ship.zip\"", "\"ship.zpi\"")), "step": "cart", "row": "zip" },
          { "field": "cvc", "step": "cart", "row": "zip" },
          { "field": "buyerIdentity.email", "step": "cart", "row": "name" },
          { "field": "shipping.address.zip", "step": "cart", "row": "zip" },
          { "code": "*", "step": "cart" }
        ]
      }
      """
  }

  static func unknown(_ marker: Character, _ key: String, path: String, meant: String) -> ExpectedDiagnostic {
    .error(
      marker, "unknown key \"\(key)\": no row binds it, the flow's data does not hold it, and no submit provides it",
      path: path, suggestion: "did you mean \"\(meant)\"?")
  }

  @Test func everySiteThatReadsAnUnknownKeyIsAnErrorWithASuggestion() {
    let report = expectLintDiagnostics(
      Self.flow(true),
      [
        Self.unknown("1️⃣", "bag.cuont", path: "steps[0].rows[0].detail", meant: "bag.count"),
        Self.unknown("2️⃣", "ordr.total", path: "steps[0].rows[1].bind", meant: "order.total"),
        Self.unknown("3️⃣", "ship.nmae", path: "steps[0].rows[3].visibleWhen.key", meant: "ship.name"),
        Self.unknown("4️⃣", "ship.methds", path: "steps[0].rows[4].options.from", meant: "ship.methods"),
        Self.unknown("5️⃣", "ship.zp", path: "steps[0].rows[4].enabledWhen.not.key", meant: "ship.zip"),
        Self.unknown("6️⃣", "ship.zipp", path: "steps[1].complete[0].when.key", meant: "ship.zip"),
        Self.unknown("7️⃣", "order.nubmer", path: "steps[1].rows[0].detail", meant: "order.number"),
        Self.unknown("8️⃣", "ship.zpi", path: "errors[0].field", meant: "ship.zip"),
      ])
    #expect(report.hasErrors)
    #expect(report.flow != nil, "unknown keys are lint errors: the flow still loads")
  }

  @Test func keysFromDataBindingsAndProvidesAreKnown() {
    // `order.number` is read on the confirmation only because the submit provides it;
    // `cvc`, `buyerIdentity.email` and `shipping.address.zip` are API field paths
    // (no known key starts with "buyerIdentity." or "shipping.").
    let report = FlowLoader().lint(bytes: Array(Self.flow(false).utf8))
    #expect(report.diagnostics == [])
  }

  @Test func withoutProvidesTheConfirmationsKeyIsUnknown() {
    let source = Self.flow(false).replacingOccurrences(of: #", "provides": ["order.number"]"#, with: "")
    let report = FlowLoader().lint(bytes: Array(source.utf8))
    #expect(report.diagnostics.map(\.code) == ["unknown-key"])
    #expect(report.diagnostics.first?.path?.description == "steps[1].rows[0].detail")
    #expect(
      report.diagnostics.first?.suggestion
        == #"bind it to a value row, add it to "data", or list it in a submit's "provides""#)
  }

  @Test func providesIsReadAndWrittenOnlyWithSubmit() throws {
    let flow = try FlowLoader().load(json: Self.flow(false))
    guard case .submit(let submit)? = flow.step("cart")?.row("pay")?.action else {
      Issue.record("pay is not a submit")
      return
    }
    #expect(submit.provides == ["order.number"])
    #expect(try FlowLoader().load(json: FlowWriter.json(flow)) == flow)
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: #"{ "id": "go", "cell": "button", "title": "Go", "opens": "cart", 1️⃣"provides": ["a.b"] }"#),
      [.error("1️⃣", "\"provides\" only applies to a row that has \"submit\"", path: "steps[0].rows[1].provides")])
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: #"{ "id": "go", "cell": "button", "title": "Go", "submit": "op", "provides": [1️⃣"not a key", 2️⃣3] }"#),
      [
        .error(
          "1️⃣", "\"not a key\" is not a valid data key: use names joined by dots, like \"payment.card.number\"",
          path: "steps[0].rows[1].provides[0]"),
        .error("2️⃣", "expected a data key (a string), found a number", path: "steps[0].rows[1].provides[1]"),
      ])
  }
}
