import CheckoutLint
import CheckoutModel
import Testing

/// Plurals in each language a text is written in: a form the language never
/// uses, one it needs and the text lacks, a language without rules, a key that
/// holds no number; and a malformed plural, which loading refuses where it stands.
@Suite struct LintPluralTests {
  /// A shop in `locales` whose cart shows `detail` (a JSON value) and whose
  /// `messages` are `messages` (JSON members).
  static func flow(
    detail: String, locales: String = #"["en", "pl"]"#, data: String = #""cart.count": 3"#, messages: String = ""
  ) -> String {
    """
    {
      "format": 1, "id": "shop", "title": { "en": "Shop", "pl": "Sklep" }, "locales": \(locales), "start": "cart",
      "data": { \(data) },
      "steps": [
        { "id": "cart", "title": { "en": "Cart", "pl": "Koszyk" }, "rows": [
          { "id": "items", "cell": "info", "title": { "en": "Items", "pl": "Produkty" }, "detail": \(detail) },
          { "id": "gift", "cell": "toggle", "title": { "en": "Gift", "pl": "Prezent" }, "bind": "gift.on" } ] }
      ],
      "errors": [{ "code": "*", "step": "cart", "message": { "en": "Try again", "pl": "Spróbuj ponownie" } }]\(messages.isEmpty ? "" : ", \"messages\": { \(messages) }")
    }
    """
  }

  static let english = "{cart.count, plural, one {# item} other {# items}}"
  static let polish = "{cart.count, plural, one {# produkt} few {# produkty} many {# produktów} other {# produktu}}"

  /// The diagnostics, but the untranslated engine messages of a language the engine
  /// does not speak (these flows write none: `LintEngineMessagesTests` checks that).
  static func report(_ source: String) -> [String] {
    FlowLoader().lint(bytes: Array(source.utf8)).diagnostics.filter { $0.code != "untranslated-engine-messages" }.map {
      "\($0.rendered(file: "shop.json"))"
    }
  }

  @Test func rightPluralsInEachLanguageAreClean() {
    let detail = #"{ "en": "\#(Self.english)", "pl": "\#(Self.polish)" }"#
    #expect(Self.report(Self.flow(detail: detail)) == [])
  }

