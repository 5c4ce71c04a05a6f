import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutLint

/// Keys with few values (a picker's options, fixed or from the data; a toggle; a
/// `oneOf` rule) are checked against the values guards compare them with: a guard
/// that can never hold is a lint error naming the key, the value and the values
/// the key takes, and the coverage matrix does not count what only it opens.
@Suite struct LintKeyDomainTests {
  /// A food order: the slot picker (options `slotOptions`), a toggle, a tip row
  /// with a `oneOf` rule, a disclosure to the extras step guarded by `extrasGuard`,
  /// and the pay button guarded by `payGuard`.
  static func flow(payGuard: String, extrasGuard: String? = nil, slotOptions: String = fixedSlots) -> String {
    """
    {
      "format": 1, "id": "food", "title": "Food", "start": "bag",
      "data": { "bag.count": 2, "slot.list": [
          { "value": "asap", "label": "As soon as possible" }, { "value": "1900", "label": "19:00" },
          { "value": "1930", "label": "19:30" } ] },
      "steps": [
        { "id": "bag", "title": "Bag", "rows": [
          { "id": "delivery", "cell": "disclosure", "title": "Delivery", "opens": "delivery" },
          { "id": "extras", "cell": "disclosure", "title": "Extras", "opens": "extras"\(extrasGuard.map { #", "enabledWhen": \#($0)"# } ?? "") },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "pay", "then": "done",
            "provides": ["order.number"], "enabledWhen": \(payGuard) } ] },
        { "id": "delivery", "title": "Delivery", "rows": [
          { "id": "slot", "cell": "picker", "title": "Slot", "bind": "delivery.slot", "rules": ["required"],
            "options": \(slotOptions) },
          { "id": "cutlery", "cell": "toggle", "title": "Cutlery", "bind": "order.cutlery" },
          { "id": "tip", "cell": "text", "title": "Tip", "bind": "order.tip", "rules": [{ "oneOf": ["0", "5", "10"] }] } ] },
        { "id": "extras", "title": "Extras", "rows": [
          { "id": "note", "cell": "text", "title": "Note", "bind": "order.note" } ] },
        { "id": "done", "title": "Done", "presentation": "reset", "rows": [
          { "id": "number", "cell": "info", "title": "Order", "bind": "order.number" } ] }
      ],
      "errors": [{ "code": "note_*", "step": "extras", "row": "note" }, { "code": "*", "step": "bag" }]
    }
    """
  }

  static let fixedSlots =
    #"[{ "value": "asap", "label": "As soon as possible" }, { "value": "1900", "label": "19:00" }, { "value": "1930", "label": "19:30" }]"#
  static let slotsTaken =
    #"it takes only "asap", "1900" or "1930", or no value (the options of picker "slot" on step "delivery")"#

  static func errors(_ source: String) -> [String] {
    FlowLoader().lint(bytes: Array(source.utf8)).diagnostics.filter { $0.severity == .error }.map {
      "\($0.path?.description ?? ""): \($0.message)"
    }
  }

  @Test func aSlotComparedWithAValueThePickerDoesNotOfferIsAnError() {
    #expect(
      Self.errors(Self.flow(payGuard: #"{ "key": "delivery.slot", "equals": "now" }"#)) == [
        #"steps[0].rows[2].enabledWhen: row "pay" is never enabled: its enabledWhen can never hold; "delivery.slot" is never "now": \#(Self.slotsTaken)"#
      ])
  }

  @Test func aPickerWhoseOptionsComeFromTheDataIsCheckedTheSameWay() {
    let source = Self.flow(
      payGuard: #"{ "key": "delivery.slot", "equals": "now" }"#, slotOptions: #"{ "from": "slot.list" }"#)
    #expect(
      Self.errors(source) == [
        #"steps[0].rows[2].enabledWhen: row "pay" is never enabled: its enabledWhen can never hold; "delivery.slot" is never "now": it takes only "asap", "1900" or "1930", or no value (the options in "slot.list" of picker "slot" on step "delivery")"#
      ])
  }

  @Test func aToggleComparedWithAStringIsAnError() {
    #expect(
      Self.errors(Self.flow(payGuard: #"{ "key": "order.cutlery", "equals": "true" }"#)) == [
        #"steps[0].rows[2].enabledWhen: row "pay" is never enabled: its enabledWhen can never hold; "order.cutlery" is never "true": it takes only true or false, or no value (toggle "cutlery" on step "delivery")"#
      ])
  }

  @Test func aToggleComparedWithOnIsToldItTakesTrueOrFalse() {
    #expect(
      Self.errors(Self.flow(payGuard: #"{ "key": "order.cutlery", "equals": "on" }"#)) == [
        #"steps[0].rows[2].enabledWhen: row "pay" is never enabled: its enabledWhen can never hold; "order.cutlery" is never "on": it takes only true or false, or no value (toggle "cutlery" on step "delivery")"#
      ])
  }

