import CheckoutModel
import CheckoutMutation
import CheckoutTestSupport
import Testing

/// The equivalence rule: a mutant is left out of the score only when its compiled
/// behaviour (routes, coverage matrix, guards, rules) is the original's.
@Suite struct MutantEquivalenceTests {
  /// A flow with a shadowed matcher (after the catch-all of its operation), a
  /// condition that always holds (it reads data no row sets) and one that does not.
  static let flowJSON = """
    {
      "format": 1, "id": "shadow", "title": "Shadow", "start": "cart",
      "data": { "store.open": true, "gift.wrap": false },
      "steps": [
        { "id": "cart", "title": "Cart", "rows": [
          { "id": "card", "cell": "disclosure", "title": "Card", "opens": "creditCard" },
          { "id": "wrap", "cell": "toggle", "title": "Gift wrap", "bind": "gift.wrap" },
          { "id": "note", "cell": "text", "title": "Gift note", "bind": "gift.note",
            "visibleWhen": { "key": "gift.wrap", "equals": true } },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "thanks",
            "validates": ["cart", "creditCard"], "enabledWhen": { "key": "store.open", "equals": true } } ] },
        { "id": "creditCard", "title": "Credit card", "presentation": "modal", "rows": [
          { "id": "number", "cell": "text", "title": "Number", "bind": "payment.card.number", "rules": ["required"] },
          { "id": "cvv", "cell": "text", "title": "CVV", "bind": "payment.card.cvv", "rules": ["required"] },
          { "id": "done", "cell": "button", "title": "Done", "action": "close" } ] },
        { "id": "thanks", "title": "Thank you", "presentation": "reset", "rows": [] }
      ],
      "errors": [
        { "code": "*", "step": "cart" },
        { "code": "cvv_invalid", "step": "creditCard", "row": "cvv" }
      ]
    }
    """

  static let tester = fixture("the shadow flow loads") {
    try MutationTester(bytes: Array(flowJSON.utf8), file: "shadow.json")
  }

  static func status(_ description: String) throws -> MutantStatus {
    let mutant = try #require(tester.mutants.first { $0.description == description })
    return tester.test(mutant, []).status
  }

  @Test func droppingAConditionThatAlwaysHoldsIsEquivalent() throws {
    #expect(
      try Self.status("row pay loses its enabledWhen (always enabled)")
        == .equivalent("the guards in effect are the same: the condition it drops always holds"))
  }

  @Test func droppingAConditionTheShopperCanChangeIsNot() throws {
    #expect(try Self.status("row note loses its visibleWhen (always visible)") == .survived)
  }

  @Test func movingAMatcherNoErrorReachesIsEquivalentByItsCoverageMatrix() throws {
    // The catch-all comes first: cvv_invalid is resolved on the cart, wherever its own matcher points.
    #expect(
      try Self.status("code cvv_invalid resolves on creditCard.done instead of creditCard.cvv")
        == .equivalent(
          "every error resolves where it did, with the same message and route (the coverage matrix is unchanged)"))
  }

  @Test func movingTheCatchAllChangesWhereErrorsResolve() throws {
    #expect(try Self.status("code * resolves on creditCard instead of cart") == .survived)
  }

  @Test func behaviourComparesWhatTheFlowDoesNotItsText() throws {
    let original = FlowBehaviour(Self.tester.compiled)
    #expect(original == FlowBehaviour(Self.tester.compiled))
    var moved = Self.tester.flow
    moved.steps[1].presentation = .push
    #expect(
      MutantEquivalence.reason(original: Self.tester.flow, mutant: moved, edit: .replaceString(.root, "push")) == nil)
  }
}
