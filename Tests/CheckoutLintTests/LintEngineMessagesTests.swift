import CheckoutTestExpectations
import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutLint

/// A language the flow adds (one the engine has no table for) and the engine's
/// messages: each one the flow's `messages` leave out is read in English, so lint
/// warns once per language, with how many and which, at `messages`.
@Suite struct LintEngineMessagesTests {
  /// A flow in English and `locale`, its `messages` writing every engine message
  /// in `locale` but `missing` (each as the English text, placeholders and all).
  /// A text in `wrong` is written as given (a marker and all) instead of the English.
  private func flow(
    adding locale: String, without missing: [EngineMessageID], wrong: [EngineMessageID: String] = [:]
  ) -> String {
    let members = EngineMessageID.allCases.filter { !missing.contains($0) }.map { id in
      let text = EngineMessages.english.template(id).replacingOccurrences(of: "\"", with: "\\\"")
      return "\"\(id.id)\": { \"\(locale)\": \(wrong[id] ?? "\"\(text)\"") }"
    }
    return """
      { "format": 1, "id": "shop", "title": { "en": "Shop", "\(locale)": "Sklep" }, "locales": ["en", "\(locale)"],
        "start": "cart", "steps": [{ "id": "cart", "title": { "en": "Cart", "\(locale)": "Koszyk" }, "rows": [] }],
        "errors": [{ "code": "*", "step": "cart", "message": { "en": "Try again.", "\(locale)": "…" } }],
        "messages": 1️⃣{ \(members.joined(separator: ",\n    ")) } }
      """
  }

  private var all: Int { EngineMessageID.allCases.count }

  /// Nothing warned: the Polish shopper read `rule.luhn`, `format.months` and
  /// `host.offer.title` in English.
  @Test func messagesLeftOutInAnAddedLanguageAreAWarningListingThem() {
    expectLintDiagnostics(
      flow(adding: "pl", without: [.ruleLuhn, .formatMonths, .hostOfferTitle]),
      [
        .warning(
          "1️⃣",
          "the engine does not speak \"pl\", and the flow's messages leave out 3 of the engine's \(all) messages in it: rule.luhn, format.months, host.offer.title; a shopper in \"pl\" reads them in English",
          path: "messages",
          suggestion:
            "write a text in \"pl\" for each in \"messages\" (the ids and their placeholders are in the \"Words in the shopper's language\" article)"
        )
      ])
  }

  /// A text that is written but wrong (a placeholder typo, a number or months
  /// not of their shape) is its own error where it stands, and is not counted
  /// as left out: the language has its text, it only needs mending.
  @Test func aTextWrittenButWrongIsItsErrorAndNotAlsoLeftOut() {
    expectLintDiagnostics(
      flow(
        adding: "pl", without: [],
        wrong: [
          .ruleRequired: #"2️⃣"Pole {titel} jest wymagane""#, .formatNumber: #"3️⃣"1234567""#,
          .formatMonths: #"4️⃣"Sty, Lut""#,
        ]),
      [
        .error(
          "2️⃣", "{titel} is not a placeholder of rule.required", path: #"messages["rule.required"].pl"#,
          suggestion: #"did you mean "title"? its placeholders are {title}"#),
        .error(
          "3️⃣", #""1234567" is not how format.number is written"#, path: #"messages["format.number"].pl"#,
          suggestion:
            "write 1234567.89 as the language writes it, like 1,234,567.89, 1.234.567,89, 1234567,89 (no grouping) or ١٬٢٣٤٬٥٦٧٫٨٩ (digits of one script)"
        ),
        .error(
          "4️⃣", #""Sty, Lut" is not how format.months is written"#, path: #"messages["format.months"].pl"#,
          suggestion: #"write the twelve months' names, January first, separated by ", ""#),
      ])
  }

  /// The article's example is what lint says, with the engine's real number of messages.
  @Test func theArticlesExampleIsTheRealWarning() throws {
    let marked = flow(adding: "pl", without: [.ruleLuhn, .formatMonths, .hostOfferTitle])
    let report = FlowLoader().lint(bytes: Array(marked.replacingOccurrences(of: "1️⃣", with: "").utf8))
    let warning = try #require(report.diagnostics.first { $0.code == "untranslated-engine-messages" })
    let path = "Sources/CheckoutEngine/CheckoutEngine.docc/ShoppersLanguage.md"
    let article = try String(contentsOf: PackagePaths.root.appendingPathComponent(path), encoding: .utf8)
    let prose = article.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    // A Bool, so a failure prints the line to write, not the whole article.
    let quotes = prose.contains("(`\(warning.message)`)")
    #expect(quotes, "\(path) should quote lint's warning, in backticks in parentheses: (`\(warning.message)`)")
  }

  @Test func anAddedLanguageWithEveryMessageLints() {
    expectLintDiagnostics(flow(adding: "pl", without: []), [])
  }

  /// The engine's own languages read its tables: a flow need not write them.
  @Test func aLanguageTheEngineSpeaksNeedsNoMessages() {
    expectLintDiagnostics(flow(adding: "de", without: EngineMessageID.allCases.filter { $0 != .ruleRequired }), [])
  }

  /// A flow without `messages` that lists a language the engine does not speak:
  /// the warning is at the language, and names no ids (it is all of them).
  @Test func anAddedLanguageWithoutMessagesIsAWarningAtItsTag() {
    let source = """
      { "format": 1, "id": "shop", "title": { "en": "Shop", "sv": "Butik" }, "locales": ["en", 1️⃣"sv"], "start": "cart",
        "steps": [{ "id": "cart", "title": { "en": "Cart", "sv": "Varukorg" }, "rows": [] }],
        "errors": [{ "code": "*", "step": "cart", "message": { "en": "Try again.", "sv": "Försök igen." } }] }
      """
    expectLintDiagnostics(
      source,
      [
        .warning(
          "1️⃣",
          "the engine does not speak \"sv\", and the flow's messages write none of the engine's \(all) messages in it; a shopper in \"sv\" reads them in English",
          path: "locales[1]",
          suggestion:
            "write a text in \"sv\" for each in \"messages\" (the ids and their placeholders are in the \"Words in the shopper's language\" article); a plural in \"sv\" (of {count}) takes the forms one, other"
        )
      ])
  }
}
