import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutLint

/// The graph and consistency checks lint adds to loading.
@Suite struct LintTests {
  @Test func unreachableStep() {
    let report = expectLintDiagnostics(
      FlowFixtures.flow(steps: #"{ "id": 1️⃣"giftWrap", "title": "Gift wrap", "rows": [] }"#),
      [
        .error(
          "1️⃣", "step \"giftWrap\" cannot be reached from the start step \"cart\"", path: "steps[2].id",
          suggestion:
            "add a row that \"opens\" it, a submit whose \"then\" is it, or a submit that does an action on it (\"actions\"), on a reachable step"
        )
      ])
    #expect(report.hasErrors)
    #expect(report.flow != nil, "a flow with lint errors still loads")
  }

  @Test func keyBoundTwiceWithDifferentRulesOrMasking() {
    expectLintDiagnostics(
      FlowFixtures.flow(
        rows: """
          { "id": "zip", "cell": "text", "title": "Zip", "bind": "shipping.zip", "rules": ["required"] },
                { "id": "holder", "cell": "text", "title": "Name on card", "bind": "payment.card.holder", "sensitive": true },
                { "id": "review", "cell": "button", "title": "Review", "opens": "review" }
          """,
        steps: """
          { "id": "review", "title": "Review", "rows": [
                { "id": "zip", "cell": "text", "title": "Zip", "bind": "shipping.zip", "rules": 1️⃣["required", "digits"] },
                { "id": "zip2", "cell": "text", "title": "Zip again", "bind": "shipping.zip" },
                2️⃣{ "id": "holder", "cell": "text", "title": "Name", "bind": "payment.card.holder" } ] }
          """),
      [
        .error(
          "1️⃣", "key \"shipping.zip\" is bound at steps[0].rows[1] and here with different rules",
          path: "steps[2].rows[0].rules", suggestion: "give both rows the same rules, or leave them off one"),
        .error(
          "2️⃣",
          "key \"payment.card.holder\" is bound at steps[0].rows[2] and here, but only one of them marks it secret or sensitive",
          path: "steps[2].rows[2]", suggestion: "mark every row bound to the key the same way"),
      ])
  }

  @Test func matchersShadowedByAnEarlierFallbackOrPrefix() {
    expectLintDiagnostics(
      """
      {
        "format": 1, "id": "shop", "title": "Shop", "start": "cart",
        "steps": [
          { "id": "cart", "title": "Cart", "rows": [
            { "id": "number", "cell": "text", "title": "Card number", "bind": "payment.card.number" },
            { "id": "cvv", "cell": "secure", "title": "CVV", "bind": "payment.card.cvv", "secret": true } ] }
        ],
        "errors": [
          { "code": "card_*", "step": "cart", "row": "number" },
          1️⃣{ "code": "card_declined", "step": "cart" },
          2️⃣{ "code": "card_cvv_*", "step": "cart", "row": "cvv" },
          { "field": "payment.card.cvv", "step": "cart", "row": "cvv" },
          3️⃣{ "field": "payment.card.cvv", "code": "cvv_invalid", "step": "cart" },
          { "code": "cvv_*", "field": "cvc", "step": "cart" },
          { "code": "*", "step": "cart" },
          4️⃣{ "code": "cvv_invalid", "step": "cart", "row": "cvv" }
        ]
      }
      """,
      [
        .warning(
          "1️⃣", "this matcher never matches: errors[0] matches every error it would", path: "errors[1]",
          suggestion: "move it before errors[0], or remove it"),
        .warning(
          "2️⃣", "this matcher never matches: errors[0] matches every error it would", path: "errors[2]",
          suggestion: "move it before errors[0], or remove it"),
        .warning(
          "3️⃣", "this matcher never matches: errors[3] matches every error it would", path: "errors[4]",
          suggestion: "move it before errors[3], or remove it"),
        .warning(
          "4️⃣", "this matcher never matches: errors[6] matches every error it would", path: "errors[7]",
          suggestion: "move it before errors[6], or remove it"),
      ])
  }

  @Test func missingFallbackIsAWarningOnly() {
    let report = expectLintDiagnostics(
      """
      {
        "format": 1, "id": "shop", "title": "Shop", "start": "cart",
        "steps": [{ "id": "cart", "title": "Cart", "rows": [] }],
        "errors": 1️⃣[{ "code": "card_declined", "step": "cart" }]
      }
      """,
      [
        .warning(
          "1️⃣", "no fallback matcher: an API error no matcher knows is reported to the host unresolved",
          path: "errors", suggestion: "end \"errors\" with { \"code\": \"*\", \"step\": …, \"message\": … }")
      ])
    #expect(!report.hasErrors)
    #expect(report.flow != nil)
  }

  @Test func optionsFromAKeyTheDataLacksOrHoldsNoList() {
    expectLintDiagnostics(
      FlowFixtures.flow(
        top: #""data": { "shipping.methods": "ground" }"#,
        rows: """
          { "id": "country", "cell": "picker", "title": "Country", "bind": "shipping.country", "options": { "from": 1️⃣"countries" } },
                { "id": "method", "cell": "picker", "title": "Method", "bind": "shipping.method", "options": { "from": 2️⃣"shipping.methods" } }
          """),
      [
        .error(
          "1️⃣",
          "unknown key \"countries\": no row binds it, the flow's data does not hold it, and no submit provides it",
          path: "steps[0].rows[1].options.from",
          suggestion: "bind it to a value row, add it to \"data\", or list it in a submit's \"provides\""),
        .error(
          "2️⃣", "options come from \"shipping.methods\", which holds a string, not a list of options",
          path: "steps[0].rows[2].options.from"),
      ])
  }

  @Test func optionsFromAListInTheDataPass() {
    let source = FlowFixtures.flow(
      top: #""data": { "countries": [{ "value": "US", "label": "United States" }] }"#,
      rows:
        #"{ "id": "country", "cell": "picker", "title": "Country", "bind": "shipping.country", "options": { "from": "countries" } }"#
    )
    #expect(FlowLoader().lint(bytes: Array(source.utf8)).diagnostics == [])
  }

  @Test func lintRunsOnlyOnFlowsThatLoad() {
    // A load error hides the graph checks: an unreachable step is not reported on top of it.
    expectLintDiagnostics(
      FlowFixtures.flow(
        rows: #"{ "id": "x", "cell": 1️⃣"txt", "title": "X", "bind": "a.b" }"#,
        steps: #"{ "id": "orphan", "title": "Orphan", "rows": [] }"#),
      [.error("1️⃣", "\"txt\" is not a valid cell", path: "steps[0].rows[1].cell", suggestion: "did you mean \"text\"?")])
  }

  @Test func resolutionsNoRouteReachesAreReported() throws {
    let source = """
      {
        "format": 1, "id": "shop", "title": "Shop", "start": "cart",
        "steps": [
          { "id": "cart", "title": "Cart", "rows": [
            { "id": "go", "cell": "button", "title": "Review", "opens": "review" } ] },
          { "id": "review", "title": "Review", "rows": [
            { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "thanks" } ] },
          { "id": "thanks", "title": "Thanks", "presentation": "reset", "rows": [
            { "id": "gift", "cell": "disclosure", "title": "Gift", "opens": "gift" } ] },
          { "id": "gift", "title": "Gift", "rows": [] }
        ],
        "errors": [{ "code": "gift_*", "step": "gift" }, { "code": "*", "step": "cart" }]
      }
      """
    let report = FlowLoader().lint(bytes: Array(source.utf8))
    let diagnostic = try #require(report.diagnostics.first)
    #expect(report.diagnostics.count == 1)
    #expect(diagnostic.code == "uncovered-resolution")
    #expect(diagnostic.path?.description == "errors[0].step")
    #expect(diagnostic.location == CheckoutModel.SourceLocation(line: 12, column: 42))
    #expect(diagnostic.message.hasPrefix("an error from placeOrder on review cannot be fixed at gift: "))
    #expect(diagnostic.suggestion == "add a row that opens gift on a step the shopper can go back to from review")
  }
}
