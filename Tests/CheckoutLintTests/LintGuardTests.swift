import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutLint

/// Lint reports conditions and guards that can never hold, and says why; it never
/// reports one that some session data satisfies.
@Suite struct LintGuardTests {
  /// A flow whose `ship` step has `rows` (more rows after the bound ones) and `complete` checks.
  static func flow(rows: String, complete: String = "", requires: String = "") -> String {
    """
    {
      "format": 1, "id": "shop", "title": "Shop", "start": "cart",
      "data": { "cart.count": 3, "ship.country": "US", "ship.same": true },
      "steps": [
        { "id": "cart", "title": "Cart", "rows": [
          { "id": "ship", "cell": "disclosure", "title": "Ship", "opens": "ship" },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "done", "provides": ["order.number"]\(requires) } ] },
        { "id": "ship", "title": "Ship", "presentation": "modal"\(complete), "rows": [
          { "id": "country", "cell": "text", "title": "Country", "bind": "ship.country" },
          { "id": "same", "cell": "toggle", "title": "Same", "bind": "ship.same" },
          { "id": "qty", "cell": "number", "title": "Quantity", "bind": "cart.qty" },
          \(rows) ] },
        { "id": "done", "title": "Done", "presentation": "reset", "rows": [] }
      ],
      "errors": [{ "code": "*", "step": "cart" }]
    }
    """
  }

  static func row(_ id: String, _ field: String, _ condition: String) -> String {
    #"{ "id": "\#(id)", "cell": "text", "title": "\#(id)", "bind": "ship.\#(id)", "rules": ["required"], "\#(field)": \#(condition) }"#
  }

