import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutScenarios

/// An expectation names a row of the step on screen by its id or, as `set` and
/// `tap` do, by its number on screen (`expect valid 4`); a number the screen does
/// not show is a line that cannot run, listing the rows by number and id.
@Suite struct ExpectRowNumberTests {
  static let toCard = ["tap checkout", "tap creditCard"]

  @Test(arguments: [
    ("expect valid 4", CheckoutScenarios.Expectation.valid(RowID("4"))),
    ("expect invalid 2", .invalid(RowID("2"))),
    ("expect focus 4", .focus(RowID("4"))),
    (#"expect error 4 "required""#, .error(RowID("4"), "required")),
    (#"expect detail 3 "3 items""#, .detail(RowID("3"), "3 items")),
    (#"expect title 4 "CVV""#, .title(RowID("4"), "CVV")),
  ])
  func aRowNumberParses(_ line: String, _ expected: CheckoutScenarios.Expectation) throws {
    #expect(try ScenarioParser.parse(line, line: 1) == .expect(expected))
  }

  @Test func aNumberNamesTheRowItShowsOnTheScreen() throws {
    let outcomes = try ExpectTitleTests.run(
      Self.toCard + [
        "expect invalid 4", "set cvv 123", "expect valid 4", "expect invalid 2", #"expect title 4 "CVV""#,
        "expect focus 4",
      ])
    #expect(outcomes[2].passed, "row 4 of the card sheet is the CVV, empty: invalid")
    #expect(outcomes[4].passed)
    #expect(outcomes[5].passed, "row 2 is the card number, empty")
    #expect(outcomes[6].passed)
    #expect(outcomes[7].failure?.expected == "focus cvv", "the failure names the row by its id")
  }

  @Test func aNumberTheScreenDoesNotShowCannotRunAndListsTheRows() throws {
    let outcomes = try ExpectTitleTests.run(Self.toCard + ["expect valid 9", "expect focus 0", "set 9 x", "tap 9"])
    let rows = "rows are numbered 1 to 5: 1 name, 2 number, 3 expiry, 4 cvv, 5 done"
    #expect(outcomes[2].problem == "there is no row 9 on this screen; \(rows)")
    #expect(outcomes[2].problemWord == 2, "the column of the number")
    #expect(outcomes[3].problem == "there is no row 0 on this screen; \(rows)")
    #expect(outcomes[4].problem == "there is no row 9 on this screen; \(rows)", "set says the same")
    #expect(outcomes[5].problem == "there is no row 9 on this screen; \(rows)", "and tap")
  }

  @Test func aWordThatIsNeitherAnIdNorANumberSaysWhatIsValid() {
    expectSyntaxError(
      #"expect valid "card number""#, at: 3,
      startingWith: #""card number" is not a row; name a row by its id (cvv) or by its number on screen (4)"#)
    expectSyntaxError(
      "expect focus -1", at: 3,
      startingWith: #""-1" is not a row; name a row by its id (cvv) or by its number on screen (4)"#)
  }
}
