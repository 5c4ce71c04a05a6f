import CheckoutCLI
import Foundation
import Testing

/// A value a story gave a secret row (the CVV) is in no text `checkout replay`
/// prints or writes, wherever the story repeats it: an `expect effect` line's
/// argument, the expected side of its failure, the JUnit report. An error's words
/// about the card number are shown as written.
@Suite struct ReplayMasksEnteredSecretsTests {
  static let flows = ReplayAndReplTests.flowsDirectory
  static let story = """
    flow \(flows)/plndr.json
    today 2026-11-21
    tap checkout
    tap shippingAddress
    set name "Ada Lovelace"
    set street "1 Main St"
    set city Portland
    set state OR
    set zip 97201
    tap done
    tap creditCard
    set name "Ada Lovelace"
    set number "4242 4242 4242 4242"
    set expiry 12/28
    set cvv 8642
    tap done
    tap continue
    api placeOrder fail cvv_invalid
    tap placeOrder
    expect effect callAPI "payment.card.cvv: 8642"
    """

  @Test func aCVVInAnExpectedEffectIsInNoOutputNorReport() throws {
    try withFlowDirectory(["oracle.scenario": Self.story]) { directory in
      let plain = runCheckout(["replay", "oracle.scenario", "--junit", "report.xml"], in: directory)
      let verbose = runCheckout(["replay", "oracle.scenario", "--verbose"], in: directory)
      let report = try String(contentsOfFile: directory + "/report.xml", encoding: .utf8)
      #expect(plain.status == 1)
      #expect(
        plain.output.contains(
          """
          oracle.scenario:20:23: failed: expect effect callAPI "payment.card.cvv: •••"
            - expected effect callAPI payment.card.cvv: •••
          """), "\(plain.output)")
      #expect(report.contains("expected effect callAPI payment.card.cvv: •••, actual"), "\(report)")
      for text in [plain.output, plain.error, verbose.output, verbose.error, report] {
        #expect(!text.contains("8642"), "\(text)")
      }
    }
  }

  @Test func anErrorsWordsOnTheCardNumberAreShown() throws {
    let story = """
      flow \(Self.flows)/plndr.json
      tap checkout
      tap creditCard
      set number "4242 4242 4242 4242"
      expect error number "declined"
      """
    try withFlowDirectory(["declined.scenario": story]) { directory in
      let result = runCheckout(["replay", "declined.scenario"], in: directory)
      #expect(
        result.output.hasPrefix(
          """
          declined.scenario:5:21: failed: expect error number "declined"
            - expected error on number containing "declined"
            + actual   no error on number

          """), "\(result.output)")
      #expect(!result.output.contains("4242 4242"))
    }
  }

  /// A CVV typed in curly quotes is a syntax error that never quotes it.
  @Test func aCVVInCurlyQuotesIsInNoError() throws {
    let story = "flow \(Self.flows)/plndr.json\ntap checkout\ntap creditCard\nset cvv “7415”\n"
    try withFlowDirectory(["curly.scenario": story]) { directory in
      let result = runCheckout(["replay", "curly.scenario", "--junit", "report.xml"], in: directory)
      let report = try String(contentsOfFile: directory + "/report.xml", encoding: .utf8)
      #expect(result.status == 2)
      #expect(
        result.error.contains(
          #"curly.scenario:4:9: error: curly quotes (“ ”) are not quotes here; write straight double quotes: "•••""#),
        "\(result.error)")
      for text in [result.output, result.error, report] { #expect(!text.contains("7415"), "\(text)") }
    }
  }
}
