import CheckoutTestExpectations
import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutLint

/// An error matcher without a `message` in a flow of several languages: only a
/// shopper in the default language reads the API's own message; the others read
/// the engine's general "please check this", so lint warns at the matcher.
@Suite struct LintMatcherMessageTests {
  /// A card step in `locales` (of en, de, fr) whose `errors` are `errors` (JSON
  /// elements), with the flow's `messages` (JSON members).
  static func flow(locales: [String] = ["en", "de"], errors: String, messages: String = "") -> String {
    let words = [
      "en": ["Shop", "Card", "Card number"], "de": ["Laden", "Karte", "Kartennummer"],
      "fr": ["Boutique", "Carte", "Numéro de carte"],
    ]
    func text(_ index: Int) -> String {
      "{ " + locales.map { "\"\($0)\": \"\(words[$0]?[index] ?? "")\"" }.joined(separator: ", ") + " }"
    }
    let listed = locales.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      { "format": 1, "id": "shop", "title": \(text(0)), "locales": [\(listed)],
        "start": "card", "steps": [{ "id": "card", "title": \(text(1)), "rows": [
          { "id": "number", "cell": "text", "title": \(text(2)), "bind": "card.number" } ] }],
        "errors": [\(errors)]\(messages.isEmpty ? "" : ", \"messages\": { \(messages) }") }
      """
  }

  static let suggestion = #"say what went wrong in each of the flow's languages: "message": { "en": …, "de": … }"#

  @Test func aMatcherWithoutAMessageIsAWarningSayingWhatOtherShoppersRead() {
    expectLintDiagnostics(
      Self.flow(
        errors: #"""
          1️⃣{ "code": "card_expired", "step": "card", "row": "number" },
              2️⃣{ "code": "*", "step": "card" }
          """#),
      [
        .warning(
          "1️⃣",
          #"the matcher has no "message": shoppers in "en" read the API's own message, shoppers in "de" only the engine's "Kartennummer: Bitte überprüfen Sie diese Angabe." (error.checkRow), which does not say what went wrong"#,
          path: "errors[0]", suggestion: Self.suggestion),
        .warning(
          "2️⃣",
          #"the matcher has no "message": shoppers in "en" read the API's own message, shoppers in "de" only the engine's "Bitte überprüfen Sie diesen Schritt." (error.checkStep), which does not say what went wrong"#,
          path: "errors[1]", suggestion: Self.suggestion),
      ])
  }

  /// The text named is the flow's own `error.checkRow` when it writes one in that language.
  @Test func theWarningQuotesTheFlowsOwnTextAndNamesEveryOtherLanguage() {
    expectLintDiagnostics(
      Self.flow(
        locales: ["en", "de", "fr"],
        errors: #"""
          1️⃣{ "code": "card_expired", "step": "card", "row": "number" },
              { "code": "*", "step": "card", "message": { "en": "Try again.", "de": "Bitte erneut.", "fr": "Réessayez." } }
          """#,
        messages: #""error.checkRow": { "de": "{title} prüfen, bitte." }"#),
      [
        .warning(
          "1️⃣",
          #"the matcher has no "message": shoppers in "en" read the API's own message, shoppers in "de" or "fr" only the engine's "Kartennummer prüfen, bitte." (error.checkRow), which does not say what went wrong"#,
          path: "errors[0]",
          suggestion: #"say what went wrong in each of the flow's languages: "message": { "en": …, "de": …, "fr": … }"#)
      ])
  }

  @Test func aFlowOfOneLanguageOrMatchersWithMessagesLintClean() {
    expectLintDiagnostics(
      #"""
      { "format": 1, "id": "shop", "title": "Shop", "start": "card", "steps": [{ "id": "card", "title": "Card", "rows": [] }],
        "errors": [{ "code": "*", "step": "card" }] }
      """#, [])
    expectLintDiagnostics(
      Self.flow(
        errors: #"{ "code": "*", "step": "card", "message": { "en": "Try again.", "de": "Bitte erneut versuchen." } }"#),
      [])
  }

  /// The article's example is what lint says of PLNDR's first matcher without its message.
  @Test func theArticlesExampleIsTheRealWarning() throws {
    let plndr = try String(contentsOf: PackagePaths.flows.appendingPathComponent("plndr.json"), encoding: .utf8)
    let line = try #require(plndr.split(separator: "\n").first { $0.contains(#""code": "card_number_invalid""#) })
    let bare = #"    { "code": "card_number_invalid", "step": "creditCard", "row": "number" },"#
    let report = FlowLoader().lint(bytes: Array(plndr.replacingOccurrences(of: line, with: bare).utf8))
    let warning = try #require(report.diagnostics.first { $0.code == "untranslated-api-message" })
    let article = try String(
      contentsOf: PackagePaths.root.appendingPathComponent(
        "Sources/CheckoutEngine/CheckoutEngine.docc/ShoppersLanguage.md"), encoding: .utf8)
    let rendered = warning.rendered(file: "plndr.json")
    #expect(article.contains("\n\(rendered)\n"), "the article should show:\n\(rendered)")
  }

  /// A message that leaves out a listed language is the loader's error at the
  /// message, and not warned again.
  @Test func aMessageLeavingOutALanguageIsOnlyItsError() {
    expectLintDiagnostics(
      Self.flow(errors: #"{ "code": "*", "step": "card", "message": 1️⃣{ "en": "Try again." } }"#),
      [
        .error(
          "1️⃣", #""message" has no "de" text"#, path: "errors[0].message",
          suggestion: #"add "de": the words in that language (the flow lists it in "locales")"#)
      ])
  }
}
