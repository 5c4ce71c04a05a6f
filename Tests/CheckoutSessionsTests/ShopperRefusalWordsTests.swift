import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// The refusals a shopper can meet through a host that works as documented, and
/// the errors the engine itself offers, are in the session's language and name
/// steps and rows by their titles, never by ids nor with the value sent; the
/// refusals only a host's mistake causes are developer text, in English, naming ids.
@Suite struct ShopperRefusalWordsTests {
  /// The one refusal among the effects.
  static func refusal(_ effects: [Effect], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Refusal? {
    let refusals = effects.compactMap(\.refusal)
    #expect(refusals.count == 1 && effects.count == 1, "\(effects)", sourceLocation: sourceLocation)
    return refusals.first
  }

  /// A German session on PLNDR, driven as the auto host drives it.
  static func german() throws -> DrivenSession {
    var driven = DrivenSession()
    try driven.session.setLocale("de")
    return driven
  }

  /// PLNDR's step and row ids, none of which a shopper's words may hold (but for
  /// one that is also a word of an English title, as `method` of `Shipping method`).
  static let plndrIDs: [String] = {
    let steps = ShippedFlows.plndrCompiled.flow.steps
    let titles = steps.flatMap { [$0.title] + $0.rows.map(\.title) }.map { $0.text(in: "en") }
    let titleWords = Set(titles.flatMap { $0.split(separator: " ").map(String.init) })
    return steps.flatMap { [$0.id.rawValue] + $0.rows.map(\.id.rawValue) }.filter { !titleWords.contains($0) }
  }()

  /// Whether `text` names an id of PLNDR as a word of its own (`stepOne`, `cart`).
  static func namesAnID(_ text: String) -> String? {
    let words = Set(text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
    return plndrIDs.first { words.contains($0) }
  }

  @Test func aSecondTapWhileAStepOpensIsRefusedInGermanByTheStepsTitle() throws {
    var session = try Self.german().session
    #expect(session.send(.tap("checkout")) == [.navigate(.push("stepOne"))])
    let refusal = try #require(Self.refusal(session.send(.tap("checkout"))))
    #expect(refusal.code == .awaitingStep)
    #expect(refusal.message == "Einen Moment: „Schritt 1“ wird geöffnet")
  }

  @Test func backOnTheFirstStepIsRefusedInGermanByTheStepsTitle() throws {
    var driven = try Self.german()
    let refusal = try #require(Self.refusal(driven.send(.back)))
    #expect(refusal.code == .nothingToClose)
    #expect(refusal.message == "„Mein Warenkorb“ ist der erste Schritt: Es gibt nichts, wohin Sie zurückgehen können")
  }

  @Test func anAnswerWithNoOfferIsRefusedInGerman() throws {
    var driven = try Self.german()
    for event in [SessionEvent.accept, .decline] {
      let refusal = try #require(Self.refusal(driven.send(event)))
      #expect(refusal.code == .noOffer)
      #expect(refusal.message == "Es gibt gerade nichts zu beantworten")
    }
  }

  /// The picker's title and its options' labels in German, never the value sent
  /// nor the options' values (was `Shipping method has no option "teleport"; choose
  /// one of standard (Standard (5-7 business days)), …` in a German session).
  @Test func anOptionThePickerDoesNotOfferIsRefusedInGermanByItsLabels() throws {
    var driven = try Self.german()
    driven.send(.tap("checkout"))
    let refusal = try #require(Self.refusal(driven.send(.set(.row("shippingMethod"), .string("teleport")))))
    #expect(refusal.code == .invalidValue)
    #expect(
      refusal.message.hasPrefix("Versandart bietet diese Option nicht an; wählen Sie eine von: Standard (5–7 Werktage)")
    )
    #expect(!refusal.message.contains("teleport") && !refusal.message.contains("standard ("), "\(refusal.message)")
  }

  @Test func aToggleValueIsRefusedInGerman() throws {
    var driven = try Self.german()
    driven.send(.tap("checkout"))
    driven.send(.tap("shippingAddress"))
    let refusal = try #require(Self.refusal(driven.send(.set(.row("billingSame"), .string("maybe")))))
    #expect(refusal.code == .invalidValue)
    #expect(refusal.message == "„Rechnungsadresse wie Lieferadresse“ kann nur ein- oder ausgeschaltet werden")
  }

  /// Every shopper's refusal above, in every language the engine speaks: no id of
  /// the flow, and in every language but English not the English words.
  @Test("shoppers' refusals name no ids in any language", arguments: EngineMessages.languages)
  func shoppersRefusalsNameNoIDs(_ language: String) throws {
    var driven = DrivenSession()
    try driven.session.setLocale(language)
    var refusals = [driven.send(.back), driven.send(.accept)]
    refusals.append(driven.session.send(.tap("checkout")))  // the host has not confirmed it yet
    refusals.append(driven.session.send(.tap("checkout")))
    driven.send(.appeared("stepOne"))
    refusals.append(driven.send(.set(.row("shippingMethod"), .string("teleport"))))
    let messages = refusals.compactMap { $0.first?.refusal?.message }
    #expect(messages.count == 4, "\(refusals)")
    for message in messages {
      #expect(Self.namesAnID(message) == nil, "\(language): \(message)")
      if language != "en" {
        #expect(!message.contains("there is") && !message.contains("one moment"), "\(language): \(message)")
      }
    }
  }

  /// What a page still open across a deploy (or still showing a step the session
  /// left, as the bank's page after its call was cancelled) sends is the shopper's:
  /// a row the step on screen no longer has, a step nothing opened, each in the
  /// session's language with titles (was English naming ids: `step "stepTwo" has
  /// no row "placeOrder"; its rows are …`, `confirmation is not on the navigation
  /// stack …`); the ids stay in the subject.
  @Test func whatAPageOpenAcrossADeploySendsIsSaidForTheShopper() throws {
    var driven = try Self.german()
    driven.send(.tap("checkout"))
    let tapped = try #require(Self.refusal(driven.send(.tap("placeOrder"))))
    #expect(tapped.code == .unknownRow)
    #expect(tapped.subject == .row(step: "stepOne", row: "placeOrder"))
    #expect(
      tapped.message
        == "Das gibt es auf „Schritt 1“ nicht mehr: Bitte prüfen Sie, was dort jetzt steht, und versuchen Sie es erneut"
    )
    let set = try #require(Self.refusal(driven.send(.set(.row("cvv"), .string("123")))))
    #expect(set.code == .unknownRow && set.message == tapped.message)
    #expect(!set.message.contains("123"))
    let appeared = try #require(Self.refusal(driven.send(.appeared("confirmation"))))
    #expect(appeared.code == .unexpectedStep)
    #expect(appeared.subject == .step("confirmation"))
    #expect(
      appeared.message == "„Vielen Dank“ kann jetzt nicht angezeigt werden: Machen Sie bei „Schritt 1“ weiter")
    for message in [tapped.message, appeared.message] {
      #expect(Self.namesAnID(message) == nil, "\(message)")
    }
  }

  /// A `set` of a row that takes no value, or a tap on one that has no action (a
  /// page still open across a deploy that changed the row's kind), is said in the
  /// session's language, the row by its title (was English naming its id:
  /// `"shippingAddress" is a disclosure row: it takes no value; tap it instead`).
  @Test func aRowOfAnotherKindIsNamedByItsTitle() throws {
    let again = ": Bitte prüfen Sie, was dort jetzt steht, und versuchen Sie es erneut"
    var driven = try Self.german()
    driven.send(.tap("checkout"))
    let disclosure = try #require(Self.refusal(driven.send(.set(.row("shippingAddress"), .string("x")))))
    #expect(disclosure.code == .takesNoValue)
    #expect(disclosure.message == "„Lieferadresse“ kann nicht ausgefüllt werden\(again)")
    let picker = try #require(Self.refusal(driven.send(.tap("shippingMethod"))))
    #expect(picker.code == .notTappable)
    #expect(picker.message == "Versandart kann nicht angetippt werden\(again)")
  }

  /// The action flow in English and German, its `*` fallback without a message of
  /// its own, its Pay and Confirm rows titled in both.
  static let actionFlow = fixture("the action flow in two languages, no fallback message") {
    let json = ActionFlows.json()
      .replacingOccurrences(of: #""start": "cart","#, with: #""locales": ["en", "de"], "start": "cart","#)
      .replacingOccurrences(of: #""title": "Pay""#, with: #""title": {"en": "Pay", "de": "Bezahlen"}"#)
      .replacingOccurrences(of: #""title": "Confirm""#, with: #""title": {"en": "Confirm", "de": "Bestätigen"}"#)
      .replacingOccurrences(of: #", "message": "Something went wrong.""#, with: "")
    return CompiledFlow(try FlowLoader().load(json: json))
  }

  /// A session on ``actionFlow`` in `locale` whose Pay call waits for its answer.
  static func paying(_ locale: String) throws -> CheckoutSession {
    var session = try CheckoutSession(flow: actionFlow, today: ShippedFlows.today, locale: locale)
    AutoHost().send(.set(.row("email"), .string("ada@example.com")), to: &session)
    AutoHost().send(.tap("pay"), to: &session)
    #expect(session.calls["placeOrder"] != nil)
    return session
  }

  /// The offer's message when the host gives up on a call (was English in every
  /// language: `The checkout service did not answer in time. Please try again.`).
  @Test func anUnansweredCallIsOfferedInTheSessionsLanguage() throws {
    var session = try Self.paying("de")
    guard case .offer(let offer)? = session.send(.apiExpired("placeOrder")).first else {
      Issue.record("expected an offer")
      return
    }
    #expect(offer.resolution.error?.code == "api_unanswered")
    #expect(
      offer.resolution.message
        == "Der Checkout-Dienst hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es erneut.")
    #expect(CheckoutSession.unansweredCallError.message == EngineMessages.english.text(.errorUnanswered))
  }

  /// An action no submit declares names the call by its submit's title, not the
  /// action's name, and does not assume a payment (was `Die Zahlung verlangt einen
  /// Schritt, … (kyc_check)`, whatever the call).
  @Test func anUndeclaredActionNamesTheCallByItsTitle() throws {
    var session = try Self.paying("de")
    let effects = session.send(.apiActionRequired("placeOrder", "kyc_check", [:]))
    let offer = try #require(
      effects.lazy.compactMap { effect -> Offer? in
        if case .offer(let offer) = effect { return offer }
        return nil
      }.first)
    #expect(offer.resolution.error?.code == "action_unsupported")
    #expect(
      offer.resolution.message
        == "Bezahlen verlangt einen Schritt, den dieser Checkout nicht unterstützt. Bitte versuchen Sie es auf anderem Weg."
    )
    #expect(!offer.resolution.message.contains("kyc_check"))
  }

  /// A second tap on the bank's Confirm, once the call goes on: in German, by the row's title.
  @Test func aSecondConfirmIsRefusedInGermanByTheRowsTitle() throws {
    var session = try Self.paying("de")
    AutoHost().send(ActionTests.challenge, to: &session)
    #expect(session.navigation.top == "challenge")
    #expect(session.send(.tap("confirm")).first?.kind == .callAPI)
    let refusal = try #require(Self.refusal(session.send(.tap("confirm"))))
    #expect(refusal.code == .noActionWaiting)
    #expect(refusal.message == "Bestätigen: Es gibt gerade nichts abzuschließen")
  }
}
