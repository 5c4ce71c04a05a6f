import CheckoutTestExpectations
import Testing
import CheckoutModel
import CheckoutLint

/// Lint's checks of a flow's languages, each at its JSON path and line:column.
@Suite struct LintLocaleTests {
  /// A flow in English and German with these rows on its one step.
  private func flow(
    locales: String = #"["en", "de"]"#, title: String = #"{ "en": "Cart", "de": "Warenkorb" }"#, rows: String
  )
    -> String
  {
    """
    { "format": 1, "id": "shop", "title": { "en": "Shop", "de": "Laden" }, "locales": \(locales), "start": "cart",
      "data": { "cart.count": 2 },
      "steps": [{ "id": "cart", "title": \(title), "rows": [
        \(rows) ] }],
      "errors": [{ "code": "*", "step": "cart", "message": { "en": "Something went wrong.", "de": "Etwas ist schiefgelaufen." } }] }
    """
  }

  @Test func aFlowInEnglishAndGermanLints() {
    let report = expectLintDiagnostics(
      flow(
        rows: #"""
          { "id": "count", "cell": "info", "title": { "en": "Items", "de": "Artikel" }, "detail": { "en": "{cart.count} items", "de": "{cart.count} Artikel" } },
              { "id": "zip", "cell": "text", "title": { "en": "ZIP code", "de": "Postleitzahl" }, "bind": "shipping.zip",
                "placeholder": "12345", "rules": [{ "required": true, "message": { "en": "Enter a ZIP code.", "de": "Geben Sie eine Postleitzahl ein." } }] }
          """#), [])
    #expect(report.flow?.step("cart")?.title.text(in: "de") == "Warenkorb")
  }

  @Test func aTextMissingInAListedLocaleIsAnErrorAtItsPath() {
    expectLintDiagnostics(
      flow(
        title: #"1️⃣{ "en": "Cart" }"#,
        rows: #"{ "id": "zip", "cell": "text", "title": 2️⃣"ZIP code", "bind": "shipping.zip", "placeholder": "12345" }"#),
      [
        .error(
          "1️⃣", "\"title\" has no \"de\" text", path: "steps[0].title",
          suggestion: "add \"de\": the words in that language (the flow lists it in \"locales\")"),
        .error(
          "2️⃣", "\"title\" is written in \"en\" only; the flow also lists \"de\"", path: "steps[0].rows[0].title",
          suggestion: "write it as an object of locale -> string: { \"en\": \"ZIP code\", \"de\": … }"),
      ])
  }

  @Test func aTextInALocaleTheFlowDoesNotListIsAnError() {
    expectLintDiagnostics(
      flow(rows: #"{ "id": "note", "cell": "info", "title": { "en": "Note", "de": "Hinweis", "dr": 1️⃣"Notiz" } }"#),
      [
        .error(
          "1️⃣", "\"dr\" is not one of the flow's locales (en, de)", path: "steps[0].rows[0].title.dr",
          suggestion: "did you mean \"de\"?")
      ])
  }

  /// A language the flow forgot to list is reported once, where it is first
  /// written, with how many texts are in it (not once per string).
  @Test func anUnlistedLanguageIsReportedOnceWithItsCount() {
    expectLintDiagnostics(
      """
      { "format": 1, "id": "shop", "title": { "en": "Shop", "fr": 1️⃣"Boutique" }, "locales": ["en", 2️⃣"en_GB"], "start": "cart",
        "steps": [{ "id": "cart", "title": { "en": "Cart", "fr": "Panier" }, "rows": [] }],
        "errors": [{ "code": "*", "step": "cart", "message": { "en": "Oops.", "fr": "Oups." } }] }
      """,
      [
        .error(
          "1️⃣", "\"fr\" is not one of the flow's locales (en); 3 texts are written in it, this is the first",
          path: "title.fr", suggestion: "add it to \"locales\", or remove these texts"),
        .error(
          "2️⃣", "\"en_GB\" is not a BCP 47 language tag", path: "locales[1]",
          suggestion: "write \"en-GB\": a tag joins its parts with \"-\""),
      ])
  }

  @Test func localeTagsMustBeWellFormedAndListedOnce() {
    expectLintDiagnostics(
      """
      { "format": 1, "id": "shop", "title": "1", "locales": ["en", 1️⃣"de_DE", 2️⃣"EN"], "start": "cart",
        "steps": [{ "id": "cart", "title": "2", "rows": [] }], "errors": [{ "code": "*", "step": "cart" }] }
      """,
      [
        .error(
          "1️⃣", "\"de_DE\" is not a BCP 47 language tag", path: "locales[1]",
          suggestion: "write \"de-DE\": a tag joins its parts with \"-\""),
        .error("2️⃣", "locale \"EN\" is listed twice; it is first listed at locales[0]", path: "locales[2]"),
      ])
  }

  /// A malformed tag is reported where it is listed, once: no text is asked for a
  /// translation in it (which would suggest writing the very tag just refused).
  @Test func aMalformedTagIsReportedOnceAndAskedOfNoText() {
    expectLintDiagnostics(
      """
      { "format": 1, "id": "shop", "title": "Shop", "locales": ["en", 1️⃣"deutsch!"], "start": "cart",
        "steps": [{ "id": "cart", "title": "Cart", "rows": [] }], "errors": [{ "code": "*", "step": "cart" }] }
      """,
      [
        .error(
          "1️⃣", "\"deutsch!\" is not a BCP 47 language tag", path: "locales[1]",
          suggestion:
            "write a language of 2 or 3 letters, then an optional script and region, like \"de\", \"pt-BR\" or \"zh-Hant-TW\""
        )
      ])
  }

  /// Every language's template shows the default's keys, each in the same format.
  @Test(arguments: [
    (
      #"""
      { "id": "ship", "cell": "info", "title": { "en": "Ship to", "de": "Lieferung an" },
            "detail": { "en": "{shipping.name}, {shipping.city}", "de": 1️⃣"{shipping.name}" } },
          { "id": "name", "cell": "text", "title": { "en": "Name", "de": "Name" }, "bind": "shipping.name" },
          { "id": "city", "cell": "text", "title": { "en": "City", "de": "Ort" }, "bind": "shipping.city" }
      """#,
      "the \"de\" template shows {shipping.name}, but the \"en\" one shows {shipping.name}, {shipping.city}"
    ),
    (
      #"""
      { "id": "total", "cell": "info", "title": { "en": "Total", "de": "Gesamt" },
            "detail": { "en": "{order.total:currency(USD)}", "de": 1️⃣"{order.total:currency(EUR)}" } },
          { "id": "amount", "cell": "number", "title": { "en": "Amount", "de": "Betrag" }, "bind": "order.total" }
      """#,
      "the \"de\" template shows {order.total:currency(EUR)}, but the \"en\" one shows {order.total:currency(USD)}"
    ),
  ])
  func detailKeysAndFormatsMustAgreeBetweenLanguages(_ rows: String, _ message: String) {
    expectLintDiagnostics(
      flow(rows: rows),
      [
        .error(
          "1️⃣", message, path: "steps[0].rows[0].detail.de",
          suggestion: "show the same {keys}, in the same formats, in every language; only the words around them change")
      ])
  }

  @Test func aTextPerLocaleInAFlowWithoutLocalesIsAnError() {
    expectLintDiagnostics(
      """
      { "format": 1, "id": "shop", "title": "Shop", "start": "cart",
        "steps": [{ "id": "cart", "title": 1️⃣{ "en": "Cart", "de": "Warenkorb" }, "rows": [] }],
        "errors": [{ "code": "*", "step": "cart" }] }
      """,
      [
        .error(
          "1️⃣", "\"title\" is written per locale, but the flow lists no \"locales\"", path: "steps[0].title",
          suggestion:
            "list the flow's languages, the default first, e.g. \"locales\": [\"de\", \"en\"]; or write a plain string")
      ])
  }

  @Test func wellFormedLanguageTags() {
    for tag in [
      "de", "en-US", "pt-BR", "zh-Hant-TW", "sr-Latn-RS", "es-419", "de-CH-1996", "en-US-x-twain", "zh-yue-HK",
    ] {
      #expect(LanguageTag.isWellFormed(tag), "\(tag)")
    }
    for tag in ["", "d", "german", "de_DE", "en-", "-en", "en-US-US", "de-1996-1996", "x-private", "en-a", "1de"] {
      #expect(!LanguageTag.isWellFormed(tag), "\(tag)")
    }
  }
}
