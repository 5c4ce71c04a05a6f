import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutLint

/// A submit's guards that hold only with values its own checks refuse: a tap the
/// guards let through is answered with an offer to fix a row, never with the call,
/// so no order is ever placed. Lint reports it (`submit-never-calls`), naming the
/// key, the value and the row that refuses it; the coverage matrix counts the
/// step as never submitting. Only certain refusals count: rows checked whatever
/// the data, and rules that depend on the value alone.
@Suite struct LintSubmitChecksTests {
  /// A gift shop: a code row (`codeRules`, `codeExtra` after its rules), a slot
  /// picker whose rule takes digits only, a details step with an e-mail row, and
  /// the pay button guarded by `payGuard` (`payExtra` before its guard).
  static func flow(
    payGuard: String, codeRules: String = #""digits""#, codeExtra: String = "", payExtra: String = ""
  ) -> String {
    """
    {
      "format": 1, "id": "gift", "title": "Gift", "start": "bag",
      "steps": [
        { "id": "bag", "title": "Bag", "rows": [
          { "id": "code", "cell": "text", "title": "Code", "bind": "order.code", "rules": [\(codeRules)]\(codeExtra) },
          { "id": "slot", "cell": "picker", "title": "Slot", "bind": "order.slot",
            "rules": [{ "pattern": "^[0-9]+$", "message": "Pick a time" }],
            "options": [{ "value": "asap", "label": "As soon as possible" }, { "value": "1900", "label": "19:00" }] },
          { "id": "details", "cell": "disclosure", "title": "Details", "opens": "details" },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "pay", "then": "done",\(payExtra)
            "enabledWhen": \(payGuard) } ] },
        { "id": "details", "title": "Details", "rows": [
          { "id": "email", "cell": "email", "title": "Email", "bind": "order.email", "rules": ["required", "email"] } ] },
        { "id": "done", "title": "Done", "presentation": "reset", "rows": [
          { "id": "thanks", "cell": "info", "title": "Thanks", "detail": "Thank you" } ] }
      ],
      "errors": [{ "code": "*", "step": "bag" }]
    }
    """
  }

  static func errors(_ source: String) -> [String] {
    FlowLoader().lint(bytes: Array(source.utf8)).diagnostics.filter { $0.severity == .error }.map {
      "\($0.path?.description ?? ""): \($0.message)"
    }
  }

  static let prefix =
    #"steps[0].rows[3].enabledWhen: row "pay" can never call "pay": its enabledWhen holds only with values that rows it checks first refuse (each tap ends in an offer to fix a row): "#

  @Test func aGuardThatNeedsAValueTheRowsRuleRefusesIsAnError() {
    #expect(
      Self.errors(Self.flow(payGuard: #"{ "key": "order.code", "equals": "FREE" }"#)) == [
        Self.prefix
          + #""order.code" would have to be "FREE", which row "code" on step "bag" refuses ("Code must contain digits only")"#
      ])
  }

  @Test func aGuardThatNeedsARequiredKeyEmptyIsAnError() {
    #expect(
      Self.errors(
        Self.flow(payGuard: #"{ "key": "order.code", "present": false }"#, codeRules: #""required""#)) == [
          Self.prefix
            + #""order.code" would have to have no value, which row "code" on step "bag" refuses ("Code is required")"#
        ])
  }

