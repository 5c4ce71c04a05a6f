import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// The engine's words a shopper may see name steps and rows by their titles in
/// the session's language, never by ids: the notice of a call cancelled by leaving
/// its action step (not `challenge` or `three_d_secure`), and the refusal of a
/// second tap on a submit whose call is in flight (not `placeOrder`).
@Suite struct NoIDsInShopperWordsTests {
  /// The action flow with its challenge step and Pay row in English and German.
  static let compiled = fixture("the action flow in two languages") {
    let json = ActionFlows.json()
      .replacingOccurrences(of: #""start": "cart","#, with: #""locales": ["en", "de"], "start": "cart","#)
      .replacingOccurrences(
        of: #""title": "Confirm with your bank""#,
        with: #""title": {"en": "Confirm with your bank", "de": "Mit Ihrer Bank bestätigen"}"#
      )
      .replacingOccurrences(of: #""title": "Pay""#, with: #""title": {"en": "Pay", "de": "Bezahlen"}"#)
    return CompiledFlow(try FlowLoader().load(json: json))
  }

  /// The notice a session in `locale` gets when the shopper cancels the challenge.
  static func cancelNotice(locale: String) throws -> String {
    var session = try CheckoutSession(flow: compiled, today: ShippedFlows.today, locale: locale)
    AutoHost().send(.set(.row("email"), .string("ada@example.com")), to: &session)
    AutoHost().send(.tap("pay"), to: &session)
    AutoHost().send(ActionTests.challenge, to: &session)
    #expect(session.navigation.top == "challenge")
    let effects = AutoHost().send(.tap("cancel"), to: &session)
    return try #require(
      effects.lazy.compactMap { effect -> String? in
        if case .notice(let text) = effect { return text }
        return nil
      }.first)
  }

  @Test func theNoticeNamesTheStepAndTheRowByTheirTitles() throws {
    #expect(
      try Self.cancelNotice(locale: "en")
        == #"You left "Confirm with your bank": Pay was not finished; tap it again to start over"#)
    #expect(
      try Self.cancelNotice(locale: "de")
        == "Sie haben „Mit Ihrer Bank bestätigen“ verlassen: Bezahlen wurde nicht abgeschlossen;"
        + " tippen Sie erneut darauf, um neu zu beginnen")
  }

  @Test("no language shows the step's id or the action's name", arguments: EngineMessages.languages)
  func noLanguageShowsIDs(_ language: String) throws {
    let notice = try Self.cancelNotice(locale: language)
    let title = language == "de" ? "Mit Ihrer Bank bestätigen" : "Confirm with your bank"
    #expect(notice.contains(title), "\(language): \(notice)")
    #expect(!notice.contains("three_d_secure") && !notice.contains("challenge"), "\(language): \(notice)")
  }

  @Test func aSecondTapWhileTheCallIsInFlightNamesTheRowNotTheOperation() throws {
    var session = try CheckoutSession(flow: Self.compiled, today: ShippedFlows.today, locale: "de")
    AutoHost().send(.set(.row("email"), .string("ada@example.com")), to: &session)
    AutoHost().send(.tap("pay"), to: &session)
    let refusal = try #require(session.send(.tap("pay")).first?.refusal)
    #expect(refusal.code == .callInFlight)
    #expect(refusal.message == "Bezahlen wartet bereits auf eine Antwort")
    try session.setLocale("en")
    #expect(session.send(.tap("pay")).first?.refusal?.message == "Pay is already waiting for an answer")
  }
}
