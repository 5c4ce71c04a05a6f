import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutModel

/// Problems with the flow's shape and its ids: each at its marker, with its
/// message, JSON path and suggestion.
@Suite struct LoaderDiagnosticsTests {
  @Test func theBaseFixtureLoadsAndLintsClean() throws {
    let flow = try FlowLoader().load(json: FlowFixtures.flow())
    #expect(flow.steps.map(\.id) == ["cart", "creditCard"])
    #expect(FlowLoader().lint(bytes: Array(FlowFixtures.flow().utf8)).diagnostics == [])
  }

  @Test func unsupportedFormatSaysWhichFormatsAreReadAndNothingElse() {
    expectLoadDiagnostics(
      #"{ "format": 1️⃣2, "id": "shop", "pages": [] }"#,
      [.error("1️⃣", "unsupported flow format 2; this version of CheckoutEngine reads format 1 only", path: "format")])
  }

  @Test func formatMissingOrMistyped() {
    expectLoadDiagnostics(
      #"1️⃣{ "id": "shop", "title": "Shop", "start": "cart", "steps": [{ "id": "cart", "title": "Cart", "rows": [] }] }"#,
      [
        .error(
          "1️⃣", "missing required field \"format\" (the format version; this version of CheckoutEngine reads format 1)",
          path: "(top level)")
      ])
    expectLoadDiagnostics(
      #"{ "format": 1️⃣"1", "id": "shop", "title": "Shop", "start": "cart", "steps": [{ "id": "cart", "title": "Cart", "rows": [] }] }"#,
      [.error("1️⃣", "expected the number 1, found a string", path: "format")])
  }