  @Test func eachValueThatAloneWouldDoIsNamed() {
    let guardText =
      #"{ "any": [{ "key": "order.code", "equals": "FREE" }, { "key": "order.code", "equals": "GIFT" }] }"#
    #expect(
      Self.errors(Self.flow(payGuard: guardText)) == [
        Self.prefix
          + #""order.code" would have to be "FREE", which row "code" on step "bag" refuses ("Code must contain digits only"); "order.code" would have to be "GIFT", which row "code" on step "bag" refuses ("Code must contain digits only")"#
      ])
  }

  @Test func aPickerOptionTheRowsRuleRefusesIsAnError() {
    #expect(
      Self.errors(Self.flow(payGuard: #"{ "key": "order.slot", "equals": "asap" }"#)) == [
        Self.prefix + #""order.slot" would have to be "asap", which row "slot" on step "bag" refuses ("Pick a time")"#
      ])
  }

  @Test func aStepTheRowRequiresIsCheckedToo() {
    let guardText = #"{ "key": "order.email", "equals": "nobody" }"#
    #expect(Self.errors(Self.flow(payGuard: guardText)) == [], "details is not checked when pay is tapped")
    #expect(
      Self.errors(Self.flow(payGuard: guardText, payExtra: #" "requires": ["details"],"#)) == [
        Self.prefix
          + #""order.email" would have to be "nobody", which row "email" on step "details" refuses ("Email must be an email address like name@example.com")"#
      ])
  }

  @Test func theStepsASubmitValidatesReplaceItsOwn() {
    let guardText = #"{ "key": "order.code", "equals": "FREE" }"#
    #expect(Self.errors(Self.flow(payGuard: guardText, payExtra: #" "validates": ["details"],"#)) == [])
    #expect(
      Self.errors(
        Self.flow(payGuard: #"{ "key": "order.email", "equals": "nobody" }"#, payExtra: #" "validates": ["details"],"#)
      ).count == 1)
  }

  /// Guards some tap meets with values every checked row accepts, or that no
  /// check is certain to refuse.
  @Test(arguments: [
    (#"{ "key": "order.code", "equals": "123" }"#, #""digits""#, "", "a value the rule accepts"),
    (
      #"{ "key": "order.code", "equals": "FREE" }"#, #""digits""#,
      #", "visibleWhen": { "key": "order.slot", "present": true }"#, "a row checked only while shown"
    ),
    (
      #"{ "key": "order.code", "equals": "FREE" }"#, #""digits""#,
      #", "enabledWhen": { "key": "order.slot", "present": true }"#, "a row checked only while enabled"
    ),
    (#"{ "key": "order.code", "equals": "12/20" }"#, #""expiry""#, "", "a rule that depends on the date"),
    (
      #"{ "key": "order.code", "equals": 5 }"#, #"{ "pattern": "^[a-z]+$" }"#, "",
      "a number, whose texts are not judged"
    ),
    (#"{ "not": { "key": "order.code", "equals": "FREE" } }"#, #""digits""#, "", "other values may pass"),
    (#"{ "key": "order.code", "present": true }"#, #""required""#, "", "a present value may pass"),
    (#"{ "key": "order.slot", "equals": "1900" }"#, #""digits""#, "", "an option the rule accepts"),
  ])
  func guardsSomeCallMeetsAreNotReported(_ guardText: String, _ rules: String, _ extra: String, _ why: String) {
    #expect(Self.errors(Self.flow(payGuard: guardText, codeRules: rules, codeExtra: extra)) == [], "\(why)")
  }

  @Test func aGuardThatCanNeverHoldIsReportedOnceAsSuch() {
    let errors = Self.errors(Self.flow(payGuard: #"{ "key": "order.slot", "equals": "now" }"#))
    #expect(errors.count == 1)
    #expect(errors.first?.contains(#"row "pay" is never enabled: its enabledWhen can never hold"#) == true, "\(errors)")
  }

  @Test func theMatrixCountsTheStepAsNeverSubmitting() throws {
    let report = FlowLoader().lint(
      bytes: Array(Self.flow(payGuard: #"{ "key": "order.code", "equals": "FREE" }"#).utf8))
    #expect(report.diagnostics.map(\.code.rawValue) == ["submit-never-calls"])
    let matrix = CoverageMatrix(try #require(report.flow))
    #expect(matrix.table().contains("bag: pay (never submits)"), "\(matrix.table())")
    let open = try FlowLoader().load(json: Self.flow(payGuard: #"{ "key": "order.code", "equals": "123" }"#))
    #expect(CoverageMatrix(open).gaps.isEmpty)
  }
}
