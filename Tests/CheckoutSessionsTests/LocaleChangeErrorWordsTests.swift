import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// After a language change, an API error's message is said again in the new
/// language when the flow or the engine wrote it (a matcher's `message` in its
/// locales, the engine's `error.checkRow`), waiting in an offer or shown on the row
/// a route arrived at; the API's own message stays as it came.
@Suite struct LocaleChangeErrorWordsTests {
  static let cvv = CheckoutSession.RowRef(step: "creditCard", row: "cvv")
  static let cvvEnglish = "The security code (CVV) isn't right. Please check the back of your card."
  static let cvvGerman = "Der Sicherheitscode (CVV) stimmt nicht. Bitte prüfen Sie die Rückseite Ihrer Karte."

  /// PLNDR with its `cvv_invalid` matcher left without a `message`.
  static let apiWordsCompiled: CompiledFlow = {
    var flow = ShippedFlows.plndr
    for index in flow.errors.indices where flow.errors[index].code == .exact("cvv_invalid") {
      flow.errors[index].message = nil
    }
    return CompiledFlow(flow)
  }()

  /// A session in `locale` at PLNDR's review whose order the API refused for its CVV.
  static func declined(_ locale: String, flow: CompiledFlow = ShippedFlows.plndrCompiled) throws -> DrivenSession {
    var driven = DrivenSession()
    driven.session = try CheckoutSession(flow: flow, today: ShippedFlows.today, locale: locale)
    driven.fillAddressAndCard()
    driven.send(.tap("continue"))
    driven.send(.tap("placeOrder"))
    driven.send(.apiFailed("placeOrder", [APIError(code: "cvv_invalid", message: "Bad CVV.")]))
    return driven
  }

  @Test func aMatchersMessageWaitingInAnOfferIsSaidAgainInTheNewLanguage() throws {
    var driven = try Self.declined("de")
    #expect(driven.session.offer?.resolution.message == Self.cvvGerman)
    try driven.session.setLocale("en")
    #expect(driven.session.offer?.resolution.message == Self.cvvEnglish)
    #expect(driven.session.offer?.resolution.error?.message == "Bad CVV.", "the API's message stays for the log")
  }

  @Test func aMatchersMessageARoutePutOnARowIsSaidAgainInTheNewLanguage() throws {
    var driven = try Self.declined("de")
    try driven.session.setLocale("en")
    driven.send(.accept)
    #expect(driven.session.focus == Self.cvv)
    #expect(driven.session.rowErrors[Self.cvv] == Self.cvvEnglish)
    try driven.session.setLocale("de")
    #expect(driven.session.rowErrors[Self.cvv] == Self.cvvGerman)
    #expect(driven.session.screen.rows.first { $0.id == "cvv" }?.error == Self.cvvGerman)
  }

  @Test func theEnginesWordsForAnUnexplainedErrorAreSaidAgainButTheAPIsOwnStay() throws {
    var german = try Self.declined("de", flow: Self.apiWordsCompiled)
    #expect(german.session.offer?.resolution.message == "Prüfnummer (CVV): Bitte überprüfen Sie diese Angabe.")
    try german.session.setLocale("fr")
    let french = Self.apiWordsCompiled.ruleContext(for: "fr").messages.text(.errorCheckRow, "CVV")
    #expect(german.session.offer?.resolution.message == french)
    german.send(.accept)
    try german.session.setLocale("de")
    #expect(german.session.rowErrors[Self.cvv] == "Prüfnummer (CVV): Bitte überprüfen Sie diese Angabe.")

    var english = try Self.declined("en", flow: Self.apiWordsCompiled)
    #expect(english.session.offer?.resolution.message == "Bad CVV.")
    try english.session.setLocale("de")
    #expect(english.session.offer?.resolution.message == "Bad CVV.", "the API's own message stays as it came")
    english.send(.accept)
    try english.session.setLocale("fr")
    #expect(english.session.rowErrors[Self.cvv] == "Bad CVV.")
  }

  @Test func theEnginesOwnErrorIsSaidAgain() throws {
    // PLNDR with its fallback matcher left without a `message`: an unanswered call
    // reads the engine's error.unanswered, written in the session's language.
    var flow = ShippedFlows.plndr
    for index in flow.errors.indices where flow.errors[index].code == .any {
      flow.errors[index].message = nil
    }
    let compiled = CompiledFlow(flow)
    var driven = DrivenSession()
    driven.session = try CheckoutSession(flow: compiled, today: ShippedFlows.today, locale: "de")
    driven.fillAddressAndCard()
    driven.send(.tap("continue"))
    driven.send(.tap("placeOrder"))
    driven.send(.apiExpired("placeOrder"))
    let german = compiled.ruleContext(for: "de").messages.text(.errorUnanswered)
    #expect(driven.session.offer?.resolution.message == german)
    try driven.session.setLocale("en")
    #expect(
      driven.session.offer?.resolution.message == "The checkout service did not answer in time. Please try again.")
  }
}
