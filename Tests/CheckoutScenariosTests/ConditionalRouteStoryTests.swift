import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutScenarios

/// An error whose every route passes a row the data hides: the generated story
/// makes the row show before the error comes (a shopper who did so earlier), so
/// the engine can route there, and the story replays.
@Suite struct ConditionalRouteStoryTests {
  static let today = fixture(CalendarDate(year: 2026, month: 11, day: 21), "the date 2026-11-21")
  static let compiled = fixture("the conditional route flow, billing same as shipping") {
    CompiledFlow(try FlowLoader().load(json: ConditionalRouteFlow.json(sameAsShipping: true)))
  }
  static let suite = StoryGenerator(flow: compiled, today: today, seed: 1).generate()

  @Test func theBillingErrorStoryOpensTheHiddenDisclosureFirst() throws {
    #expect(Self.suite.infeasible.map(\.reason) == [])
    let story = try #require(Self.suite.stories.first { $0.name == "basket--billing_zip_invalid" })
    let lines = story.lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }
    let opened = try #require(lines.firstIndex(of: "set same off"))
    let tapped = try #require(lines.firstIndex(of: "tap place"))
    #expect(opened < tapped)
    #expect(lines.contains("expect route push billing"))
    #expect(story.lines.joined(separator: "\n").contains("Open basket.billing first."))
  }

  @Test func everyStoryReplays() {
    let replayer = StoryReplayer(flow: Self.compiled)
    for story in Self.suite.stories {
      #expect(replayer.replay(story.text(flowPath: "cond.json", today: Self.today)) == nil, "\(story.name)")
    }
  }
}
