import CheckoutCLI
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `checkout replay` in CI: a story stops at its first failure, `--junit` writes
/// a report a dashboard reads, `--flow` runs stories on another version of their
/// flow, and every bad input is a clear error with exit status 2.
@Suite struct ReplayForCITests {
  static let flows = ReplayAndReplTests.flowsDirectory
  static let evolution = URL(fileURLWithPath: flows).deletingLastPathComponent()
    .appendingPathComponent("Examples/evolution").path

  /// Three stories: one holds, one fails an expectation, one names a row that is not there.
  static let stories = [
    "holds.scenario": "flow \(flows)/plndr.json\ntap checkout\nexpect at stepOne\n",
    "wrong.scenario": """
    flow \(flows)/plndr.json
    tap checkout
    expect at stepTwo
    expect at stepOne
    tap nowhere
    """,
    "typo.scenario": "flow \(flows)/plndr.json\ntap chekout\nexpect at stepOne\n",
  ]

  @Test func aStoryStopsAtItsFirstFailedExpectationAndCountsWhatItDidNotRun() throws {
    try withFlowDirectory(Self.stories) { directory in
      let result = runCheckout(["replay", "holds.scenario", "wrong.scenario", "typo.scenario"], in: directory)
      #expect(result.status == 1)
      #expect(
        result.output == """
          holds.scenario: ok (1 passed, 0 failed)
          wrong.scenario:3:11: failed: expect at stepTwo
            - expected at stepTwo
            + actual   at stepOne
          wrong.scenario: stopped at line 3: 2 lines not run
          typo.scenario: stopped at line 2: 1 line not run
          1 passed, 2 failed

          """, "\(result.output)")
      #expect(result.error.hasPrefix("typo.scenario:2:5: error: step \"cart\" has no row \"chekout\""))
      #expect(!result.error.contains("nowhere"), "the line after the failure never ran")
    }
  }

  @Test func aFailureOnTheLastLineLeavesNothingNotRun() throws {
    let story = "flow \(Self.flows)/plndr.json\ntap checkout\nexpect at cart\n"
    try withFlowDirectory(["last.scenario": story]) { directory in
      let result = runCheckout(["replay", "last.scenario"], in: directory)
      #expect(result.status == 1)
      #expect(!result.output.contains("not run"))
      #expect(result.output.hasSuffix("0 passed, 1 failed\n"))
    }
  }

  @Test func junitHasATestCasePerStoryAndEachFailureWithFileAndLine() throws {
    try withFlowDirectory(Self.stories) { directory in
      try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: true)
      let result = runCheckout(
        ["replay", "holds.scenario", "wrong.scenario", "typo.scenario", "--junit", "out/report.xml"], in: directory)
      #expect(result.status == 1)
      #expect(result.output.hasSuffix("1 passed, 2 failed\n"), "the summary line is unchanged")
      let report = try JUnitDocument(path: directory + "/out/report.xml")
      #expect(report.suites == [.init(tests: 3, failures: 2, errors: 0)])
      #expect(report.cases.map(\.name) == ["holds.scenario", "wrong.scenario", "typo.scenario"])
      #expect(report.cases[0].failure == nil && report.cases[0].error == nil)
      #expect(report.cases[1].failure?.message == "wrong.scenario:3:11: expected at stepTwo, actual at stepOne")
      #expect(
        report.cases[1].failure?.text
          == "wrong.scenario:3:11: expected at stepTwo, actual at stepOne\n  expect at stepTwo\nstopped here: 2 lines not run"
      )
      #expect(
        report.cases[2].failure?.message.hasPrefix("typo.scenario:2:5: step \"cart\" has no row \"chekout\"") == true)
      #expect(report.cases[2].failure?.type == "cannot-run")
    }
  }

  /// A refused line's failure text repeats the line, as an expectation's does,
  /// each value it hides written `•••`: a secret is never in the report.
  @Test func junitRepeatsARefusedLineHidingItsValues() throws {
    let story = "flow \(Self.flows)/plndr.json\ntap checkout\nset cvvv 4416\nexpect at stepOne\n"
    try withFlowDirectory(["refused.scenario": story]) { directory in
      let result = runCheckout(["replay", "refused.scenario", "--junit", "r.xml"], in: directory)
      #expect(result.status == 1)
      let report = try JUnitDocument(path: directory + "/r.xml")
      let failure = try #require(report.cases.first?.failure)
      #expect(failure.type == "cannot-run")
      let lines = failure.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      #expect(lines.count == 3, "\(failure.text)")
      #expect(lines.first?.hasPrefix("refused.scenario:3:") == true, "\(failure.text)")
      #expect(lines.dropFirst().first == "  set cvvv •••", "\(failure.text)")
      #expect(lines.last == "stopped here: 1 line not run")
      #expect(!(try String(contentsOfFile: directory + "/r.xml", encoding: .utf8)).contains("4416"))
    }
  }

  @Test func junitEscapesWhatXMLCannotHoldAsIs() throws {
    // The expected text comes back in the failure: markup, quotes, an ampersand
    // and a control character, none of which may break the document.
    let story = "flow \(Self.flows)/plndr.json\ntap checkout\nexpect error zip \"<b> & \\\"q\\\" 'a' \u{1}\"\n"
    try withFlowDirectory(["escape.scenario": story, "a&b <c>.scenario": "flow \(Self.flows)/plndr.json\n"]) {
      directory in
      let result = runCheckout(["replay", "escape.scenario", "a&b <c>.scenario", "--junit", "r.xml"], in: directory)
      #expect(result.status == 1, "\(result.error)")
      let report = try JUnitDocument(path: directory + "/r.xml")
      #expect(report.cases.map(\.name) == ["escape.scenario", "a&b <c>.scenario"])
      let message = try #require(report.cases[0].failure?.message)
      #expect(message.contains("<b> & \"q\" 'a' \u{FFFD}"), "\(message)")
    }
    #expect(JUnitReport.attribute("a\"b'<c>&\nd\t") == "a&quot;b&apos;&lt;c&gt;&amp;&#10;d&#9;")
    #expect(JUnitReport.text("a<b>&\u{0}\u{1B}\u{FFFE}é\n") == "a&lt;b&gt;&amp;\u{FFFD}\u{FFFD}\u{FFFD}é\n")
  }

  @Test func aStoryThatCannotRunIsAnErrorInTheReportAndExitsTwo() throws {
    try withFlowDirectory(["x.json": tinyFlowJSON, "bad.scenario": "flow x.json\nexpect rout pop\n"]) { directory in
      let result = runCheckout(["replay", "bad.scenario", "--junit", "r.xml"], in: directory)
      #expect(result.status == 2)
      let report = try JUnitDocument(path: directory + "/r.xml")
      #expect(report.suites == [.init(tests: 1, failures: 0, errors: 1)])
      #expect(report.cases.first?.error?.message.hasPrefix("bad.scenario:2:8: unknown expectation") == true)
    }
  }

  /// Every line's syntax error is reported in one run, each at its line and
  /// column as the console writes them; the report names the first and counts the rest.
  @Test func everySyntaxErrorOfAStoryIsReportedAtOnce() throws {
    let story = "flow x.json\nset name \"Grace\ntpa go\nexpect stak cart\nback\n"
    try withFlowDirectory(["x.json": tinyFlowJSON, "bad.scenario": story]) { directory in
      let result = runCheckout(["replay", "bad.scenario", "--junit", "r.xml"], in: directory)
      #expect(result.status == 2)
      #expect(
        result.error == """
          bad.scenario:2:10: error: unterminated string; expected a closing '"'
          bad.scenario:3:1: error: unknown command "tpa"; did you mean "tap"?
          bad.scenario:4:8: error: unknown expectation "stak"; did you mean "stack"?

          """)
      let report = try JUnitDocument(path: directory + "/r.xml")
      #expect(
        report.cases.first?.error?.message
          == #"bad.scenario:2:10: unterminated string; expected a closing '"' (and 2 more syntax errors)"#)
    }
  }

  /// A story saved on Windows (CRLF), with a lone CR, or with a byte order mark
  /// runs as the same story with LF: its lines, its numbers, its failure shown whole.
  @Test(arguments: ["\r\n", "\r", "\u{FEFF}"])
  func aStoryWithWindowsLineEndingsOrAByteOrderMarkRuns(_ variant: String) throws {
    let lines = ["flow \(Self.flows)/plndr.json", "tap checkout", "", "expect at stepOne", "expect at cart", "back"]
    let story =
      variant == "\u{FEFF}" ? variant + lines.joined(separator: "\n") : lines.joined(separator: variant) + variant
    try withFlowDirectory(["w.scenario": story]) { directory in
      let result = runCheckout(["replay", "w.scenario"], in: directory)
      #expect(result.status == 1, "\(result.error)")
      #expect(
        result.output == """
          w.scenario:5:11: failed: expect at cart
            - expected at cart
            + actual   at stepOne
          w.scenario: stopped at line 5: 1 line not run
          1 passed, 1 failed

          """, "\(result.output)")
    }
  }

  @Test func junitWithoutAValueOrToAPathThatCannotBeWrittenIsAClearError() throws {
    let missing = runCheckout(["replay", "a.scenario", "--junit"])
    #expect(missing.status == 2)
    #expect(missing.error.hasPrefix("error: option '--junit' needs a value: --junit FILE\n"))
    let empty = runCheckout(["replay", "a.scenario", "--junit="])
    #expect(empty.status == 2)
    #expect(empty.error == "error: --junit: the path is empty; name a file, like --junit report.xml\n")
    try withFlowDirectory(Self.stories) { directory in
      let result = runCheckout(["replay", "holds.scenario", "--junit", "no/such/dir/r.xml"], in: directory)
      #expect(result.status == 2)
      #expect(result.output.isEmpty, "no story runs when the report cannot be written")
      #expect(
        result.error == "checkout: cannot write the JUnit report to no/such/dir/r.xml: No such file or directory\n")
      let directoryAsReport = runCheckout(["replay", "holds.scenario", "--junit", "."], in: directory)
      #expect(directoryAsReport.status == 2)
      #expect(directoryAsReport.error.hasPrefix("error: --junit . is a directory; "), "\(directoryAsReport.error)")
    }
  }

  @Test func flowRunsTheStoriesOnAnotherVersionOfTheirFlow() throws {
    // The story names v1, where the card is entered on Step One; v2 renamed the step.
    let story = "flow \(Self.evolution)/plndr-v1.json\ntap checkout\nexpect at stepOne\n"
    try withFlowDirectory(["v1.scenario": story]) { directory in
      let onV1 = runCheckout(["replay", "v1.scenario"], in: directory)
      #expect(onV1.status == 0, "\(onV1.output)\(onV1.error)")
      let onV2 = runCheckout(["replay", "v1.scenario", "--flow", "\(Self.evolution)/plndr-v2.json"], in: directory)
      #expect(onV2.status == 1)
      #expect(
        onV2.output.contains(
          "v1.scenario:3:11: failed: expect at stepOne\n  - expected at stepOne\n  + actual   at shipping"))
    }
  }

  @Test func aFlowThatCannotBeReadOrLoadedIsAClearErrorBeforeAnyStoryRuns() throws {
    try withFlowDirectory(Self.stories.merging(["broken.json": "{\"id\": 1"]) { $1 }) { directory in
      let missing = runCheckout(["replay", "holds.scenario", "--flow", "missing.json"], in: directory)
      #expect(missing.status == 2)
      #expect(missing.output.isEmpty)
      #expect(missing.error == "missing.json: error: cannot read the file: No such file or directory\n")
      let broken = runCheckout(["replay", "holds.scenario", "--flow", "broken.json"], in: directory)
      #expect(broken.status == 2)
      #expect(broken.output.isEmpty)
      #expect(
        broken.error.hasSuffix("error: broken.json cannot be loaded; run 'checkout lint broken.json' for details\n"))
    }
  }
}

