import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// The reference app's walks on `Flows/plndr.json`, one command per appearance,
/// and the route driver's replanning and cancelling, with no host at all.
@Suite struct RouteDriverTests {
  let planner = RoutePlanner(ShippedFlows.plndr)
  let resolver = ErrorResolver(ShippedFlows.plndr)

  private func resolution(_ code: String) throws -> Resolution {
    try #require(resolver.resolve(APIError(code: code, message: "from the API")))
  }

  @Test func cvvErrorOnStepTwoPopsThenPresentsCreditCard() throws {
    var state = try NavigationState(parsing: "cart>stepOne>stepTwo")
    var driver = RouteDriver()
    let cvv = try resolution("cvv_invalid")
    #expect(cvv.target == "creditCard.cvv")
    #expect(driver.begin(cvv, from: state, planner: planner) == .perform(.pop))
    #expect(driver.description == "awaiting stepOne after pop, then present creditCard (to creditCard.cvv)")
    #expect(driver.route?.description == "pop, present creditCard")
    #expect(state.description == "cart>stepOne>stepTwo", "the state changes only when the host reports")
    #expect(driver.appeared("stepOne", state: &state, planner: planner) == .perform(.present("creditCard")))
    #expect(state.description == "cart>stepOne")
    #expect(driver.appeared("creditCard", state: &state, planner: planner) == .focus(cvv))
    #expect(state.description == "cart>stepOne|creditCard")
    #expect(driver.state == .arrived("creditCard"))
    #expect(driver.appeared("creditCard", state: &state, planner: planner) == .ignored, "no further navigation")
  }

  @Test func errorOnDiscountResolvedOnMyCartWalksBackThreeScreens() throws {
    var state = try NavigationState(parsing: "cart>stepOne>stepTwo|discount")
    var driver = RouteDriver()
    let soldOut = try resolution("item_sold_out")
    #expect(soldOut.step == "cart")
    var appeared: [String] = []
    var output = driver.begin(soldOut, from: state, planner: planner)
    #expect(driver.route?.description == "dismiss, pop, pop")
    while case .perform(let command) = output {
      let next = try state.applying(command).top
      appeared.append(next.rawValue)
      output = driver.appeared(next, state: &state, planner: planner)
    }
    #expect(appeared == ["stepTwo", "stepOne", "cart"])
    #expect(output == .focus(soldOut))
    #expect(state.description == "cart")
  }

  @Test func shopperPressingBackMidRouteReplansFromThere() throws {
    var state = try NavigationState(parsing: "cart>stepOne>stepTwo")
    var driver = RouteDriver()
    let cvv = try resolution("cvv_invalid")
    _ = driver.begin(cvv, from: state, planner: planner)
    #expect(driver.appeared("stepOne", state: &state, planner: planner) == .perform(.present("creditCard")))
    // Instead of Credit Card appearing, the shopper pressed back to My Cart.
    #expect(driver.appeared("cart", state: &state, planner: planner) == .perform(.push("stepOne")))
    #expect(state.description == "cart")
    #expect(driver.route?.description == "push stepOne, present creditCard")
    #expect(driver.replans == 1)
    #expect(driver.appeared("stepOne", state: &state, planner: planner) == .perform(.present("creditCard")))
    #expect(driver.appeared("creditCard", state: &state, planner: planner) == .focus(cvv))
  }

  @Test func aStepOffTheStackCancelsWithAReason() throws {
    var state = try NavigationState(parsing: "cart>stepOne>stepTwo")
    var driver = RouteDriver()
    _ = driver.begin(try resolution("cvv_invalid"), from: state, planner: planner)
    let output = driver.appeared("address", state: &state, planner: planner)
    let reason = "address is not on the navigation stack cart>stepOne>stepTwo (the route expected stepOne)"
    #expect(output == .cancelled(reason))
    #expect(driver.state == .cancelled(reason: reason))
    #expect(state.description == "cart>stepOne>stepTwo")
  }

