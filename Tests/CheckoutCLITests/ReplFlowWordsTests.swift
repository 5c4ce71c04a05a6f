import CheckoutCLI
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing

/// The REPL in a language the flow ships: its screens show the flow's words and
/// the engine's messages in it, and the `locale` line shows them again in another.
@Suite struct ReplFlowWordsTests {
  private func repl(_ lines: [String], locale: String?) -> (status: Int32, output: String) {
    var options = ReplCommand.Options.onTheTestDay
    options.flow = PackagePaths.flows.appendingPathComponent("express.json").path
    options.locale = locale
    return runREPL(lines, options)
  }

  @Test func aGermanREPLOnExpressShowsGermanTitlesAndMessages() {
    let result = repl(["set email nope", "tap pay"], locale: "de")
    #expect(result.status == 0)
    #expect(result.output.contains("Express-Kasse"), "the step's German title")
    #expect(result.output.contains("Vorname"))
    #expect(result.output.contains("E-Mail muss eine E-Mail-Adresse wie name@example.com sein"))
    #expect(result.output.contains("Bitte zuerst „Zahlung“ vervollständigen."))
    #expect(!result.output.contains("First name"))
    #expect(result.output.contains("148,00\u{00A0}$"), "the total as German writes an amount")
    #expect(!result.output.contains("$148.00"))
  }

  @Test func theLocaleLineShowsExpressAgainInFrench() {
    let result = repl(["set email nope", "locale fr"], locale: "de")
    #expect(result.output.contains("Paiement express"))
    #expect(result.output.contains("E-mail doit être une adresse e-mail comme nom@example.com"))
    #expect(result.output.contains("148,00\u{00A0}$"), "and the total as French writes it")
  }
}
