import Foundation
import CheckoutCompiledFlow
import CheckoutModel
import Testing

/// A screen shows the flow's words in the locale it is rendered in.
@Suite struct LocalizedScreenTests {
  static let flow = Flow(
    id: "shop", title: ["en": "Shop", "de": "Laden"], start: "cart", locales: ["en", "de"]
  ) {
    Step("cart", title: ["en": "Cart", "de": "Warenkorb"]) {
      TextField("zip", title: ["en": "ZIP code", "de": "Postleitzahl"], bind: "shipping.zip")
        .placeholder(["en": "5 digits", "de": "5 Ziffern"])
        .rules([Rule(.required, message: ["en": "Enter a ZIP code.", "de": "Geben Sie eine Postleitzahl ein."])])
      Picker(
        "size", title: ["en": "Size", "de": "Größe"], bind: "size",
        options: [PickerOption(value: "s", label: ["en": "Small", "de": "Klein"])])
      Info("count", title: ["en": "Items", "de": "Artikel"]).detail(["en": "{size} items", "de": "{size} Artikel"])
      Button("pay", title: ["en": "Pay", "de": "Bezahlen"], submit: "pay").requires("cart")
    }
    ErrorMatcher(code: "*", step: "cart", row: "zip", message: ["en": "Check it.", "de": "Bitte prüfen."])
  }

  @Test func aGermanScreenShowsTheGermanWords() throws {
    let compiled = CompiledFlow(Self.flow)
    let renderer = ScreenRenderer(compiled: compiled, rules: RuleEvaluator())
    let data: [DataKey: Value] = ["size": .string("s")]
    let german = try #require(renderer.render("cart", data: data, locale: "de"))
    #expect(german.title == "Warenkorb")
    #expect(german.rows.map(\.title) == ["Postleitzahl", "Größe", "Artikel", "Bezahlen"])
    #expect(german.row("zip")?.placeholder == "5 Ziffern")
    #expect(german.row("size")?.value == "Klein" && german.row("size")?.options?.first?.label == "Klein")
    // A key in a detail shows the chosen option's label, in the locale too.
    #expect(german.row("count")?.detail == "Klein Artikel")
    #expect(german.row("pay")?.disabledReason?.hasPrefix("Bezahlen: ") == true)
    #expect(german.row("pay")?.incompleteSteps?.first?.problems == ["Geben Sie eine Postleitzahl ein."])

    let english = try #require(renderer.render("cart", data: data))
    #expect(english.title == "Cart" && english.row("size")?.value == "Small")
    #expect(english.row("pay")?.incompleteSteps?.first?.problems == ["Enter a ZIP code."])
    // The rules' locale is the renderer's when none is given; the default language needs no lookup.
    var rules = RuleEvaluator()
    rules.locale = "de"
    #expect(ScreenRenderer(compiled: compiled, rules: rules).render("cart", data: data)?.title == "Warenkorb")
    #expect(renderer.render("cart", data: data, locale: "en") == english)
  }

  @Test func aResolutionsMessageIsInTheLocale() {
    let compiled = CompiledFlow(Self.flow)
    #expect(compiled.resolution(for: APIError(code: "x"), locale: "de")?.message == "Bitte prüfen.")
    #expect(compiled.resolution(for: APIError(code: "x"))?.message == "Check it.")
  }

  @Test func aScreenEncodesPlainLabels() throws {
    let screen = try #require(ScreenRenderer(flow: Self.flow).render("cart", data: [:]))
    let json = String(decoding: try JSONEncoder().encode(screen), as: UTF8.self)
    #expect(json.contains(#""label":"Small""#), "\(json)")
  }
}
