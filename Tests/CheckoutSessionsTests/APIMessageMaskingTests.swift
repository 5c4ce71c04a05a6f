import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// An API error's message is the API's text, shown on the row the offer routes to
/// and kept in the session's snapshot. A payment API that repeats the CVV or the
/// card number in it (`Card 4242424242424242 with code 739 declined`) must not put
/// them on the screen or in the store: the session masks them as their rows show
/// them. Was: shown and stored as the API wrote them.
@Suite struct APIMessageMaskingTests {
  static let cvv = CheckoutSession.RowRef(step: "creditCard", row: "cvv")

  /// PLNDR's review, its order refused with `message`, under a matcher that has
  /// none of its own (the API's words are shown).
  static func declined(_ message: String, code: String = "cvv_invalid") -> DrivenSession {
    var driven = DrivenSession()
    driven.session = CheckoutSession(flow: LocaleChangeErrorWordsTests.apiWordsCompiled, today: ShippedFlows.today)
    driven.fillAddressAndCard(cvv: "739")
    driven.send(.tap("continue"))
    driven.send(.tap("placeOrder"))
    driven.send(.apiFailed("placeOrder", [APIError(code: code, message: message)]))
    return driven
  }

  static let leaking: [(message: String, shown: String)] = [
    ("Card 4242424242424242 with code 739 declined", "Card •••• 4242 with code ••• declined"),
    ("Card 4242 4242 4242 4242, CVV 739.", "Card •••• 4242, CVV •••."),
    // The number the shopper typed is shown as its row shows it, whatever the script.
    ("Card ٤٢٤٢-٤٢٤٢-٤٢٤٢-٤٢٤٢ (٧٣٩)", "Card •••• 4242 (•••)"),
    // Any card number, not only the one the shopper typed.
    ("Try 4000 0000 0000 0002 instead of 739", "Try •••• 0002 instead of •••"),
  ]

  @Test(arguments: leaking)
  func theAPIsMessageIsShownAndKeptWithTheValuesMasked(message: String, shown: String) throws {
    var driven = Self.declined(message)
    #expect(driven.session.offer?.resolution.message == shown)
    #expect(driven.session.offer?.resolution.error?.message == shown, "the error the host logs too")
    driven.send(.accept)
    #expect(driven.session.rowErrors[Self.cvv] == shown)
    let snapshot = String(decoding: driven.session.snapshot().jsonData(), as: UTF8.self)
    #expect(snapshot.contains(shown.replacingOccurrences(of: "\"", with: "\\\"")), "\(snapshot)")
    for secret in ["739", "٧٣٩", "4242424242424242", "4242 4242", "٤٢٤٢-٤٢٤٢"] {
      #expect(!snapshot.contains(secret), "\(secret) in \(snapshot)")
      let screen = driven.session.screen.rows.compactMap(\.error).joined(separator: " ")
      #expect(!screen.contains(secret), "\(secret) on the screen: \(screen)")
    }
  }

  /// An error no matcher resolves is reported with its message masked too.
  @Test func anUnresolvedErrorsMessageIsMasked() {
    var driven = DrivenSession()
    driven.session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    driven.fillAddressAndCard(cvv: "739")
    driven.send(.tap("continue"))
    driven.send(.tap("placeOrder"))
    let effects = driven.session.send(
      .apiFailed("placeOrder", [APIError(code: "no_such_code_anywhere", message: "CVV 739 of 4242424242424242")]))
    let text = effects.map(String.init(describing:)).joined(separator: "\n")
    #expect(!text.contains("739") && !text.contains("4242424242424242"), "\(text)")
  }

  /// Words, amounts and codes that are no value the session holds stay as written
  /// (a number that is the CVV, standing whole, is masked wherever it stands, an
  /// amount's `$739.50` too: the mask errs on the side of hiding).
  @Test func aMessageWithoutTheirValuesIsShownAsWritten() {
    let message = "Declined: insufficient funds for $812.50 (code 7391, ref 4242-x, 4242424242424241)."
    let driven = Self.declined(message)
    #expect(driven.session.offer?.resolution.message == message)
  }
}

/// ``Payload/redacted(_:)``: the API's answer as a host may show it to its client
/// or log it (the example server's `callAPI` effect shows it).
@Suite struct AnswerRedactionTests {
  static let payload = Payload(
    values: ["payment.card.number": .string("4242 4242 4242 4242"), "payment.card.cvv": .string("739")],
    masking: ShippedFlows.plndrCompiled.masking)

  @Test func aSuccessesDataIsShownAsTheFlowShowsItsKeysAndNoValueHeldIsRepeated() {
    let answer = CheckoutAPIOutcome.succeeded([
      "order.number": .string("PL-1"), "payment.card.cvv": .string("739"),
      "payment.card.number": .string("4242424242424242"), "payment.card.cvc": .string("739"),
      "echo": .string("card ٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢ and 4000 0000 0000 0002"),
    ])
    #expect(
      Self.payload.redacted(answer)
        == .succeeded([
          "order.number": .string("PL-1"), "payment.card.cvv": .string("•••"),
          "payment.card.number": .string("•••• 4242"), "payment.card.cvc": .string("•••"),
          "echo": .string("card •••• 4242 and •••• 0002"),
        ]))
  }

  @Test func anActionsDataAndAFailuresMessagesAreRedactedToo() {
    #expect(
      Self.payload.redacted(.actionRequired("three_d_secure", ["note": .string("for 4242424242424242")]))
        == .actionRequired("three_d_secure", ["note": .string("for •••• 4242")]))
    let failed = CheckoutAPIOutcome.failed([
      APIError(code: "card_declined", field: "cvc", message: "Card 4242 4242 4242 4242 with code 739 declined"),
      APIError(code: "other"),
    ])
    #expect(
      Self.payload.redacted(failed)
        == .failed([
          APIError(code: "card_declined", field: "cvc", message: "Card •••• 4242 with code ••• declined"),
          APIError(code: "other"),
        ]))
  }
}