  @Test func aGuardThatCanNeverHoldThroughNotAndAnyIsAnError() {
    let guardText = """
      { "not": { "any": [{ "key": "delivery.slot", "equals": "asap" }, { "key": "delivery.slot", "equals": 1900 },
                         { "key": "delivery.slot", "equals": "1930" }, { "key": "delivery.slot", "present": false }] } }
      """
    #expect(
      Self.errors(Self.flow(payGuard: guardText)) == [
        #"steps[0].rows[2].enabledWhen: row "pay" is never enabled: its enabledWhen can never hold; no values these keys can take make it hold: "delivery.slot" takes only "asap", "1900" or "1930", or no value (the options of picker "slot" on step "delivery")"#
      ])
  }

  @Test func aOneOfRowTakesOnlyItsValues() {
    #expect(
      Self.errors(
        Self.flow(payGuard: #"{ "any": [{ "key": "order.tip", "equals": 15 }, { "key": "bag.count", "equals": 3 }] }"#))
        == [], "bag.count is data a host may set: the any can hold")
    #expect(
      Self.errors(
        Self.flow(payGuard: #"{ "all": [{ "key": "order.tip", "equals": 15 }, { "key": "bag.count", "equals": 2 }] }"#))
        == [
          #"steps[0].rows[2].enabledWhen: row "pay" is never enabled: its enabledWhen can never hold; "order.tip" is never 15: it takes only "0", "5" or "10", or no value (the oneOf rule of row "tip" on step "delivery")"#
        ])
  }

  @Test func aSetToggleIsTrueOrFalseAndNothingElse() {
    let guardText = """
      { "all": [{ "key": "order.cutlery", "present": true }, { "not": { "key": "order.cutlery", "equals": true } },
                { "not": { "key": "order.cutlery", "equals": false } }] }
      """
    #expect(
      Self.errors(Self.flow(payGuard: guardText)) == [
        #"steps[0].rows[2].enabledWhen: row "pay" is never enabled: its enabledWhen can never hold; no values these keys can take make it hold: "order.cutlery" takes only true or false, or no value (toggle "cutlery" on step "delivery")"#
      ])
  }

  /// Guards over the same keys that some session meets.
  @Test(arguments: [
    #"{ "key": "delivery.slot", "equals": "asap" }"#,
    #"{ "key": "delivery.slot", "equals": 1900 }"#,
    #"{ "not": { "key": "delivery.slot", "equals": "now" } }"#,
    #"{ "key": "order.cutlery", "equals": false }"#,
    #"{ "key": "order.tip", "equals": 5 }"#,
    #"{ "key": "order.note", "equals": "now" }"#,
    #"{ "key": "order.number", "equals": "now" }"#,
  ])
  func guardsSomeSessionMeetsAreNotReported(_ guardText: String) {
    #expect(Self.errors(Self.flow(payGuard: guardText)) == [], "\(guardText)")
  }

  @Test func aKeyAnotherTextRowAlsoBindsTakesAnyValue() {
    let source = Self.flow(payGuard: #"{ "key": "delivery.slot", "equals": "now" }"#)
      .replacingOccurrences(
        of: #"{ "id": "note", "cell": "text", "title": "Note", "bind": "order.note" }"#,
        with: #"{ "id": "note", "cell": "text", "title": "Note", "bind": "delivery.slot" }"#)
    #expect(Self.errors(source) == [])
  }

  @Test func theMatrixDoesNotCountARouteOnlyANeverTrueGuardOpens() throws {
    let open = try FlowLoader().load(json: Self.flow(payGuard: #"{ "key": "delivery.slot", "present": true }"#))
    #expect(CoverageMatrix(open).gaps.isEmpty)
    let closed = FlowLoader().lint(
      bytes: Array(
        Self.flow(
          payGuard: #"{ "key": "delivery.slot", "present": true }"#,
          extrasGuard: #"{ "key": "delivery.slot", "equals": "now" }"#
        ).utf8)
    )
    let flow = try #require(closed.flow)
    let gaps = CoverageMatrix(flow).gaps.map { "\($0.origin.step) -> \($0.target.name)" }
    #expect(gaps == ["bag -> extras.note"])
    #expect(closed.diagnostics.map(\.code.rawValue).sorted() == ["condition-never-holds", "uncovered-resolution"])
  }

  @Test func aStepWhoseSubmitIsNeverEnabledCoversNothing() throws {
    let report = FlowLoader().lint(
      bytes: Array(Self.flow(payGuard: #"{ "key": "delivery.slot", "equals": "now" }"#).utf8))
    let matrix = CoverageMatrix(try #require(report.flow))
    #expect(matrix.cells.count == 2 && matrix.gaps.count == 2)
    #expect(matrix.table().contains("bag: pay (never submits)"))
  }
}
