import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutScenarios

/// A picker's value is shown as its option's label wherever a value is shown, and a
/// row held back by `requires` carries the incomplete steps as data.
@Suite struct PickerLabelAndGuardReasonTests {
  static let today = ShippedFlows.today

  /// PLNDR at Step One, then Step Two, with the shipping method (options `from`
  /// the data) chosen.
  func sessionOnStepTwo() -> CheckoutSession {
    var session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: Self.today)
    session.send(.tap("checkout"))
    session.send(.appeared("stepOne"))
    return session
  }

  @Test func aPickerWithOptionsFromTheDataShowsTheLabelOnItsRowAndInDetails() throws {
    var session = sessionOnStepTwo()
    session.send(.set(.row("shippingMethod"), .string("express")))
    let row = try #require(session.screen.row("shippingMethod"))
    #expect(row.value == "Express (2 business days)")
    #expect(row.selection == "express", "hosts still learn which option is chosen")
    #expect(row.options?.map(\.value) == ["standard", "express", "overnight"])
    // Step Two's info row binds the same key: the label there too.
    let renderer = ScreenRenderer(compiled: ShippedFlows.plndrCompiled, rules: RuleEvaluator(today: Self.today))
    let methods = try #require(session.compiled.flow.data["shipping.methods"])
    let stepTwo = try #require(
      renderer.render("stepTwo", data: ["shipping.method": .string("overnight"), "shipping.methods": methods]))
    #expect(stepTwo.row("method")?.detail == "Overnight")
  }

  @Test func aPickerWithAListedOptionShowsItsLabelAndAnUnknownValueAsItIs() throws {
    let masking = Masking(ShippedFlows.plndr)
    #expect(masking.display(.string("GU"), of: "shipping.country") == "Guam")
    #expect(masking.display(.string("ZZ"), of: "shipping.country") == "ZZ")
    let data: [DataKey: Value] = [
      "shipping.methods": .options([PickerOption(value: "standard", label: "Standard (5-7 business days)")])
    ]
    #expect(masking.display(.string("standard"), of: "shipping.method", in: data) == "Standard (5-7 business days)")
    #expect(
      masking.display(.string("standard"), of: "shipping.method") == "standard",
      "without the options, the value as it is")
    #expect(masking.display(.string("standard"), of: "shipping.zip", in: data) == "standard", "not a picker's key")
  }

  @Test func aDetailTemplateShowsAPickersLabelFromAListOrFromTheData() throws {
    let json = """
      {"format": 1, "id": "t", "title": "T", "start": "a",
       "data": {"sizes": [{"value": "m", "label": "Medium"}]},
       "steps": [{"id": "a", "title": "A", "rows": [
         {"id": "colour", "cell": "picker", "title": "Colour", "bind": "form.colour",
          "options": [{"value": "r", "label": "Red"}]},
         {"id": "size", "cell": "picker", "title": "Size", "bind": "form.size", "options": {"from": "sizes"}},
         {"id": "summary", "cell": "info", "title": "Summary", "detail": "{form.colour}, {form.size}"}]}],
       "errors": []}
      """
    let compiled = CompiledFlow(try FlowLoader().load(json: json, file: "t.json"))
    var session = CheckoutSession(flow: compiled, today: Self.today)
    session.send(.set(.row("colour"), .string("r")))
    session.send(.set(.row("size"), .string("m")))
    #expect(session.screen.row("summary")?.detail == "Red, Medium")
    #expect(session.screen.row("colour")?.value == "Red")
    #expect(session.screen.row("size")?.value == "Medium")
  }

  @Test func expectValueAcceptsTheStoredValueOrTheLabelAndSaysBoth() throws {
    var host = ScenarioHost(flow: ShippedFlows.plndrCompiled, today: Self.today)
    _ = host.run(.tap("checkout"))
    #expect(host.run(.expect(.value("shipping.method", "standard"))).passed)
    #expect(host.run(.expect(.value("shipping.method", "Standard (5-7 business days)"))).passed)
    let failure = try #require(host.run(.expect(.value("shipping.method", "express"))).failure)
    #expect(failure.actual == "value shipping.method standard (shown as \"Standard (5-7 business days)\")")
  }

  @Test func aGuardedRowCarriesEachIncompleteStepWithItsFailingRows() throws {
    var session = sessionOnStepTwo()
    session.send(.tap("shippingAddress"))
    session.send(.appeared("address"))
    session.send(.set(.row("name"), .string("Ada")))
    session.send(.back)
    session.send(.appeared("stepOne"))
    let row = try #require(session.screen.row("continue"))
    #expect(!row.isEnabled)
    let steps = try #require(row.incompleteSteps)
    #expect(steps.map(\.step) == ["address", "creditCard"])
    #expect(steps[0].title == "Shipping Address")
    #expect(steps[0].rows == ["street", "city", "state", "zip"])
    #expect(steps[0].problems.first == "Street address is required")
    #expect(steps[1].rows == ["name", "number", "expiry", "cvv"])
    #expect(
      row.disabledReason?.hasPrefix("Continue: Complete \"Shipping Address\" first. Street address is required. ")
        == true)
    // An enabled row, or a row held back by its own condition, has none.
    #expect(session.screen.row("shippingMethod")?.incompleteSteps == nil)
  }
}
