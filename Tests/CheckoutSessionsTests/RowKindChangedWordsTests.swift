import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// A page still open across a deploy that changed a row's kind under its id taps
/// what is now a text field, or sets what is now a button: the refusal
/// (`notTappable`, `takesNoValue`) is said in the session's language, the row by
/// its title; the ids stay in the subject (was English naming the row's id:
/// `"checkout" is a text row: it cannot be tapped; set a value instead`).
@Suite struct RowKindChangedWordsTests {
  /// PLNDR's second version: the cart's Checkout button is now a text field (a
  /// note), and its Quantity field is now a button that opens the first step.
  static let changed = fixture("PLNDR with two of the cart's rows of another kind") {
    var flow = ShippedFlows.plndr
    for index in flow.steps[0].rows.indices {
      switch flow.steps[0].rows[index].id {
      case "checkout": flow.steps[0].rows[index].cell = .text(TextEntry(bind: "cart.note"))
      case "quantity": flow.steps[0].rows[index].cell = .button(.opens("stepOne"))
      default: continue
      }
    }
    return CompiledFlow(flow)
  }

  /// In French the engine's words, the row's English title (PLNDR's titles are in
  /// English and German only).
  @Test(arguments: [
    (
      "de",
      "Zur Kasse kann nicht angetippt werden: Bitte prüfen Sie, was dort jetzt steht, und versuchen Sie es "
        + "erneut"
    ),
    ("fr", "impossible d’appuyer sur Checkout\u{00A0}: vérifiez ce qui s’y affiche maintenant et réessayez"),
  ])
  func aTapOnWhatIsNowAFieldIsSaidInTheShoppersLanguage(_ locale: String, _ expected: String) throws {
    var session = try CheckoutSession(flow: Self.changed, today: ShippedFlows.today, locale: locale)
    let refusal = try #require(ShopperRefusalWordsTests.refusal(session.send(.tap("checkout"))))
    #expect(refusal.code == .notTappable)
    #expect(refusal.subject == .row(step: "cart", row: "checkout"))
    #expect(refusal.message == expected)
    #expect(ShopperRefusalWordsTests.namesAnID(refusal.message) == nil, "\(refusal.message)")
  }

  @Test(arguments: [
    ("de", "„Menge“ kann nicht ausgefüllt werden: Bitte prüfen Sie, was dort jetzt steht, und versuchen Sie es erneut"),
    ("fr", "impossible de remplir Quantity\u{00A0}: vérifiez ce qui s’y affiche maintenant et réessayez"),
  ])
  func aSetOfWhatIsNowAButtonIsSaidInTheShoppersLanguage(_ locale: String, _ expected: String) throws {
    var session = try CheckoutSession(flow: Self.changed, today: ShippedFlows.today, locale: locale)
    let refusal = try #require(ShopperRefusalWordsTests.refusal(session.send(.set(.row("quantity"), .string("2")))))
    #expect(refusal.code == .takesNoValue)
    #expect(refusal.subject == .row(step: "cart", row: "quantity"))
    #expect(refusal.message == expected)
    #expect(session.value(for: "cart.quantity") != .string("2"), "nothing changed")
  }
}