  /// A condition written as an expression (a new author's first try) is answered
  /// with its object form, ready to paste.
  @Test func aConditionWrittenAsAnExpressionIsAnsweredWithItsObjectForm() {
    func visibleWhen(_ condition: String) -> String {
      #"{ "format": 1, "id": "shop", "title": "Shop", "start": "cart", "steps": [{ "id": "cart", "title": "Cart", "rows": [ { "id": "n", "cell": "info", "title": "N", "visibleWhen": 1️⃣"#
        + condition + " } ] }] }"
    }
    let found = "expected a condition (a JSON object), found a string"
    let others = #" (or "present", "all", "any", "not")"#
    for (written, object) in [
      (#""order.gift == true""#, #"{"key": "order.gift", "equals": true}"#),
      (#""shipping.country == 'US'""#, #"{"key": "shipping.country", "equals": "US"}"#),
      (#""cart.count==2""#, #"{"key": "cart.count", "equals": 2}"#),
      (#""gift""#, #"{"key": "order.gift", "equals": true}"#),
    ] {
      expectLoadDiagnostics(
        visibleWhen(written),
        [
          .error(
            "1️⃣", found, path: "steps[0].rows[0].visibleWhen", suggestion: "write it as an object: " + object + others)
        ])
    }
  }

  @Test func misspeltTopLevelFieldSuggestsTheField() {
    expectLoadDiagnostics(
      """
      1️⃣{
        "format": 1, "id": "shop", "title": "Shop", "start": 2️⃣"cart",
        3️⃣"stpes": [{ "id": "cart", "title": "Cart", "rows": [] }]
      }
      """,
      [
        .error("1️⃣", "missing required field \"steps\" (a list of steps)", path: "(top level)"),
        .error("2️⃣", "unknown step \"cart\"", path: "start", suggestion: "the flow has no steps"),
        .error("3️⃣", "unknown field \"stpes\" in a flow", path: "stpes", suggestion: "did you mean \"steps\"?"),
      ])
  }

  @Test func unknownFieldFarFromAnyListsTheValidFields() {
    expectLoadDiagnostics(
      FlowFixtures.flow(top: #"1️⃣"edition": 3"#),
      [
        .error(
          "1️⃣", "unknown field \"edition\" in a flow", path: "edition",
          suggestion:
            #"valid fields are "$schema", "format", "id", "title", "locales", "version", "renamed", "start", "data", "rules", "steps", "errors" and "messages""#
        )
      ])
  }

  /// `kind` is one edit from `bind`, but a newcomer writing it means `cell`: a
  /// field named as other form formats name one of ours is answered with ours.
  @Test func aFieldNamedAsOtherFormsNameItSuggestsOurs() {
    expectLoadDiagnostics(
      FlowFixtures.flow(rows: #"1️⃣{ "id": "gift", 2️⃣"kind": "info", "title": "Gift", 3️⃣"binding": "gift.note" }"#),
      [
        .error(
          "1️⃣",
          #"missing required field "cell" (one of "text", "secure", "number", "email", "phone", "picker", "toggle", "disclosure", "button" or "info")"#,
          path: "steps[0].rows[1]"),
        .error(
          "2️⃣", "unknown field \"kind\" in a row", path: "steps[0].rows[1].kind", suggestion: "did you mean \"cell\"?"),
        .error(
          "3️⃣", "unknown field \"binding\" in a row", path: "steps[0].rows[1].binding",
          suggestion: "did you mean \"bind\"?"),
      ])
  }

  @Test func duplicateStepID() {
    expectLoadDiagnostics(
      FlowFixtures.flow(steps: #"{ "id": 1️⃣"cart", "title": "Cart again", "rows": [] }"#),
      [
        .error(
          "1️⃣", "duplicate step id \"cart\"; it is first used at steps[0]", path: "steps[2].id",
          suggestion: "step ids must be unique in a flow")
      ])
  }

  @Test func duplicateRowID() {
    expectLoadDiagnostics(
      FlowFixtures.flow(rows: #"{ "id": 1️⃣"checkout", "cell": "info", "title": "Again" }"#),
      [
        .error(
          "1️⃣", "duplicate row id \"checkout\" in step \"cart\"; it is first used at steps[0].rows[0]",
          path: "steps[0].rows[1].id", suggestion: "row ids must be unique within their step")
      ])
  }

  @Test func duplicateJSONKeyPointsAtTheSecondOne() {
    expectLoadDiagnostics(
      FlowFixtures.flow(top: #"1️⃣"title": "Shop again""#),
      [.error("1️⃣", "field \"title\" appears more than once", path: "title")])
    expectLoadDiagnostics(
      FlowFixtures.flow(top: #""data": { "cart.count": 1, 1️⃣"cart.count": 2 }"#),
      [.error("1️⃣", "key \"cart.count\" appears more than once", path: #"data["cart.count"]"#)])
  }

  @Test func wrongTypes() {
    expectLoadDiagnostics(
      """
      { "format": 1, "id": "shop", "title": 1️⃣42, "start": "cart",
        "steps": [{ "id": "cart", "title": "Cart", "rows": 2️⃣{ "id": "pay" } }],
        "errors": 3️⃣"none" }
      """,
      [
        .error(
          "1️⃣",
          #"expected a string, or an object of locale -> string like { "en": "Card number", "de": "Kartennummer" }, found a number"#,
          path: "title"),
        .error("2️⃣", "expected a list of rows, found an object", path: "steps[0].rows"),
        .error("3️⃣", "expected a list of error matchers, found a string", path: "errors"),
      ])
  }

  @Test func elementsOfTheWrongKind() {
    expectLoadDiagnostics(
      FlowFixtures.flow(rows: #"1️⃣"pay", 2️⃣{ "cell": "info", "title": "No id" }"#, steps: "3️⃣null"),
      [
        .error("1️⃣", "expected a row (a JSON object), found a string", path: "steps[0].rows[1]"),
        .error("2️⃣", "missing required field \"id\" (row id)", path: "steps[0].rows[2]"),
        .error("3️⃣", "expected a step (a JSON object), found null", path: "steps[2]"),
      ])
  }

  @Test func emptyFlowAndTopLevelArray() {
    expectLoadDiagnostics(
      #"{ "format": 1, "id": "shop", "title": "Shop", "start": 1️⃣"cart", "steps": 2️⃣[] }"#,
      [
        .error("1️⃣", "unknown step \"cart\"", path: "start", suggestion: "the flow has no steps"),
        .error("2️⃣", "a flow needs at least one step", path: "steps"),
      ])
    expectLoadDiagnostics("1️⃣[]", [.error("1️⃣", "expected a flow (a JSON object), found an array", path: "(top level)")])
  }

  @Test func rowOpensAMissingStep() {
    expectLoadDiagnostics(
      FlowFixtures.flow(rows: #"{ "id": "card", "cell": "disclosure", "title": "Card", "opens": 1️⃣"creditCrd" }"#),
      [
        .error(
          "1️⃣", "unknown step \"creditCrd\"", path: "steps[0].rows[1].opens",
          suggestion: "did you mean \"creditCard\"?")
      ])
  }

  @Test func requiresAndValidatesNameMissingSteps() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: """
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": 1️⃣"thanks",
              "validates": ["cart", 2️⃣"creditCrd"], "requires": [3️⃣7, 4️⃣"shipping"] }
          """),
      [
        .error(
          "1️⃣", "unknown step \"thanks\"", path: "steps[0].rows[1].then",
          suggestion: "the steps are \"cart\" and \"creditCard\""),
        .error(
          "2️⃣", "unknown step \"creditCrd\"", path: "steps[0].rows[1].validates[1]",
          suggestion: "did you mean \"creditCard\"?"),
        .error("3️⃣", "expected a step id (a string), found a number", path: "steps[0].rows[1].requires[0]"),
        .error(
          "4️⃣", "unknown step \"shipping\"", path: "steps[0].rows[1].requires[1]",
          suggestion: "the steps are \"cart\" and \"creditCard\""),
      ])
  }

  @Test func errorMatcherResolvingToAMissingStepOrRow() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        errors: """
          { "code": "card_declined", "step": 1️⃣"creditCrd" },
              { "code": "cvv_invalid", "step": "creditCard", "row": 2️⃣"cvc" },
              { "code": "zip_invalid", "step": "creditCard", "row": 3️⃣"zip" },
              { "code": "expired", "step": "cart", "row": 4️⃣"expiry" }
          """),
      [
        .error("1️⃣", "unknown step \"creditCrd\"", path: "errors[0].step", suggestion: "did you mean \"creditCard\"?"),
        .error(
          "2️⃣", "step \"creditCard\" has no row \"cvc\"", path: "errors[1].row", suggestion: "did you mean \"cvv\"?"),
        .error(
          "3️⃣", "step \"creditCard\" has no row \"zip\"", path: "errors[2].row",
          suggestion: "its rows are \"number\", \"cvv\" and \"done\""),
        .error(
          "4️⃣", "step \"cart\" has no row \"expiry\"", path: "errors[3].row", suggestion: "its rows are \"checkout\""),
      ])
  }

  @Test func errorMatcherCodePatterns() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        errors: """
          1️⃣{ "step": "cart", "message": "matches nothing" },
              { "code": 2️⃣"card_*_declined", "step": "cart" },
              { "code": 3️⃣"", "step": "cart" },
              { "code": "x", "step": "cart", "priority": 4️⃣"high" }
          """),
      [
        .error("1️⃣", "an error matcher needs \"code\" or \"field\" (or both)", path: "errors[0]"),
        .error(
          "2️⃣", "\"card_*_declined\" is not a code pattern: write an exact code, a prefix ending in '*', or '*' alone",
          path: "errors[1].code"),
        .error(
          "3️⃣", "\"\" is not a code pattern: write an exact code, a prefix ending in '*', or '*' alone",
          path: "errors[2].code"),
        .error("4️⃣", "expected a whole number, found a string", path: "errors[3].priority"),
      ])
  }

  @Test func identifierAndKeySpelling() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        top: #""data": { 1️⃣"2fa.code": "x", "cart.count": 2️⃣null }"#,
        rows: #"{ "id": 3️⃣"gift card", "cell": "text", "title": "Gift card", "bind": 4️⃣"gift..code" }"#,
        steps: #"{ "id": 5️⃣"9lives", "title": "Nine", "rows": [] }"#),
      [
        .error(
          "1️⃣", "\"2fa.code\" is not a valid data key: use names joined by dots, like \"payment.card.number\"",
          path: #"data["2fa.code"]"#),
        .error("2️⃣", "expected a string, number, boolean or list of options, found null", path: #"data["cart.count"]"#),
        .error(
          "3️⃣", "\"gift card\" is not a valid row id: use a letter, then letters, digits, '_' or '-'",
          path: "steps[0].rows[1].id"),
        .error(
          "4️⃣", "\"gift..code\" is not a valid data key: use names joined by dots, like \"payment.card.number\"",
          path: "steps[0].rows[1].bind"),
        .error(
          "5️⃣", "\"9lives\" is not a valid step id: use a letter, then letters, digits, '_' or '-'",
          path: "steps[2].id"),
      ])
  }

  @Test func enumValuesSuggestTheNearest() {
    expectLoadDiagnostics(
      FlowFixtures.flow(steps: #"{ "id": "thanks", "title": "Thanks", "presentation": 1️⃣"modl", "rows": [] }"#),
      [
        .error(
          "1️⃣", "\"modl\" is not a valid presentation", path: "steps[2].presentation",
          suggestion: "did you mean \"modal\"?")
      ])
    expectLoadDiagnostics(
      FlowFixtures.flow(steps: #"{ "id": "thanks", "title": "Thanks", "presentation": 1️⃣"sheet", "rows": [] }"#),
      [
        .error(
          "1️⃣", "\"sheet\" is not a valid presentation", path: "steps[2].presentation",
          suggestion: "valid values are \"push\", \"modal\" or \"reset\"")
      ])
  }
}
