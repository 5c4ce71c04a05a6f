import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutScenarios

/// `expect title "TEXT"` and `expect title ROW "TEXT"`: the title the screen shows
/// for the step or one of its rows, exactly, in the session's language; a failure
/// names both titles.
@Suite struct ExpectTitleTests {
  /// Runs the lines on PLNDR; the outcome of each.
  static func run(_ lines: [String]) throws -> [ScenarioHost.Outcome] {
    var host = ScenarioHost(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    var outcomes: [ScenarioHost.Outcome] = []
    for (index, line) in lines.enumerated() {
      guard let command = try ScenarioParser.parse(line, line: index + 1) else { continue }
      outcomes.append(host.run(command))
    }
    return outcomes
  }

  @Test(arguments: [
    (#"expect title "Schritt 1""#, CheckoutScenarios.Expectation.title(nil, "Schritt 1")),
    ("expect title Kasse", .title(nil, "Kasse")),
    (#"expect title cvv "Prüfnummer (CVV)""#, .title(RowID("cvv"), "Prüfnummer (CVV)")),
    ("expect title continue Weiter", .title(RowID("continue"), "Weiter")),
  ])
  func parsesTheStepAndTheRowForm(_ line: String, _ expected: CheckoutScenarios.Expectation) throws {
    #expect(try ScenarioParser.parse(line, line: 1) == .expect(expected))
  }

  @Test(arguments: [
    ("expect title", "'expect title' needs the \"title\" the screen shows, or a row id and the row's \"title\""),
    (#"expect title "two words" Weiter"#, #""two words" is not a row; name a row by its id (cvv) or by its number"#),
    (
      "expect title continue Weiter extra",
      #"unexpected "extra" after 'expect title'; usage: expect title [ROW] "text""#
    ),
  ])
  func badFormsAreSyntaxErrors(_ line: String, _ message: String) {
    expectSyntaxError(line, at: 3, startingWith: message)
  }

  @Test func germanTitlesHoldAndEnglishOnesFailNamingBoth() throws {
    let outcomes = try Self.run([
      "locale de", "tap checkout", #"expect title "Schritt 1""#, #"expect title continue "Weiter""#,
      #"expect title "Step One""#, #"expect title continue "Continue""#,
    ])
    #expect(outcomes.allSatisfy { $0.problem == nil })
    #expect(outcomes[2].passed && outcomes[3].passed)
    #expect(outcomes[4].failure?.expected == #"step title "Step One""#)
    #expect(outcomes[4].failure?.actual == #"step title "Schritt 1""#)
    #expect(outcomes[5].failure?.expected == #"title of continue "Continue""#)
    #expect(outcomes[5].failure?.actual == #"title of continue "Weiter""#)
  }

  @Test func theTitleIsExactNotAPart() throws {
    let outcomes = try Self.run(["locale de", "tap checkout", #"expect title "Schritt""#])
    #expect(outcomes[2].failure?.actual == #"step title "Schritt 1""#)
  }

  @Test func aHiddenRowAndAnUnknownRowFailSayingSo() throws {
    // Billing rows show only when billing is not the shipping address.
    let outcomes = try Self.run([
      "tap checkout", "tap shippingAddress", "set billingSame true", #"expect title billingZip "Billing ZIP""#,
      #"expect title nowhere "Nowhere""#,
    ])
    #expect(outcomes.allSatisfy { $0.problem == nil }, "\(outcomes.map(\.problem))")
    #expect(
      outcomes[3].failure?.actual
        == "billingZip is not shown on address: it shows when Billing address same as shipping is off")
    #expect(outcomes[4].failure?.actual == "no row nowhere on address")
  }

  @Test func theLanguageTableListsItWithAnExampleThatParses() throws {
    let info = try #require(ScenarioLanguage.expectations.first { $0.name == "title" })
    #expect(info.forms.count == 2)
    for form in info.forms {
      guard case .expect(.title)? = try ScenarioParser.parse(form.example, line: 1) else {
        Issue.record("\(form.example) is no 'expect title'")
        continue
      }
    }
    #expect(ScenarioLanguage.help("expect")?.contains("expect title ROW \"text\"") == true)
  }
}
