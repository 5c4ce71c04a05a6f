import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutScenarios
import CheckoutSessions

/// Generated stories for calls that ask for more: for every action a submit
/// declares, the action completed then success, completed then each error of the
/// call, and cancelled then a new call. The flow holds seats first (`holdSeats`),
/// then books (`book`, which may ask for 3-D Secure with a six-digit code), each
/// call with its own scoped errors.
@Suite struct ActionStoryTests {
  static func json(resume: String = #"{"id": "confirm", "cell": "button", "title": "Confirm", "action": "resume"},"#)
    -> String
  {
    #"""
    {"format": 1, "id": "seats3ds", "title": "Seats", "start": "seats", "steps": [
      {"id": "seats", "title": "Seats", "rows": [
        {"id": "seat", "cell": "text", "title": "Seat", "bind": "seat.number", "rules": ["required"]},
        {"id": "hold", "cell": "button", "title": "Hold", "submit": "holdSeats", "then": "pay",
         "provides": ["hold.reference"]}]},
      {"id": "pay", "title": "Pay", "rows": [
        {"id": "card", "cell": "text", "title": "Card", "bind": "payment.card", "rules": ["required"]},
        {"id": "book", "cell": "button", "title": "Book", "submit": "book", "then": "done", "validates": ["pay"],
         "provides": ["booking.number"], "actions": {"three_d_secure": "challenge"}}]},
      {"id": "challenge", "title": "Your bank", "presentation": "modal", "rows": [
        {"id": "code", "cell": "text", "title": "Code", "bind": "challenge.code",
         "rules": ["required", {"pattern": "^[0-9]{6}$"}]},
        \#(resume)
        {"id": "cancel", "cell": "button", "title": "Cancel", "action": "close"}]},
      {"id": "done", "title": "Booked", "presentation": "reset", "rows": [
        {"id": "number", "cell": "info", "title": "Booking", "bind": "booking.number"}]}],
     "errors": [
       {"code": "seat_taken", "operation": "holdSeats", "step": "seats", "row": "seat"},
       {"code": "card_declined", "operation": "book", "step": "pay", "row": "card"},
       {"code": "*", "operation": "holdSeats", "step": "seats", "message": "The hold failed."},
       {"code": "*", "operation": "book", "step": "pay", "message": "The booking failed."}]}
    """#
  }

  static let today = fixture(CalendarDate(year: 2026, month: 11, day: 21), "the date 2026-11-21")
  static let compiled = fixture("the seats flow") { CompiledFlow(try FlowLoader().load(json: json())) }
  static let suite = StoryGenerator(flow: compiled, today: today, seed: 1).generate()
  static var actions: [Story] { suite.stories.filter { $0.kind == .action } }

  static func text(_ story: Story) -> String { story.text(flowPath: "seats3ds.json", today: today) }

  @Test func eachActionGetsCompletedEachErrorOfItsCallAndCancelled() {
    #expect(Self.suite.unwrittenActions == [])
    #expect(
      Self.actions.map(\.name) == [
        "action--pay--three_d_secure--completed", "action--pay--three_d_secure--card_declined",
        "action--pay--three_d_secure--unexpected_error", "action--pay--three_d_secure--cancelled",
      ], "the hold's matchers take none of the booking's errors")
  }

  @Test func everyActionStoryReplays() {
    let replayer = StoryReplayer(flow: Self.compiled)
    for story in Self.actions {
      #expect(replayer.replay(Self.text(story)) == nil, "\(story.name)")
    }
  }

  @Test func theCompletedStoryWalksThroughTheHoldEntersTheCodeAndArrives() throws {
    let story = try #require(Self.actions.first)
    let lines = story.lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }
    let asked = try #require(lines.firstIndex(of: "api book action three_d_secure"))
    #expect(lines.contains("api holdSeats ok hold.reference=HOLD-REFERENCE-1"))
    #expect(
      Array(lines[asked...].prefix(5)) == [
        "api book action three_d_secure", "tap book", "expect effect callAPI book", "expect at challenge",
        "expect stack seats>pay|challenge",
      ])
    let code = try #require(lines.firstIndex { $0.hasPrefix("set code ") })
    let resumed = try #require(lines.firstIndex(of: "tap confirm"))
    #expect(code < resumed && Array(lines.suffix(2)) == ["expect at done", "expect stack done"])
  }

  @Test func theActionStepsRulesAreCheckedOnTheStepTheActionOpens() throws {
    let rules = try #require(Self.suite.stories.first { $0.name == "rules--challenge" }, "\(Self.suite.unwritten)")
    let lines = rules.lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }
    let asked = try #require(lines.firstIndex(of: "api book action three_d_secure"))
    let probed = try #require(lines.firstIndex { $0.hasPrefix("set code ") })
    #expect(asked < probed && lines.contains("expect invalid code") && lines.last == "expect valid code")
    #expect(StoryReplayer(flow: Self.compiled).replay(Self.text(rules)) == nil)
  }

  @Test func theErrorAfterTheActionIsRoutedFromTheActionStepAndANewCallGoesThrough() throws {
    let story = try #require(Self.actions.first { $0.name.hasSuffix("card_declined") })
    let lines = story.lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }
    let failed = try #require(lines.firstIndex { $0.hasPrefix("api book fail card_declined") })
    #expect(lines[failed + 1].hasPrefix("set code ") && lines[failed + 2] == "tap confirm")
    #expect(lines.contains("expect offer pay.card") && lines.contains("expect route dismiss"))
    #expect(Array(lines.suffix(3)) == ["api book ok", "tap book", "expect at done"])
  }

  @Test func theCancelledStoryLeavesTheStepWithANoticeAndTapsAgain() throws {
    let story = try #require(Self.actions.last)
    let lines = story.lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }
    let left = try #require(lines.firstIndex(of: "tap cancel"))
    #expect(
      Array(lines[left...]) == [
        "tap cancel", #"expect effect notice "Your bank""#, "expect stack seats>pay", "api book ok",
        "tap book", "expect at done",
      ])
  }

  @Test func aStoryFailsOnAFlowThatNoLongerDeclaresTheAction() throws {
    let undeclared = CompiledFlow(
      try FlowLoader().load(json: Self.json().replacingOccurrences(of: #""three_d_secure""#, with: #""sca""#)))
    let story = try #require(Self.actions.first)
    let failure = try #require(StoryReplayer(flow: undeclared).replay(Self.text(story)))
    #expect(failure.text == "tap book" || failure.text == "expect at challenge", "\(failure)")
  }

  @Test func anActionStepWithoutAResumeRowGetsNoStoriesAndSaysWhy() throws {
    let flow = try FlowLoader().load(json: Self.json(resume: ""))
    let suite = StoryGenerator(flow: CompiledFlow(flow), today: Self.today, seed: 1).generate()
    #expect(suite.stories.allSatisfy { $0.kind != .action })
    #expect(suite.unwrittenActions == ["pay.book three_d_secure: challenge has no resume row"])
  }

  @Test func theStoriesAreTheSameEveryRun() {
    #expect(StoryGenerator(flow: Self.compiled, today: Self.today, seed: 1).generate().stories == Self.suite.stories)
  }
}
