import CheckoutTestExpectations
import Testing
import CheckoutModel

/// Flow strings written per locale: read, looked up, written back.
@Suite struct LocalizedTextTests {
  static let localized = """
    { "format": 1, "id": "shop", "title": { "en": "Shop", "de": "Laden" }, "locales": ["en", "de"], "start": "cart",
      "rules": { "zip": { "pattern": "^[0-9]{5}$", "message": { "en": "5 digits", "de": "5 Ziffern" } } },
      "data": { "methods": [{ "value": "std", "label": { "en": "Standard", "de": "Standardversand" } }] },
      "steps": [{ "id": "cart", "title": { "en": "Cart", "de": "Warenkorb" },
        "complete": [{ "when": { "key": "shipping.zip", "present": true }, "message": { "en": "Add a ZIP code.", "de": "Postleitzahl fehlt." } }],
        "rows": [
          { "id": "zip", "cell": "text", "title": { "en": "ZIP code", "de": "Postleitzahl" }, "bind": "shipping.zip",
            "placeholder": "12345", "rules": ["zip", { "required": true, "message": { "en": "Required", "de": "Pflichtfeld" } }] },
          { "id": "size", "cell": "picker", "title": "Size", "bind": "size",
            "options": [{ "value": "s", "label": { "en": "Small", "de": "Klein" } }] },
          { "id": "count", "cell": "info", "title": "Items", "detail": { "en": "{cart.count} items", "de": "{cart.count} Artikel" } } ] }],
      "errors": [{ "code": "*", "step": "cart", "message": { "en": "Try again.", "de": "Bitte erneut versuchen." } }] }
    """

  @Test func theLoaderReadsBothFormsAndTheWriterWritesBackWhatItRead() throws {
    let flow = try FlowLoader().load(json: Self.localized)
    #expect(flow.locales == ["en", "de"])
    #expect(flow.title.text == "Shop" && flow.title.text(in: "de") == "Laden")
    let row = try #require(flow.step("cart")?.row("zip"))
    #expect(row.title.translations == ["en": "ZIP code", "de": "Postleitzahl"])
    #expect(row.placeholder == "12345" && row.placeholder?.isLocalized == false)
    #expect(row.rules.map { $0.message?.text(in: "de") } == ["5 Ziffern", "Pflichtfeld"])
    #expect(flow.step("cart")?.row("size")?.title == "Size")
    let written = FlowWriter.json(flow)
    #expect(written.contains(#""title": { "en": "Cart", "de": "Warenkorb" }"#), "\(written)")
    #expect(written.contains(#""placeholder": "12345""#))
    #expect(
      written.contains(#""rules": ["zip", { "required": true, "message": { "en": "Required", "de": "Pflichtfeld" } }]"#)
    )
    #expect(try FlowLoader().load(json: written) == flow)
    #expect(FlowWriter.json(try FlowLoader().load(json: written)) == written)
  }

  @Test func aLocaleFallsBackToItsLanguageThenToTheDefault() {
    let text: LocalizedText = ["en": "Card number", "de": "Kartennummer"]
    #expect(text.text == "Card number")
    #expect(text.text(in: nil) == "Card number")
    #expect(text.text(in: "de") == "Kartennummer")
    #expect(text.text(in: "de-CH") == "Kartennummer")
    #expect(text.text(in: "fr") == "Card number")
    let plain: LocalizedText = "CVV"
    #expect(plain.text(in: "de") == "CVV" && "\(plain)" == "CVV")
  }

  @Test func theFlowsFirstLocaleIsTheDefault() {
    let flow = Flow(id: "f", title: ["de": "Laden", "en": "Shop"], start: "a", locales: ["en", "de"]) {
      Step("a", title: ["en": "Cart", "de": "Warenkorb"]) {
        TextField("n", title: LocalizedText("Name", translations: ["de": "Name", "en": "Name"]), bind: "n")
          .placeholder(["de": "Vor- und Nachname", "en": "First and last name"])
      }
    }
    #expect(flow.title.text == "Shop")
    #expect(flow.step("a")?.row("n")?.placeholder?.text == "First and last name")
    #expect(!flow.lint().contains { $0.severity == .error }, "\(flow.lint())")
  }

  @Test func badFormsAreReportedWithTheirPathAndWhatIsValid() {
    expectLoadDiagnostics(
      """
      { "format": 1, "id": "shop", "title": "Shop", "locales": ["en", "de"], "start": "cart",
        "steps": [{ "id": "cart", "title": 1️⃣[], "rows": [
          { "id": "a", "cell": "info", "title": { "en": "A", "de": 2️⃣3 } },
          { "id": "b", "cell": "info", "title": 3️⃣{} } ] }] }
      """,
      [
        .error(
          "1️⃣",
          #"expected a string, or an object of locale -> string like { "en": "Card number", "de": "Kartennummer" }, found an array"#,
          path: "steps[0].title"),
        .error("2️⃣", #"expected the text in "de" (a string), found a number"#, path: "steps[0].rows[0].title.de"),
        .error(
          "3️⃣",
          #"expected a string, or an object of locale -> string like { "en": "Card number", "de": "Kartennummer" }, found an empty object"#,
          path: "steps[0].rows[1].title", suggestion: "write the text in each locale the flow lists"),
      ])
  }
}
