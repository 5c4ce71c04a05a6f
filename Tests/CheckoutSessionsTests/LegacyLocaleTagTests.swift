import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// The legacy language tags older Java and Android clients still send (`iw` for
/// Hebrew, `in` for Indonesian, `ji` for Yiddish) are the languages they became
/// wherever a session's locale is chosen; `--locale iw` said `unknown locale "iw"`.
@Suite struct LegacyLocaleTagTests {
  /// PLNDR with Hebrew added: listed, and its card number's title and `rule.luhn`
  /// written in it.
  static let hebrew = ShippedFlows.plndr(
    speaking: "he", cardNumberTitle: "מספר כרטיס", luhnMessage: "{title} אינו תקין")

  @Test func theLegacyTagsAreTheLanguagesTheyBecame() {
    #expect(LanguageTag.replacingLegacyLanguage("iw") == "he")
    #expect(LanguageTag.replacingLegacyLanguage("IW-il") == "he-il")
    #expect(LanguageTag.replacingLegacyLanguage("in") == "id")
    #expect(LanguageTag.replacingLegacyLanguage("ji") == "yi")
    #expect(LanguageTag.replacingLegacyLanguage("he") == nil)
    #expect(LanguageTag.replacingLegacyLanguage("ind") == nil, "only the language subtag is matched")
  }

  @Test func iwIsTheFlowsHebrew() throws {
    #expect(Self.hebrew.sessionLocale(for: "iw") == "he")
    #expect(Self.hebrew.sessionLocale(for: "iw-IL") == "he-IL")
    var session = try CheckoutSession(flow: Self.hebrew, today: ShippedFlows.today, locale: "iw")
    #expect(session.locale == "he")
    session.send(.set(.key("payment.card.number"), .string("4242 4242 4242 4241")))
    #expect(session.rowErrors[CheckoutSession.RowRef(step: "creditCard", row: "number")] == "מספר כרטיס אינו תקין")
    try session.setLocale("en")
    try session.setLocale("IW")
    #expect(session.locale == "he")
  }

  @Test func aFlowThatListsTheLegacyTagKeepsIt() {
    var flow = ShippedFlows.plndr
    flow.locales = ["en", "iw"]
    #expect(CompiledFlow(flow).sessionLocale(for: "iw") == "iw")
  }

  @Test func aLegacyTagOfALanguageTheSessionCannotSpeakSaysWhichItIs() {
    #expect(ShippedFlows.plndrCompiled.sessionLocale(for: "iw") == nil)
    #expect(
      throws: UnsupportedLocale(locale: "iw", supported: ShippedFlows.plndrCompiled.locales),
      performing: { _ = try CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today, locale: "iw") }
    )
    let error = UnsupportedLocale(locale: "iw", supported: ["en", "de"])
    #expect(
      error.description
        == #"unknown locale "iw" (did you mean "he"? "iw" is the old tag of "he"); the languages are en, de"#)
  }
}
