import CheckoutCLI
import Foundation
import Testing

/// A typo in a story's `api` or `appear` line stops the story at its
/// file:line:column with the likely name, in `checkout replay` and in the REPL;
/// a line before it that passed is still counted.
@Suite struct ScenarioTypoCommandTests {
  static let flows = ReplayAndReplTests.flowsDirectory

  @Test func anAPILineForAnOperationNoSubmitCallsStopsTheStoryAtItsColumn() throws {
    let story = """
      flow \(Self.flows)/plndr.json
      tap checkout
      expect at stepOne
      api  placOrder fail cvv_invalid
      expect at stepOne

      """
    try withFlowDirectory(["typo.scenario": story]) { directory in
      let result = runCheckout(["replay", "typo.scenario", "--junit", "r.xml"], in: directory)
      #expect(result.status == 1)
      #expect(
        result.error
          == "typo.scenario:4:6: error: no submit calls operation \"placOrder\"; did you mean \"placeOrder\"?\n")
      #expect(result.output == "typo.scenario: stopped at line 4: 1 line not run\n1 passed, 1 failed\n")
      let report = try JUnitDocument(path: directory + "/r.xml")
      #expect(report.cases.first?.failure?.message.hasPrefix("typo.scenario:4:6: no submit calls operation") == true)
    }
  }

  @Test func appearingAStepTheFlowDoesNotHaveStopsTheStoryAtItsColumn() throws {
    let story = "flow \(Self.flows)/plndr.json\nmanual\ntap checkout\nappear stepOen\nappear stepOne\n"
    try withFlowDirectory(["appear.scenario": story]) { directory in
      let result = runCheckout(["replay", "appear.scenario"], in: directory)
      #expect(result.status == 1)
      #expect(result.error == "appear.scenario:4:8: error: unknown step \"stepOen\"; did you mean \"stepOne\"?\n")
    }
  }

  @Test func theREPLSaysSoAndGoesOn() {
    let capture = CapturedTerminal()
    var reader: any LineReader = ReplayAndReplTests.ScriptedReader(lines: [
      "api placOrder ok", "manual", "appear carr", "expect offer creditCrd", "stack",
    ])
    let status = ReplCommand.run(.onTheTestDay, capture.terminal, reader: &reader)
    #expect(status.code == 0)
    let output = capture.output
    #expect(output.contains(#"error: no submit calls operation "placOrder"; did you mean "placeOrder"?"#))
    #expect(output.contains(#"error: unknown step "carr"; did you mean "cart"?"#))
    #expect(output.contains(#"actual   offer none; the flow has no step "creditCrd" (did you mean "creditCard"?)"#))
    #expect(output.hasSuffix("cart\n"), "the session went on: \(output)")
  }
}
