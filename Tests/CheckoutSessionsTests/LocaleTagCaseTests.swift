import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// A locale tag matches whatever its case, as BCP 47 says, wherever a session's
/// locale is chosen (``CompiledFlow/sessionLocale(for:)``): the session is then in
/// the tag as the flow writes it, so the flow's words are found, and a regional
/// form reads the flow's words and messages of its language.
@Suite struct LocaleTagCaseTests {
  /// PLNDR with Polish added: listed, its card number's title and the `rule.luhn`
  /// message written in it (the engine has no Polish table).
  static let polish = ShippedFlows.plndr(speaking: "pl", cardNumberTitle: "Numer karty", luhnMessage: "Sprawdź {title}")

  static let number = CheckoutSession.RowRef(step: "creditCard", row: "number")

  static func cardError(_ locale: String, flow: CompiledFlow = polish) throws -> String? {
    var session = try CheckoutSession(flow: flow, today: ShippedFlows.today, locale: locale)
    session.send(.set(.key("payment.card.number"), .string("4242 4242 4242 4241")))
    return session.rowErrors[number]
  }

  @Test func tagsAreWrittenInTheCaseRFC5646Recommends() {
    #expect(LanguageTag.canonical("DE") == "de")
    #expect(LanguageTag.canonical("De-at") == "de-AT")
    #expect(LanguageTag.canonical("ZH-hant-tw") == "zh-Hant-TW")
    #expect(LanguageTag.canonical("es-419") == "es-419")
    #expect(LanguageTag.canonical("EN-US-X-TWAIN") == "en-US-x-twain", "after a singleton all lowercase")
    #expect(LanguageTag.canonical("de_DE") == "de_DE", "a malformed tag as it is")
  }

  /// `DE` was taken as the engine's German but found none of the flow's German words:
  /// `Bitte zuerst „Shipping Address“ vervollständigen. Full name ist erforderlich.`
  @Test func anUppercaseTagIsTheFlowsLanguage() throws {
    var session = try CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today, locale: "DE")
    #expect(session.locale == "de")
    session.send(.tap("checkout"))
    session.send(.appeared("stepOne"))
    let reason = try #require(session.screen.rows.first { $0.id == "continue" }?.disabledReason)
    #expect(reason.contains("Bitte zuerst „Lieferadresse“ vervollständigen. „Vollständiger Name“"), "\(reason)")
    try session.setLocale("De-at")
    #expect(session.locale == "de-AT")
    #expect(session.screen.rows.first { $0.id == "continue" }?.disabledReason?.contains("Lieferadresse") == true)
  }

  /// `PL` was refused (`unknown locale "PL"`) on a flow that adds `pl`.
  @Test func aLanguageTheFlowAddsMatchesWhateverItsCase() throws {
    #expect(try Self.cardError("PL") == "Sprawdź Numer karty")
    #expect(Self.polish.sessionLocale(for: "PL") == "pl")
  }

  /// A regional form of a language the flow adds reads its words and its messages
  /// (the messages were English: only the engine's languages were looked up).
  @Test func aRegionalFormOfAnAddedLanguageReadsItsMessages() throws {
    #expect(Self.polish.sessionLocale(for: "pl-pl") == "pl-PL")
    #expect(try Self.cardError("pl-pl") == "Sprawdź Numer karty")
    #expect(try Self.cardError("PL-PL") == "Sprawdź Numer karty")
  }

  @Test func aTypoOfALanguageSaysWhichItMeans() {
    #expect(throws: UnsupportedLocale.self) { try Self.cardError("pll") }
    let typo = UnsupportedLocale(locale: "pll", supported: Self.polish.locales)
    #expect(
      typo.description
        == #"unknown locale "pll" (did you mean "pl"?); the languages are en, de, pl, fr, es, it, nl, pt, ja"#)
    #expect(
      UnsupportedLocale(locale: "deu", supported: ["en", "de"]).description
        == #"unknown locale "deu" (did you mean "de"?); the languages are en, de"#)
    // Danish is not a typo of German: a tag of a language's length is another language.
    #expect(
      UnsupportedLocale(locale: "da", supported: ["en", "de"]).description
        == #"unknown locale "da"; the languages are en, de"#)
    #expect(Self.polish.sessionLocale(for: "de-") == nil, "a malformed tag is no locale")
  }

  @Test func aSnapshotsLocaleMatchesWhateverItsCase() throws {
    var session = try CheckoutSession(flow: Self.polish, today: ShippedFlows.today, locale: "pl")
    session.send(.set(.key("payment.card.number"), .string("4242 4242 4242 4241")))
    let json = String(decoding: session.snapshot().jsonData(), as: UTF8.self)
    let written = json.replacingOccurrences(of: #""locale":"pl""#, with: #""locale":"PL""#)
    #expect(written != json)
    let restored = try CheckoutSession(restoringJSON: Data(written.utf8), flow: Self.polish)
    #expect(restored.locale == "pl")
  }
}
