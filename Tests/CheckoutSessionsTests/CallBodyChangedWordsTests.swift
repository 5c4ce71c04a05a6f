import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutSessions

/// A retry that would send another body under its call's key (a card number
/// restored masked from a store that keeps it masked) is refused, never sent
/// (`callBodyChanged`). The shopper meets it after the first call was sent and
/// its outcome is unknown (given up unanswered, or lost with its host): it is said
/// in the session's language, naming the call by its submit's title and telling
/// the shopper to look for a confirmation before trying again; the operation stays
/// in the subject (was English naming the key: `the call placeOrder-1 would send
/// values other than those it was first sent with; …`).
@Suite struct CallBodyChangedWordsTests {
  static let words = [
    "en": "Place order may already have gone through and cannot be sent again safely: check whether you "
      + "received a confirmation before you try again",
    "de": "Bestellung aufgeben wurde möglicherweise bereits ausgeführt und kann nicht sicher erneut gesendet "
      + "werden: Prüfen Sie, ob Sie eine Bestätigung erhalten haben, bevor Sie es erneut versuchen",
  ]

  /// A session at review in `locale` whose order call went out under `placeOrder-1`.
  static func placing(in locale: String) throws -> DrivenSession {
    var driven = APICallTests.atReview()
    try driven.session.setLocale(locale)
    #expect(driven.send(.tap("placeOrder")).first?.kind == .callAPI)
    return driven
  }

  /// A lost call made again (`callAgain`, as recovery does) with a changed body.
  @Test(arguments: ["en", "de"])
  func aLostCallsRetryIsSaidInTheShoppersLanguage(_ locale: String) throws {
    var driven = try Self.placing(in: locale)
    driven.session.data["payment.card.number"] = .string("•••• 4242")
    let refused = try #require(ShopperRefusalWordsTests.refusal(driven.session.send(.callAgain("placeOrder"))))
    #expect(refused.code == .callBodyChanged && refused.event == .callAgain)
    #expect(refused.subject == .operation("placeOrder"))
    #expect(refused.message == Self.words[locale])
  }

  /// The shopper's tap on the submit again after its call was given up unanswered.
  @Test(arguments: ["en", "de"])
  func anUnansweredCallsRetryIsSaidInTheShoppersLanguage(_ locale: String) throws {
    var driven = try Self.placing(in: locale)
    #expect(driven.send(.apiExpired("placeOrder")).first?.kind == .offer)
    driven.send(.decline)
    // A value the call sent that is no longer what it sent (a masked card number
    // would first be offered for fixing: it fails its rules).
    driven.session.data["shipping.city"] = .string("Seattle")
    let refused = try #require(ShopperRefusalWordsTests.refusal(driven.send(.tap("placeOrder"))))
    #expect(refused.code == .callBodyChanged && refused.event == .tap)
    #expect(refused.subject == .operation("placeOrder"))
    #expect(refused.message == Self.words[locale])
    #expect(!refused.message.contains("placeOrder"), "neither the operation nor its key")
  }
}
