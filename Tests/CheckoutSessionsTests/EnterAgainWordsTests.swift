import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// A secret's row whose kept copy another window made stale asks for it again in
/// the session's language (`error.enterAgain`), on the row and in the offer a
/// submit then makes of it, and says it again after a language change (was English
/// in every language: "Enter the Prüfnummer (CVV) again: …").
@Suite struct EnterAgainWordsTests {
  static let cvv = CheckoutSession.RowRef(step: "creditCard", row: "cvv")
  static let german = "Prüfnummer (CVV): Bitte erneut eingeben, der Wert wurde in einem anderen Fenster geändert."
  // PLNDR writes no French title: the row's title is its English one.
  static let french = "CVV\u{00A0}: veuillez saisir à nouveau cette valeur, elle a été modifiée dans une autre fenêtre."
  static let english = "Enter the CVV again: it was changed in another window."

  /// A session in `locale` on PLNDR's review whose CVV another instance changed
  /// after this one kept it: the kept copy is put back, and is stale.
  static func staleCVV(_ locale: String) throws -> CheckoutSession {
    var a = DrivenSession()
    a.session = try CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today, locale: locale)
    a.fillAddressAndCard(cvv: "737")
    a.send(.tap("continue"))
    let kept = a.session.secretValues
    var b = try CheckoutSession(
      restoringJSON: a.session.snapshotJSON(revealSensitive: true), flow: ShippedFlows.plndrCompiled)
    b.send(.set(.key("payment.card.cvv"), .string("12")))
    var again = try CheckoutSession(
      restoringJSON: b.snapshotJSON(revealSensitive: true), flow: ShippedFlows.plndrCompiled)
    again.restoreSecrets(kept)
    #expect(again.locale == locale)
    return again
  }

  /// The message of the offer among `effects`.
  static func offered(_ effects: [Effect]) -> String? {
    effects.lazy.compactMap { effect -> String? in
      if case .offer(let offer) = effect { return offer.resolution.message }
      return nil
    }.first
  }

  @Test(arguments: [("de", german), ("fr", french), ("en", english)])
  func theRowAndTheSubmitsOfferSayItInTheSessionsLanguage(_ locale: String, _ expected: String) throws {
    var session = try Self.staleCVV(locale)
    #expect(session.rowErrors[Self.cvv] == expected)
    #expect(Self.offered(session.send(.tap("placeOrder"))) == expected)
  }

  @Test func aLanguageChangeSaysItAgainOnTheRowAndInTheOffer() throws {
    var session = try Self.staleCVV("de")
    try session.setLocale("fr")
    #expect(session.rowErrors[Self.cvv] == Self.french)
    // The submit still finds the secret missing and offers the row in French.
    #expect(Self.offered(session.send(.tap("placeOrder"))) == Self.french)
    try session.setLocale("de")
    #expect(session.offer?.resolution.message == Self.german)
    #expect(session.rowErrors[Self.cvv] == Self.german)
  }
}
