import Testing
import CheckoutModel
import CheckoutLint

/// A first value in the flow's `data` that a row bound to its key can never hold
/// (a picker option it does not offer, a toggle that is not true or false, a value
/// its own rules refuse) is a lint error at the data entry, naming the row and
/// what it takes; a secret value is never shown, a sensitive one masked.
@Suite struct LintDataValueTests {
  /// A ticket shop: a section picker (`sectionOptions`), a count row (`countRules`),
  /// a gift toggle, a secret code, a sensitive card number and an expiry, whose
  /// first values are `data`; `extraRows` are added to the seat step.
  static func flow(
    data: String, sectionOptions: String = fixedSections, countRules: String = #"["digits", { "maxLength": 1 }]"#,
    extraRows: String = "", payExtra: String = ""
  ) -> String {
    """
    {
      "format": 1, "id": "tickets", "title": "Tickets", "start": "seat",
      "data": { \(data) },
      "steps": [
        { "id": "seat", "title": "Seat", "rows": [
          { "id": "section", "cell": "picker", "title": "Section", "bind": "seat.section", "options": \(sectionOptions) },
          { "id": "count", "cell": "number", "title": "Tickets", "bind": "seat.count", "rules": \(countRules) },
          { "id": "gift", "cell": "toggle", "title": "This is a gift", "bind": "gift.enabled" },
          { "id": "code", "cell": "secure", "title": "Code", "bind": "seat.code", "secret": true, "rules": ["digits"] },
          { "id": "card", "cell": "text", "title": "Card", "bind": "card.number", "sensitive": true, "rules": ["luhn"] },
          { "id": "expiry", "cell": "text", "title": "Expiry", "bind": "card.expiry", "rules": ["expiry"] },\(extraRows)
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "pay", "then": "done"\(payExtra) } ] },
        { "id": "done", "title": "Done", "presentation": "reset", "rows": [
          { "id": "thanks", "cell": "info", "title": "Thanks", "detail": "Thank you" } ] }
      ],
      "errors": [{ "code": "*", "step": "seat" }]
    }
    """
  }

  static let fixedSections =
    #"[{ "value": "floor", "label": "Floor" }, { "value": "balcony", "label": "Balcony" }]"#

  static func errors(_ source: String, loader: FlowLoader = FlowLoader()) -> [String] {
    loader.lint(bytes: Array(source.utf8)).diagnostics.filter { $0.severity == .error }.map {
      "\($0.path?.description ?? ""): \($0.message)"
    }
  }