  @Test func alreadyOnTheStepFocusesAtOnce() throws {
    let state = try NavigationState(parsing: "cart>stepOne>stepTwo")
    var driver = RouteDriver()
    let fallback = try #require(resolver.resolve(APIError(code: "something_new")))
    #expect(fallback.step == "stepTwo")
    #expect(driver.begin(fallback, from: state, planner: planner) == .focus(fallback))
    #expect(driver.route?.commands == [])
  }

  @Test func aGuardThatBlocksTheRouteCancelsNamingIt() throws {
    let state = try NavigationState(parsing: "cart>stepOne")
    var driver = RouteDriver()
    let target = Resolution(step: "stepTwo", row: nil, message: "review")
    let output = driver.begin(
      target, from: state, planner: planner, guards: RouteGuards(isComplete: { $0 == "address" }))
    // Blocked, not merely cancelled: the session may send the shopper to what opens it.
    guard case .blocked(let noRoute) = output else {
      Issue.record("expected a blocked route, got \(output)")
      return
    }
    #expect(noRoute.description == "no route to stepTwo: stepOne.continue requires \"creditCard\" complete")
    #expect(driver.state == .cancelled(reason: noRoute.description))
    #expect(driver.route == nil, "a failed plan leaves no earlier route behind")
  }

  @Test func aStepOffTheGraphIsCancelledNotBlocked() throws {
    let state = try NavigationState(parsing: "cart>stepOne")
    var driver = RouteDriver()
    let output = driver.begin(Resolution(step: "nowhere", row: nil, message: "x"), from: state, planner: planner)
    guard case .cancelled(let reason) = output else {
      Issue.record("expected a cancel, got \(output)")
      return
    }
    #expect(reason.contains("nowhere"))
  }
}

@Suite struct ErrorResolverTests {
  let flow = Flow(
    id: "errors", title: "Errors", start: "a",
    steps: [
      Step(id: "a", title: "A", rows: [Row(id: "x", cell: .text(TextEntry(bind: "x")), title: "X")]),
      Step(id: "b", title: "B", rows: [Row(id: "y", cell: .text(TextEntry(bind: "card.number")), title: "Card")]),
    ],
    errors: [
      ErrorMatcher(code: "card_declined", step: "b", row: "y", message: "Try another card", priority: 1),
      ErrorMatcher(code: "card_*", step: "b", row: "y"),
      ErrorMatcher(field: "x", step: "a", row: "x"),
      ErrorMatcher(code: "zip_invalid", field: "zip", step: "a"),
    ])

  @Test func firstMatchWinsWithExactPrefixAndField() throws {
    let resolver = ErrorResolver(flow)
    #expect(resolver.resolve(APIError(code: "card_declined"))?.message == "Try another card")
    let prefix = try #require(resolver.resolve(APIError(code: "card_expired", message: "Expired.")))
    #expect(prefix.target == "b.y")
    #expect(prefix.message == "Expired.")
    #expect(resolver.resolve(APIError(code: "anything", field: "x"))?.target == "a.x")
    #expect(resolver.resolve(APIError(code: "zip_invalid")) == nil, "code and field must both match")
    #expect(resolver.resolve(APIError(code: "zip_invalid", field: "zip"))?.target == "a")
  }

  @Test func unmatchedErrorsWithoutAFallbackAreReportedNotDropped() {
    let ordered = ErrorResolver(flow).ordered([APIError(code: "mystery"), APIError(code: "card_expired")])
    #expect(ordered.map(\.error.code) == ["card_expired", "mystery"])
    #expect(ordered[1].resolution == nil)
  }

  @Test func priorityOrdersOneResponsesErrorsApiOrderAmongEquals() {
    let errors = [APIError(code: "card_expired"), APIError(code: "other", field: "x"), APIError(code: "card_declined")]
    let ordered = ErrorResolver(flow).ordered(errors).map(\.error.code)
    #expect(ordered == ["card_declined", "card_expired", "other"])
  }

  @Test func defaultMessageNamesTheRowWhenNeitherFlowNorApiGivesOne() {
    let resolution = ErrorResolver(flow).resolve(APIError(code: "card_lost"))
    #expect(resolution?.message == "Card: please check this.")
  }
}
