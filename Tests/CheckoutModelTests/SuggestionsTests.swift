import CheckoutTestSupport
import Testing
import CheckoutModel

@Suite struct SuggestionsTests {
  @Test(arguments: [
    ("stpes", "steps"), ("bnid", "bind"), ("creditCrd", "creditCard"), ("CART", "cart"), ("requird", "required"),
    ("lnt", "lint"),
  ])
  func nearbyTyposAreSuggested(_ typo: String, _ intended: String) {
    let candidates = ["steps", "bind", "creditCard", "cart", "required", "lint", "graph"]
    #expect(Suggestions.nearest(to: typo, in: candidates) == intended)
  }

  @Test func farWordsAndTheWordItselfAreNotSuggested() {
    #expect(Suggestions.nearest(to: "zzz", in: ["cart", "steps"]) == nil)
    #expect(Suggestions.nearest(to: "version", in: FlowFields.flow) == nil)
    #expect(Suggestions.nearest(to: "cart", in: ["cart"]) == nil)
  }

  @Test func editDistanceCountsASwapOfNeighboursAsOneEdit() {
    #expect(Suggestions.editDistance("stpes", "steps") == 1)
    #expect(Suggestions.editDistance("kitten", "sitting") == 3)
    #expect(Suggestions.editDistance("", "abc") == 3)
    #expect(Suggestions.editDistance("ab", "ba") == 1)
    #expect(Suggestions.editDistance("café", "cafe") == 1)
  }

  @Test func listsJoinNamesForMessages() {
    #expect(Suggestions.list(["a"]) == #""a""#)
    #expect(Suggestions.list(["a", "b", "c"]) == #""a", "b" or "c""#)
    #expect(Suggestions.list(["a", "b"], conjunction: "and") == #""a" and "b""#)
    #expect(Suggestions.didYouMean("cvc", in: ["cvv"]) == #"did you mean "cvv"?"#)
  }
}
