import CheckoutModel
import CheckoutPlanning
import CheckoutTestSupport
import Testing

/// A route never passes a row the shopper could not tap: one its `visibleWhen`
/// hides or its `enabledWhen` disables on the session's data is closed, as a row
/// whose `requires` are incomplete is. Planning without data reads no condition.
@Suite struct PlanningConditionTests {
  static let planner = fixture("the conditional route flow") {
    RoutePlanner(try FlowLoader().load(json: ConditionalRouteFlow.json()))
  }

  static func guards(_ data: [DataKey: Value]) -> RouteGuards {
    RouteGuards(isComplete: { _ in true }, data: data)
  }

  static func plan(from state: String, to target: StepID, _ data: [DataKey: Value]) throws -> Result<Route, NoRoute> {
    planner.plan(from: try NavigationState(parsing: state), to: target, guards: guards(data))
  }

  @Test func aShownRowIsTaken() throws {
    let route = try Self.plan(from: "basket", to: "billing", ["billing.same": .bool(false)]).get()
    #expect(route.description == "push billing")
  }

  @Test func aHiddenRowIsGoneAroundWhenAnotherWayIsOpen() throws {
    let data: [DataKey: Value] = ["billing.same": .bool(true), "payment.method": .string("invoice")]
    let route = try Self.plan(from: "basket", to: "billing", data).get()
    #expect(route.description == "push payment, push billing")
  }

  @Test func everyWayClosedNamesTheFirstRowOnTheShortestOne() throws {
    let data: [DataKey: Value] = ["billing.same": .bool(true), "payment.method": .string("card")]
    guard case .failure(let noRoute) = try Self.plan(from: "basket", to: "billing", data) else {
      Issue.record("expected no route")
      return
    }
    #expect(
      noRoute.description == "no route to billing: basket.billing is hidden until Bill to the shipping address is off")
    guard case .guarded(let blocked) = noRoute.reason else {
      Issue.record("expected a guarded reason, got \(noRoute.reason)")
      return
    }
    #expect(blocked.map(\.row) == ["billing"])
    #expect(blocked.first?.closedBy?.hides == true)
    #expect(blocked.first?.missing == [])
  }

  @Test func aDisabledRowClosesTheWayOnAStepDeeper() throws {
    let data: [DataKey: Value] = ["billing.same": .bool(true), "payment.method": .string("card")]
    guard case .failure(let noRoute) = try Self.plan(from: "basket>payment", to: "billing", data) else {
      Issue.record("expected no route")
      return
    }
    #expect(noRoute.description == "no route to billing: payment.invoiceAddress is disabled until Method is Invoice")
  }

  @Test func withoutDataNoConditionIsRead() throws {
    let state = try NavigationState(parsing: "basket")
    let route = try Self.planner.plan(from: state, to: "billing", isComplete: { _ in true }).get()
    #expect(route.description == "push billing")
    #expect(try Self.planner.plan(from: state, to: "billing").get().description == "push billing")
  }

  @Test func aDisabledSubmitMakesNoCallOnTheWay() throws {
    let state = try NavigationState(parsing: "basket")
    let closed = Self.planner.planThroughCalls(
      from: state, to: "done", guards: Self.guards(["order.terms": .bool(false)]))
    guard case .failure(let noRoute) = closed else {
      Issue.record("expected no way through a disabled Place order, got \(closed)")
      return
    }
    #expect(noRoute.description == "no route to done: basket.place is disabled until I accept the terms is on")
    let open = try Self.planner.planThroughCalls(
      from: state, to: "done", guards: Self.guards(["order.terms": .bool(true)])
    )
    .get()
    #expect(open.description == "reset done (when placeOrder succeeds)")
  }

  @Test func aRowBothGuardedAndClosedNamesBoth() throws {
    let flow = try FlowLoader().load(
      json: ConditionalRouteFlow.json().replacingOccurrences(
        of: #""visibleWhen": {"key": "billing.same", "equals": false}"#,
        with: #""visibleWhen": {"key": "billing.same", "equals": false}, "requires": ["payment"]"#))
    let guards = RouteGuards(isComplete: { $0 != "payment" }, data: ["billing.same": .bool(true)])
    let result = RoutePlanner(flow).plan(from: NavigationState(root: "basket"), to: "billing", guards: guards)
    guard case .failure(let noRoute) = result else {
      Issue.record("expected no route, got \(result)")
      return
    }
    #expect(
      noRoute.description
        == #"no route to billing: basket.billing requires "payment" complete and is hidden until Bill to the shipping address is off"#
    )
  }
}
