import Testing
import CheckoutModel
import CheckoutSessions
import CheckoutScenarios

/// The `api` line: its data values are written as in `set`, a word or a quoted
/// string, so `key="1 Main St"` holds a value with spaces.
@Suite struct APILineTests {
  @Test(arguments: [
    (#"api validateAddress ok address.street="1 Main St""#, "1 Main St"),
    (#"api validateAddress ok "address.street=1 Main St""#, "1 Main St"),
    (#"api validateAddress ok address.street="say \"hi\" # not a comment""#, #"say "hi" # not a comment"#),
    (#"api validateAddress ok address.street="""#, ""),
    (#"api validateAddress ok address.street="a=b""#, "a=b"),
    ("api validateAddress ok address.street=Main", "Main"),
  ])
  func aDataValueIsAWordOrAQuotedString(_ line: String, _ value: String) throws {
    let command = try ScenarioParser.parse(line, line: 1)
    #expect(command == .api("validateAddress", .succeeded(["address.street": .string(value)])))
  }

  @Test func quotedValuesGoWithActionDataAndAFieldToo() throws {
    #expect(
      try ScenarioParser.parse(#"api book action three_d_secure bank.name="Ada Bank" order.id=7"#, line: 1)
        == .api(
          "book", .actionRequired("three_d_secure", ["bank.name": .string("Ada Bank"), "order.id": .string("7")])))
    #expect(
      try ScenarioParser.parse(#"api book fail bad field="a b" "Wrong""#, line: 1)
        == .api("book", .failed([APIError(code: "bad", field: "a b", message: "Wrong")])))
  }

  @Test func aValueWithSpacesUnquotedSaysHowToWriteIt() {
    expectSyntaxError(
      "api validateAddress ok address.street=1 Main St", at: 2,
      startingWith:
        #"expected key=value data after 'ok', like order.number=1042; a value with spaces goes in double quotes: shipping.street="1 Main St""#
    )
    expectSyntaxError(
      #"api validateAddress ok address.street="1 Main St"#, at: 2,
      startingWith: #"unterminated string; expected a closing '"'"#)
  }
}
