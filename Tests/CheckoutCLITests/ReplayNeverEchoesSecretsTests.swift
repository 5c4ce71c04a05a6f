import CheckoutCLI
import Foundation
import Testing

/// A story's author may write a secret (a CVV) in a `set` or an `expect value`
/// line; `checkout replay` shows such a line with `•••` in its verbose output,
/// its failure lines and its JUnit report, never the value as written.
@Suite struct ReplayNeverEchoesSecretsTests {
  static let flows = ReplayAndReplTests.flowsDirectory
  static let story = """
    flow \(flows)/plndr.json
    set payment.card.cvv 987
    expect value payment.card.cvv 987
    """

  @Test func aFailingSecretExpectationIsReportedWithoutItsValue() throws {
    try withFlowDirectory(["cvv.scenario": Self.story]) { directory in
      let result = runCheckout(["replay", "cvv.scenario", "--verbose", "--junit", "report.xml"], in: directory)
      #expect(result.status == 1, "the secret cannot be expected, so the story fails")
      let report = try String(contentsOfFile: directory + "/report.xml", encoding: .utf8)
      #expect(result.output.contains("cvv.scenario:2: set payment.card.cvv •••"), "\(result.output)")
      #expect(result.output.contains("cvv.scenario:3: failed: expect value payment.card.cvv •••"), "\(result.output)")
      #expect(report.contains("expect value payment.card.cvv •••"), "\(report)")
      for text in [result.output, result.error, report] {
        #expect(!text.contains("987"), "\(text)")
      }
    }
  }

  /// A key the flow does not know may be a secret one misspelt: its expected value
  /// is in no line of the report either (the line, the expectation, the JUnit file).
  @Test func anExpectationOfAMisspeltSecretKeyIsReportedWithoutItsValue() throws {
    let story = "flow \(Self.flows)/plndr.json\nexpect value payment.card.cv 8766\n"
    try withFlowDirectory(["cv.scenario": story]) { directory in
      let result = runCheckout(["replay", "cv.scenario", "--verbose", "--junit", "report.xml"], in: directory)
      #expect(result.status == 1)
      let report = try String(contentsOfFile: directory + "/report.xml", encoding: .utf8)
      #expect(result.output.contains("cv.scenario:2: failed: expect value payment.card.cv •••"), "\(result.output)")
      #expect(result.output.contains(#"did you mean "payment.card.cvv"?"#), "\(result.output)")
      for text in [result.output, result.error, report] {
        #expect(!text.contains("8766"), "\(text)")
      }
    }
  }
}
