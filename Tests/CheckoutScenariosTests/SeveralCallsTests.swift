import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutLint
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutScenarios
import CheckoutSessions

/// A checkout that makes two calls in sequence: a travel booking that holds the
/// seats (`holdSeats`, on the travelers step) and then books them (`book`, on the
/// review step behind the hold), each call with its own scoped errors.
@Suite struct SeveralCallsTests {
  static let path = PackagePaths.root.appendingPathComponent("Tests/CheckoutScenariosTests/Fixtures/travel.json").path
  static let flow = fixture("the travel fixture") { try FlowLoader().load(contentsOf: path) }
  static let compiled = CompiledFlow(flow)
  static let today = fixture(CalendarDate(year: 2026, month: 11, day: 21), "the date 2026-11-21")
  static let suite = StoryGenerator(flow: compiled, today: today, seed: 1).generate()

  @Test func theTravelFlowLintsClean() throws {
    let report = FlowLoader().lint(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Self.path))))
    #expect(report.diagnostics.map(\.description) == [])
  }

  @Test func theHoldIsNeverAskedToReachWhatLiesBehindIt() {
    let matrix = CoverageMatrix(Self.flow)
    #expect(matrix.origins.map(\.name) == ["travelers: holdSeats", "review: book"])
    #expect(matrix.origins.map(\.calls) == [[], ["holdSeats"]])
    #expect(matrix.origins[1].state?.description == "fare>travelers>extras>review")
    #expect(matrix.gaps.isEmpty)
    let holdTargets = matrix.cells.filter { $0.origin.operation == "holdSeats" }.map(\.target.step)
    #expect(Set(holdTargets) == ["leadTraveler", "fare", "travelers"])
    let bookTargets = matrix.cells.filter { $0.origin.operation == "book" }.map(\.target.step)
    #expect(Set(bookTargets) == ["card", "seatMap", "voucher", "review"])
  }

  @Test func everyPairOfBothCallsHasAStoryAndNoneIsInfeasible() {
    let suite = Self.suite
    #expect(suite.infeasible.map(\.reason) == [])
    let holdPairs = suite.pairs.filter { $0.operation == "holdSeats" }
    let bookPairs = suite.pairs.filter { $0.operation == "book" }
    // Each call is paired with its own six matchers only.
    #expect(holdPairs.map(\.matcher) == Array(0..<6))
    #expect(bookPairs.map(\.matcher) == Array(6..<12))
    #expect(suite.pairs.count == 12)
    #expect(Set(suite.stories.compactMap(\.pair)) == Set(suite.pairs))
  }

  @Test func everyStoryReplays() {
    let replayer = StoryReplayer(flow: Self.compiled)
    for story in Self.suite.stories {
      let failure = replayer.replay(story.text(flowPath: "travel.json", today: Self.suite.today))
      #expect(failure == nil, "\(story.fileName): \(failure?.description ?? "")")
    }
    let checks: Set<Story.Kind> = [.guardRefusal, .rules, .condition]
    #expect(Self.suite.stories.filter { !checks.contains($0.kind) }.count == 31)
    #expect(Self.suite.stories.filter { checks.contains($0.kind) }.count == 5)
  }

  @Test func theBookingsStoriesWalkThroughTheHoldWithWhatItProvides() throws {
    let story = try #require(Self.suite.stories.first { $0.fileName == "review--seat_taken.scenario" })
    let text = story.text(flowPath: "travel.json", today: Self.suite.today)
    let hold = try #require(text.range(of: "api holdSeats ok hold.reference=HOLD-REFERENCE-1\ntap hold\n"))
    let failure = try #require(text.range(of: "api book fail seat_taken"))
    #expect(hold.upperBound < failure.lowerBound)
    #expect(text.contains("expect route pop, present seatMap"))
  }

  @Test func aWalkThroughACallSaysWhichCall() throws {
    let walk = try RoutePlanner(Self.flow).planThroughCalls(from: NavigationState(root: "fare"), to: "review").get()
    #expect(walk.route.description == "push travelers, push extras, push review")
    #expect(walk.calls == [nil, "holdSeats", nil])
    // A route the engine drives never passes through a call.
    #expect((try? RoutePlanner(Self.flow).plan(from: NavigationState(root: "fare"), to: "review").get()) == nil)
  }
}

/// `checkout diff` on matchers that gain or change their operations.
@Suite struct SeveralCallsDiffTests {
  @Test func scopingAMatcherIsReportedAndEachCallsFallbackIsMatchedToItsOwn() throws {
    let old = SeveralCallsTests.flow
    var new = old
    // The hold's passport matcher now also applies to the booking.
    new.errors[0].operations = ["holdSeats", "book"]
    // The booking's fallback moves before the hold's: still matched to its own.
    new.errors.swapAt(5, 11)
    let diff = FlowDiff(from: old, to: new)
    #expect(
      diff.differences.map(\.description) == [
        "safe     error matcher operations changed: code passport_invalid (holdSeats -> holdSeats, book)"
      ])
    #expect(!diff.isBreaking)
  }

  @Test func aRemovedMatcherIsReResolvedAsItsOwnCallsErrorsAre() throws {
    let old = SeveralCallsTests.flow
    var new = old
    new.errors.remove(at: 10)  // voucher_expired, the booking's
    let diff = FlowDiff(from: old, to: new)
    let removed = try #require(diff.differences.first { $0.description.contains("error matcher removed") })
    // The booking's fallback takes it, never the hold's (which comes first in the file).
    #expect(removed.description.contains("voucher_expired is now resolved at review"), "\(removed.description)")
  }
}
