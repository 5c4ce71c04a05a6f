import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// One locale for both kinds of words: a session's locale picks the flow's texts
/// written per locale (titles, rule and matcher messages) and the engine's own
/// messages around them, on the screen, in row errors, refusals and resolutions.
@Suite struct SessionFlowWordsTests {
  static func session(_ locale: String?, flow: CompiledFlow = ShippedFlows.expressCompiled) throws -> CheckoutSession {
    try CheckoutSession(flow: flow, today: ShippedFlows.today, locale: locale)
  }

  static func row(_ id: RowID, of session: CheckoutSession) -> ScreenRow? {
    session.screen.rows.first { $0.id == id }
  }

  @Test func aGermanSessionOnExpressShowsTheFlowsGermanWordsAndTheEnginesGermanMessages() throws {
    var session = try Self.session("de")
    #expect(session.screen.title == "Express-Kasse")
    #expect(Self.row("firstName", of: session)?.title == "Vorname")
    session.send(.set(.row("email"), .string("nope")))
    #expect(
      Self.row("email", of: session)?.error == "E-Mail muss eine E-Mail-Adresse wie name@example.com sein",
      "the engine's German message around the flow's German title")
    session.send(.set(.row("quantity"), .string("0")))
    #expect(Self.row("quantity", of: session)?.error == "Wählen Sie eine Menge von 1 bis 99.", "the flow's own")
    let refusal = try #require(session.send(.tap("pay")).lazy.compactMap(\.refusal).first)
    #expect(refusal.message.hasPrefix("Jetzt bezahlen: Bitte zuerst „Zahlung“ vervollständigen."), "\(refusal.message)")
  }

  @Test func aFrenchSessionOnExpressShowsFrench() throws {
    var session = try Self.session("fr")
    #expect(session.screen.title == "Paiement express")
    session.send(.set(.row("email"), .string("")))
    #expect(Self.row("email", of: session)?.error == "Le champ «\u{202F}E-mail\u{202F}» est obligatoire")
    let reason = try #require(Self.row("pay", of: session)?.disabledReason)
    #expect(reason.hasPrefix("Payer maintenant\u{00A0}: Complétez d’abord «\u{202F}Paiement\u{202F}»."), "\(reason)")
  }

  @Test func anErrorResolutionIsInTheSessionsLocale() throws {
    let declined = APIError(code: "card_declined")
    let compiled = ShippedFlows.expressCompiled
    #expect(
      compiled.resolution(for: declined, locale: "de")?.message
        == "Ihre Karte wurde abgelehnt. Bitte bezahlen Sie mit einer anderen Karte.")
    let unmatched = APIError(code: "bank_offline")
    var flow = ShippedFlows.express
    flow.errors = [ErrorMatcher(code: "*", step: "cardEntry", row: "number")]
    #expect(
      CompiledFlow(flow).resolution(for: unmatched, locale: "de")?.message
        == "Kartennummer: Bitte überprüfen Sie diese Angabe.",
      "the engine's German around the flow's German title, and no API code")
  }

  /// An API writes in one language: its message is shown to a session in the
  /// flow's default language (any region of it) only; every other session reads
  /// the engine's words in its own language, and the API's text stays in the
  /// resolution's error for the host's log.
  @Test func theAPIsOwnMessageIsShownOnlyInTheFlowsDefaultLanguage() throws {
    var flow = ShippedFlows.plndr
    flow.errors = [
      ErrorMatcher(code: "card_expired", step: "creditCard", row: "expiry"), ErrorMatcher(code: "*", step: "stepTwo"),
    ]
    let compiled = CompiledFlow(flow)
    let english = "This card has expired. Check the expiry date or use a different card."
    let expired = APIError(code: "card_expired", message: english)
    for locale in [nil, "en", "en-GB"] {
      #expect(compiled.resolution(for: expired, locale: locale)?.message == english, "\(locale ?? "default")")
    }
    let german = try #require(compiled.resolution(for: expired, locale: "de"))
    #expect(german.message == "Ablaufdatum: Bitte überprüfen Sie diese Angabe.")
    #expect(german.error?.message == english, "the API's own words stay with the error, for the host's log")
    #expect(
      compiled.resolution(for: expired, locale: "fr")?.message
        == "Expiry date\u{00A0}: veuillez vérifier cette information.",
      "a language the flow does not list: the engine's French around the flow's default title")
    let stepOnly = APIError(code: "bank_offline", message: "The bank is offline.")
    #expect(compiled.resolution(for: stepOnly, locale: "de")?.message == "Bitte überprüfen Sie diesen Schritt.")
    #expect(
      compiled.resolution(for: APIError(code: "card_expired"), locale: "en")?.message
        == "Expiry date: please check this.", "no API message: the engine's, without the code")
  }

  /// The shipped PLNDR says what went wrong in German: a German shopper whose
  /// card has expired never reads the API's English.
  @Test func aGermanShopperOnPLNDRReadsGermanForAnExpiredCard() throws {
    let expired = APIError(
      code: "card_expired", message: "This card has expired. Check the expiry date or use a different card.")
    #expect(
      ShippedFlows.plndrCompiled.resolution(for: expired, locale: "de")?.message
        == "Diese Karte ist abgelaufen. Bitte verwenden Sie eine Karte, die noch gültig ist.")
  }

  @Test func changingTheLocaleRendersTheScreenAndSaysTheMessageAgain() throws {
    var session = try Self.session("de")
    session.send(.set(.row("email"), .string("nope")))
    try session.setLocale("fr")
    #expect(session.screen.title == "Paiement express")
    #expect(Self.row("email", of: session)?.error == "E-mail doit être une adresse e-mail comme nom@example.com")
    try session.setLocale("en")
    #expect(session.screen.title == "Express checkout")
    #expect(Self.row("email", of: session)?.error == "Email must be an email address like name@example.com")
  }

  @Test func aSnapshotRestoresTheFlowsWordsInItsLocale() throws {
    var session = try Self.session("de")
    session.send(.set(.row("email"), .string("")))
    let restored = try CheckoutSession(restoringJSON: session.snapshot().jsonData(), flow: ShippedFlows.expressCompiled)
    #expect(restored.locale == "de")
    #expect(restored.screen.title == "Express-Kasse")
    #expect(Self.row("email", of: restored)?.error == "„E-Mail“ ist ein Pflichtfeld")
  }

  @Test func aRegionalTagReadsItsLanguagesWords() throws {
    let session = try Self.session("de-CH")
    #expect(session.screen.title == "Express-Kasse")
    #expect(Self.row("lastName", of: session)?.title == "Nachname")
  }

  @Test func aSessionStartsInTheFlowsFirstLocale() throws {
    let express = ShippedFlows.express
    let flow = Flow(
      id: express.id, title: express.title, start: express.start, data: express.data, rules: express.rules,
      steps: express.steps, errors: express.errors, locales: ["de", "en", "fr"])
    let compiled = CompiledFlow(flow)
    var session = CheckoutSession(flow: compiled, today: ShippedFlows.today)
    #expect(session.locale == "de")
    session.send(.set(.row("email"), .string("")))
    #expect(Self.row("email", of: session)?.error == "„E-Mail“ ist ein Pflichtfeld")
    #expect(!String(decoding: session.snapshot().jsonData(), as: UTF8.self).contains("locale"), "the default")
    #expect(compiled.locales.prefix(4) == ["de", "en", "fr", "es"])
  }

  @Test func aLocaleOnlyTheFlowListsIsOneASessionMayBeIn() throws {
    var flow = ShippedFlows.express
    flow.locales = ["en", "sv"]
    flow.title = ["en": "Express checkout", "sv": "Snabbkassa"]
    let compiled = CompiledFlow(flow)
    let session = try Self.session("sv", flow: compiled)
    #expect(session.locale == "sv")
    #expect(compiled.supports(locale: "sv-FI"))
    #expect(!compiled.supports(locale: "xx"))
  }
}
