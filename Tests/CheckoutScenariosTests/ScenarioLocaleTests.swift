import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutScenarios

/// The `locale TAG` line: the session's language in a scenario, before or after
/// the flow is loaded; a language no flow can speak is a problem naming them.
@Suite struct ScenarioLocaleTests {
  static func run(_ lines: [String], flow: CompiledFlow? = ShippedFlows.plndrCompiled) throws -> (
    host: ScenarioHost, outcomes: [ScenarioHost.Outcome]
  ) {
    var host = ScenarioHost(flow: flow, today: ShippedFlows.today)
    var outcomes: [ScenarioHost.Outcome] = []
    for (index, line) in lines.enumerated() {
      guard let command = try ScenarioParser.parse(line, line: index + 1) else { continue }
      outcomes.append(host.run(command))
    }
    return (host, outcomes)
  }

  @Test func aGermanScenarioExpectsGermanEngineMessages() throws {
    let (host, outcomes) = try Self.run([
      "locale de", "tap checkout", "tap continue", "expect effect refused \"ist ein Pflichtfeld\"", "tap creditCard",
      "set number 1234", "expect error number \"ist keine gültige Kartennummer\"",
    ])
    #expect(outcomes.allSatisfy { $0.problem == nil && $0.failure == nil }, "\(outcomes)")
    #expect(host.session?.locale == "de")
  }

  @Test func aLocaleBeforeTheFlowAppliesToTheSessionItLoads() throws {
    let plndr = PackagePaths.flows.appendingPathComponent("plndr.json").path
    let (host, outcomes) = try Self.run(["locale fr", "flow \(plndr)"], flow: nil)
    #expect(outcomes.allSatisfy { $0.problem == nil }, "\(outcomes.map(\.problem))")
    #expect(host.session?.locale == "fr")
  }

  @Test func anUnknownLocaleIsAProblemNamingTheLanguages() throws {
    let (host, outcomes) = try Self.run(["locale de", "locale xx"])
    #expect(
      outcomes.last?.problem == #"unknown locale "xx"; the languages are en, de, fr, es, it, nl, pt, ja"#)
    #expect(outcomes.last?.problemWord == 1, "a report points at the tag")
    #expect(host.session?.locale == "de", "the session keeps its language")
    #expect(throws: ScenarioSyntaxError.self) { try ScenarioParser.parse("locale", line: 1) }
  }

  @Test func aRouteInProgressArrivesWithItsRuleMessageInTheNewLanguage() throws {
    let (host, outcomes) = try Self.run([
      "tap checkout", "tap creditCard", "set name \"Ada Lovelace\"", "set number \"4242 4242 4242 4242\"",
      "set expiry 12/28", "set cvv 123", "tap done", "tap shippingAddress", "set name \"Ada Lovelace\"",
      "set street \"1 Main St\"", "set city Portland", "set state OR", "set zip 97201", "tap done", "tap continue",
      "set payment.card.number \"4242 4242 4242 4241\"", "tap placeOrder",
      "expect offer creditCard.number", "manual", "accept", "locale de", "appear stepOne", "appear creditCard",
      "expect focus number", "expect effect focus creditCard.number",
      "expect error number \"ist keine gültige Kartennummer\"",
    ])
    #expect(
      outcomes.allSatisfy { $0.problem == nil && $0.failure == nil },
      "\(outcomes.filter { $0.problem != nil || $0.failure != nil })")
    #expect(host.session?.navigation.description == "cart>stepOne|creditCard")
  }

  @Test func helpKnowsTheLocaleCommand() throws {
    let (_, outcomes) = try Self.run(["help locale"])
    #expect(outcomes.first?.notes.joined(separator: "\n").contains("locale de") == true)
  }

  /// `help locale` listed the engine's eight languages whatever the flow spoke.
  @Test func helpLocaleNamesTheLanguagesOfTheLoadedFlow() throws {
    var flow = ShippedFlows.plndr
    flow.locales = ["en", "de", "pl"]
    let (_, outcomes) = try Self.run(["help locale"], flow: CompiledFlow(flow))
    let help = outcomes.first?.notes.joined(separator: "\n") ?? ""
    #expect(help.contains("a language the flow speaks: en, de, pl, fr, es, it, nl, pt, ja"), "\(help)")
    let (_, without) = try Self.run(["help locale"], flow: nil)
    #expect(without.first?.notes.joined(separator: "\n").contains("(en, de, fr, es, it, nl, pt, ja, …)") == true)
  }

  /// Before the flow any well-formed tag is kept and checked when the flow loads:
  /// a problem of the `locale` line, in the flow's languages (its own included).
  @Test func aLocaleBeforeTheFlowIsCheckedAgainstTheFlow() throws {
    let plndr = PackagePaths.flows.appendingPathComponent("plndr.json").path
    let (host, outcomes) = try Self.run(["locale Dee", "flow \(plndr)"], flow: nil)
    #expect(outcomes.first?.problem == nil)
    #expect(
      outcomes.last?.problem
        == #"unknown locale "Dee" (did you mean "de"?); the languages are en, de, fr, es, it, nl, pt, ja"#)
    #expect(outcomes.last?.problemIsEarlierLocale == true)
    #expect(host.session?.locale == "en", "the flow is loaded, in its default language")
    let (_, malformed) = try Self.run(["locale de_DE"], flow: nil)
    #expect(malformed.first?.problem?.hasPrefix(#""de_DE" is not a BCP 47 language tag (write "de-DE""#) == true)
    #expect(malformed.first?.problemWord == 1)
  }
}
