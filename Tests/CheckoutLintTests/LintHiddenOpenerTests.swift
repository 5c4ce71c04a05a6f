import CheckoutLint
import CheckoutModel
import Testing

/// When the only row that opens the way to a resolution can never be used (hidden
/// or disabled for good), the coverage error names that row and what closes it,
/// rather than saying no row opens the step.
@Suite struct LintHiddenOpenerTests {
  /// A bag whose gift row opens `gift` under `guardField` (a JSON member, or none).
  static func flow(guardField: String) -> String {
    """
    {
      "format": 1, "id": "shop", "title": "Shop", "start": "bag",
      "steps": [
        { "id": "bag", "title": "Bag", "rows": [
          { "id": "wrap", "cell": "toggle", "title": "Gift", "bind": "gift.enabled" },
          { "id": "gift", "cell": "disclosure", "title": "Gift options", "opens": "gift"\(guardField) },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "done" } ] },
        { "id": "gift", "title": "Gift", "presentation": "modal", "rows": [
          { "id": "note", "cell": "text", "title": "Note", "bind": "gift.note" } ] },
        { "id": "done", "title": "Done", "presentation": "reset", "rows": [] }
      ],
      "errors": [{ "code": "note_invalid", "step": "gift", "row": "note" }, { "code": "*", "step": "bag" }]
    }
    """
  }

  static func coverage(_ source: String) -> [String] {
    FlowLoader().lint(bytes: Array(source.utf8)).diagnostics.filter { $0.code == "uncovered-resolution" }.map {
      "\($0.message); \($0.suggestion ?? "")"
    }
  }

  @Test func aHiddenOpenerIsNamedWithItsCondition() {
    let report = Self.coverage(Self.flow(guardField: #", "visibleWhen": { "key": "gift.enabled", "equals": "yes" }"#))
    #expect(
      report == [
        #"an error from placeOrder on bag cannot be fixed at gift.note: unreachable: row "gift" on step "bag" opens gift on the way there, but it is never shown, as its visibleWhen can never hold: "gift.enabled" is never "yes": it takes only true or false, or no value (toggle "wrap" on step "bag"); make the visibleWhen of row "gift" on step "bag" a condition that can hold"#
      ])
  }

  @Test func aDisabledOpenerIsNamedWithItsCondition() {
    let report = Self.coverage(Self.flow(guardField: #", "enabledWhen": { "key": "gift.enabled", "equals": 3 }"#))
    #expect(report.count == 1)
    #expect(
      report.first?.contains(#"row "gift" on step "bag" opens gift on the way there, but it is never enabled"#) == true,
      "\(report)")
  }

  @Test func withNoOpenerAtAllTheMessageIsUnchanged() {
    let report = Self.coverage(
      Self.flow(guardField: "").replacingOccurrences(of: #", "opens": "gift""#, with: #", "opens": "done""#))
    #expect(report.first?.contains("unreachable: nothing on the stack opens a path to gift") == true, "\(report)")
  }
}
