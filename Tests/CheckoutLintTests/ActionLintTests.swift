import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutLint

/// A submit's `actions` and a button's `"action": "resume"`: read, written back,
/// and checked (loading: names and steps; lint: the action step can be opened
/// over the submit's step and has a `resume` row).
@Suite struct ActionLintTests {
  /// The problems, as `path: message` (and `; suggestion` when there is one).
  static func lint(_ json: String) -> [String] {
    FlowLoader().lint(bytes: Array(json.utf8)).diagnostics.map {
      "\($0.path?.description ?? "-"): \($0.message)" + ($0.suggestion.map { "; \($0)" } ?? "")
    }
  }

  @Test func theActionFlowLoadsLintsCleanAndRoundTrips() throws {
    #expect(Self.lint(ActionFlows.json()) == [])
    let flow = ActionFlows.compiled.flow
    guard case .submit(let submit)? = flow.step("cart")?.row("pay")?.action else {
      Issue.record("no submit")
      return
    }
    #expect(submit.actions == ["three_d_secure": "challenge"])
    #expect(flow.step("challenge")?.row("confirm")?.action == .resume)
    let written = FlowWriter.json(flow)
    #expect(written.contains(#""actions": { "three_d_secure": "challenge" }"#))
    #expect(written.contains(#""action": "resume""#))
    #expect(try FlowLoader().load(json: written) == flow)
  }

  @Test func anUnknownActionStepIsLocatedWithADidYouMean() throws {
    let json = ActionFlows.json().replacingOccurrences(
      of: #""three_d_secure": "challenge""#, with: #""three_d_secure": "challnge""#)
    let problems = Self.lint(json)
    #expect(
      problems.contains {
        $0.hasPrefix("steps[0].rows[2].actions.three_d_secure: unknown step \"challnge\"")
          && $0.contains("did you mean \"challenge\"")
      }, "\(problems)")
  }

