import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutModel

/// Problems inside rows: fields, cell kinds, actions, rules, conditions, templates.
@Suite struct LoaderRowDiagnosticsTests {
  @Test func misspeltRowFieldSuggestsTheField() {
    expectLoadDiagnostics(
      FlowFixtures.flow(rows: #"1️⃣{ "id": "zip", "cell": "text", "title": "Zip", 2️⃣"bnid": "shipping.zip" }"#),
      [
        .error(
          "1️⃣", "a text row holds a value, so it needs \"bind\": the data key it reads and writes",
          path: "steps[0].rows[1]", suggestion: "add \"bind\": \"some.key\""),
        .error(
          "2️⃣", "unknown field \"bnid\" in a row", path: "steps[0].rows[1].bnid", suggestion: "did you mean \"bind\"?"),
      ])
  }

  @Test func unknownCellKindSuggestsTheNearest() {
    expectLoadDiagnostics(
      FlowFixtures.flow(rows: #"{ "id": "zip", "cell": 1️⃣"txt", "title": "Zip", "bind": "shipping.zip" }"#),
      [.error("1️⃣", "\"txt\" is not a valid cell", path: "steps[0].rows[1].cell", suggestion: "did you mean \"text\"?")])
  }

  @Test func valueRowWithoutBindAndPickerWithoutOptions() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: """
          1️⃣{ "id": "email", "cell": "email", "title": "E-mail" },
                2️⃣{ "id": "country", "cell": "picker", "title": "Country", "bind": "shipping.country" }
          """),
      [
        .error(
          "1️⃣", "an email row holds a value, so it needs \"bind\": the data key it reads and writes",
          path: "steps[0].rows[1]", suggestion: "add \"bind\": \"some.key\""),
        .error("2️⃣", "a picker row needs \"options\": a list, or { \"from\": key }", path: "steps[0].rows[2]"),
      ])
  }

  @Test func pickerOptionProblemsPointAtTheRightOption() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: """
          { "id": "country", "cell": "picker", "title": "Country", "bind": "shipping.country", "options": [
                  1️⃣{ "value": "US" }, { "value": "CA", "label": "Canada" }, { "value": 2️⃣"CA", "label": "Canada again" } ] }
          """),
      [
        .error(
          "1️⃣", "missing required field \"label\" (the text the shopper reads)", path: "steps[0].rows[1].options[0]"),
        .error("2️⃣", "option value \"CA\" appears more than once", path: "steps[0].rows[1].options[2].value"),
      ])
  }

  @Test func buttonWithTwoActionsAndThenWithoutSubmit() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: """
          { "id": "pay", "cell": "button", "title": "Pay", "opens": "creditCard", 1️⃣"submit": "placeOrder" },
                { "id": "next", "cell": "button", "title": "Next", "opens": "creditCard", 2️⃣"then": "cart" },
                3️⃣{ "id": "nothing", "cell": "button", "title": "Nothing" }
          """),
      [
        .error(
          "1️⃣", "a row does one thing when tapped, but this one has \"opens\" and \"submit\"",
          path: "steps[0].rows[1].submit", suggestion: "keep one of them"),
        .error("2️⃣", "\"then\" only applies to a row that has \"submit\"", path: "steps[0].rows[2].then"),
        .error(
          "3️⃣", "a button row needs one of \"opens\", \"action\": \"close\" or \"resume\", or \"submit\"",
          path: "steps[0].rows[3]"),
      ])
  }

  @Test func fieldsThatDoNotFitTheCell() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: """
          { "id": "note", "cell": "info", "title": "Note", "placeholder": 1️⃣"…", "opens": 2️⃣"creditCard" }
          """),
      [
        .error(
          "1️⃣", "\"placeholder\" does not apply to an info row", path: "steps[0].rows[1].placeholder",
          suggestion: "\"placeholder\" is for text-like rows"),
        .error(
          "2️⃣", "\"opens\" does not apply to an info row", path: "steps[0].rows[1].opens",
          suggestion: "\"opens\" is for disclosure and button rows"),
      ])
  }

  @Test func unknownAndUnregisteredRules() {
    let row =
      #"{ "id": "zip", "cell": "text", "title": "Zip", "bind": "shipping.zip", "rules": [1️⃣"requird", 2️⃣"postalCode", 3️⃣{ "custom": "zip5" }, 4️⃣"pattern"] }"#
    expectLoadDiagnostics(
      FlowFixtures.flow(rows: row),
      [
        .error(
          "1️⃣", "unknown rule \"requird\"", path: "steps[0].rows[1].rules[0]", suggestion: "did you mean \"required\"?"),
        .error(
          "2️⃣", "unknown rule \"postalCode\"", path: "steps[0].rows[1].rules[1]",
          suggestion: Self.unregistered),
        .error("3️⃣", "unknown rule \"zip5\"", path: "steps[0].rows[1].rules[2]", suggestion: Self.unregistered),
        .error(
          "4️⃣", "rule \"pattern\" takes an argument", path: "steps[0].rows[1].rules[3]",
          suggestion: #"write it as an object, like { "pattern": "^[0-9]{5}$" }"#),
      ])
  }

  static let unregistered =
    #"built-in rules are \#(Suggestions.list(RuleName.allCases.map(\.rawValue))); custom rules must be named in the flow's "rules" or registered by the program that loads the flow"#

  @Test func registeringCustomRulesMakesTheFlowLoad() throws {
    let row =
      #"{ "id": "zip", "cell": "text", "title": "Zip", "bind": "shipping.zip", "rules": ["postalCode", { "custom": "zip5", "message": "5 digits" }] }"#
    let loader = FlowLoader(customRules: ["postalCode", "zip5"])
    let flow = try loader.load(json: FlowFixtures.flow(rows: row))
    let rules = try #require(flow.step("cart")?.row("zip")?.rules)
    #expect(rules == [Rule(.custom("postalCode")), Rule(.custom("zip5"), message: "5 digits")])
    // A registered name close to a typo is suggested.
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: #"{ "id": "zip", "cell": "text", "title": "Zip", "bind": "shipping.zip", "rules": [1️⃣"postalCod"] }"#),
      loader: loader,
      [
        .error(
          "1️⃣", "unknown rule \"postalCod\"", path: "steps[0].rows[1].rules[0]",
          suggestion: "did you mean \"postalCode\"?")
      ])
  }

  @Test func ruleArgumentsAndContradictions() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: """
          { "id": "cvc", "cell": "text", "title": "CVC", "bind": "payment.cvc", "rules": [
                  { "pattern": 2️⃣"[0-9" }, { "minLength": 4 }, { "maxLength": 3 }, { "minLength": 3️⃣-1 },
                  { "maxLength": 4️⃣2.5 }, { "oneOf": 5️⃣[] }, { "required": 6️⃣false },
                  { "minLength": 1, 7️⃣"maxLength": 3 }, 8️⃣{}, 9️⃣5 ] }
          """),
      [
        .error(
          "2️⃣", "\"[0-9\" is not a valid regular expression: expected ']'", path: "steps[0].rows[1].rules[0].pattern"),
        .error("3️⃣", "minLength must be at least 0, found -1", path: "steps[0].rows[1].rules[3].minLength"),
        .error("4️⃣", "expected a whole number, found 2.5", path: "steps[0].rows[1].rules[4].maxLength"),
        .error("5️⃣", "\"oneOf\" needs at least one value", path: "steps[0].rows[1].rules[5].oneOf"),
        .error(
          "6️⃣", "\"required\": false does nothing", path: "steps[0].rows[1].rules[6].required",
          suggestion: "write true, or remove the rule"),
        .error(
          "7️⃣", "a rule object holds one rule, but this one has \"minLength\" and \"maxLength\"",
          path: "steps[0].rows[1].rules[7].maxLength", suggestion: "write each rule as its own element of \"rules\""),
        .error(
          "8️⃣", "a rule object needs one rule field", path: "steps[0].rows[1].rules[8]",
          suggestion:
            #"valid rules are \#(Suggestions.list(RuleName.allCases.map(\.rawValue)))"#
        ),
        .error(
          "9️⃣", "expected a rule (a name like \"required\", or an object like { \"minLength\": 2 }), found a number",
          path: "steps[0].rows[1].rules[9]"),
      ])
  }

  @Test func sensitiveAndSecretExcludeEachOther() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows:
          #"{ "id": "pin", "cell": "secure", "title": "PIN", "bind": "payment.pin", "sensitive": true, "secret": 1️⃣true }"#
      ),
      [
        .error(
          "1️⃣", "a row is either \"sensitive\" (shown masked) or \"secret\" (never shown), not both",
          path: "steps[0].rows[1].secret")
      ])
  }

  @Test func invalidDetailTemplates() {
    let suggestion =
      "write {some.key} to show a value, or {some.key:FORMAT} to write it in the session's language (number, currency(CODE) with a three-letter ISO 4217 code like USD or EUR, date, monthYear), and nothing else in braces"
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: """
          { "id": "a", "cell": "info", "title": "A", "detail": 1️⃣"Ship to {shipping.street" },
                { "id": "b", "cell": "info", "title": "B", "detail": 2️⃣"total} due" },
                { "id": "c", "cell": "info", "title": "C", "detail": 3️⃣"{first name}" },
                { "id": "d", "cell": "info", "title": "D", "detail": 4️⃣"Total {order.total:curency(USD)}" },
                { "id": "e", "cell": "info", "title": "E", "detail": 5️⃣"{order.total:currency(usd)}" }
          """),
      [
        .error(
          "1️⃣", "'{' without a matching '}' in template \"Ship to {shipping.street\"", path: "steps[0].rows[1].detail",
          suggestion: suggestion),
        .error(
          "2️⃣", "'}' without a matching '{' in template \"total} due\"", path: "steps[0].rows[2].detail",
          suggestion: suggestion),
        .error(
          "3️⃣", "\"{first name}\" does not name a data key in template \"{first name}\"",
          path: "steps[0].rows[3].detail", suggestion: suggestion),
        .error(
          "4️⃣", "unknown format \"curency(USD)\" in template \"Total {order.total:curency(USD)}\"",
          path: "steps[0].rows[4].detail",
          suggestion:
            "did you mean \"currency\"? the formats are number, currency(CODE) with a three-letter ISO 4217 code like USD or EUR, date, monthYear"
        ),
        .error(
          "5️⃣", "\"usd\" is not a currency code in template \"{order.total:currency(usd)}\"",
          path: "steps[0].rows[5].detail",
          suggestion: "write its ISO 4217 code, three capital letters, like currency(USD) or currency(EUR)"),
      ])
  }

  @Test func conditions() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: """
          { "id": "a", "cell": "info", "title": "A",
                  "visibleWhen": 1️⃣{ "key": "billing.same", "equals": true, "present": true },
                  "enabledWhen": 2️⃣{ "key": "billing.same" } },
                { "id": "b", "cell": "info", "title": "B",
                  "visibleWhen": { "not": { "all": [{ "key": "cart.count", "present": 3️⃣"yes" }] } },
                  "enabledWhen": { 4️⃣"key": "cart.count", "any": [] } }
          """),
      [
        .error(
          "1️⃣", "a condition holds one test, but this one has \"equals\" and \"present\"",
          path: "steps[0].rows[1].visibleWhen", suggestion: "combine several tests with \"all\" or \"any\""),
        .error(
          "2️⃣", "a condition needs one of \"equals\" or \"present\" (with \"key\"), \"all\", \"any\" or \"not\"",
          path: "steps[0].rows[1].enabledWhen"),
        .error(
          "3️⃣", "expected true or false, found a string", path: "steps[0].rows[2].visibleWhen.not.all[0].present"),
        .error(
          "4️⃣", "\"key\" goes with \"equals\" or \"present\", not with \"all\", \"any\" or \"not\"",
          path: "steps[0].rows[2].enabledWhen.key"),
      ])
  }

  @Test func completionChecks() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        steps: """
          { "id": "review", "title": "Review", "rows": [], "complete": [
                1️⃣{ "when": { "key": "terms.accepted", "equals": true } },
                2️⃣{ "message": "Accept the terms" } ] }
          """),
      [
        .error("1️⃣", "missing required field \"message\" (why the step is incomplete)", path: "steps[2].complete[0]"),
        .error("2️⃣", "missing required field \"when\" (the condition that must hold)", path: "steps[2].complete[1]"),
      ])
  }
}
