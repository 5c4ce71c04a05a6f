import Testing
import CheckoutModel
import CheckoutPlanning

/// Planning through calls' successes (`planThroughCalls`) when a guard on a submit
/// row is in the way: the reason names the submit row and the steps it requires,
/// as it does for a guarded row that opens a step.
@Suite struct PlanningThroughCallsTests {
  /// Hold the seats, then pay: the only way to `done` is the `pay` submit on
  /// `buyer`, which requires `card`; the hold on `seats` requires nothing.
  static let source = #"""
    {
      "format": 1, "id": "seats", "title": "Seats", "start": "seats",
      "steps": [
        { "id": "seats", "title": "Seats", "rows": [
          { "id": "hold", "cell": "button", "title": "Hold", "submit": "holdSeats", "then": "buyer" } ] },
        { "id": "buyer", "title": "Buyer", "rows": [
          { "id": "card", "cell": "disclosure", "title": "Card", "opens": "card" },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "pay", "then": "done", "requires": ["card"] } ] },
        { "id": "card", "title": "Card", "presentation": "modal", "rows": [
          { "id": "number", "cell": "text", "title": "Number", "bind": "card.number", "rules": ["required"] },
          { "id": "close", "cell": "button", "title": "Done", "action": "close" } ] },
        { "id": "done", "title": "Done", "presentation": "reset", "rows": [] },
        { "id": "island", "title": "Island", "rows": [] }
      ]
    }
    """#

  static func planner() throws -> RoutePlanner {
    RoutePlanner(try FlowLoader().load(json: source))
  }

  static let cardIncomplete: @Sendable (StepID) -> Bool = { $0 != "card" }

  @Test func aGuardOnASubmitRowIsTheReason() throws {
    let result = try Self.planner().planThroughCalls(
      from: NavigationState(parsing: "seats>buyer"), to: "done", guards: RouteGuards(isComplete: Self.cardIncomplete))
    guard case .failure(let noRoute) = result else {
      Issue.record("expected no route, got \(result)")
      return
    }
    guard case .guarded(let blocked) = noRoute.reason else {
      Issue.record("expected a guard, got \(noRoute.reason)")
      return
    }
    #expect(blocked.map { "\($0.step).\($0.row)" } == ["buyer.pay"])
    #expect(blocked.map(\.missing) == [["card"]])
    #expect(noRoute.description == #"no route to done: buyer.pay requires "card" complete"#)
  }

  @Test func theGuardIsFoundBehindAnEarlierCall() throws {
    let result = try Self.planner().planThroughCalls(
      from: NavigationState(parsing: "seats"), to: "done", guards: RouteGuards(isComplete: Self.cardIncomplete))
    guard case .failure(let noRoute) = result else {
      Issue.record("expected no route, got \(result)")
      return
    }
    #expect(noRoute.description == #"no route to done: buyer.pay requires "card" complete"#)
  }

  @Test func withTheGuardMetTheRouteGoesThroughBothCalls() throws {
    let walk = try Self.planner().planThroughCalls(
      from: NavigationState(parsing: "seats"), to: "done", guards: RouteGuards(isComplete: { _ in true })
    ).get()
    #expect(walk.operations == ["holdSeats", "pay"])
    #expect(walk.description == "push buyer (when holdSeats succeeds), reset done (when pay succeeds)")
    #expect(walk.throughCalls == ", through the calls holdSeats, pay")
  }

  @Test func aStepNothingLeadsToIsStillUnreachable() throws {
    let result = try Self.planner().planThroughCalls(
      from: NavigationState(parsing: "seats>buyer"), to: "island", guards: RouteGuards(isComplete: Self.cardIncomplete))
    guard case .failure(let noRoute) = result else {
      Issue.record("expected no route, got \(result)")
      return
    }
    #expect(noRoute.reason == .unreachable)
  }
}
