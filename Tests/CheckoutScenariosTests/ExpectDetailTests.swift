import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutScenarios

/// `expect detail ROW "TEXT"`: what a disclosure or info row shows beside its title,
/// exactly, numbers and dates as the session's language writes them; a failure
/// names both texts, masked values masked.
@Suite struct ExpectDetailTests {
  @Test func parsesTheRowAndTheText() throws {
    #expect(
      try ScenarioParser.parse(#"expect detail subtotal "84,00 $""#, line: 1)
        == .expect(.detail(RowID("subtotal"), "84,00 $")))
    #expect(try ScenarioParser.parse("expect detail items 3", line: 1) == .expect(.detail(RowID("items"), "3")))
  }

  @Test(arguments: [
    ("expect detail", "'expect detail' needs a row id or number"),
    (#"expect detail "sub total" x"#, #""sub total" is not a row; name a row by its id (cvv) or by its number"#),
    ("expect detail subtotal", "'expect detail' needs the \"detail\" the row shows"),
  ])
  func badFormsAreSyntaxErrors(_ line: String, _ message: String) {
    expectSyntaxError(line, at: 2, startingWith: message)
  }

  @Test func amountsFollowTheLocaleAndAPlainSpaceMatchesANoBreakOne() throws {
    let outcomes = try ExpectTitleTests.run([
      #"expect detail subtotal "$84.00""#, "locale de", #"expect detail subtotal "84,00 $""#,
      #"expect detail subtotal "$84.00""#, #"expect detail items "3 Artikel""#,
    ])
    #expect(outcomes.allSatisfy { $0.problem == nil })
    #expect(outcomes[0].passed && outcomes[2].passed && outcomes[4].passed)
    #expect(outcomes[3].failure?.expected == #"detail of subtotal "$84.00""#)
    #expect(outcomes[3].failure?.actual == #"detail of subtotal "84,00 $""#)
  }

  @Test func aMaskedValueStaysMaskedInAFailure() throws {
    let outcomes = try ExpectTitleTests.run([
      "tap checkout", "tap creditCard", "set number 4242424242424242", "set expiry 12/27", "tap done",
      #"expect detail creditCard "4242424242424242""#,
    ])
    #expect(outcomes.allSatisfy { $0.problem == nil }, "\(outcomes.map(\.problem))")
    #expect(outcomes[5].failure?.actual == #"detail of creditCard "•••• 4242""#)
  }

  @Test func aRowWithoutADetailAHiddenRowAndAnUnknownRowFailSayingSo() throws {
    let outcomes = try ExpectTitleTests.run([
      "tap checkout", "tap shippingAddress", #"expect detail name "Ada""#, "set billingSame true",
      #"expect detail billingZip "1""#, #"expect detail nowhere "1""#,
    ])
    #expect(outcomes.allSatisfy { $0.problem == nil }, "\(outcomes.map(\.problem))")
    #expect(outcomes[2].failure?.actual == "name shows no detail (only disclosure and info rows have one)")
    #expect(
      outcomes[4].failure?.actual
        == "billingZip is not shown on address: it shows when Billing address same as shipping is off")
    #expect(outcomes[5].failure?.actual == "no row nowhere on address")
  }

  @Test func theLanguageTableListsItWithAnExampleThatParses() throws {
    let info = try #require(ScenarioLanguage.expectations.first { $0.name == "detail" })
    for form in info.forms {
      guard case .expect(.detail)? = try ScenarioParser.parse(form.example, line: 1) else {
        Issue.record("\(form.example) is no 'expect detail'")
        continue
      }
    }
    #expect(ScenarioLanguage.help("expect")?.contains("expect detail ROW \"text\"") == true)
  }
}