  @Test func polishWithoutFewOrManyIsAWarningForEach() {
    let detail = #"{ "en": "\#(Self.english)", "pl": "{cart.count, plural, one {# produkt} other {# produktów}}" }"#
    #expect(
      Self.report(Self.flow(detail: detail)) == [
        #"shop.json:6:164: warning: steps[0].rows[0].detail.pl: the plural of cart.count has no few form, which "pl" uses for 2, 3, 4, 22, …: they would show the other form; add few {# …}; the forms of "pl" are one, few, many, other"#,
        #"shop.json:6:164: warning: steps[0].rows[0].detail.pl: the plural of cart.count has no many form, which "pl" uses for 0, 5, 6, 7, …: they would show the other form; add many {# …}; the forms of "pl" are one, few, many, other"#,
      ])
  }

  @Test func englishWithFewIsAWarning() {
    let detail =
      #"{ "en": "{cart.count, plural, one {# item} few {# items} other {# items}}", "pl": "\#(Self.polish)" }"#
    #expect(
      Self.report(Self.flow(detail: detail)) == [
        #"shop.json:6:104: warning: steps[0].rows[0].detail.en: the plural of cart.count has a few form, but no number takes it in "en"; remove few {…}: the categories of "en" are one, other"#
      ])
  }

  @Test func aLanguageWithoutRulesIsAWarning() {
    let source = Self.flow(
      detail: #"{ "en": "\#(Self.english)", "xx": "{cart.count, plural, one {# a} other {# b}}" }"#,
      locales: #"["en", "xx"]"#
    ).replacingOccurrences(of: #""pl""#, with: #""xx""#)
    let warnings = Self.report(source)
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.contains(
        #"steps[0].rows[0].detail.xx: the plural of cart.count has a one form, but "xx" has no plural rules here: every number takes its other form; write exact matches for the numbers that need another form (=1 {…} other {…}), or the text in a language with plural rules: af, am, ar, az, bg"#
      )
        == true, "\(warnings)")
  }

  @Test func exactMatchesInALanguageWithoutRulesAreClean() {
    let source = Self.flow(
      detail: #"{ "en": "\#(Self.english)", "xx": "{cart.count, plural, =1 {# a} =2 {# b} other {# c}}" }"#,
      locales: #"["en", "xx"]"#
    ).replacingOccurrences(of: #""pl""#, with: #""xx""#)
    #expect(Self.report(source) == [])
  }

  @Test func hebrewHasOneTwoAndOtherAndExactMatchesAnswerThem() {
    func report(_ hebrew: String) -> [String] {
      Self.report(
        Self.flow(detail: #"{ "en": "\#(Self.english)", "he": "\#(hebrew)" }"#, locales: #"["en", "he"]"#)
          .replacingOccurrences(of: #""pl""#, with: #""he""#))
    }
    #expect(report("{cart.count, plural, one {פריט אחד} two {שני פריטים} other {# פריטים}}") == [])
    #expect(report("{cart.count, plural, =1 {פריט אחד} =2 {שני פריטים} other {# פריטים}}") == [])
    let lacking = report("{cart.count, plural, one {פריט אחד} other {# פריטים}}")
    #expect(
      lacking.count == 1
        && lacking[0].hasSuffix(
          #"warning: steps[0].rows[0].detail.he: the plural of cart.count has no two form, which "he" uses for 2: they would show the other form; add two {# …}; the forms of "he" are one, two, other"#
        ), "\(lacking)")
  }

  @Test func anExactMatchOfEveryNumberOfACategoryAnswersItsMissingForm() {
    func report(_ arabic: String) -> [String] {
      Self.report(
        Self.flow(detail: #"{ "en": "\#(Self.english)", "ar": "\#(arabic)" }"#, locales: #"["en", "ar"]"#)
          .replacingOccurrences(of: #""pl""#, with: #""ar""#))
    }
    let rest = "one {منتج واحد} two {منتجان} few {# منتجات} many {# منتجًا} other {# منتج}"
    #expect(report("{cart.count, plural, =0 {السلة فارغة} \(rest)}") == [])
    #expect(
      report("{cart.count, plural, \(rest)}").contains {
        $0.contains(#"has no zero form, which "ar" uses for 0: they would show the other form"#)
      })
    // Exact matches of some numbers of a category of endless ones do not answer it.
    let manyAsExact = "{cart.count, plural, =0 {x} one {x} two {x} few {x} =11 {x} =12 {x} other {x}}"
    #expect(report(manyAsExact).contains { $0.contains("has no many form") })
  }

  @Test func aPluralOfTextOrAToggleIsAWarning() {
    let text = Self.report(
      Self.flow(detail: #""\#(Self.english)""#, locales: #"["en"]"#, data: #""cart.count": "three""#)
        .replacingOccurrences(of: #", "pl": "Sklep""#, with: "").replacingOccurrences(
          of: #", "pl": "Koszyk""#, with: ""
        )
        .replacingOccurrences(of: #", "pl": "Produkty""#, with: "").replacingOccurrences(
          of: #", "pl": "Prezent""#, with: ""))
    #expect(
      text.contains {
        $0.hasSuffix(
          #"warning: steps[0].rows[0].detail: {cart.count, plural, …} chooses a form by the number in "cart.count", but the flow's data holds "three"; write a number in "data" (3 or 1.5), or show the key without a plural: {cart.count}"#
        )
      }, "\(text)")
    let toggle = Self.report(
      Self.flow(detail: #"{ "en": "{gift.on, plural, one {# gift} other {# gifts}}", "pl": "{gift.on}" }"#))
    #expect(toggle.contains { $0.contains("but a toggle holds it (on or off, never a number)") }, "\(toggle)")
  }

  @Test func aMalformedPluralIsALoadingErrorWithItsLineColumnPathAndWhatIsValid() {
    let detail = #"{ "en": "{cart.count, plural, one {# item}}", "pl": "\#(Self.polish)" }"#
    #expect(
      Self.report(Self.flow(detail: detail)) == [
        #"shop.json:6:104: error: steps[0].rows[0].detail.en: the plural of cart.count has only one: it needs an other form in template "{cart.count, plural, one {# item}}"; add other {…}, the form of every number no other form takes: {cart.count, plural, one {# item} other {…}}"#
      ])
  }

  @Test func aFlowsMessagesMayUsePluralsCheckedInTheirLanguage() {
    let detail = #"{ "en": "\#(Self.english)", "pl": "\#(Self.polish)" }"#
    let good =
      #""rule.maxLength": { "pl": "{title} może mieć najwyżej {count, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}}" }"#
    #expect(Self.report(Self.flow(detail: detail, messages: good)) == [])
    let lacking = #""rule.maxLength": { "pl": "{title}: {count, plural, one {# znak} other {# znaków}}" }"#
    let warnings = Self.report(Self.flow(detail: detail, messages: lacking))
    #expect(
      warnings.count == 2
        && warnings.allSatisfy { $0.contains("warning: messages[\"rule.maxLength\"].pl: the plural of count has no") },
      "\(warnings)")
    let ofText = #""rule.maxLength": { "pl": "{title, plural, one {# a} other {# b}} {count}" }"#
    #expect(
      Self.report(Self.flow(detail: detail, messages: ofText)).contains {
        $0.contains(
          #"error: messages["rule.maxLength"].pl: {title} of rule.maxLength is not a number, so it cannot choose a plural form; only {count} can"#
        )
      })
  }
}
