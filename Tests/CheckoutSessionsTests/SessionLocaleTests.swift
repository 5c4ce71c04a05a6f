import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// A session's locale: chosen when it starts, changed at any time, kept in
/// snapshots; the engine's words follow it, the navigation and the payload do not.
@Suite struct SessionLocaleTests {
  static let compiled = ShippedFlows.plndrCompiled

  static func session(_ locale: String?) throws -> CheckoutSession {
    try CheckoutSession(flow: compiled, today: ShippedFlows.today, locale: locale)
  }

  static let number = CheckoutSession.RowRef(step: "creditCard", row: "number")

  @Test func aSessionStartsInEnglishWhenNoLocaleIsGiven() throws {
    #expect(try Self.session(nil).locale == "en")
    #expect(CheckoutSession(flow: Self.compiled, today: ShippedFlows.today).locale == "en")
  }

  @Test func aGermanSessionShowsTheEnginesGermanRuleMessagesAndDisabledReasons() throws {
    var session = try Self.session("de")
    session.send(.tap("checkout"))
    session.send(.appeared("stepOne"))
    let reason = try #require(session.screen.rows.first { $0.id == "continue" }?.disabledReason)
    // PLNDR ships German titles: the engine's German words around the flow's.
    #expect(reason.contains("Bitte zuerst „Lieferadresse“ vervollständigen."), "\(reason)")
    #expect(reason.contains("„Vollständiger Name“ ist ein Pflichtfeld."), "\(reason)")
    session.send(.set(.key("payment.card.number"), .string("4242 4242 4242 4241")))
    #expect(session.rowErrors[Self.number] == "Kartennummer ist keine gültige Kartennummer")
  }

