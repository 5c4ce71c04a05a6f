import CheckoutCompiledFlow
import CheckoutModel
import Testing

/// A detail's plural shows the form its number takes in the screen's language,
/// `#` written as that language writes numbers.
@Suite struct PluralScreenTests {
  static let flow = Flow(
    id: "shop", title: "Shop", start: "cart", locales: ["en", "pl", "ja", "xx"]
  ) {
    Step("cart", title: "Cart") {
      Info("items", title: "Items").detail(
        [
          "en": "{cart.count, plural, =0 {Your bag is empty} one {# item} other {# items}}",
          "pl": "{cart.count, plural, one {# produkt} few {# produkty} many {# produktów} other {# produktu}}",
          "ja": "{cart.count}個", "xx": "{cart.count, plural, one {# one} other {# other}}",
        ])
      Info("card", title: "Card").detail("{card.cvv, plural, one {# one} other {# other}}")
      SecureField("cvv", title: "CVV", bind: "card.cvv").secret()
    }
  }

  static func detail(_ count: Value, locale: String?, row: RowID = "items") throws -> String? {
    let renderer = ScreenRenderer(compiled: CompiledFlow(flow), rules: RuleEvaluator())
    let data: [DataKey: Value] = ["cart.count": count, "card.cvv": .string("1")]
    return try #require(renderer.render("cart", data: data, locale: locale)).row(row)?.detail
  }

  @Test func englishSaysOneItemAndFiveItems() throws {
    #expect(try Self.detail(.number(1), locale: nil) == "1 item")
    #expect(try Self.detail(.number(5), locale: nil) == "5 items")
    #expect(try Self.detail(.number(0), locale: "en") == "Your bag is empty")
    #expect(try Self.detail(.number(1234), locale: "en") == "1,234 items", "# is the number as the language writes it")
    #expect(try Self.detail(.string("1"), locale: "en") == "1 item", "a number held as text")
    #expect(try Self.detail(.string("many"), locale: "en") == "many items", "a text that is no number is other")
  }

  @Test func polishSaysProduktProduktyProduktow() throws {
    #expect(try Self.detail(.number(1), locale: "pl") == "1 produkt")
    #expect(try Self.detail(.number(5), locale: "pl") == "5 produktów")
    #expect(try Self.detail(.number(22), locale: "pl") == "22 produkty")
    #expect(try Self.detail(.number(12), locale: "pl") == "12 produktów")
    #expect(try Self.detail(.string("1.5"), locale: "pl") == "1.5 produktu")
  }

  @Test func aLanguageWithoutFormsOrRulesReadsOther() throws {
    #expect(try Self.detail(.number(1), locale: "ja") == "1個", "the plain {key} form as before")
    #expect(try Self.detail(.number(1), locale: "xx") == "1 other", "a language without rules is other")
  }

  /// French has no text here: the English one shows, and chooses its form by
  /// English rules (French says 0 and 1.5 are `one`: "0 item", "1.5 item").
  @Test func aFallbackTextChoosesItsFormInItsOwnLanguage() throws {
    #expect(try Self.detail(.number(1), locale: "fr") == "1 item")
    #expect(try Self.detail(.string("1.5"), locale: "fr") == "1,5 items", "# is the session's way of writing it")
    #expect(try Self.detail(.number(0), locale: "fr") == "Your bag is empty")
    #expect(try Self.detail(.number(2), locale: "pl-PL") == "2 produkty", "a regional form reads its language's text")
  }

  @Test func aSecretKeysPluralNeitherShowsNorChoosesByIt() throws {
    let shown = try Self.detail(.number(1), locale: nil, row: "card")
    #expect(shown?.hasSuffix(" other") == true, "\(shown ?? "nil")")
    #expect(shown?.contains("1") == false)
  }
}
