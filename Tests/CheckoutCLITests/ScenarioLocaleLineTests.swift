import CheckoutCLI
import Foundation
import Testing

/// A story's `locale` line before its `flow` line is checked against the flow once
/// it is loaded (the flow's own languages included), and a tag that cannot be used
/// stops the story at the `locale` line's tag: file:line:column.
@Suite struct ScenarioLocaleLineTests {
  /// A flow in English and Polish, a language the engine does not speak.
  static let polishFlow = """
    { "format": 1, "id": "shop", "title": { "en": "Shop", "pl": "Sklep" }, "locales": ["en", "pl"], "start": "cart",
      "steps": [{ "id": "cart", "title": { "en": "Cart", "pl": "Koszyk" }, "rows": [
        { "id": "note", "cell": "info", "title": { "en": "Note", "pl": "Uwaga" } } ] }],
      "errors": [{ "code": "*", "step": "cart" }] }
    """

  /// `locale pl` before the flow was refused: `unknown locale "pl"; the languages are en, de, …`.
  @Test func aLanguageTheFlowAddsMayComeBeforeTheFlowLine() throws {
    for tag in ["pl", "PL", "pl-PL"] {
      let story = "locale \(tag)\nflow shop.json\nexpect title note \"Uwaga\"\n"
      try withFlowDirectory(["shop.json": Self.polishFlow, "pl.scenario": story]) { directory in
        let result = runCheckout(["replay", "pl.scenario"], in: directory)
        #expect(result.status == 0, "\(tag): \(result.output)\(result.error)")
      }
    }
  }

  @Test func aLanguageTheFlowCannotSpeakStopsTheStoryAtTheLocaleLine() throws {
    let story = "# Polish\nlocale   pll\ntoday 2026-11-21\nflow shop.json\nexpect at cart\n"
    try withFlowDirectory(["shop.json": Self.polishFlow, "pll.scenario": story]) { directory in
      let result = runCheckout(["replay", "pll.scenario"], in: directory)
      #expect(result.status == 1)
      #expect(
        result.error
          == "pll.scenario:2:10: error: unknown locale \"pll\" (did you mean \"pl\"?); the languages are en, pl, de, fr, es, it, nl, pt, ja\n"
      )
    }
  }

  /// `pl_PL` was told to write `pl-PL`, which failed the same way; now it is no tag
  /// wherever it stands, and said so at its column.
  @Test func aMalformedTagBeforeTheFlowIsAnErrorAtItsColumn() throws {
    try withFlowDirectory(["shop.json": Self.polishFlow, "posix.scenario": "locale pl_PL\nflow shop.json\n"]) {
      directory in
      let result = runCheckout(["replay", "posix.scenario"], in: directory)
      #expect(result.status == 2)
      #expect(
        result.error
          == "posix.scenario:1:8: error: \"pl_PL\" is not a BCP 47 language tag (write \"pl-PL\": a tag joins its parts with \"-\")\n"
      )
    }
  }

  @Test func aLanguageRefusedAfterTheFlowIsAnErrorAtItsColumn() throws {
    try withFlowDirectory(["shop.json": Self.polishFlow, "after.scenario": "flow shop.json\nlocale xx\n"]) {
      directory in
      let result = runCheckout(["replay", "after.scenario"], in: directory)
      #expect(result.status == 1)
      #expect(result.error.hasPrefix("after.scenario:2:8: error: unknown locale \"xx\"; the languages are en, pl, de"))
    }
  }
}
