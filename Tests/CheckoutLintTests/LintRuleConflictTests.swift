import CheckoutLint
import CheckoutModel
import CheckoutTestExpectations
import Testing

/// Rules of a text row that exclude each other in a way lint's own reading of the
/// rules does not prove (a pattern outside the simple subset, two patterns) are
/// still a lint error at the row's rules when `checkout generate` finds no value
/// for them: a flow no shopper can finish does not lint `ok`.
@Suite struct LintRuleConflictTests {
  @Test func rulesTheGeneratorFindsNoValueForAreAnErrorNamingThem() {
    expectLintDiagnostics(
      """
      {
        "format": 1, "id": "w", "title": "W", "start": "a",
        "steps": [ { "id": "a", "title": "A", "rows": [
          { "id": "code", "cell": "text", "title": "Code", "bind": "a.code",
            "rules": 1️⃣["required", { "pattern": "^(ab|cd)$" }, "digits"] },
          { "id": "ref", "cell": "text", "title": "Ref", "bind": "a.ref",
            "rules": 2️⃣[{ "pattern": "^[0-9]+$" }, { "pattern": "^[a-z]+$" }] },
          { "id": "zip", "cell": "text", "title": "ZIP", "bind": "a.zip",
            "rules": [{ "pattern": "^(ab|[0-9]{5})$" }, "digits"] },
          { "id": "own", "cell": "text", "title": "Own", "bind": "a.own",
            "rules": [{ "pattern": "^x.*$" }, { "custom": "house" }] } ] } ],
        "errors": [{ "code": "*", "step": "a" }]
      }
      """,
      loader: FlowLoader(customRules: ["house"]),
      [
        .error("1️⃣", "no value satisfies pattern ^(ab|cd)$ and digits together", path: "steps[0].rows[0].rules"),
        .error(
          "2️⃣", "no value satisfies pattern ^[0-9]+$ and pattern ^[a-z]+$ together", path: "steps[0].rows[1].rules"),
      ])
  }
}
