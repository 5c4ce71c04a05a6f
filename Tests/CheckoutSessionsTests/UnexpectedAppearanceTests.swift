import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Manual mode: a step other than the one a command waits for never drops the
/// command silently; the session says what happened and what it expects now.
@Suite struct UnexpectedAppearanceTests {
  static func session() -> CheckoutSession {
    CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
  }

  @Test func aTapsCommandGivenUpIsANotice() {
    var session = Self.session()
    #expect(session.send(.tap("checkout")) == [.navigate(.push("stepOne"))])
    let effects = session.send(.appeared("cart"))
    #expect(
      effects == [
        .notice(
          "appeared cart while waiting for stepOne after `push stepOne`: the `push stepOne` was given up; at cart, nothing is pending now"
        )
      ])
    #expect(session.pending == nil)
    #expect(session.navigation.description == "cart")
  }

  @Test func aStepNothingOpenedKeepsTheCommandWaiting() {
    var session = Self.session()
    session.send(.tap("checkout"))
    let effects = session.send(.appeared("creditCard"))
    #expect(
      effects == [
        .refused(
          Refusal(
            .unexpectedStep, event: .appeared, subject: .step("creditCard"),
            message: #""Credit Card" cannot be shown now: carry on from "My Cart""#
          ))
      ])
    #expect(session.pending?.expected == "stepOne")
    #expect(session.send(.appeared("stepOne")) == [])
    #expect(session.navigation.description == "cart>stepOne")
  }

  @Test func aRouteLeftMidWayIsReplannedOrCancelledWithANotice() {
    var driven = DrivenSession()
    driven.fillAddressAndCard()
    driven.send(.tap("continue"))
    var session = driven.session
    #expect(session.navigation.description == "cart>stepOne>stepTwo")
    session.send(.tap("placeOrder"))
    session.send(.apiFailed("placeOrder", [APIError(code: "cvv_invalid")]))
    #expect(session.send(.accept) == [.navigate(.pop)])
    #expect(
      session.send(.appeared("cart")) == [
        .navigate(.push("stepOne")),
        .notice("appeared cart while waiting for stepOne after `pop`: replanned from cart: next push stepOne"),
      ])
    #expect(
      session.send(.appeared("confirmation")) == [
        .routeCancelled("confirmation is not on the navigation stack cart (the route expected stepOne)"),
        .notice(
          "appeared confirmation while waiting for stepOne after `push stepOne`: the route was cancelled because confirmation is not on the navigation stack cart (the route expected stepOne); nothing is pending now"
        ),
      ])
    #expect(!session.driver.isDriving)
    #expect(session.pending == nil)
  }
}

/// An appearance of a step the flow does not have is the shopper's: a page still
/// open across a deploy animates in a step the new version removed. Said in the
/// session's language, naming the step on top by its title; the id the page sent
/// stays in the subject (was English listing every step's id: `the flow has no
/// step "stepTwoo" (did you mean "stepTwo"?); its steps are cart, …`).
@Suite struct UnknownStepAppearanceTests {
  @Test(arguments: [
    ("en", #"this step is no longer part of the checkout: carry on from "My Cart""#),
    ("de", "Dieser Schritt gehört nicht mehr zum Checkout: Machen Sie bei „Mein Warenkorb“ weiter"),
  ])
  func aStepTheFlowLacksIsSaidForTheShopper(_ locale: String, _ expected: String) throws {
    var session = try CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today, locale: locale)
    let refusal = session.send(.appeared("stepTwoo")).first?.refusal
    #expect(refusal?.code == .unknownStep)
    #expect(refusal?.event == .appeared)
    #expect(refusal?.subject == .step("stepTwoo"))
    #expect(refusal?.message == expected)
    #expect(session.navigation.description == "cart", "nothing changed")
  }
}
