import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutLint

/// Lint reports every problem in one run: loading's (structure, references) and
/// its own (keys, guards, rules) together, without problems that only follow
/// from another.
@Suite struct LintEveryProblemTests {
  /// A draft with one mistake of each kind: a row that is no object (structure),
  /// an unknown step and an unknown row (references), a misspelt key, a guard no
  /// slot meets, and rules no value passes.
  static let draft = """
    {
      "format": 1, "id": "food", "title": "Food", "start": "bag",
      "steps": [
        { "id": "bag", "title": "Bag", "rows": [
          1️⃣42,
          { "id": "delivery", "cell": "disclosure", "title": "Delivery", "opens": 2️⃣"delivry" },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "pay",
            "enabledWhen": 3️⃣{ "key": "delivery.slot", "equals": "now" } } ] },
        { "id": "delivery", "title": "Delivery", "rows": [
          { "id": "slot", "cell": "picker", "title": "Slot", "bind": "delivery.slot",
            "options": [{ "value": "asap", "label": "As soon as possible" }, { "value": "1900", "label": "19:00" }] },
          { "id": "note", "cell": "text", "title": "Note", "bind": "delivery.note",
            "visibleWhen": 7️⃣{ "key": 4️⃣"delivery.slott", "present": true } },
          { "id": "tip", "cell": "number", "title": "Tip", "bind": "order.tip",
            "rules": 5️⃣[{ "minLength": 5 }, { "maxLength": 2 }] } ] }
      ],
      "errors": [{ "code": "slot_taken", "step": "delivery", "row": 6️⃣"slott" }, { "code": "*", "step": "bag" }]
    }
    """

  @Test func oneRunReportsEveryKindOfMistake() {
    let report = expectLintDiagnostics(
      Self.draft,
      [
        .error("1️⃣", "expected a row (a JSON object), found a number", path: "steps[0].rows[0]"),
        .error(
          "2️⃣", #"unknown step "delivry""#, path: "steps[0].rows[1].opens", suggestion: #"did you mean "delivery"?"#),
        .error(
          "3️⃣",
          #"row "pay" is never enabled: its enabledWhen can never hold; "delivery.slot" is never "now": it takes only "asap" or "1900", or no value (the options of picker "slot" on step "delivery")"#,
          path: "steps[0].rows[2].enabledWhen"),
        .error(
          "7️⃣",
          #"row "note" is never shown: its visibleWhen can never hold; "delivery.slott" never has a value (no row binds it, the data does not hold it, no submit provides it)"#,
          path: "steps[1].rows[1].visibleWhen"),
        .error(
          "4️⃣",
          #"unknown key "delivery.slott": no row binds it, the flow's data does not hold it, and no submit provides it"#,
          path: "steps[1].rows[1].visibleWhen.key", suggestion: #"did you mean "delivery.slot"?"#),
        .error("5️⃣", "minLength 5 is more than maxLength 2: no value can pass", path: "steps[1].rows[2].rules"),
        .error(
          "6️⃣", #"step "delivery" has no row "slott""#, path: "errors[0].row", suggestion: #"did you mean "slot"?"#),
      ])
    #expect(report.flow == nil, "a flow with loading problems is not handed out")
  }

  /// A key whose row did not load is not also an unknown key where it is read,
  /// and graph checks wait for the references to load (no unreachable-step error
  /// because an `opens` names a missing step).
  @Test func problemsThatOnlyFollowFromAnotherAreNotReported() {
    let source = """
      { "format": 1, "id": "f", "title": "F", "start": "a",
        "steps": [
          { "id": "a", "title": "A", "rows": [
            { "id": "go", "cell": "disclosure", "title": "Go", "opens": "bb" },
            { "id": "pick", "cell": "pickr", "title": "Pick", "bind": "k.pick" },
            { "id": "show", "cell": "info", "title": "Show", "bind": "k.pick",
              "visibleWhen": { "key": "k.pick", "equals": "x" } } ] },
          { "id": "b", "title": "B", "rows": [] } ],
        "errors": [{ "code": "*", "step": "a" }] }
      """
    let codes = FlowLoader().lint(bytes: Array(source.utf8)).diagnostics.map(\.code.rawValue)
    #expect(codes.sorted() == ["invalid-value", "unknown-step"], "\(codes)")
  }

  @Test func aFlowBuiltInSwiftGetsEveryProblemToo() {
    let flow = Flow(id: "f", title: "F", start: "a") {
      Step("a", title: "A") {
        Disclosure("go", title: "Go", opens: "nowhere")
        Toggle("cutlery", title: "Cutlery", bind: "order.cutlery")
        Button("pay", title: "Pay", submit: "pay").enabled(when: .equals("order.cutlery", .string("yes")))
      }
    }
    let codes = flow.lint().map(\.code.rawValue)
    #expect(codes.contains("unknown-step") && codes.contains("condition-never-holds"), "\(codes)")
  }
}
