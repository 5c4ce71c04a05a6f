import Foundation
import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutModel

/// How loading reports: every problem at once, in document order, and never a half-loaded flow.
@Suite struct LoaderReportingTests {
  @Test func oneFileWithManyProblemsReportsAllOfThemInDocumentOrder() {
    let diagnostics = expectLoadDiagnostics(
      """
      {
        "format": 1, "id": "shop", "title": "Shop", "start": 1️⃣"kart",
        "steps": [
          { "id": "cart", "title": "Cart", 2️⃣"row": [], "rows": [
            { "id": "checkout", "cell": "button", "title": "Checkout", "opens": 3️⃣"creditCrd" },
            4️⃣{ "id": "zip", "cell": "text", "title": "Zip", "rules": [5️⃣"requird"] } ] },
          { "id": "creditCard", "title": "Credit card", "presentation": 6️⃣"modl", "rows": [
            { "id": "cvv", "cell": "secure", "title": "CVV", "bind": "payment.card.cvv", "sensitive": true, "secret": 7️⃣true } ] }
        ],
        "errors": [
          { "code": "cvv_invalid", "step": "creditCard", "row": 8️⃣"cvc" },
          { "code": 9️⃣"card*declined", "step": "creditCard" }
        ]
      }
      """,
      [
        .error("1️⃣", "unknown step \"kart\"", path: "start", suggestion: "did you mean \"cart\"?"),
        .error("2️⃣", "unknown field \"row\" in a step", path: "steps[0].row", suggestion: "did you mean \"rows\"?"),
        .error(
          "3️⃣", "unknown step \"creditCrd\"", path: "steps[0].rows[0].opens", suggestion: "did you mean \"creditCard\"?"),
        .error(
          "4️⃣", "a text row holds a value, so it needs \"bind\": the data key it reads and writes",
          path: "steps[0].rows[1]", suggestion: "add \"bind\": \"some.key\""),
        .error(
          "5️⃣", "unknown rule \"requird\"", path: "steps[0].rows[1].rules[0]", suggestion: "did you mean \"required\"?"),
        .error(
          "6️⃣", "\"modl\" is not a valid presentation", path: "steps[1].presentation",
          suggestion: "did you mean \"modal\"?"),
        .error(
          "7️⃣", "a row is either \"sensitive\" (shown masked) or \"secret\" (never shown), not both",
          path: "steps[1].rows[0].secret"),
        .error(
          "8️⃣", "step \"creditCard\" has no row \"cvc\"", path: "errors[0].row", suggestion: "did you mean \"cvv\"?"),
        .error(
          "9️⃣", "\"card*declined\" is not a code pattern: write an exact code, a prefix ending in '*', or '*' alone",
          path: "errors[1].code"),
      ])
    let locations = diagnostics.compactMap(\.location)
    #expect(locations.count == diagnostics.count)
    #expect(locations == locations.sorted())
  }

  static let malformed: [String] = [
    "",
    #"{ "format": 1, }"#,
    FlowFixtures.flow(rows: #"{ "id": "x", "cell": "text", "title": "X" }"#),
    FlowFixtures.flow(errors: #"{ "code": "x", "step": "nowhere" }"#),
    FlowFixtures.flow(top: #""extra": true"#),
    FlowFixtures.flow().replacingOccurrences(of: "\"format\": 1", with: "\"format\": 2"),
  ]

  @Test(arguments: malformed)
  func aMalformedFlowNeverHalfLoads(_ source: String) {
    #expect(throws: FlowLoadError.self) { try FlowLoader().load(json: source) }
    let report = FlowLoader().lint(bytes: Array(source.utf8))
    #expect(report.flow == nil)
    #expect(report.hasErrors)
    #expect(!report.diagnostics.isEmpty)
  }

  @Test func loadingAFileNamesItInEveryLine() {
    let path = PackagePaths.root.appendingPathComponent("Tests/CheckoutModelTests/Fixtures/typo-in-opens.json").path
    do {
      _ = try FlowLoader().load(contentsOf: path)
      Issue.record("loaded a flow with an unknown step")
    } catch {
      #expect(error.file == path)
      #expect(
        error.description
          == "\(path):9:71: error: steps[0].rows[0].opens: unknown step \"creditCrd\"; did you mean \"creditCard\"?")
    }
    let report = FlowLoader().lint(contentsOf: path)
    #expect(report.file == path)
    #expect(report.diagnostics.map(\.code) == ["unknown-step"])
  }

  @Test func aMissingFileIsOneDiagnostic() {
    let path = "/nonexistent/checkout/flow.json"
    do {
      _ = try FlowLoader().load(contentsOf: path)
      Issue.record("loaded a missing file")
    } catch {
      #expect(
        error.description == "/nonexistent/checkout/flow.json: error: cannot read the file: No such file or directory")
    }
    let report = FlowLoader().lint(contentsOf: path)
    #expect(report.diagnostics.map(\.code) == ["unreadable-file"])
    #expect(report.flow == nil)
  }

  @Test func aFlowBuiltInSwiftGetsTheSameChecks() {
    let flow = Flow(
      id: "shop", title: "Shop", start: "cart",
      steps: [
        Step(id: "cart", title: "Cart", rows: [Row(id: "go", cell: .button(.opens("paymnt")), title: "Go")]),
        Step(id: "payment", title: "Payment"),
      ])
    #expect(
      flow.validate().map(\.description)
        == [#"<flow>: error: steps[0].rows[0].opens: unknown step "paymnt"; did you mean "payment"?"#])
  }

  @Test func renderedDiagnosticsReadLikeACompilers() {
    let diagnostic = Diagnostic(
      code: "unknown-step", message: "unknown step \"creditCrd\"",
      path: JSONPath.root.appending("steps").appending(3).appending("rows").appending(1).appending("opens"),
      location: CheckoutModel.SourceLocation(line: 12, column: 18), suggestion: "did you mean \"creditCard\"?")
    #expect(
      diagnostic.rendered(file: "Flows/bad.json")
        == #"Flows/bad.json:12:18: error: steps[3].rows[1].opens: unknown step "creditCrd"; did you mean "creditCard"?"#
    )
    let warning = Diagnostic(.warning, code: "no-fallback", message: "no fallback matcher")
    #expect(warning.description == "<flow>: warning: no fallback matcher")
  }

  @Test func jsonPathsPrintAsPeopleWriteThem() {
    let data = JSONPath.root.appending("data")
    #expect(JSONPath.root.description == "(top level)")
    #expect(data.appending("payment.card.number").description == #"data["payment.card.number"]"#)
    #expect(data.appending("say \"hi\"").description == #"data["say \"hi\""]"#)
    #expect(JSONPath.root.appending("$schema").description == "$schema")
    #expect(JSONPath.root.appending("errors").appending(0).appending("step").description == "errors[0].step")
  }

  @Test func markedSourcesRecordMarkersInCharacters() {
    let source = MarkedSource("{ \"a\": 1️⃣\"é😀\",\n  2️⃣\"b\": 3️⃣1 }")
    #expect(source.text == "{ \"a\": \"é😀\",\n  \"b\": 1 }")
    #expect(source.locations["1️⃣"] == CheckoutModel.SourceLocation(line: 1, column: 8))
    #expect(source.locations["2️⃣"] == CheckoutModel.SourceLocation(line: 2, column: 3))
    #expect(source.locations["3️⃣"] == CheckoutModel.SourceLocation(line: 2, column: 8))
  }
}
