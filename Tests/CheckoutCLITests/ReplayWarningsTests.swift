import CheckoutCLI
import CheckoutTestSupport
import Foundation
import Testing

/// `checkout replay` warns of what a story leaves unchecked (a refused event no
/// line expects, an `api` answer nothing used, no `expect` line at all), on
/// standard error at its line, counted in the summary, the exit status unchanged;
/// the shipped and the generated stories get none.
@Suite struct ReplayWarningsTests {
  static let flows = ReplayAndReplTests.flowsDirectory
  static let refusal =
    "Continue: Complete \"Shipping Address\" first. Full name is required. Street address is required. City is required. State is required. ZIP code is required. Complete \"Credit Card\" first. Name on card is required. Card number is required. Expiry date is required. CVV is required"

  @Test func aStoryWithNoExpectLineChecksNothing() throws {
    try withFlowDirectory(["s.scenario": "flow \(Self.flows)/plndr.json\ntap checkout\n"]) { directory in
      let result = runCheckout(["replay", "s.scenario"], in: directory)
      #expect(result.status == 0, "a warning does not fail the run")
      #expect(
        result.error
          == "s.scenario: warning: checks nothing: no expect line; add what the story should show, like 'expect at STEP'\n"
      )
      #expect(result.output == "s.scenario: ok (0 passed, 0 failed, 1 warning)\n0 passed, 0 failed, 1 warning\n")
    }
  }

  @Test func anAnswerNothingUsedIsNamedAtItsLine() throws {
    let story = """
      flow \(Self.flows)/plndr.json
      api placeOrder ok order.number=PL-1
      api applyDiscount fail discount_invalid
      tap checkout
      expect at stepOne
      """
    try withFlowDirectory(["s.scenario": story]) { directory in
      let result = runCheckout(["replay", "s.scenario"], in: directory)
      #expect(result.status == 0)
      #expect(
        result.error == """
          s.scenario:2: warning: api placeOrder ok was never used: no tap called placeOrder after it; remove the line or add the tap that calls it
          s.scenario:3: warning: api applyDiscount fail discount_invalid was never used: no tap called applyDiscount after it; remove the line or add the tap that calls it

          """)
      #expect(result.output.hasSuffix("1 passed, 0 failed, 2 warnings\n"), "\(result.output)")
    }
  }

  @Test func anAnswerAfterTheOneACallUsedIsNamedToo() throws {
    let story = """
      flow \(Self.flows)/tickets.json
      today 2026-11-21
      set section stalls
      set quantity 2
      api holdSeats ok hold.reference=H-1
      api holdSeats ok hold.reference=H-2
      tap hold
      expect stack seats>attendee
      """
    try withFlowDirectory(["s.scenario": story]) { directory in
      let result = runCheckout(["replay", "s.scenario"], in: directory)
      #expect(result.status == 0, "\(result.error)")
      #expect(
        result.error
          == "s.scenario:6: warning: api holdSeats ok was never used: each call to holdSeats after it was answered by an earlier api line; remove the line or add the tap that calls it\n"
      )
    }
  }

  @Test func aRefusedEventNoLineExpectsIsNamedAndAnExpectedOneIsNot() throws {
    let unchecked = "flow \(Self.flows)/plndr.json\ntap checkout\ntap continue\nexpect at stepOne\n"
    let checked =
      "flow \(Self.flows)/plndr.json\ntap checkout\ntap continue\nexpect at stepOne\nexpect effect refused disabledRow\n"
    try withFlowDirectory(["unchecked.scenario": unchecked, "checked.scenario": checked]) { directory in
      let result = runCheckout(["replay", "unchecked.scenario", "checked.scenario"], in: directory)
      #expect(result.status == 0)
      #expect(
        result.error
          == "unchecked.scenario:3: warning: tap continue was refused: \(Self.refusal); expect it (expect effect refused) or fix the line\n"
      )
      #expect(result.output.contains("checked.scenario: ok (2 passed, 0 failed)\n"), "\(result.output)")
      #expect(result.output.hasSuffix("3 passed, 0 failed, 1 warning\n"))
    }
  }

  /// /tmp/explore-qa/m/refused-then.scenario: the error at line 4 was the only
  /// line printed; the refused line 3 that caused it is named first, and in it.
  @Test func aLineThatCannotRunAfterARefusalNamesTheRefusal() throws {
    let story = "flow \(Self.flows)/plndr.json\ntap checkout\ntap continue\ntap placeOrder\nexpect at stepTwo\n"
    try withFlowDirectory(["s.scenario": story]) { directory in
      let result = runCheckout(["replay", "s.scenario"], in: directory)
      #expect(result.status == 1)
      #expect(
        result.error == """
          s.scenario:3: warning: tap continue was refused: \(Self.refusal); expect it (expect effect refused) or fix the line
          s.scenario:4:5: error: step "stepOne" has no row "placeOrder"; its rows are shippingAddress, creditCard, shippingMethod, continue (line 3, tap continue, was refused: \(Self.refusal))

          """)
      #expect(result.output.hasSuffix("0 passed, 1 failed, 1 warning\n"), "\(result.output)")
    }
  }

  @Test func junitCarriesTheWarningsAsSystemErr() throws {
    try withFlowDirectory(["s.scenario": "flow \(Self.flows)/plndr.json\ntap checkout\n"]) { directory in
      let result = runCheckout(["replay", "s.scenario", "--junit", "r.xml"], in: directory)
      #expect(result.status == 0)
      let xml = try String(contentsOfFile: directory + "/r.xml", encoding: .utf8)
      #expect(
        xml.contains(
          """
              <testcase classname="checkout.replay" name="s.scenario" file="s.scenario" assertions="0">
                <system-err>s.scenario: warning: checks nothing: no expect line; add what the story should show, like 'expect at STEP'</system-err>
              </testcase>
          """), "\(xml)")
    }
  }

  @Test func theShippedScenariosReplayWithoutAWarning() {
    let result = runCheckout(["replay", "Examples/scenarios"], in: PackagePaths.root.path)
    #expect(result.status == 0)
    #expect(result.error.isEmpty, "\(result.error)")
    #expect(result.output.hasSuffix(" passed, 0 failed\n"), "\(result.output)")
  }

  @Test func generatedStoriesReplayWithoutAWarning() throws {
    try withFlowDirectory([:]) { directory in
      for flow in ["plndr.json", "tickets.json"] {
        let out = directory + "/" + flow
        let generated = runCheckout(
          ["generate", PackagePaths.flows.appendingPathComponent(flow).path, "--out", out, "--today", "2026-11-21"])
        #expect(generated.status == 0, "\(generated.error)")
        let result = runCheckout(["replay", out])
        #expect(result.status == 0)
        #expect(result.error.isEmpty, "\(flow): \(result.error.prefix(2000))")
      }
    }
  }
}
