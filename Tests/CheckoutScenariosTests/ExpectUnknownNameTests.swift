import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutScenarios

/// An expectation naming a step, row or key the flow does not have fails as a
/// mismatch would, and says the name is none of the flow's, with the likely one:
/// the scenario's author fixes the typo instead of chasing a behaviour.
@Suite struct ExpectUnknownNameTests {
  @Test func aStepTheFlowDoesNotHaveIsNamedWithTheLikelyOne() throws {
    let outcomes = try ExpectTitleTests.run(["expect at carr", "expect stack cart>stepOen", "expect at stepOne"])
    #expect(outcomes[0].failure?.actual == #"at cart; the flow has no step "carr" (did you mean "cart"?)"#)
    #expect(outcomes[1].failure?.actual == #"stack cart; the flow has no step "stepOen" (did you mean "stepOne"?)"#)
    #expect(outcomes[2].failure?.actual == "at cart", "a step the flow has: the mismatch alone")
  }

  @Test func aRowTheStepDoesNotHaveIsNamedWithTheLikelyOne() throws {
    let outcomes = try ExpectTitleTests.run([
      #"expect error quantty "x""#, "expect focus quantty", "expect valid quantty", #"expect title quantty "x""#,
      #"expect error quantity "x""#,
    ])
    #expect(
      outcomes[0].failure?.actual == #"no error on quantty; cart has no row "quantty" (did you mean "quantity"?)"#)
    #expect(
      outcomes[1].failure?.actual == #"focus no focused row; cart has no row "quantty" (did you mean "quantity"?)"#)
    #expect(outcomes[2].failure?.actual == #"no row quantty on cart (did you mean "quantity"?)"#)
    #expect(outcomes[3].failure?.actual == #"no row quantty on cart (did you mean "quantity"?)"#)
    #expect(outcomes[4].failure?.actual == "no error on quantity", "a row the step has: the mismatch alone")
  }

  @Test func aKeyTheFlowDoesNotHaveIsNamedWithTheLikelyOneOrTheRowThatBindsIt() throws {
    let outcomes = try ExpectTitleTests.run([
      "expect value cart.quantty 1", "expect value quantity 1", "expect value order.custom 1",
      "expect value cart.quantity 7",
    ])
    #expect(
      outcomes[0].failure?.actual
        == #"value cart.quantty not set; the flow has no key "cart.quantty" (did you mean "cart.quantity"?)"#)
    #expect(
      outcomes[1].failure?.actual
        == #"value quantity not set; the flow has no key "quantity" (row "quantity" of cart binds "cart.quantity": expect value names a key)"#
    )
    #expect(outcomes[2].failure?.actual == #"value order.custom not set; the flow has no key "order.custom""#)
    #expect(outcomes[3].failure?.actual == "value cart.quantity 1", "a key the flow has: the mismatch alone")
  }
}
