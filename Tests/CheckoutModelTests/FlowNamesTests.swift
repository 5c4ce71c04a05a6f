import CheckoutTestSupport
import Testing
import CheckoutModel

/// What lint, the scenario language and the REPL say of an operation or step the
/// flow does not have: one definition (`Flow+Names`).
@Suite struct FlowNamesTests {
  static let flow = ShippedFlows.plndrCompiled.flow

  @Test func aMisspeltOperationGetsTheNearestAndAKnownOneNothing() throws {
    #expect(Self.flow.submitOperations == ["placeOrder", "applyDiscount"], "in flow order, each once")
    let unknown = try #require(Self.flow.unknownOperation("placOrder"))
    #expect(unknown.message == #"no submit calls operation "placOrder""#)
    #expect(unknown.suggestion == #"did you mean "placeOrder"?"#)
    #expect(Self.flow.unknownOperation("placeOrder") == nil)
    #expect(Self.flow.unknownOperation("refund")?.suggestion == #"the operations are "placeOrder" and "applyDiscount""#)
  }

  @Test func aMisspeltStepGetsTheNearestElseEveryStep() throws {
    #expect(Self.flow.unknownStep("stepTwoo")?.suggestion == #"did you mean "stepTwo"?"#)
    #expect(Self.flow.unknownStep("stepTwo") == nil)
    let far = try #require(Self.flow.unknownStep("zzzzzzzz"))
    #expect(far.message == #"unknown step "zzzzzzzz""#)
    #expect(far.suggestion.hasPrefix(#"the steps are "cart", "stepOne""#), "\(far.suggestion)")
  }
}
