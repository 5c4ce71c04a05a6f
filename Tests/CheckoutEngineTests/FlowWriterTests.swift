import CheckoutEngine
import CheckoutTestSupport
import Testing

/// Writing a flow and loading it back gives the same model.
@Suite struct FlowWriterTests {
  @Test func shippedFlowsRoundTrip() throws {
    let flow = RouteDriverTests.plndr
    #expect(try FlowLoader().load(json: FlowWriter.json(flow)) == flow)
  }

  @Test func generatedFlowsRoundTrip() throws {
    var random = SeededRandom(seed: 99)
    for _ in 0..<20 {
      let flow = FlowGenerator(steps: 12).flow(using: &random)
      #expect(try FlowLoader().load(json: FlowWriter.json(flow)) == flow)
    }
  }

  @Test func everyRuleConditionAndQuotedCharacterSurvives() throws {
    let flow = Flow(id: "all", title: "Quotes \" and \\ and\nlines", start: "a", data: ["k.n": .number(2.5), "k.b": .bool(true)]) {
      Step("a", title: "A", complete: [CompletionCheck(when: .not(.any([.present("k.b", false)])), message: "m")]) {
        TextField("t", title: "T", bind: "k.t").rules([
          Rule(.required, message: "req"), Rule(.email), Rule(.luhn), Rule(.digits), Rule(.expiry),
          Rule(.pattern("^\\d+$"), message: "p"), Rule(.minLength(1)), Rule(.maxLength(9)), Rule(.oneOf(["x", "y"])),
          Rule(.custom("zip"), message: "z"),
        ]).visible(when: .all([.equals("k.b", .bool(true)), .equals("k.n", .number(2.5))])).placeholder("tab\there")
        Button("go", title: "Go", submit: "op", then: "a", validates: ["a"]).requires("a")
      }
      ErrorMatcher(code: "x_*", field: "f", step: "a", row: "t", message: "msg", priority: 3)
    }
    #expect(try FlowLoader(customRules: ["zip"]).load(json: FlowWriter.json(flow)) == flow)
  }
}