  @Test func aRowWhoseConditionReadsAKeyNothingSetsIsNeverShown() {
    expectLintDiagnostics(
      Self.flow(rows: Self.row("zip", "visibleWhen", #"1️⃣{ "key": 2️⃣"ship.zipp", "present": true }"#)),
      [
        .error(
          "1️⃣",
          #"row "zip" is never shown: its visibleWhen can never hold; "ship.zipp" never has a value (no row binds it, the data does not hold it, no submit provides it)"#,
          path: "steps[1].rows[3].visibleWhen"),
        .error(
          "2️⃣",
          #"unknown key "ship.zipp": no row binds it, the flow's data does not hold it, and no submit provides it"#,
          path: "steps[1].rows[3].visibleWhen.key", suggestion: #"did you mean "ship.zip"?"#),
      ])
  }

  @Test func contradictoryTestsOfOneKey() {
    expectLintDiagnostics(
      Self.flow(
        rows: Self.row(
          "zip", "visibleWhen",
          #"1️⃣{ "all": [{ "key": "ship.country", "equals": "US" }, { "key": "ship.country", "equals": "CA" }] }"#)
          + ",\n"
          + Self.row(
            "state", "visibleWhen",
            #"2️⃣{ "all": [{ "key": "ship.same", "present": false }, { "key": "ship.same", "equals": true }] }"#)),
      [
        .error(
          "1️⃣",
          #"row "zip" is never shown: its visibleWhen can never hold; its tests contradict each other: no values of "ship.country" satisfy them together"#,
          path: "steps[1].rows[3].visibleWhen"),
        .error(
          "2️⃣",
          #"row "state" is never shown: its visibleWhen can never hold; its tests contradict each other: no values of "ship.same" satisfy them together"#,
          path: "steps[1].rows[4].visibleWhen"),
      ])
  }

  @Test func aRequiresGuardOnAStepThatCanNeverBeCompleteSaysWhy() {
    expectLintDiagnostics(
      Self.flow(
        rows: Self.row("zip", "visibleWhen", #"{ "key": "ship.same", "equals": false }"#),
        complete: #", "complete": [{ "when": { "key": 1️⃣"ship.zipp", "present": true }, "message": "ZIP needed" }]"#,
        requires: #", "requires": [2️⃣"ship"]"#),
      [
        .error(
          "2️⃣",
          #"row "pay" can never be enabled: step "ship" can never be complete, because its completion checks can never hold; "ship.zipp" never has a value (no row binds it, the data does not hold it, no submit provides it)"#,
          path: "steps[0].rows[1].requires[0]"),
        .error(
          "1️⃣",
          #"unknown key "ship.zipp": no row binds it, the flow's data does not hold it, and no submit provides it"#,
          path: "steps[1].complete[0].when.key", suggestion: #"did you mean "ship.zip"?"#),
      ])
  }

  @Test func completionChecksThatContradictEachOtherAreOneGuard() {
    expectLintDiagnostics(
      Self.flow(
        rows: Self.row("zip", "visibleWhen", #"{ "key": "ship.same", "equals": false }"#),
        complete: """
          , "complete": [{ "when": { "key": "ship.country", "equals": "US" }, "message": "US only" },
                         { "when": { "not": { "key": "ship.country", "equals": "US" } }, "message": "not US" }]
          """,
        requires: #", "requires": [1️⃣"ship"]"#),
      [
        .error(
          "1️⃣",
          #"row "pay" can never be enabled: step "ship" can never be complete, because its completion checks can never hold; its tests contradict each other: no values of "ship.country" satisfy them together"#,
          path: "steps[0].rows[1].requires[0]")
      ])
  }

  /// Conditions that look like the ones above but that some data satisfies.
  @Test(arguments: [
    // The data holds it, and a row binds it too: the shopper can change it.
    #"{ "key": "ship.same", "equals": false }"#,
    #"{ "key": "ship.country", "equals": "CA" }"#,
    // The data alone holds it, with the value tested, or another (a host may set a data key).
    #"{ "key": "cart.count", "equals": 3 }"#,
    #"{ "key": "cart.count", "equals": "3" }"#,
    #"{ "key": "cart.count", "equals": 5 }"#,
    // Provided by the submit's success data.
    #"{ "key": "order.number", "present": true }"#,
    // A test that fails on the data's value but holds on another.
    #"{ "not": { "key": "cart.count", "equals": 3 } }"#,
    // Different keys, or either value, or one value and not another.
    #"{ "all": [{ "key": "ship.country", "equals": "US" }, { "key": "ship.same", "equals": false }] }"#,
    #"{ "any": [{ "key": "ship.country", "equals": "US" }, { "key": "ship.country", "equals": "CA" }] }"#,
    #"{ "all": [{ "key": "ship.country", "equals": "US" }, { "not": { "key": "ship.country", "equals": "CA" } }] }"#,
    // A number equals its text: 3, "3" and "3.0" all hold for the number 3 (or the text "3" for the first two).
    #"{ "all": [{ "key": "cart.qty", "equals": 3 }, { "key": "cart.qty", "equals": "3" }] }"#,
    #"{ "all": [{ "key": "cart.qty", "equals": 3 }, { "key": "cart.qty", "equals": "3.0" }] }"#,
    #"{ "all": [{ "key": "cart.qty", "equals": "3" }, { "key": "cart.qty", "equals": "3.0" }] }"#,
    #"{ "all": [{ "key": "cart.qty", "equals": 3 }, { "not": { "key": "cart.qty", "equals": "3" } }] }"#,
    #"{ "all": [{ "key": "cart.qty", "present": true }, { "not": { "key": "cart.qty", "equals": 3 } }] }"#,
  ])
  func satisfiableConditionsAreNotReported(_ condition: String) {
    let source = Self.flow(
      rows: Self.row("zip", "visibleWhen", condition) + ",\n" + Self.row("state", "enabledWhen", condition),
      complete: #", "complete": [{ "when": \#(condition), "message": "m" }]"#,
      requires: #", "requires": ["ship"]"#)
    let report = FlowLoader().lint(bytes: Array(source.utf8))
    #expect(report.diagnostics == [], "\(condition)")
  }
}
