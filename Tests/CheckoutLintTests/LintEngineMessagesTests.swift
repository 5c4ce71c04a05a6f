import CheckoutTestExpectations
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
  private func flow(adding locale: String, without missing: [EngineMessageID]) -> String {
    let members = EngineMessageID.allCases.filter { !missing.contains($0) }.map { id in
      let text = EngineMessages.english.template(id).replacingOccurrences(of: "\"", with: "\\\"")
      return "\"\(id.id)\": { \"\(locale)\": \"\(text)\" }"
    }
    return """
      { "format": 1, "id": "shop", "title": { "en": "Shop", "\(locale)": "Sklep" }, "locales": ["en", "\(locale)"],
        "start": "cart", "steps": [{ "id": "cart", "title": { "en": "Cart", "\(locale)": "Koszyk" }, "rows": [] }],
        "errors": [{ "code": "*", "step": "cart" }],
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
          "the engine does not speak \"pl\", and the flow's messages leave out 3 of the engine's \(all) messages in it: rule.luhn, format.months, host.offer.title; a \"pl\" shopper reads them in English",
          path: "messages",
          suggestion:
            "write a \"pl\" text for each in \"messages\" (the ids and their placeholders are in the \"Words in the shopper's language\" article)"
        )
      ])
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
        "errors": [{ "code": "*", "step": "cart" }] }
      """
    expectLintDiagnostics(
      source,
      [
        .warning(
          "1️⃣",
          "the engine does not speak \"sv\", and the flow's messages write none of the engine's \(all) messages in it; a \"sv\" shopper reads them in English",
          path: "locales[1]",
          suggestion:
            "write a \"sv\" text for each in \"messages\" (the ids and their placeholders are in the \"Words in the shopper's language\" article)"
        )
      ])
  }
}
