import CheckoutTestExpectations
import Testing
import CheckoutModel
import CheckoutLint

/// A detail that writes a value in a format needs a value of that kind in the
/// flow's data: lint says where, and what to write.
@Suite struct LintFormatTests {
  @Test func aFormattedKeyWhoseDataIsTextIsAnError() {
    expectLintDiagnostics(
      #"""
      { "format": 1, "id": "shop", "title": "Shop", "start": "cart",
        "data": { "order.total": "$148.00", "cart.count": 2, "delivery.date": "24.12.2026", "card.expiry": "12/27" },
        "steps": [{ "id": "cart", "title": "Cart", "rows": [
          { "id": "total", "cell": "info", "title": "Total", "detail": 1️⃣"{order.total:currency(USD)}" },
          { "id": "count", "cell": "info", "title": "Items", "detail": "{cart.count:number} items" },
          { "id": "date", "cell": "info", "title": "Arrives", "detail": 2️⃣"{delivery.date:date}" },
          { "id": "card", "cell": "info", "title": "Card", "detail": "expires {card.expiry:monthYear}" } ] }],
        "errors": [{ "code": "*", "step": "cart" }] }
      """#,
      [
        .error(
          "1️⃣", "{order.total:currency(USD)} writes \"order.total\" as an amount, but the flow's data holds \"$148.00\"",
          path: "steps[0].rows[0].detail",
          suggestion: "write it in \"data\" as a number (148 or 148.5), or show the key without a format"),
        .error(
          "2️⃣", "{delivery.date:date} writes \"delivery.date\" as a date, but the flow's data holds \"24.12.2026\"",
          path: "steps[0].rows[2].detail",
          suggestion:
            "write it in \"data\" as a date written YYYY-MM-DD (\"2026-12-24\"), or show the key without a format"),
      ])
  }

  /// Digits grouped by a plain space break across lines (`1 234` / `,50 zł`): lint
  /// warns at the text, and names the no-break spaces to write instead.
  @Test func aFormatNumberGroupedByAPlainSpaceIsAWarning() {
    // A no-break space (U+00A0) is what a language that groups with a space writes.
    expectLintDiagnostics(
      #"""
      { "format": 1, "id": "shop", "title": "Shop", "start": "cart",
        "messages": { "format.number": "1\#u{00A0}234\#u{00A0}567,89" },
        "steps": [{ "id": "cart", "title": "Cart", "rows": [
          { "id": "go", "cell": "button", "title": "Pay", "submit": "pay" } ] }],
        "errors": [{ "code": "*", "step": "cart" }] }
      """#, [])
    expectLintDiagnostics(
      #"""
      { "format": 1, "id": "shop", "title": "Shop", "start": "cart",
        "messages": { "format.number": 1️⃣"1 234 567,89" },
        "steps": [{ "id": "cart", "title": "Cart", "rows": [
          { "id": "go", "cell": "button", "title": "Pay", "submit": "pay" } ] }],
        "errors": [{ "code": "*", "step": "cart" }] }
      """#,
      [
        .warning(
          "1️⃣", "\"1 234 567,89\" groups digits with a plain space, so a number or an amount may break across two lines",
          path: "messages[\"format.number\"]",
          suggestion:
            "write a narrow no-break space (U+202F, as the engine's French does) or a no-break space (U+00A0) between the groups"
        )
      ])
  }
}
