import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// The session on the PLNDR flow: taps, values, submits, API answers, offers,
/// queued errors, and what is refused (with why, changing nothing).
@Suite struct SessionTests {
  @Test func tapsNavigateOnlyWhenTheHostConfirms() {
    var session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    #expect(session.send(.tap("checkout")) == [.navigate(.push("stepOne"))])
    #expect(session.navigation.description == "cart")
    #expect(
      session.send(.tap("discount")) == [
        .refused(Refusal(.awaitingStep, event: .tap, message: #"one moment: "Step One" is opening"#))
      ])
    #expect(session.send(.appeared("stepOne")) == [])
    #expect(session.navigation.description == "cart>stepOne")
  }

  @Test func aDisabledRowSaysWhatIsMissingAndChangesNothing() {
    var driven = DrivenSession()
    driven.send(.tap("checkout"))
    let effects = driven.send(.tap("continue"))
    guard case .refused(let refusal)? = effects.first else {
      Issue.record("expected a refusal, got \(effects)")
      return
    }
    #expect(refusal.code == .disabledRow && refusal.event == .tap)
    #expect(refusal.subject == .row(step: "stepOne", row: "continue"), "the row at fault, as data")
    let reason = refusal.message
    #expect(reason.hasPrefix("Continue: Complete \"Shipping Address\" first. "))
    #expect(reason.contains("Street address is required"))
    #expect(driven.session.navigation.description == "cart>stepOne")
    let row = driven.session.screen.row("continue")
    #expect(row?.isEnabled == false)
    #expect(row?.disabledReason == reason)
  }

  @Test func valuesThatRowsCannotTakeAreRefusedAndChangeNothing() {
    var driven = DrivenSession()
    driven.send(.tap("checkout"))
    let before = driven.session.value(for: "shipping.method")
    #expect(
      driven.send(.set(.row("shippingMethod"), .string("teleport"))).map(\.refusal?.subject)
        == [.row(step: "stepOne", row: "shippingMethod")])
    #expect(driven.session.value(for: "shipping.method") == before)
    #expect(driven.send(.set(.row("shippingMethod"), .string("Overnight"))) == [])
    #expect(driven.session.value(for: "shipping.method") == .string("overnight"), "a label picks its option")
    #expect(
      driven.send(.set(.row("continue"), .string("x"))) == [
        .refused(
          Refusal(
            .takesNoValue, event: .set, subject: .row(step: "stepOne", row: "continue"),
            message: "Continue cannot be filled in: check what it shows now and try again"))
      ])
    #expect(driven.send(.tap("shippingMethod")).map(\.refusal?.code) == [.notTappable])
    driven.send(.tap("shippingAddress"))
    #expect(
      driven.send(.set(.row("billingStreet"), .string("2 Side St"))) == [
        .refused(
          Refusal(
            .hiddenRow, event: .set, subject: .row(step: "address", row: "billingStreet"),
            message:
              "Billing street address is hidden on Shipping Address. Shown only when Billing address same as shipping is off."
          ))
      ])
    #expect(
      driven.send(.set(.row("billingSame"), .string("maybe"))) == [
        .refused(
          Refusal(
            .invalidValue, event: .set, subject: .row(step: "address", row: "billingSame"),
            message: "Billing address same as shipping can only be switched on or off"))
      ])
    #expect(driven.session.value(for: "billing.sameAsShipping") == .bool(true), "a refused value changes nothing")
    #expect(driven.send(.set(.row("billingSame"), .string("off"))) == [])
    #expect(driven.session.screen.row("billingStreet") != nil, "billing rows appear when the toggle is off")
  }

  @Test func aBooleanIsRefusedByANumberOrTextRowAndChangesNothing() {
    var driven = DrivenSession()
    let before = driven.session.value(for: "cart.quantity")
    #expect(
      driven.send(.set(.row("quantity"), .bool(true))) == [
        .refused(
          Refusal(
            .invalidValue, event: .set, subject: .row(step: "cart", row: "quantity"),
            message: "Quantity takes a value, not on or off"))
      ])
    #expect(driven.session.value(for: "cart.quantity") == before, "a refused value changes nothing")
    #expect(driven.session.screen.row("quantity")?.error == nil, "and shows no range error")
    driven.send(.tap("checkout"))
    driven.send(.tap("shippingAddress"))
    #expect(
      driven.send(.set(.row("name"), .bool(false))).map(\.refusal?.message) == [
        "Full name takes a value, not on or off"
      ])
  }

  @Test func aRejectedValueIsKeptWithItsMessage() {
    var driven = DrivenSession()
    driven.send(.tap("checkout"))
    driven.send(.tap("creditCard"))
    driven.send(.set(.row("number"), .string("4242 4242 4242 4241")))
    let row = driven.session.screen.row("number")
    #expect(row?.value == "•••• 4241")
    #expect(row?.error == "Card number is not a valid card number")
  }

  @Test func localValidationOffersTheFirstInvalidRowAndCallsNothing() {
    var driven = DrivenSession()
    driven.fillAddressAndCard(cvv: "12")
    #expect(driven.send(.tap("continue")).first?.kind == .refused, "an invalid CVV leaves Credit Card incomplete")
    driven.send(.tap("creditCard"))
    driven.send(.set(.row("cvv"), .string("123")))
    driven.send(.tap("done"))
    driven.send(.tap("continue"))
    #expect(driven.session.navigation.description == "cart>stepOne>stepTwo")
    // The host changes a key behind the rows' back: the submit's own validation catches it.
    driven.send(.set(.key("payment.card.cvv"), .string("12")))
    let effects = driven.send(.tap("placeOrder"))
    #expect(effects.map(\.kind) == [.offer], "no callAPI: \(effects)")
    #expect(driven.session.offer?.resolution.target == "creditCard.cvv")
    #expect(driven.session.offer?.resolution.message == "Enter the 3 or 4 digit code printed on your card.")
    #expect(
      driven.send(.accept).map(\.description) == [
        "navigate pop", "navigate present creditCard",
        "focus creditCard.cvv \"Enter the 3 or 4 digit code printed on your card.\"",
      ])
  }

  @Test func submitCallsTheAPIWithTheSecretInThePayloadOnly() throws {
    var driven = DrivenSession()
    driven.fillAddressAndCard(cvv: "987")
    driven.send(.tap("continue"))
    let effects = driven.send(.tap("placeOrder"))
    guard case .callAPI(let operation, let payload, _)? = effects.first else {
      Issue.record("expected callAPI, got \(effects)")
      return
    }
    #expect(operation == "placeOrder")
    #expect(payload.values["payment.card.cvv"] == .string("987"))
    #expect(!payload.description.contains("987"))
    #expect(!String(describing: effects).contains("987"))
    var dumped = ""
    dump(payload, to: &dumped)
    #expect(!dumped.contains("987"))
    #expect(payload.redacted["payment.card.number"] == "•••• 4242")
  }

  @Test func severalErrorsAreOfferedOneAfterAnother() {
    var driven = DrivenSession()
    driven.fillAddressAndCard()
    driven.send(.tap("continue"))
    driven.send(.tap("placeOrder"))
    let effects = driven.send(
      .apiFailed(
        "placeOrder", [APIError(code: "cvv_invalid", message: "Bad CVV."), APIError(code: "address_zip_invalid")]))
    #expect(effects.map(\.kind) == [.offer])
    #expect(driven.session.offer?.resolution.target == "creditCard.cvv")
    #expect(driven.session.queued.map(\.target) == ["address.zip"])
    let arrival = driven.send(.accept)
    // The flow's matcher for cvv_invalid has its own message: the shopper reads it, not the API's.
    let flowWords = "The security code (CVV) isn't right. Please check the back of your card."
    #expect(
      arrival.map(\.description) == [
        "navigate pop", "navigate present creditCard", "focus creditCard.cvv \"\(flowWords)\"",
      ])
    #expect(driven.session.screen.row("cvv")?.error == flowWords)
    #expect(driven.session.screen.row("cvv")?.isFocused == true)
    let fixed = driven.send(.set(.row("cvv"), .string("321")))
    #expect(fixed.map(\.kind) == [.offer])
    #expect(driven.session.offer?.resolution.target == "address.zip")
    #expect(driven.session.screen.row("cvv")?.error == nil, "the error clears when the value changes")
  }

  @Test func anErrorNoMatcherKnowsIsReportedWhenTheFlowHasNoFallback() {
    var flow = ShippedFlows.plndr
    flow.errors.removeAll { $0.code == .any }
    var session = CheckoutSession(flow: CompiledFlow(flow), today: ShippedFlows.today)
    #expect(
      session.send(.apiFailed("placeOrder", [])) == [
        .refused(
          Refusal(
            .noCallWaiting, event: .apiFailed, subject: .operation("placeOrder"),
            message: "no call to placeOrder is waiting for an answer"))
      ])
    var driven = DrivenSession()
    driven.session = session
    driven.fillAddressAndCard()
    driven.send(.tap("continue"))
    #expect(driven.send(.tap("placeOrder")).first?.kind == .callAPI)
    let effects = driven.send(.apiFailed("placeOrder", [APIError(code: "mystery")]))
    #expect(effects == [.unresolved(APIError(code: "mystery"))])
    #expect(driven.session.offer == nil)
  }

  @Test func aSessionNeverPrintsDumpsOrEncodesTheCVV() throws {
    var driven = DrivenSession()
    driven.fillAddressAndCard(cvv: "4321")
    let session = driven.session
    var dumped = ""
    dump(session, to: &dumped)
    let encoded = String(decoding: try JSONEncoder().encode(session), as: UTF8.self)
    let screen = String(decoding: try JSONEncoder().encode(session.screen), as: UTF8.self)
    for text in [
      session.description, session.debugDescription, dumped, encoded, screen, String(describing: session.snapshot()),
    ] {
      #expect(!text.contains("4321"), "\(text)")
    }
    #expect(!encoded.contains("4242 4242 4242 4242"), "sensitive values are masked unless revealed")
    #expect(session.value(for: "payment.card.cvv") == nil)
    let encoder = JSONEncoder()
    encoder.userInfo[.revealSensitive] = true
    let revealed = String(decoding: try encoder.encode(session), as: UTF8.self)
    #expect(revealed.contains("4242 4242 4242 4242"))
    #expect(!revealed.contains("4321"))
  }

  @Test func snapshotsRoundTripAndDetectAChangedFlow() throws {
    var driven = DrivenSession()
    driven.fillAddressAndCard()
    driven.send(.tap("continue"))
    driven.send(.tap("placeOrder"))
    driven.send(.apiFailed("placeOrder", [APIError(code: "cvv_invalid"), APIError(code: "address_zip_invalid")]))
    let session = driven.session
    let decoder = JSONDecoder()
    decoder.userInfo[.checkoutFlow] = ShippedFlows.plndrCompiled
    let restored = try decoder.decode(CheckoutSession.self, from: JSONEncoder().encode(session))
    #expect(restored.snapshot() == session.snapshot())
    #expect(restored.navigation == session.navigation)
    #expect(restored.offer == session.offer)

    var changed = ShippedFlows.plndr
    changed.steps.removeAll { $0.id == "creditCard" }
    #expect(throws: SnapshotError.self) {
      try CheckoutSession(restoring: session.snapshot(), flow: CompiledFlow(changed))
    }
    do {
      _ = try CheckoutSession(restoring: session.snapshot(), flow: CompiledFlow(changed))
    } catch {
      #expect(
        error.message == "the flow \"plndr\" changed since the snapshot was made: step \"creditCard\" no longer exists")
    }
  }
}
