import CheckoutModel
import CheckoutMutation
import CheckoutTestSupport
import Foundation
import Testing

/// Each mutant's hint: what a story that kills it checks, in the scenario
/// language, with the names of the flow's steps, rows, errors and languages.
@Suite struct MutantHintTests {
  static let express = PackagePaths.root.appendingPathComponent("Flows/express.json")

  static func mutants() throws -> [Mutant] {
    let bytes = try [UInt8](Data(contentsOf: express))
    return try MutationTester(bytes: bytes, file: "express.json").mutants
  }

  static func hint(_ mutants: [Mutant], _ description: String) throws -> String {
    try #require(mutants.first { $0.description == description }).hint
  }

  @Test func everyOperatorHasAHintNamingWhatTheMutantChanges() throws {
    let mutants = try Self.mutants()
    #expect(Set(mutants.map(\.mutationOperator)) == Set(MutationOperator.allCases))
    let hints: [(String, String)] = [
      (
        "code invalid_number resolves on cardEntry.expiry instead of cardEntry.number",
        "api confirmPayment fail invalid_number, tap pay, then expect offer cardEntry.number"
      ),
      ("row promo and its edge to \"promo\" removed", "expect at checkout, tap promo, then expect at promo"),
      (
        "row pay loses its then \"receipt\"",
        "expect at checkout, api confirmPayment ok, tap pay, then expect at receipt"
      ),
      (
        "row pay no longer requires \"paymentSheet\"",
        "with paymentSheet not complete: expect at checkout, tap pay, then expect at checkout (the tap is refused)"
      ),
      (
        "step paymentSheet is presented push instead of modal",
        "tap the row that opens paymentSheet, then expect stack …|paymentSheet"
      ),
      (
        "step checkout's title loses its de text (shown in the default language)",
        "locale de, expect at checkout, then expect title \"Express-Kasse\""
      ),
      (
        "row total's detail shows order.total unformatted",
        "locale de, expect at checkout, then expect detail total \"TEXT\" (order.total formatted)"
      ),
      (
        "maxLength 254 becomes 253",
        "several lines: expect at checkout, set email VALUE (just inside maxLength 254), then expect valid email; set email VALUE (just outside it), then expect invalid email"
      ),
      (
        "row quantity loses the rule required",
        "expect at checkout, set quantity VALUE (one only its required rule rejects), then expect invalid quantity"
      ),
    ]
    for (description, hint) in hints { #expect(try Self.hint(mutants, description) == hint) }
  }

  @Test func operatorsWhoseKillTakesSetUpSaySo() throws {
    let mutants = try Self.mutants()
    let completion = try #require(
      mutants.first { $0.mutationOperator == .dropGuard && $0.description == "a completion check" })
    #expect(
      completion.hint
        == "several lines: leave paymentSheet's completion check on payment.card.number unmet, expect at checkout, tap pay, then expect at checkout (the tap is refused)"
    )
    let field = try #require(
      mutants.first { $0.mutationOperator == .moveMatcher && $0.description.hasPrefix("field exp_month") })
    #expect(field.hint.hasPrefix("api confirmPayment fail CODE field=exp_month, tap pay, "))
    let swap = try #require(mutants.first { $0.mutationOperator == .swapMatchers })
    #expect(
      swap.hint.contains("(an error the first matcher alone should take), tap pay, then "))
    let condition = try #require(mutants.first { $0.description == "row apply loses its enabledWhen (always enabled)" })
    #expect(condition.hint.hasPrefix("with its enabledWhen false: expect at promo, tap or set apply"))
  }

  /// A matcher scoped to an operation names it, and the row that submits it.
  @Test func aMatcherOfAnOperationNamesItAndTheRowThatCallsIt() throws {
    let bytes = try [UInt8](Data(contentsOf: PackagePaths.root.appendingPathComponent("Flows/tickets.json")))
    let mutants = try MutationTester(bytes: bytes, file: "tickets.json").mutants
    #expect(
      try Self.hint(mutants, "code seats_unavailable resolves on seats.quantity instead of seats.section")
        == "api holdSeats fail seats_unavailable, tap hold, then expect offer seats.section")
  }

  /// A matcher of every call names the flow's first submitting row (any call's
  /// failure reaches it); only a flow that submits nothing leaves `OPERATION`.
  @Test func aMatcherOfEveryCallNamesTheFirstRowThatSubmitsOne() throws {
    let flow = { (submit: String) in
      """
      {"format": 1, "id": "hint", "title": "Hint", "start": "cart", "steps": [
        {"id": "cart", "title": "Cart", "rows": [
          {"id": "checkout", "cell": "button", "title": "Checkout", "opens": "details"}]},
        {"id": "details", "title": "Details", "rows": [
          {"id": "name", "cell": "text", "title": "Name", "bind": "shipping.name"},
          {"id": "zip", "cell": "text", "title": "ZIP", "bind": "shipping.zip"},
          {"id": "send", "cell": "button", "title": "Send"\(submit)}]}],
        "errors": [{"code": "zip_invalid", "step": "details", "row": "zip"}]}
      """
    }
    let description = "code zip_invalid resolves on details.send instead of details.zip"
    let submitting = try MutationTester(bytes: Array(flow(#", "submit": "placeOrder""#).utf8), file: "hint.json")
    #expect(
      try Self.hint(submitting.mutants, description)
        == "api placeOrder fail zip_invalid, tap send, then expect offer details.zip")
    let silent = try MutationTester(bytes: Array(flow(#", "action": "close""#).utf8), file: "hint.json")
    #expect(
      try Self.hint(silent.mutants, description)
        == "api OPERATION fail zip_invalid, tap the row that calls OPERATION, then expect offer details.zip")
  }

  @Test func theReportGivesEachSurvivorItsHint() throws {
    let mutant = try #require(try Self.mutants().first { $0.mutationOperator == .moveMatcher })
    let report = MutationReportJSON(
      file: "express.json", bytes: [], results: [.init(mutant: mutant, status: .survived)], lowScore: nil)
    #expect(report.files["express.json"]?.mutants.first?.hint == mutant.hint)
    let killed = MutationReportJSON(
      file: "express.json", bytes: [],
      results: [.init(mutant: mutant, status: .killed(story: "a.scenario", failure: "3: expected"))], lowScore: nil)
    #expect(killed.files["express.json"]?.mutants.first?.hint == nil)
  }
}