  @Test func aPickerValueThePickerDoesNotOfferIsAnError() throws {
    let report = FlowLoader().lint(bytes: Array(Self.flow(data: #""seat.section": "vip""#).utf8))
    let error = try #require(report.diagnostics.first)
    #expect(report.diagnostics.count == 1)
    #expect(error.code == "invalid-data-value")
    #expect(error.path?.description == #"data["seat.section"]"#)
    #expect(
      error.message
        == #""seat.section" starts as "vip" in the flow's data, but picker "section" on step "seat" does not offer it: its options are "floor" or "balcony""#
    )
    #expect(
      error.suggestion == #"start it as the value of one of the options, or leave "seat.section" out of "data""#)
  }

  @Test func aPickerWhoseOptionsAreInTheDataIsCheckedAgainstThatList() {
    let list = #""seat.list": [{ "value": "floor", "label": "Floor" }, { "value": "box", "label": "Box" }]"#
    #expect(
      Self.errors(Self.flow(data: list + #", "seat.section": "vip""#, sectionOptions: #"{ "from": "seat.list" }"#))
        == [
          #"data["seat.section"]: "seat.section" starts as "vip" in the flow's data, but picker "section" on step "seat" does not offer it: its options (in "seat.list") are "floor" or "box""#
        ])
    #expect(
      Self.errors(Self.flow(data: list + #", "seat.section": "box""#, sectionOptions: #"{ "from": "seat.list" }"#))
        == [], "an option of the list in the data; the list itself is not a value to check")
    #expect(
      Self.errors(
        Self.flow(
          data: list + #", "seat.section": "vip""#, sectionOptions: #"{ "from": "seat.list" }"#,
          payExtra: #", "provides": ["seat.list"]"#)) == [], "a submit may bring other options")
  }

  @Test func aLongOptionListIsCut() {
    let options = (1...10).map { #"{ "value": "s\#($0)", "label": "S\#($0)" }"# }.joined(separator: ", ")
    #expect(
      Self.errors(Self.flow(data: #""seat.section": "vip""#, sectionOptions: "[\(options)]")) == [
        #"data["seat.section"]: "seat.section" starts as "vip" in the flow's data, but picker "section" on step "seat" does not offer it: its options are "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", … (10 in all)"#
      ])
  }

  @Test func aToggleHoldsOnlyTrueOrFalse() throws {
    let report = FlowLoader().lint(bytes: Array(Self.flow(data: #""gift.enabled": "maybe""#).utf8))
    let error = try #require(report.diagnostics.first)
    #expect(report.diagnostics.count == 1)
    #expect(
      "\(error.path?.description ?? ""): \(error.message)"
        == #"data["gift.enabled"]: "gift.enabled" starts as "maybe" in the flow's data, but toggle "gift" on step "seat" holds only true or false"#
    )
    #expect(error.suggestion == #"write true or false (without quotes), or leave "gift.enabled" out of "data""#)
    #expect(
      Self.errors(Self.flow(data: #""gift.enabled": "true""#)) == [
        #"data["gift.enabled"]: "gift.enabled" starts as "true" in the flow's data, but toggle "gift" on step "seat" holds only true or false"#
      ], "a text that reads true is not a boolean")
  }

  @Test func aValueItsRowsRulesRefuseIsAnError() throws {
    let report = FlowLoader().lint(bytes: Array(Self.flow(data: #""seat.count": 42"#).utf8))
    let error = try #require(report.diagnostics.first)
    #expect(report.diagnostics.count == 1)
    #expect(
      "\(error.path?.description ?? ""): \(error.message)"
        == #"data["seat.count"]: "seat.count" starts as 42 in the flow's data, but row "count" on step "seat" refuses it ("Tickets must be at most 1 character")"#
    )
    #expect(
      error.suggestion == #"start it with a value the row's rules accept, or leave "seat.count" out of "data""#)
    #expect(
      Self.errors(
        Self.flow(
          data: #""seat.count": "two""#,
          countRules: #"[{ "pattern": "^[0-9]+$", "message": "Count tickets in digits" }, { "maxLength": 1 }]"#))
        == [
          #"data["seat.count"]: "seat.count" starts as "two" in the flow's data, but row "count" on step "seat" refuses it ("Count tickets in digits")"#
        ], "the first rule it fails, in the flow's words")
  }

  @Test func aKeyBoundBySeveralRowsMustSuitEach() {
    let other =
      #"{ "id": "again", "cell": "text", "title": "Again", "bind": "seat.count", "rules": [{ "oneOf": ["1", "2"] }] },"#
    #expect(
      Self.errors(Self.flow(data: #""seat.count": 3"#, countRules: "[]", extraRows: other)) == [
        #"data["seat.count"]: "seat.count" starts as 3 in the flow's data, but row "again" on step "seat" refuses it ("Again must be one of 1, 2")"#
      ])
    let picker =
      #"{ "id": "size", "cell": "picker", "title": "Size", "bind": "seat.count", "options": [{ "value": "1", "label": "One" }] },"#
    #expect(
      Self.errors(Self.flow(data: #""seat.count": 42"#, extraRows: picker)) == [
        #"data["seat.count"]: "seat.count" starts as 42 in the flow's data, but row "count" on step "seat" refuses it ("Tickets must be at most 1 character")"#,
        #"data["seat.count"]: "seat.count" starts as 42 in the flow's data, but picker "size" on step "seat" does not offer it: its options are "1""#,
      ])
  }

  @Test func aSecretValueIsNeverShownAndASensitiveOneIsMasked() throws {
    let source = Self.flow(data: #""seat.code": "secret-code-77", "card.number": "4242 4242 4242 4243""#)
    let report = FlowLoader().lint(bytes: Array(source.utf8))
    #expect(
      report.diagnostics.map { "\($0.path?.description ?? ""): \($0.message)" } == [
        #"data["seat.code"]: "seat.code" starts as "•••" in the flow's data, but row "code" on step "seat" refuses it ("Code must contain digits only")"#,
        #"data["seat.code"]: the flow's data gives "seat.code", a secret key, a value: every session starts with it, and the flow's file holds it in plain text"#,
        #"data["card.number"]: "card.number" starts as "•••• 4243" in the flow's data, but row "card" on step "seat" refuses it ("Card is not a valid card number")"#,
      ])
    #expect(!report.diagnostics.contains { "\($0.message) \($0.suggestion ?? "")".contains("secret-code") })
  }

  /// First values every row bound to the key can hold, or that no rule of the
  /// value alone judges.
  @Test(arguments: [
    #""seat.section": "balcony""#,
    #""seat.section": """#,
    #""gift.enabled": true"#,
    #""gift.enabled": false"#,
    #""seat.count": 4"#,
    #""seat.count": "7""#,
    #""seat.code": "1234""#,
    #""card.number": "4242 4242 4242 4242""#,
    #""card.expiry": "01/20""#,
    #""card.expiry": "soon""#,
    #""order.note": "anything""#,
  ])
  func valuesTheRowsCanHoldAreNotReported(_ data: String) {
    #expect(Self.errors(Self.flow(data: data)) == [], "\(data)")
  }

  @Test func aNumberThatReadsAsAnOptionIsThatOption() {
    let options = #"[{ "value": "1900", "label": "19:00" }]"#
    #expect(Self.errors(Self.flow(data: #""seat.section": 1900"#, sectionOptions: options)) == [])
  }

  @Test func aCustomRuleIsTheHostsToJudge() {
    let source = Self.flow(data: #""seat.count": "many""#, countRules: #"["evenSeats"]"#)
    #expect(Self.errors(source, loader: FlowLoader(customRules: ["evenSeats"])) == [])
  }
}
