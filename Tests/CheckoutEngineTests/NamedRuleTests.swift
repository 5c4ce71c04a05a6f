import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutEngine

/// Rules a flow names itself in its top-level `rules`, used by name in rows.
@Suite struct NamedRuleTests {
  static let source = """
    {
      "format": 1, "id": "shop", "title": "Shop", "start": "address",
      "rules": {
        "postalCode": { "pattern": "^[0-9]{5}$", "message": "5 digits" },
        "shortText": { "maxLength": 20 }
      },
      "steps": [
        { "id": "address", "title": "Address", "rows": [
          { "id": "zip", "cell": "text", "title": "ZIP", "bind": "ship.zip", "rules": ["required", "postalCode"] },
          { "id": "billingZip", "cell": "text", "title": "Billing ZIP", "bind": "bill.zip",
            "rules": [{ "custom": "postalCode", "message": "Five digits, please" }, "shortText"] },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder" } ] }
      ],
      "errors": [{ "code": "*", "step": "address" }]
    }
    """

  static let pattern = Rule(.pattern("^[0-9]{5}$"), message: "5 digits")

  @Test func aRowsRuleNamingAFlowRuleBecomesThatRuleRememberingTheName() throws {
    let flow = try FlowLoader().load(json: Self.source)
    #expect(flow.rules == ["postalCode": Self.pattern, "shortText": Rule(.maxLength(20))])
    let zip = try #require(flow.step("address")?.row("zip"))
    #expect(zip.rules == [Rule(.required), Rule(.pattern("^[0-9]{5}$"), message: "5 digits", name: "postalCode")])
    let billing = try #require(flow.step("address")?.row("billingZip"))
    #expect(
      billing.rules == [
        Rule(.pattern("^[0-9]{5}$"), message: "Five digits, please", name: "postalCode"),
        Rule(.maxLength(20), message: nil, name: "shortText"),
      ])
    #expect(FlowLoader().lint(bytes: Array(Self.source.utf8)).diagnostics == [])
  }

  @Test func aSessionValidatesValuesWithTheNamedRulesMessages() {
    var session = CheckoutSession(flow: CompiledFlow(try! FlowLoader().load(json: Self.source)))
    session.send(.set(.row("zip"), .string("123")))
    session.send(.set(.row("billingZip"), .string("12a45")))
    #expect(session.screen.row("zip")?.error == "5 digits")
    #expect(session.screen.row("billingZip")?.error == "Five digits, please")
    session.send(.set(.row("zip"), .string("97201")))
    session.send(.set(.row("billingZip"), .string("97202")))
    #expect(session.screen.row("zip")?.error == nil)
    #expect(session.screen.row("billingZip")?.error == nil)
  }

  @Test func theWriterWritesNamesBackAndTheFlowRoundTrips() throws {
    let flow = try FlowLoader().load(json: Self.source)
    let json = FlowWriter.json(flow)
    #expect(json.contains(#""rules": {"#))
    #expect(json.contains(#""postalCode": { "pattern": "^[0-9]{5}$", "message": "5 digits" }"#))
    #expect(json.contains(#""rules": ["required", "postalCode"]"#))
    #expect(json.contains(#""rules": [{ "custom": "postalCode", "message": "Five digits, please" }, "shortText"]"#))
    #expect(try FlowLoader().load(json: json) == flow)
  }

  @Test func theDSLNamesRulesAsTheFileDoes() throws {
    let built = Flow(
      id: "shop", title: "Shop", start: "address",
      rules: ["postalCode": Self.pattern, "shortText": Rule(.maxLength(20))]
    ) {
      Step("address", title: "Address") {
        TextField("zip", title: "ZIP", bind: "ship.zip").rules(.required, .custom("postalCode"))
        TextField("billingZip", title: "Billing ZIP", bind: "bill.zip")
          .rules([Rule(.custom("postalCode"), message: "Five digits, please"), Rule(.custom("shortText"))])
        Button("pay", title: "Pay", submit: "placeOrder")
      }
      ErrorMatcher(code: "*", step: "address")
    }
    #expect(built == (try FlowLoader().load(json: Self.source)))
    #expect(built.lint().isEmpty)
  }

  @Test func namesThatShadowOrChainAreRefused() {
    expectLoadDiagnostics(
      """
      {
        "format": 1, "id": "shop", "title": "Shop", "start": "address",
        "rules": {
          "required": 1️⃣{ "minLength": 2 },
          "zip": 2️⃣{ "custom": "postalCode" },
          "postalCode": { "pattern": "^[0-9]{5}$" },
          "badPattern": { "pattern": 3️⃣"[0-9" }
        },
        "steps": [
          { "id": "address", "title": "Address", "rows": [
            { "id": "zip", "cell": "text", "title": "ZIP", "bind": "ship.zip", "rules": ["zip", "postalCode", "badPattern", 4️⃣"postalCod"] } ] }
        ]
      }
      """,
      [
        .error(
          "1️⃣", #"named rule "required" has the name of a built-in rule"#, path: "rules.required",
          suggestion: #"give it a name of its own, like "requiredRule""#),
        .error(
          "2️⃣", #"named rule "zip" is defined as another named rule, "postalCode""#, path: "rules.zip",
          suggestion:
            #"define it from a built-in rule: \#(Suggestions.list(RuleName.allCases.filter { $0 != .custom }.map(\.rawValue)))"#
        ),
        .error("3️⃣", #""[0-9" is not a valid regular expression: expected ']'"#, path: "rules.badPattern.pattern"),
        .error(
          "4️⃣", #"unknown rule "postalCod""#, path: "steps[0].rows[0].rules[3]",
          suggestion: #"did you mean "postalCode"?"#),
      ])
  }

  @Test func aNameARegisteredCustomRuleHasIsRefused() {
    expectLoadDiagnostics(
      #"""
      { "format": 1, "id": "shop", "title": "Shop", "start": "a",
        "rules": { "postalCode": 1️⃣{ "pattern": "^[0-9]{5}$" } },
        "steps": [{ "id": "a", "title": "A", "rows": [
          { "id": "zip", "cell": "text", "title": "ZIP", "bind": "ship.zip", "rules": ["postalCode"] } ] }] }
      """#,
      loader: FlowLoader(customRules: ["postalCode"]),
      [
        .error(
          "1️⃣", #"named rule "postalCode" has the name of a custom rule the program registered"#,
          path: "rules.postalCode",
          suggestion: "give one of them another name")
      ])
  }

  @Test func anUnknownRuleListsTheFlowsRules() {
    expectLoadDiagnostics(
      #"""
      { "format": 1, "id": "shop", "title": "Shop", "start": "a",
        "rules": { "postalCode": { "pattern": "^[0-9]{5}$" } },
        "steps": [{ "id": "a", "title": "A", "rows": [
          { "id": "zip", "cell": "text", "title": "ZIP", "bind": "ship.zip", "rules": ["postalCode", 1️⃣"phoneNumber"] } ] }] }
      """#,
      [
        .error(
          "1️⃣", #"unknown rule "phoneNumber""#, path: "steps[0].rows[0].rules[1]",
          suggestion:
            #"built-in rules are \#(Suggestions.list(RuleName.allCases.map(\.rawValue))); the flow's rules are "postalCode"; custom rules must be named in the flow's "rules" or registered by the program that loads the flow"#
        )
      ])
  }

  @Test func anUnusedNamedRuleIsAWarning() {
    let report = expectLintDiagnostics(
      #"""
      { "format": 1, "id": "shop", "title": "Shop", "start": "a",
        "rules": { "postalCode": { "pattern": "^[0-9]{5}$" }, "phone": 1️⃣{ "pattern": "^[0-9 ]{7,15}$" } },
        "steps": [{ "id": "a", "title": "A", "rows": [
          { "id": "zip", "cell": "text", "title": "ZIP", "bind": "ship.zip", "rules": ["postalCode"] } ] }],
        "errors": [{ "code": "*", "step": "a" }] }
      """#,
      [
        .warning(
          "1️⃣", #"named rule "phone" is not used by any row"#, path: "rules.phone",
          suggestion: #"use it in a row's "rules" as "phone", or remove it"#)
      ])
    #expect(!report.hasErrors)
  }

  @Test func aNamedRuleThatContradictsARowsOtherRulesIsReported() {
    _ = expectLintDiagnostics(
      #"""
      { "format": 1, "id": "shop", "title": "Shop", "start": "a",
        "rules": { "postalCode": { "pattern": "^[0-9]{5}$" } },
        "steps": [{ "id": "a", "title": "A", "rows": [
          { "id": "zip", "cell": "text", "title": "ZIP", "bind": "ship.zip", "rules": 1️⃣["postalCode", { "minLength": 6 }] } ] }],
        "errors": [{ "code": "*", "step": "a" }] }
      """#,
      [
        .error(
          "1️⃣",
          #"pattern "^[0-9]{5}$" matches values of 5 characters, but minLength 6 needs at least 6: no value can pass"#,
          path: "steps[0].rows[0].rules")
      ])
  }

  @Test func contradictionsNameTheNamedRule() {
    _ = expectLintDiagnostics(
      #"""
      { "format": 1, "id": "shop", "title": "Shop", "start": "a",
        "rules": { "countryCode": { "pattern": "^[A-Z]{2}$", "message": "Two capital letters" } },
        "steps": [{ "id": "a", "title": "A", "rows": [
          { "id": "country", "cell": "picker", "title": "Country", "bind": "ship.country", "rules": 1️⃣["countryCode"],
            "options": [{ "value": "USA", "label": "United States" }, { "value": "can", "label": "Canada" }] } ] }],
        "errors": [{ "code": "*", "step": "a" }] }
      """#,
      [
        .error(
          "1️⃣",
          #"no option of the picker passes its rules ("USA" fails countryCode, "can" fails countryCode): no choice can be valid"#,
          path: "steps[0].rows[0].rules")
      ])
  }
}
