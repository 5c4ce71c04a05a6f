import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// A refusal a shopper may meet is in the session's language: its words and the
/// titles it names.
@Suite struct RefusalLanguageTests {
  /// A German session on PLNDR, driven as the auto host drives it.
  static func german() throws -> DrivenSession {
    var driven = DrivenSession()
    try driven.session.setLocale("de")
    return driven
  }

  /// A tap while a route waits for its step was English in every language
  /// (`a route is in progress: waiting for stepOne to appear`).
  @Test func aTapDuringARouteIsRefusedInTheSessionsLanguage() throws {
    var driven = try Self.german()
    driven.fillAddressAndCard()
    driven.send(.tap("continue"))
    driven.send(.tap("placeOrder"))
    driven.send(.apiFailed("placeOrder", [APIError(code: "cvv_invalid", message: "Bad CVV.")]))
    // The host has not confirmed the route's first step yet.
    #expect(driven.session.send(.accept) == [.navigate(.pop)])
    let refusal = try #require(RefusalTests.refusal(driven.session.send(.tap("creditCard"))))
    #expect(refusal.code == .routeInProgress)
    #expect(refusal.message == "Sie werden gerade weitergeleitet: Bitte warten Sie, bis „Schritt 1“ angezeigt wird")
  }

  /// Every language the engine speaks has the message, with the step's title in it.
  @Test func everyLanguageSaysARouteIsInProgress() {
    for language in EngineMessages.languages {
      let text = EngineMessages.for(language)?.text(.refusalRouteInProgress, "Schritt 1") ?? ""
      #expect(text.contains("Schritt 1"), "\(language): \(text)")
      #expect(
        language == "en" || text != EngineMessages.english.text(.refusalRouteInProgress, "Schritt 1"),
        "\(language) is translated")
    }
  }

  /// A row's kind refused (a page still open across a deploy that changed it) is
  /// said in the session's language, the row by its title (was English naming its
  /// id: `"address" is an info row: it cannot be tapped`).
  @Test func aRowKindRefusalNamesTheRowByItsTitle() throws {
    let again = ": Bitte prüfen Sie, was dort jetzt steht, und versuchen Sie es erneut"
    var driven = try Self.german()
    driven.send(.tap("checkout"))
    let disclosure = try #require(RefusalTests.refusal(driven.send(.set(.row("shippingAddress"), .string("x")))))
    #expect(disclosure.code == .takesNoValue)
    #expect(disclosure.message == "„Lieferadresse“ kann nicht ausgefüllt werden\(again)")
    driven.fillAddressAndCard()
    driven.send(.tap("continue"))
    let info = try #require(RefusalTests.refusal(driven.send(.tap("address"))))
    #expect(info.code == .notTappable)
    #expect(info.message == "Lieferung an kann nicht angetippt werden\(again)")
  }
}
