import CheckoutTestSupport
import Testing

/// The guard of lists kept by hand says what is missing, extra or out of order,
/// and where to put it.
@Suite struct ListDriftTests {
  @Test func aMissingElementIsToldWithTheOneItGoesAfter() {
    #expect(
      ListDrift.problems(expected: ["rule.bar", "rule.foo", "rule.baz"], actual: ["rule.bar", "rule.baz"], list: "E")
        == [#"E lacks "rule.foo"; add it after "rule.bar""#])
    #expect(ListDrift.problems(expected: ["a", "b"], actual: ["b"], list: "E") == [#"E lacks "a"; add it before "b""#])
    #expect(ListDrift.problems(expected: ["a"], actual: [], list: "E") == [#"E lacks "a"; add it"#])
  }

  @Test func anExtraElementIsToldToGo() {
    #expect(
      ListDrift.problems(expected: ["a"], actual: ["a", "z"], list: "E") == [#"E has "z", which is not one; remove it"#]
    )
  }

  @Test func orderCountsOnlyWhenAsked() {
    #expect(ListDrift.problems(expected: ["a", "b", "c"], actual: ["b", "a", "c"], list: "E") == [])
    #expect(
      ListDrift.problems(expected: ["a", "b", "c"], actual: ["b", "a", "c"], list: "E", ordered: true)
        == [#"E lists "a" out of order; move it before "b""#])
    #expect(ListDrift.problems(expected: ["a", "b"], actual: ["a", "b"], list: "E", ordered: true) == [])
  }
}