  @Test func badActionNamesAndValuesAreLocated() {
    let json = ActionFlows.json().replacingOccurrences(
      of: #""actions": {"three_d_secure": "challenge"}"#, with: #""actions": {"3ds": "challenge", "sca": 7}"#)
    let problems = Self.lint(json)
    #expect(problems.contains { $0.hasPrefix(#"steps[0].rows[2].actions["3ds"]: "3ds" is not a valid action name"#) })
    #expect(problems.contains { $0.hasPrefix("steps[0].rows[2].actions.sca: expected the id of the step") })
    let resumeOnText = ActionFlows.json().replacingOccurrences(
      of: #""action": "resume""#, with: #""action": "resum""#)
    #expect(Self.lint(resumeOnText).contains { $0.hasPrefix("steps[2].rows[1].action:") }, "\(Self.lint(resumeOnText))")
    let withoutSubmit = ActionFlows.json().replacingOccurrences(
      of: #""opens": "details"}"#, with: #""opens": "details", "actions": {"x": "challenge"}}"#)
    #expect(
      Self.lint(withoutSubmit).contains { $0.contains("\"actions\" only applies to a row that has \"submit\"") })
  }

  @Test func anActionStepWithNoResumeRowIsAnError() {
    let json = ActionFlows.json().replacingOccurrences(
      of: #"{"id": "confirm", "cell": "button", "title": "Confirm", "action": "resume"},"#, with: "")
    #expect(
      Self.lint(json) == [
        "steps[0].rows[2].actions.three_d_secure: action \"three_d_secure\" of \"placeOrder\" is done on \"challenge\", which has no row to finish it; add a button with \"action\": \"resume\" to \"challenge\""
      ])
  }

  @Test func anActionStepTheSessionCannotOpenOverTheOrderIsAnError() {
    let own = ActionFlows.json().replacingOccurrences(
      of: #""three_d_secure": "challenge""#, with: #""three_d_secure": "cart""#)
    #expect(
      Self.lint(own).contains {
        $0.hasPrefix(
          "steps[0].rows[2].actions.three_d_secure: action \"three_d_secure\" of \"placeOrder\" cannot be reached from \"cart\": it is the submit's own step"
        )
      }, "\(Self.lint(own))")
    let reset = ActionFlows.json().replacingOccurrences(
      of: #""title": "Confirm with your bank", "presentation": "modal""#,
      with: #""title": "Confirm with your bank", "presentation": "reset""#)
    #expect(Self.lint(reset).contains { $0.contains("it is a reset step") }, "\(Self.lint(reset))")
  }

  @Test func aResumeRowOnAStepNoSubmitDoesAnActionOnIsAnError() {
    let json = ActionFlows.json().replacingOccurrences(
      of: #"{"id": "done", "cell": "button", "title": "Done", "action": "close"}"#,
      with: #"{"id": "done", "cell": "button", "title": "Done", "action": "resume"}"#)
    #expect(
      Self.lint(json) == [
        "steps[1].rows[1].action: row \"done\" resumes a call's action, but no submit does an action on \"details\": every tap on it would be refused; use \"action\": \"close\" to close the step, or name \"details\" in a submit's \"actions\""
      ])
  }

  @Test func aSubmitThatValidatesItsActionStepIsAnErrorWhenTheStepHasRules() {
    let required = ActionFlows.json()
      .replacingOccurrences(of: #""validates": ["cart"]"#, with: #""validates": ["cart", "challenge"]"#)
      .replacingOccurrences(
        of: #""title": "Code", "bind": "challenge.code"}"#,
        with: #""title": "Code", "bind": "challenge.code", "rules": ["required"]}"#)
    #expect(
      Self.lint(required) == [
        "steps[0].rows[2].validates[1]: submit \"placeOrder\" validates \"challenge\", which opens only while a call waits on its action: a row there that fails could never be reached to fix it; leave \"challenge\" out of \"validates\": the shopper fills it in while the call waits"
      ])
    // Without rules on the step, nothing there can fail: not reported.
    let free = ActionFlows.json().replacingOccurrences(
      of: #""validates": ["cart"]"#, with: #""validates": ["cart", "challenge"]"#)
    #expect(Self.lint(free) == [])
  }
  /// An API error mapped to a row on an action's step: no row can open that step,
  /// so adding one (the advice for an unreachable step) would be wrong; lint says
  /// the step is open only while a call waits, where the action is declared, and
  /// where the error can be fixed instead.
  @Test func anErrorMappedToAnActionStepSaysTheStepOpensOnlyWhileACallWaits() {
    let json = ActionFlows.json().replacingOccurrences(
      of: #""errors": ["#,
      with: #""errors": [{"code": "code_wrong", "operation": "placeOrder", "step": "challenge", "row": "code"},"#)
    #expect(
      Self.lint(json) == [
        "errors[0].step: an error from placeOrder on cart cannot be fixed at challenge.code: \"challenge\" is where placeOrder's action \"three_d_secure\" (steps[0].rows[2].actions.three_d_secure) is done: an action's step is open only while a call waits on its action, and when placeOrder fails on cart none does; map the error to a step the shopper can reach from \"cart\", such as \"cart\" itself (\"step\": \"cart\" and the \"row\" there to fix)"
      ], "\(Self.lint(json))")
  }

  /// A misspelt action step is loading's error; the `resume` row on the step meant
  /// is not also reported (its advice, `"action": "close"`, would be wrong).
  @Test func aMisspeltActionStepIsOneErrorNotAlsoAResumeRowOutsideAnAction() {
    let json = ActionFlows.json().replacingOccurrences(
      of: #""three_d_secure": "challenge""#, with: #""three_d_secure": "challnge""#)
    let problems = Self.lint(json)
    #expect(problems.count == 1, "\(problems)")
    #expect(problems.first?.hasPrefix("steps[0].rows[2].actions.three_d_secure: unknown step \"challnge\"") == true)
  }

  /// An action done on the submit's own step: that error, and the step the action
  /// should be done on left unreached; not a `resume` row to add to the submit's
  /// step, nor its `validates` called an action's step (it is an ordinary step).
  @Test func anActionOnTheSubmitsOwnStepIsNotFollowedByWhatItMisleads() {
    let json = ActionFlows.json().replacingOccurrences(
      of: #""three_d_secure": "challenge""#, with: #""three_d_secure": "cart""#)
    #expect(
      Self.lint(json) == [
        "steps[0].rows[2].actions.three_d_secure: action \"three_d_secure\" of \"placeOrder\" cannot be reached from \"cart\": it is the submit's own step, so the session cannot open it over the order and return; do the action on a step of its own, presented \"modal\" or \"push\"",
        "steps[2].id: step \"challenge\" cannot be reached from the start step \"cart\"; add a row that \"opens\" it, a submit whose \"then\" is it, or a submit that does an action on it (\"actions\"), on a reachable step",
      ], "\(Self.lint(json))")
  }

  /// A step a submit's `then` opens is an ordinary step even when an action names
  /// it: validating it is no error.
  @Test func validatingAStepASubmitOpensIsNoErrorWhateverAnActionNames() {
    let json = ActionFlows.json()
      .replacingOccurrences(
        of: #"{"id": "details", "cell": "disclosure", "title": "Details", "opens": "details"}"#,
        with: #"{"id": "details", "cell": "button", "title": "Details", "submit": "saveCart", "then": "details"}"#
      )
      .replacingOccurrences(of: #""three_d_secure": "challenge""#, with: #""three_d_secure": "details""#)
      .replacingOccurrences(of: #""validates": ["cart"]"#, with: #""validates": ["cart", "details"]"#)
      .replacingOccurrences(
        of: #""title": "Note", "bind": "order.note"}"#,
        with: #""title": "Note", "bind": "order.note", "rules": ["required"]}"#)
    let problems = Self.lint(json)
    #expect(!problems.contains { $0.contains("opens only while a call waits") }, "\(problems)")
  }
}