/// A JUnit report read back with Foundation's XML parser: a document that does
/// not parse fails the test.
struct JUnitDocument {
  struct Counts: Equatable {
    var tests: Int
    var failures: Int
    var errors: Int
  }
  struct Problem {
    var type: String
    var message: String
    var text: String
  }
  struct Case {
    var name: String
    var failure: Problem?
    var error: Problem?
  }
  struct Unparsable: Error, CustomStringConvertible {
    var description: String
  }

  var suites: [Counts] = []
  var cases: [Case] = []

  init(path: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let reader = Reader()
    let parser = XMLParser(data: data)
    parser.delegate = reader
    guard parser.parse() else {
      throw Unparsable(
        description: "\(parser.parserError.map { "\($0)" } ?? "?"): \(String(decoding: data, as: UTF8.self))")
    }
    suites = reader.suites
    cases = reader.cases
  }

  private final class Reader: NSObject, XMLParserDelegate {
    var suites: [Counts] = []
    var cases: [Case] = []
    var problem: (element: String, type: String, message: String)?
    var text = ""

    func parser(
      _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      switch element {
      case "testsuite":
        suites.append(
          Counts(
            tests: Int(attributes["tests"] ?? "") ?? -1, failures: Int(attributes["failures"] ?? "") ?? -1,
            errors: Int(attributes["errors"] ?? "") ?? -1))
      case "testcase": cases.append(Case(name: attributes["name"] ?? ""))
      case "failure", "error":
        problem = (element, attributes["type"] ?? "", attributes["message"] ?? "")
        text = ""
      default: break
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
      guard let problem, problem.element == element, !cases.isEmpty else { return }
      let found = Problem(type: problem.type, message: problem.message, text: text)
      if element == "failure" { cases[cases.count - 1].failure = found } else { cases[cases.count - 1].error = found }
      self.problem = nil
    }
  }
}
