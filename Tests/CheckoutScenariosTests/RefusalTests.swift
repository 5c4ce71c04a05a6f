import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutSynthesis
@testable import CheckoutPlanning
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions
@testable import CheckoutScenarios

/// A refusal says as data what was refused and what is at fault; its message is
/// the sentence hosts show, and it never holds a value the shopper typed.
@Suite struct RefusalTests {
  typealias Driven = DrivenSession

  /// The one refusal among the effects (a test fails when there is not exactly one).
  static func refusal(_ effects: [Effect], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Refusal? {
    let refusals = effects.compactMap(\.refusal)
    #expect(refusals.count == 1 && effects.count == 1, "\(effects)", sourceLocation: sourceLocation)
    return refusals.first
  }

  @Test func eachRefusalNamesItsCodeEventAndWhatIsAtFault() {
    var driven = Driven()
    let unknown = Self.refusal(driven.send(.tap("chekout")))
    #expect(unknown?.code == .unknownRow && unknown?.event == .tap)
    #expect(unknown?.subject == .row(step: "cart", row: "chekout"))
    // The shopper's words (a page open across a deploy meets it); a scenario's or
    // the REPL's typo is told the rows, with the nearest.
    #expect(unknown?.message == #"this is no longer on "My Cart": check what it shows now and try again"#)
    let step = ShippedFlows.plndrCompiled.step("cart")
    #expect(step.map { Refusal.noSuchRow("chekout", on: $0) }?.contains(#"did you mean "checkout"?"#) == true)

    let unopened = Self.refusal(driven.send(.appeared("creditCard")))
    #expect(
      unopened?.code == .unexpectedStep && unopened?.event == .appeared && unopened?.subject == .step("creditCard"))

    let root = Self.refusal(driven.send(.back))
    #expect(root?.code == .nothingToClose && root?.event == .back && root?.subject == nil)

    let noOffer = Self.refusal(driven.send(.decline))
    #expect(noOffer == Refusal(.noOffer, event: .decline, message: "there is nothing to answer now"))

    // A key set from a step without its row goes through the row that binds it: that row is at fault.
    let byKey = Self.refusal(driven.send(.set(.key("shipping.method"), .string("teleport"))))
    #expect(byKey?.code == .invalidValue && byKey?.event == .set)
    #expect(byKey?.subject == .row(step: "stepOne", row: "shippingMethod"))
    // A key no row binds is read-only, or unknown: the key is at fault.
    let readOnly = Self.refusal(driven.send(.set(.key("cart.subtotal"), .string("$0.00"))))
    #expect(readOnly?.code == .readOnlyKey && readOnly?.subject == .key("cart.subtotal"))
    let unknownKey = Self.refusal(driven.send(.set(.key("shiping.zip"), .string("97201"))))
    #expect(unknownKey?.code == .unknownKey && unknownKey?.subject == .key("shiping.zip"))

    driven.send(.tap("checkout"))
    let disabled = Self.refusal(driven.send(.tap("continue")))
    #expect(disabled?.code == .disabledRow && disabled?.subject == .row(step: "stepOne", row: "continue"))
    #expect(
      disabled?.message == driven.session.screen.row("continue")?.disabledReason, "the screen and the refusal agree")
    let notTappable = Self.refusal(driven.send(.tap("shippingMethod")))
    #expect(notTappable?.code == .notTappable && notTappable?.subject == .row(step: "stepOne", row: "shippingMethod"))
    let picker = Self.refusal(driven.send(.set(.row("shippingMethod"), .string("teleport"))))
    #expect(picker?.code == .invalidValue && picker?.subject == .row(step: "stepOne", row: "shippingMethod"))
  }

  @Test func refusalsWhileTheSessionWaitsNameNoField() {
    var driven = Driven()
    driven.fillAddressAndCard()
    driven.send(.tap("continue"))
    driven.send(.tap("placeOrder"))
    let twice = Self.refusal(driven.session.send(.tap("placeOrder")))
    #expect(twice?.code == .callInFlight && twice?.subject == .row(step: "stepTwo", row: "placeOrder"))
    driven.send(.apiFailed("placeOrder", [APIError(code: "cvv_invalid", message: "Bad CVV.")]))

    let offerFirst = Self.refusal(driven.send(.back))
    #expect(offerFirst?.code == .offerWaiting && offerFirst?.event == .back && offerFirst?.subject == nil)
    #expect(
      offerFirst?.message
        == "first say whether to fix this now: The security code (CVV) isn't right. Please check the back of your card."
    )

    // The host has not confirmed the route's first step yet.
    #expect(driven.session.send(.accept) == [.navigate(.pop)])
    let routing = Self.refusal(driven.session.send(.tap("creditCard")))
    #expect(
      routing
        == Refusal(.routeInProgress, event: .tap, message: "a route is in progress: waiting for \"Step One\" to appear")
    )

    let late = Self.refusal(driven.session.send(.apiSucceeded("placeOrder", [:])))
    #expect(late?.code == .noCallWaiting && late?.event == .apiSucceeded && late?.subject == .operation("placeOrder"))
  }

  @Test func aRefusedSetNeverHoldsTheValue() {
    var driven = Driven()
    // cvv is no row of the cart and no data key: refused, naming the row, never the value.
    let effects = driven.send(.set(.row("cvv"), .string("9876")))
    let refusal = Self.refusal(effects)
    #expect(refusal?.code == .unknownRow && refusal?.subject == .row(step: "cart", row: "cvv"))
    var dumped = ""
    dump(effects, to: &dumped)
    #expect(!dumped.contains("9876") && !String(describing: effects).contains("9876"))
    #expect(!(refusal?.subject?.description.contains("9876") ?? true))
  }

  @Test func theKindsAreTheNamesScenariosUse() throws {
    #expect(
      Effect.Kind.allCases.map(\.rawValue) == [
        "navigate", "callAPI", "offer", "focus", "refused", "unresolved", "routeCancelled", "notice",
      ])
    let refused = Effect.refused(Refusal(.noOffer, event: .accept, message: "there is no offer to accept"))
    #expect(refused.kind == .refused && refused.description == "refused there is no offer to accept")
    #expect(
      SessionEvent.Kind.allCases.map(\.rawValue) == [
        "tap", "set", "back", "appeared", "apiSucceeded", "apiFailed", "callAgain", "apiExpired", "apiActionRequired",
        "actionCompleted", "accept", "decline",
      ])
    #expect(SessionEvent.set(.row("cvv"), .string("1")).kind == .set)
  }

  @Test func expectEffectRefusedMatchesTheCodeOrTheWords() {
    var driven = Driven()
    driven.send(.tap("checkout"))
    let effects = driven.send(.tap("continue"))
    let checker = ExpectationChecker(session: driven.session, lastEffects: effects)
    #expect(checker.check(.effect(kind: .refused, argument: "disabledRow")) == nil)
    #expect(checker.check(.effect(kind: .refused, argument: "Complete \"Shipping Address\" first")) == nil)
    #expect(checker.check(.effect(kind: .refused, argument: "hiddenRow")) != nil)
    #expect(checker.check(.effect(kind: .navigate, argument: "disabledRow")) != nil)
  }

  @Test func expectEffectTakesOnlyAKindAndSaysWhichAreValid() throws {
    #expect(
      try ScenarioParser.parse("expect effect notice replanned")
        == .expect(.effect(kind: .notice, argument: "replanned")))
    do {
      _ = try ScenarioParser.parse("expect effect refsued", line: 7)
      Issue.record("an unknown effect kind parsed")
    } catch {
      #expect(error.line == 7 && error.column == 15)
      #expect(
        error.message
          == #"unknown effect kind "refsued"; did you mean "refused"? the kinds are navigate, callAPI, offer, focus, refused, unresolved, routeCancelled, notice"#
      )
    }
  }
}
