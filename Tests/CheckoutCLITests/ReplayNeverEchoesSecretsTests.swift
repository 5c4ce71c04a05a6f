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
      #expect(
        result.output.contains("cvv.scenario:3:14: failed: expect value payment.card.cvv •••"), "\(result.output)")
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
      #expect(result.output.contains("cv.scenario:2:14: failed: expect value payment.card.cv •••"), "\(result.output)")
      #expect(result.output.contains(#"did you mean "payment.card.cvv"?"#), "\(result.output)")
      for text in [result.output, result.error, report] {
        #expect(!text.contains("8766"), "\(text)")
      }
    }
  }

  /// Lines that give a secret to a wrong name or in a wrong command, on the card
  /// sheet (row 4 is the CVV): the line, the value it must never show, and how the
  /// line reads in the report.
  static let misnamed: [(line: String, value: String, shown: String)] = [
    ("set CVV 7396", "7396", "set CVV •••"),
    ("tap cvv 7381", "7381", "tap cvv •••"),
    ("tap 4 7394", "7394", "tap 4 •••"),
    ("expect detail cvv 7397", "7397", "expect detail cvv •••"),
    ("expect error cvv 7382", "7382", "expect error cvv •••"),
    ("expect title cvv \"7384\"", "7384", "expect title cvv •••"),
    ("expect valid cvv 7385", "7385", "expect valid cvv •••"),
    (
      "api placeOrder ok payment.card.cvv=7391 payment.card.cv=7392 order.number=X", "739",
      "api placeOrder ok payment.card.cvv=••• payment.card.cv=••• order.number=X"
    ),
  ]

  static func story(_ line: String) -> String {
    "flow \(flows)/plndr.json\ntap checkout\ntap creditCard\nset cvv 7319\n\(line)\n"
  }

  /// Each such line, in a story replayed plainly and with --verbose and --junit:
  /// the value is in no line of the output, of the errors or of the report, whether
  /// the line fails to parse, is refused, or fails its expectation.
  @Test(arguments: misnamed)
  func aSecretGivenToAWrongNameIsInNoReport(_ typed: (line: String, value: String, shown: String)) throws {
    try withFlowDirectory(["leak.scenario": Self.story(typed.line)]) { directory in
      let plain = runCheckout(["replay", "leak.scenario"], in: directory)
      let verbose = runCheckout(["replay", "leak.scenario", "--verbose", "--junit", "report.xml"], in: directory)
      let report = try String(contentsOfFile: directory + "/report.xml", encoding: .utf8)
      for text in [plain.output, plain.error, verbose.output, verbose.error, report] {
        #expect(!text.contains(typed.value), "\(text)")
        #expect(!text.contains("7319"), "\(text)")
      }
      if !typed.line.hasPrefix("tap") && !typed.line.hasPrefix("expect valid") {
        #expect(verbose.output.contains("leak.scenario:5: \(typed.shown)\n"), "\(verbose.output)")
      }
    }
  }

  /// `checkout mutate --stories` leaves out a story that fails on the flow itself
  /// and says why: never with a value the failing line hides.
  @Test func mutateSaysWhyAStoryIsLeftOutWithoutItsSecret() throws {
    var files: [String: String] = [:]
    for (index, typed) in Self.misnamed.enumerated() { files["leak\(index).scenario"] = Self.story(typed.line) }
    files["holds.scenario"] = "flow \(Self.flows)/plndr.json\ntap checkout\nexpect at stepOne\n"
    try withFlowDirectory(files) { directory in
      let result = runCheckout(
        ["mutate", "\(Self.flows)/plndr.json", "--stories", directory, "--today", "2026-11-21"], in: directory)
      let leftOut = "fails on the flow itself:"
      #expect(
        result.output.contains("leak3.scenario:5: \(leftOut) expected detail of cvv \"•••\""), "\(result.output)")
      #expect(result.output.contains("leak4.scenario:5: \(leftOut) expected error on cvv containing \"•••\""))
      for typed in Self.misnamed {
        #expect(!result.output.contains(typed.value), "\(result.output)")
        #expect(!result.error.contains(typed.value), "\(result.error)")
      }
    }
  }
}
