import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutScenarios

/// The `locale` line picks the flow's words as well as the engine's: a scenario
/// on Express in German or French expects errors and refusals in that language,
/// and the screen it shows is in it.
@Suite struct ScenarioFlowWordsTests {
  static func run(_ lines: [String]) throws -> (host: ScenarioHost, outcomes: [ScenarioHost.Outcome]) {
    try ScenarioLocaleTests.run(lines, flow: ShippedFlows.expressCompiled)
  }

  static func failures(_ outcomes: [ScenarioHost.Outcome]) -> [String] {
    outcomes.compactMap { outcome in
      outcome.problem ?? outcome.failure.map { "expected \($0.expected), got \($0.actual)" }
    }
  }

  @Test func aGermanScenarioOnExpressExpectsGermanWords() throws {
    let (host, outcomes) = try Self.run([
      "locale de", "set email nope", "expect error email \"E-Mail muss eine E-Mail-Adresse\"",
      "set quantity 0", "expect error quantity \"Wählen Sie eine Menge von 1 bis 99.\"",
      "tap pay", "expect effect refused \"Jetzt bezahlen: Bitte zuerst „Zahlung“ vervollständigen.\"", "show",
    ])
    #expect(Self.failures(outcomes).isEmpty, "\(Self.failures(outcomes))")
    #expect(host.session?.screen.title == "Express-Kasse")
    #expect(host.session?.screen.rows.first { $0.id == "firstName" }?.title == "Vorname")
  }

  @Test func aFrenchScenarioOnExpressExpectsFrenchEngineWords() throws {
    let (host, outcomes) = try Self.run([
      "locale fr", "set email \"\"", "expect error email \"Le champ «\u{202F}E-mail\u{202F}» est obligatoire\"",
      "tap pay", "expect effect refused \"Complétez d’abord «\u{202F}Paiement\u{202F}»\"",
    ])
    #expect(Self.failures(outcomes).isEmpty, "\(Self.failures(outcomes))")
    #expect(host.session?.screen.title == "Paiement express")
  }

  @Test func changingTheLocaleMidScenarioSaysTheErrorAgain() throws {
    let (host, outcomes) = try Self.run([
      "locale de", "set email nope", "locale fr",
      "expect error email \"E-mail doit être une adresse e-mail comme nom@example.com\"",
    ])
    #expect(Self.failures(outcomes).isEmpty, "\(Self.failures(outcomes))")
    #expect(host.session?.screen.title == "Paiement express")
  }
}