  @Test func aGermanSessionRefusesInGerman() throws {
    var session = try Self.session("de")
    session.send(.tap("checkout"))
    session.send(.appeared("stepOne"))
    let refusal = try #require(session.send(.tap("continue")).lazy.compactMap(\.refusal).first)
    #expect(refusal.code == .disabledRow)
    #expect(
      refusal.message.hasPrefix("Weiter: Bitte zuerst „Lieferadresse“ vervollständigen."), "\(refusal.message)")
  }

  @Test func aFrenchAndAJapaneseSessionSpeakTheirLanguages() throws {
    var french = try Self.session("fr")
    french.send(.set(.key("payment.card.number"), .string("4242 4242 4242 4241")))
    #expect(french.rowErrors[Self.number] == "Card number n’est pas un numéro de carte valide")
    var japanese = try Self.session("ja")
    japanese.send(.tap("checkout"))
    japanese.send(.appeared("stepOne"))
    let reason = try #require(japanese.screen.rows.first { $0.id == "continue" }?.disabledReason)
    #expect(reason.contains("先に「Shipping Address」を完了してください。"), "\(reason)")
  }

  @Test func aLocaleTheSessionCannotSpeakIsAnErrorNamingTheLanguages() throws {
    #expect(throws: UnsupportedLocale(locale: "xx", supported: ["en", "de", "fr", "es", "it", "nl", "pt", "ja"])) {
      try Self.session("xx")
    }
    var session = try Self.session("de")
    do {
      try session.setLocale("klingon")
      Issue.record("klingon was accepted")
    } catch {
      #expect(error.description == #"unknown locale "klingon"; the languages are en, de, fr, es, it, nl, pt, ja"#)
    }
    #expect(session.locale == "de", "a refused locale changes nothing")
    // A POSIX locale name says how it is written as a tag, as lint does.
    #expect(
      UnsupportedLocale(locale: "pt_BR", supported: ["en", "pt"]).description
        == #"unknown locale "pt_BR" (write "pt-BR": a tag joins its parts with "-"); the languages are en, pt"#)
    #expect(
      UnsupportedLocale(locale: "x_y", supported: ["en"]).description == #"unknown locale "x_y"; the languages are en"#,
      "no hint when the hyphen does not make a tag")
    try session.setLocale("de-AT")
    #expect(session.locale == "de-AT")
  }

  @Test func changingTheLocaleSaysARulesMessageAgainButNotTheAPIs() throws {
    var session = try Self.session("en")
    session.send(.set(.key("payment.card.number"), .string("4242 4242 4242 4241")))
    #expect(session.rowErrors[Self.number] == "Card number is not a valid card number")
    try session.setLocale("de")
    #expect(session.rowErrors[Self.number] == "Kartennummer ist keine gültige Kartennummer")
    try session.setLocale("en")
    #expect(session.rowErrors[Self.number] == "Card number is not a valid card number")
  }

  @Test func thePayloadAndTheNavigationDoNotDependOnTheLocale() throws {
    func walk(_ locale: String) throws -> [Effect] {
      var session = try Self.session(locale)
      var effects: [Effect] = []
      for event: SessionEvent in [.tap("checkout"), .appeared("stepOne"), .set(.key("shipping.zip"), .string("97201"))]
      {
        effects += session.send(event)
      }
      return effects
    }
    #expect(try walk("en") == walk("de"))
  }

  @Test func aSnapshotKeepsTheLocaleAndAnOlderOneReadsAsTheDefault() throws {
    var session = try Self.session("de")
    session.send(.set(.key("payment.card.number"), .string("4242 4242 4242 4241")))
    let json = session.snapshot().jsonData()
    #expect(String(decoding: json, as: UTF8.self).contains(#""locale":"de""#))
    let restored = try CheckoutSession(restoringJSON: json, flow: Self.compiled)
    #expect(restored.locale == "de")
    #expect(restored.rowErrors[Self.number] == "Kartennummer ist keine gültige Kartennummer")
    var afterRestore = restored
    afterRestore.send(.set(.key("shipping.name"), .string("")))
    #expect(afterRestore.rowErrors.values.contains("„Vollständiger Name“ ist ein Pflichtfeld"))

    let english = try Self.session(nil).snapshot().jsonData()
    #expect(!String(decoding: english, as: UTF8.self).contains("locale"), "the default is left out, as before")
    #expect(try CheckoutSession(restoringJSON: english, flow: Self.compiled).locale == "en")
  }

  @Test func aFlowsOwnMessagesReplaceTheEnginesInTheirLocale() throws {
    var flow = ShippedFlows.plndr
    flow.messages = [
      "rule.luhn": .localized(["de": "Bitte prüfen Sie {title}", "sv": "Kontrollera {title}"]),
      "rule.required": .text("Please fill in {title}"),
    ]
    let compiled = CompiledFlow(flow)
    func error(_ locale: String, _ value: String) throws -> String? {
      var session = try CheckoutSession(flow: compiled, today: ShippedFlows.today, locale: locale)
      session.send(.set(.key("payment.card.number"), .string(value)))
      return session.rowErrors[Self.number]
    }
    #expect(try error("de", "4242 4242 4242 4241") == "Bitte prüfen Sie Kartennummer")
    #expect(try error("en", "4242 4242 4242 4241") == "Card number is not a valid card number")
    #expect(try error("sv", "4242 4242 4242 4241") == "Kontrollera Card number", "a locale only the flow speaks")
    #expect(try error("en", "") == "Please fill in Card number", "a plain text is the default language's")
    #expect(try error("de", "") == "„Kartennummer“ ist ein Pflichtfeld")
    #expect(compiled.locales == ["en", "de", "fr", "es", "it", "nl", "pt", "ja", "sv"])
  }

  @Test func aSessionHandsItsHostTheHostsWordsInItsLocale() throws {
    let english = try Self.session(nil).hostWords
    #expect(english["host.offer.accept"] == "Fix it")
    #expect(english["host.route.banner"] == "taking you to {title}: {current} of {total}", "placeholders left to fill")
    let german = try Self.session("de-AT").hostWords
    #expect(german["host.offer.decline"] == "Nicht jetzt", "a regional tag reads its language's words")
    #expect(german["host.challenge.confirm"] == "Bestätigen")
    #expect(Set(german.keys) == Set(english.keys))
    #expect(
      english.keys.allSatisfy { $0.hasPrefix("host.") || $0.hasPrefix("notice.") },
      "only a host's words and the shopper's notices, none of the engine's other messages")
    #expect(english.count == EngineMessageID.hostWords.count + EngineMessageID.shopperNotices.count)
    #expect(
      german["notice.actionCancelled"]
        == "Sie haben „{step}“ verlassen: {call} wurde nicht abgeschlossen; tippen Sie erneut darauf, um neu zu beginnen"
    )
    #expect(try Self.session("ja").hostWords["host.offer.title"] == "修正しますか？")
  }

  @Test func aFlowsOwnMessagesReplaceTheHostsWordsToo() throws {
    var flow = ShippedFlows.plndr
    flow.messages = ["host.offer.accept": .localized(["en": "Take me there", "de": "Hinbringen"])]
    let compiled = CompiledFlow(flow)
    let german = try CheckoutSession(flow: compiled, today: ShippedFlows.today, locale: "de").hostWords
    #expect(german["host.offer.accept"] == "Hinbringen")
    #expect(german["host.offer.decline"] == "Nicht jetzt", "the words the flow leaves are the engine's")
    #expect(
      try CheckoutSession(flow: compiled, today: ShippedFlows.today, locale: "fr").hostWords["host.offer.accept"]
        == "Corriger")
    #expect(
      CheckoutSession(flow: compiled, today: ShippedFlows.today).hostWords["host.offer.accept"] == "Take me there")
  }
}
