import CheckoutTestSupport
import Testing
import CheckoutModel

/// Writing a flow and loading it back gives the same model.
@Suite struct FlowWriterTests {
  @Test func shippedFlowsRoundTrip() throws {
    let flow = ShippedFlows.plndr
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
    let flow = Flow(
      id: "all", title: "Quotes \" and \\ and\nlines", start: "a", data: ["k.n": .number(2.5), "k.b": .bool(true)]
    ) {
      Step("a", title: "A", complete: [CompletionCheck(when: .not(.any([.present("k.b", false)])), message: "m")]) {
        // Every rule kind, spread over rows so that each row's rules can pass together.
        TextField("t", title: "T", bind: "k.t").rules([
          Rule(.required, message: "req"), Rule(.email), Rule(.maxLength(40)), Rule(.custom("zip"), message: "z"),
        ]).visible(when: .all([.equals("k.b", .bool(true)), .equals("k.n", .number(2.5))])).placeholder("tab\there")
        TextField("u", title: "U", bind: "k.u").rules([
          Rule(.luhn), Rule(.digits), Rule(.pattern("^\\d+$"), message: "p"), Rule(.minLength(1)),
        ])
        TextField("v", title: "V", bind: "k.v").rules([Rule(.expiry)])
        TextField("w", title: "W", bind: "k.w").rules([Rule(.oneOf(["x", "y"])), Rule(.maxLength(9))])
        Button("go", title: "Go", submit: "op", then: "a", validates: ["a"], provides: ["k.o", "k.p"]).requires("a")
      }
      ErrorMatcher(code: "x_*", field: "f", step: "a", row: "t", message: "msg", priority: 3)
    }
    #expect(try FlowLoader(customRules: ["zip"]).load(json: FlowWriter.json(flow)) == flow)
  }
}
