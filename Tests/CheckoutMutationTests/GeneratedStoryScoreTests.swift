import CheckoutModel
import CheckoutMutation
import CheckoutTestSupport
import Foundation
import Testing

/// The stories `checkout generate` writes kill at least 95% of the non-equivalent
/// mutants of flows written for the purpose: guards (`requires` on a submit and on
/// a close row), conditions (`visibleWhen`, `enabledWhen`), length and quantifier
/// bounds, and sheets opened from sheets.
@Suite struct GeneratedStoryScoreTests {
  static let fixtures = PackagePaths.root.appendingPathComponent("Tests/CheckoutMutationTests/Fixtures")
  static let today = fixture(CalendarDate(year: 2026, month: 11, day: 26), "the date 2026-11-26")

  @Test(arguments: ["giftshop.json", "membership.json"])
  func generatedStoriesKillAtLeast95PercentOfTheMutants(_ name: String) async throws {
    let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
    let tester = try MutationTester(bytes: bytes, file: name)
    let stories = tester.generatedStories(today: Self.today)
    #expect(tester.failingOnOriginal(stories).isEmpty)
    let results = await tester.run(stories, width: ProcessInfo.processInfo.activeProcessorCount)
    let score = MutationScore(results)
    let survivors = results.filter { $0.status == .survived }.map { "#\($0.mutant.id) \($0.mutant.description)" }
    #expect(score.killed + score.survived >= 30, "too few mutants count to score \(name)")
    #expect(
      (score.percent ?? 0) >= 95, "\(name): \(score.killed) of \(score.killed + score.survived); survived: \(survivors)"
    )
    // Each kind of mutant the generator's guard, rules and condition stories are for is killed.
    for mutationOperator in [MutationOperator.dropGuard, .dropCondition, .shiftBound, .dropRule] {
      let made = results.filter { $0.mutant.mutationOperator == mutationOperator }
      #expect(!made.isEmpty, "\(name) has no \(mutationOperator.rawValue) mutant")
      #expect(
        made.allSatisfy { if case .survived = $0.status { false } else { true } },
        "\(name): a \(mutationOperator.rawValue) mutant survived")
    }
  }
}
