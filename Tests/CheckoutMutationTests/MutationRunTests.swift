import CheckoutModel
import CheckoutMutation
import CheckoutTestSupport
import Foundation
import Testing

/// The equivalence rule, replaying stories against mutants, the score and the report.
@Suite struct MutationRunTests {
  static let tester = MutantGeneratorTests.tester
  static let today = fixture(CalendarDate(year: 2026, month: 11, day: 21), "the date 2026-11-21")

  static func mutant(_ description: String) throws -> Mutant {
    try #require(tester.mutants.first { $0.description == description })
  }

  @Test func swappingMatchersNoErrorReachesBothIsEquivalent() throws {
    let neighbours = try Self.mutant("matchers 1 (code cvv_invalid) and 2 (code card_declined) swapped")
    #expect(Self.tester.test(neighbours, []).status == .equivalent("the two matchers never match the same error"))
    // card_declined is matched by card_* too, which resolves elsewhere: the order matters.
    let overlapping = try Self.mutant("matchers 2 (code card_declined) and 3 (code card_*) swapped")
    #expect(Self.tester.test(overlapping, []).status == .survived)
  }

  /// A mutant no story kills that lint refuses (Tickets' fallback for the seat
  /// hold moved to the attendee step, which the hold's failing step cannot reach)
  /// never runs: invalid, with the lint's message, not a survivor asking for a story.
  @Test func aSurvivorLintRefusesIsInvalid() throws {
    let bytes = try [UInt8](Data(contentsOf: PackagePaths.flows.appendingPathComponent("tickets.json")))
    let tickets = try MutationTester(bytes: bytes, file: "tickets.json")
    let moved = try #require(tickets.mutants.first { $0.description == "code * resolves on attendee instead of seats" })
    guard case .invalid(let why) = tickets.test(moved, []).status else {
      Issue.record("expected invalid, got \(tickets.test(moved, []).status)")
      return
    }
    #expect(why.hasPrefix("lint: an error from holdSeats on seats cannot be fixed at attendee"), "\(why)")
    // A survivor lint accepts stays a survivor.
    let shifted = try #require(tickets.mutants.first { $0.description == "maxLength 60 becomes 59" })
    #expect(tickets.test(shifted, []).status == .survived)
  }

