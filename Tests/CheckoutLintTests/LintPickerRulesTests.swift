import CheckoutLint
import CheckoutModel
import Testing

/// A picker whose rules no option it offers passes can never be finished: lint
/// reports it at the row's rules whether its options are a fixed list or come
/// from the flow's data (`{ "from": key }`), as a session offers them.
@Suite struct LintPickerRulesTests {
  /// A delivery step whose day picker offers `options` under `rules`; the data
  /// holds `delivery.days` (mon, wed, fri) and `extraData`.
  static func flow(options: String, rules: String, provides: String = "") -> String {
    """
    {
      "format": 1, "id": "box", "title": "Box", "start": "delivery",
      "data": { "delivery.days": [{ "value": "mon", "label": "Monday" }, { "value": "wed", "label": "Wednesday" },
        { "value": "fri", "label": "Friday" }] },
      "steps": [
        { "id": "delivery", "title": "Delivery", "rows": [
          { "id": "day", "cell": "picker", "title": "Day", "bind": "delivery.day", "options": \(options),
            "rules": \(rules) },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "pay", "then": "done"\(provides) } ] },
        { "id": "done", "title": "Done", "presentation": "reset", "rows": [
          { "id": "thanks", "cell": "info", "title": "Thanks", "detail": "Thank you" } ] }
      ],
      "errors": [{ "code": "*", "step": "delivery" }]
    }
    """
  }

  static func report(_ source: String) -> [String] {
    FlowLoader().lint(bytes: Array(source.utf8)).diagnostics.map { $0.rendered(file: "box.json") }
  }

  static let fromData = #"{ "from": "delivery.days" }"#

  @Test func optionsFromTheDataThatNoRulePassesAreAnErrorAtTheRules() {
    #expect(
      Self.report(Self.flow(options: Self.fromData, rules: #"["required", { "oneOf": ["tue", "thu"] }]"#)) == [
        #"box.json:8:18: error: steps[0].rows[0].rules: no option of the picker passes its rules ("mon" fails oneOf, "wed" fails oneOf, "fri" fails oneOf): no choice can be valid"#
      ])
  }

  @Test func optionsFromTheDataWhereOneRulePassesAreClean() {
    #expect(Self.report(Self.flow(options: Self.fromData, rules: #"["required", { "oneOf": ["wed", "thu"] }]"#)) == [])
  }

  @Test func aFixedListIsJudgedTheSameWay() {
    let fixed = #"[{ "value": "mon", "label": "Monday" }]"#
    #expect(
      Self.report(Self.flow(options: fixed, rules: #"[{ "oneOf": ["tue"] }]"#)) == [
        #"box.json:8:18: error: steps[0].rows[0].rules: no option of the picker passes its rules ("mon" fails oneOf): no choice can be valid"#
      ])
  }

  /// A submit that provides the options may replace them: what the data holds first
  /// is not the last word.
  @Test func optionsASubmitProvidesAreNotJudged() {
    let source = Self.flow(
      options: Self.fromData, rules: #"[{ "oneOf": ["tue"] }]"#, provides: #", "provides": ["delivery.days"]"#)
    #expect(Self.report(source).allSatisfy { !$0.contains("no option of the picker") })
  }
}
