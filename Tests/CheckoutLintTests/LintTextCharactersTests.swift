import CheckoutLint
import CheckoutModel
import CheckoutTestSupport
import Testing

/// What a text of the flow may hold in every locale: no bidirectional embedding,
/// override or isolate (the engine refuses them in a shopper's value), and a
/// title with words. Each is an error at the text, in its locale.
@Suite struct LintTextCharactersTests {
  /// Lints a marked flow and compares its diagnostics, but the untranslated
  /// engine messages of a language the engine does not speak (`he`, `ar`: these
  /// flows write few; `LintEngineMessagesTests` checks those).
  private func expectDiagnostics(
    _ marked: String, _ expected: [ExpectedDiagnostic], sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let source = MarkedSource(marked)
    let report = FlowLoader().lint(bytes: Array(source.text.utf8), file: "fixture.json")
    let diagnostics = report.diagnostics.filter { $0.code != "untranslated-engine-messages" }
    if let difference = source.difference(diagnostics, expected) {
      Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
    }
  }

  private let suggestion =
    "remove it: a host sets each text's direction itself; to keep a number or a Latin word in place in right-to-left text, use the mark U+200F (RIGHT-TO-LEFT MARK) or U+200E (LEFT-TO-RIGHT MARK)"

  @Test func aBidiControlInATitleOrAMessageIsAnErrorAtItsText() {
    let source = """
      { "format": 1, "id": "shop", "title": { "en": "Shop", "he": "חנות" }, "locales": ["en", "he"], "start": "cart",
        "steps": [{ "id": "cart", "title": { "en": "Cart", "he": 1️⃣"\u{202E}העגלה שלי\u{202C}" }, "rows": [
          { "id": "qty", "cell": "info", "title": { "en": "Quantity", "he": 2️⃣"\u{2067}כמות\u{2069}" } } ] }],
        "errors": [{ "code": "*", "step": "cart", "message": { "en": "Try again.", "he": "נא לנסות שוב\u{200F}." } }],
        "messages": { "rule.required": { "he": 3️⃣"\u{202B}{title} הוא שדה חובה\u{202C}" } } }
      """
    expectDiagnostics(
      source,
      [
        .error(
          "1️⃣",
          "the text holds U+202E RIGHT-TO-LEFT OVERRIDE (and 1 more) at character 1, which reorders the text around it on the shopper's screen, in receipts and in logs",
          path: "steps[0].title.he", suggestion: suggestion),
        .error(
          "2️⃣",
          "the text holds U+2067 RIGHT-TO-LEFT ISOLATE (and 1 more) at character 1, which reorders the text around it on the shopper's screen, in receipts and in logs",
          path: "steps[0].rows[0].title.he", suggestion: suggestion),
        .error(
          "3️⃣",
          "the text holds U+202B RIGHT-TO-LEFT EMBEDDING (and 1 more) at character 1, which reorders the text around it on the shopper's screen, in receipts and in logs",
          path: #"messages["rule.required"].he"#, suggestion: suggestion),
      ])
  }

  @Test func anEmptyOrBlankTitleIsAnErrorInEveryLocaleEnglishIncluded() {
    let source = """
      { "format": 1, "id": "shop", "title": { "en": "Shop", "ar": "متجر" }, "locales": ["en", "ar"], "start": "cart",
        "steps": [{ "id": "cart", "title": { "en": "Cart", "ar": 1️⃣"   " }, "rows": [
          { "id": "qty", "cell": "info", "title": { "en": 2️⃣"", "ar": 3️⃣"" } } ] }],
        "errors": [{ "code": "*", "step": "cart", "message": { "en": "Try again.", "ar": "حاول مرة أخرى" } }] }
      """
    let message = { (what: String) in
      "the title is \(what): the shopper would see an unnamed row or step, and a message that names it (\"{title} is required\") would name nothing"
    }
    let write = "write the name the shopper reads in that language"
    expectDiagnostics(
      source,
      [
        .error("1️⃣", message("blank (only spaces)"), path: "steps[0].title.ar", suggestion: write),
        .error("2️⃣", message("empty"), path: "steps[0].rows[0].title.en", suggestion: write),
        .error("3️⃣", message("empty"), path: "steps[0].rows[0].title.ar", suggestion: write),
      ])
    let plain = """
      { "format": 1, "id": "shop", "title": "Shop", "start": "cart",
        "steps": [{ "id": "cart", "title": "Cart", "rows": [ { "id": "qty", "cell": "info", "title": 1️⃣"" } ] }],
        "errors": [{ "code": "*", "step": "cart", "message": "Try again." }] }
      """
    expectDiagnostics(plain, [.error("1️⃣", message("empty"), path: "steps[0].rows[0].title", suggestion: write)])
  }
}