  @Test func aMutantLoadingToTheSameFlowIsEquivalent() {
    let flow = Self.tester.flow
    let edit = JSONEdit.swapElements(JSONPath.root.appending("errors"), 0, 1)
    #expect(
      MutantEquivalence.reason(original: flow, mutant: flow, edit: edit) == "loads to the same flow as the original")
    var moved = flow
    moved.errors[0].row = "done"
    #expect(MutantEquivalence.reason(original: flow, mutant: moved, edit: edit) == nil)
  }

  @Test func overlapLooksAtCodesAndFields() {
    let card = ErrorMatcher(code: "card_*", step: "s")
    #expect(MatcherOverlap.overlap(card, ErrorMatcher(code: "card_declined", step: "s")))
    #expect(!MatcherOverlap.overlap(card, ErrorMatcher(code: "cvv_invalid", step: "s")))
    #expect(MatcherOverlap.overlap(card, ErrorMatcher(code: "*", step: "s")))
    #expect(!MatcherOverlap.overlap(ErrorMatcher(field: "a", step: "s"), ErrorMatcher(field: "b", step: "s")))
    #expect(MatcherOverlap.overlap(card, ErrorMatcher(field: "payment.card.number", step: "s")))
  }

  /// A story typing a 2-digit CVV and expecting the pattern's message kills the
  /// mutant whose quantifier accepts 2 digits, and the one without the rule.
  @Test func aBoundaryStoryKillsTheShiftedBoundAndTheDroppedRule() async throws {
    let story = MutationStory(
      name: "cvv-two-digits.scenario",
      text: """
        tap card
        set cvv 12
        expect invalid cvv
        """, strict: false)
    #expect(Self.tester.failingOnOriginal([story]).isEmpty)
    let shifted = try Self.mutant("pattern quantifier {3,4} becomes {2,4}")
    let dropped = try Self.mutant("row cvv loses the rule pattern")
    let kept = try Self.mutant("pattern quantifier {3,4} becomes {3,5}")
    for killed in [shifted, dropped] {
      guard case .killed(let name, _) = Self.tester.test(killed, [story]).status else {
        Issue.record("\(killed.description) survived")
        continue
      }
      #expect(name == "cvv-two-digits.scenario")
    }
    #expect(Self.tester.test(kept, [story]).status == .survived)
  }

  @Test func aParallelRunKeepsTheMutantsOrderAndScoresGeneratedStories() async {
    let stories = Self.tester.generatedStories(today: Self.today)
    #expect(!stories.isEmpty)
    #expect(Self.tester.failingOnOriginal(stories).isEmpty)
    let results = await Self.tester.run(stories, width: 4)
    #expect(results.map(\.mutant.id) == Self.tester.mutants.map(\.id))
    let again = await Self.tester.run(stories, width: 1)
    #expect(again == results)
    #expect(Self.tester.runBlocking(stories) == results)
    let score = MutationScore(results)
    #expect(score.killed + score.survived + score.equivalent + score.invalid == results.count)
    #expect(score.equivalent >= 1)
    // Every API-error story expects its route (`present creditCard`): a push instead is caught.
    let pushed = results.first { $0.mutant.mutationOperator == .changePresentation }
    if case .killed = pushed?.status {} else { Issue.record("presenting creditCard as a push survived") }
  }

  /// Mutants the generated stories must kill: every story reaching the card form
  /// fails without the row that opens it, and every API error story resolved on
  /// the card form expects it presented (`present creditCard`), not pushed.
  @Test func theGeneratedStoriesKillTheMutantsTheyMustKill() throws {
    let stories = Self.tester.generatedStories(today: Self.today)
    for description in [
      "row card and its edge to \"creditCard\" removed", "step creditCard is presented push instead of modal",
    ] {
      let mutant = try Self.mutant(description)
      guard case .killed(let story, let failure) = Self.tester.test(mutant, stories).status else {
        Issue.record("\(description): survived the generated stories")
        continue
      }
      #expect(stories.contains { $0.name == story })
      #expect(!failure.isEmpty)
    }
  }

  /// A parsed story fails as `generate --check` and `replay` say: a strict story
  /// on a refused event, a hand-written one only on a failed expectation.
  @Test func aStoryFailsAtItsFirstFailingLine() {
    let text = """
      flow ../mini.json
      tap pay
      expect at cart
      expect at thanks
      """
    let strict = MutationStory(name: "s", text: text, strict: true)
    let lenient = MutationStory(name: "l", text: text, strict: false)
    #expect(strict.failure(on: Self.tester.compiled)?.hasPrefix("2: tap pay: refused: ") == true)
    #expect(lenient.failure(on: Self.tester.compiled)?.hasPrefix("4: expected ") == true)
    let broken = MutationStory(name: "b", text: "tap\n", strict: false)
    #expect(broken.failure(on: Self.tester.compiled) != nil)
  }

  @Test func theReportFollowsTheMutationTestingSchema() throws {
    let guardMutant = try #require(Self.tester.mutants.first { $0.mutationOperator == .dropGuard })
    let results = [
      MutantResult(mutant: guardMutant, status: .survived),
      MutantResult(
        mutant: try Self.mutant("row cvv loses the rule pattern"), status: .killed(story: "a", failure: "b")),
    ]
    let report = MutationReportJSON(
      file: "mini.json", bytes: Array(MutantGeneratorTests.flowJSON.utf8), results: results, lowScore: 95)
    let parsed = try JSONSerialization.jsonObject(with: Data(report.text.utf8))
    let object = try #require(parsed as? [String: Any])
    #expect(object["schemaVersion"] as? String == "2")
    #expect((object["thresholds"] as? [String: Int]) == ["high": 95, "low": 95])
    let file = try #require((object["files"] as? [String: Any])?["mini.json"] as? [String: Any])
    #expect(file["language"] as? String == "json")
    #expect(file["source"] as? String == MutantGeneratorTests.flowJSON)
    let mutants = try #require(file["mutants"] as? [[String: Any]])
    #expect(mutants.map { $0["status"] as? String } == ["Survived", "Killed"])
    #expect(mutants[0]["mutatorName"] as? String == "drop-guard")
    let location = try #require(mutants[0]["location"] as? [String: [String: Int]])
    // `"requires": ["creditCard"]` on line 11 of the flow.
    #expect(location["start"]?["line"] == 11)
    #expect(location["end"]?["line"] == 11)
    #expect(mutants[1]["killedBy"] as? [String] == ["a"])
  }
}
