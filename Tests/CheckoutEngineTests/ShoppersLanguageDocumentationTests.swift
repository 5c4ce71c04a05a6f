import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing

/// The "Words in the shopper's language" article: its Swift is this file's
/// snippets, run here, and its tables list every message id with its English text.
@Suite struct ShoppersLanguageDocumentationTests {
  @Test(arguments: ["a locale", "host words"])
  func theArticleShowsTheSnippetVerbatim(_ snippet: String) throws {
    let blocks = Markdown(try DocumentationTests.catalogArticle("ShoppersLanguage")).codeBlocks(language: "swift")
    let code = try DocumentationTests.snippet(snippet, in: #filePath)
    #expect(blocks.contains { $0.contains(code) }, "ShoppersLanguage.md does not show:\n\(code)")
  }

  @Test func theLocaleSnippetShowsGermanThenFrench() throws {
    let compiled = ShippedFlows.plndrCompiled
    let today = ShippedFlows.today
    // snippet: a locale
    var session = try CheckoutSession(flow: compiled, today: today, locale: "de")
    session.send(.tap("checkout"))
    session.send(.appeared("stepOne"))
    let reason = session.screen.rows.last?.disabledReason
    // "Weiter: Bitte zuerst „Lieferadresse“ vervollständigen. „Vollständiger Name“ ist ein Pflichtfeld. …"
    try session.setLocale("fr")
    // session.locale == "fr"; a language it cannot speak throws UnsupportedLocale
    // end snippet
    #expect(
      reason?.hasPrefix(
        "Weiter: Bitte zuerst „Lieferadresse“ vervollständigen. „Vollständiger Name“ ist ein Pflichtfeld.")
        == true)
    #expect(session.locale == "fr")
    #expect(
      session.screen.rows.last?.disabledReason?.contains("Complétez d’abord «\u{202F}Shipping Address\u{202F}»") == true
    )
  }

  @Test func theHostWordsSnippetShowsGermanWordsAndATemplate() throws {
    let compiled = ShippedFlows.plndrCompiled
    let today = ShippedFlows.today
    // snippet: host words
    let words = try CheckoutSession(flow: compiled, today: today, locale: "de").hostWords
    let decline = words["host.offer.decline"]  // "Nicht jetzt"
    let banner = words["host.route.banner"]  // "Weiter zu „{title}“: {current} von {total}"
    // end snippet
    #expect(decline == "Nicht jetzt")
    #expect(banner == "Weiter zu „{title}“: {current} von {total}")
  }

  @Test func theArticleListsEveryMessageWithItsPlaceholdersAndEnglishText() throws {
    let article = try DocumentationTests.catalogArticle("ShoppersLanguage")
    let english = MessageTable.read("en").texts
    let expected = EngineMessageID.allCases.map { id in
      let names = id.placeholders.map { "`{\($0)}`" + (id.numberPlaceholders.contains($0) ? " (a number)" : "") }
      let placeholders = names.isEmpty ? "—" : names.joined(separator: ", ")
      let text = (english[id.id] ?? "TEXT").replacingOccurrences(of: "|", with: "\\|")
      return "| `\(id.id)` | \(placeholders) | \(text) |"
    }
    let rows = article.split(separator: "\n").map(String.init).filter {
      $0.range(of: #"^\| `[a-z]+\.[A-Za-z.]+` \|"#, options: .regularExpression) != nil
    }
    let problems = ListDrift.problems(
      expected: expected, actual: rows,
      list: "Sources/CheckoutEngine/CheckoutEngine.docc/ShoppersLanguage.md's tables of messages", ordered: true)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
