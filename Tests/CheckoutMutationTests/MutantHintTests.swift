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
        "api OPERATION fail invalid_number, tap the row that calls OPERATION, then expect offer cardEntry.number"
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
    #expect(field.hint.hasPrefix("api OPERATION fail CODE field=exp_month, "))
    let swap = try #require(mutants.first { $0.mutationOperator == .swapMatchers })
    #expect(
      swap.hint.contains("(an error the first matcher alone should take), tap the row that calls OPERATION, then "))
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
