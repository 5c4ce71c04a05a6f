import CheckoutCLI
import Foundation
import Testing

/// Where `checkout replay` points: a failed expectation and a row that is not on
/// the step at `file:line:column` (the word at fault), as syntax errors are;
/// `mutate`'s left-out stories at `file:line`; a file of many syntax errors
/// printed up to 200, the rest counted; a directory stands for its stories.
@Suite struct ReplayLocationsTests {
  static let flows = ReplayAndReplTests.flowsDirectory
  static let flow = "flow \(flows)/plndr.json\n"

  @Test(
    arguments: [
      ("tap checkout\nexpect at stepTwo", "s.scenario:3:11: failed: expect at stepTwo"),
      ("tap checkout\nexpect stack cart>stepOne>stepTwo", "s.scenario:3:14: failed: expect stack cart>stepOne>stepTwo"),
      ("expect value cart.quantity 7", "s.scenario:2:28: failed: expect value cart.quantity 7"),
      ("expect value cart.quantty 7", "s.scenario:2:14: failed: expect value cart.quantty •••"),
      ("tap checkout\nexpect error continue \"nope\"", "s.scenario:3:23: failed: expect error continue \"nope\""),
      ("tap checkout\nexpect error contnue \"nope\"", "s.scenario:3:14: failed: expect error contnue \"nope\""),
      (
        "tap checkout\nexpect effect navigate push stepTwo",
        "s.scenario:3:24: failed: expect effect navigate push stepTwo"
      ),
      ("tap checkout\nexpect effect refused", "s.scenario:3:15: failed: expect effect refused"),
    ])
  func aFailedExpectationPointsAtTheWordAtFault(_ lines: String, _ report: String) throws {
    try withFlowDirectory(["s.scenario": Self.flow + lines + "\n"]) { directory in
      let result = runCheckout(["replay", "s.scenario"], in: directory)
      #expect(result.status == 1)
      #expect(result.output.hasPrefix(report + "\n"), "\(result.output)")
    }
  }

  /// A flow (or a snapshot) given where a story goes is one error saying so, with
  /// what to run instead. Was: `unknown command "{"` and one error for each line.
  @Test func aFlowGivenAsAStoryIsOneErrorSayingSo() throws {
    try withFlowDirectory(["gig.json": "\u{FEFF}\n  {\n  \"format\": 1\n}\n"]) { directory in
      let result = runCheckout(["replay", "gig.json"], in: directory)
      #expect(result.status != 0)
      let errors = result.error.split(separator: "\n").filter { $0.contains("error:") }
      #expect(
        errors == [
          "gig.json: error: this is JSON (a flow or a snapshot), not a scenario: replay takes .scenario files, each starting with a 'flow PATH' line; to walk a flow, run checkout repl gig.json"
        ], "\(result.output)\(result.error)")
    }
  }

  @Test func aFailedExpectationInJUnitHasItsColumn() throws {
    try withFlowDirectory(["s.scenario": Self.flow + "tap checkout\nexpect at stepTwo\n"]) { directory in
      _ = runCheckout(["replay", "s.scenario", "--junit", "r.xml"], in: directory)
      let xml = try String(contentsOfFile: directory + "/r.xml", encoding: .utf8)
      #expect(xml.contains("message=\"s.scenario:3:11: expected at stepTwo, actual at stepOne\""), "\(xml)")
    }
  }

  @Test func aRowThatIsNotOnTheStepPointsAtTheRow() throws {
    let story = Self.flow + "tap checkout\nset  nmae Ada\n"
    try withFlowDirectory(["s.scenario": story, "t.scenario": Self.flow + "tap chekout\n"]) { directory in
      let result = runCheckout(["replay", "s.scenario", "t.scenario"], in: directory)
      #expect(result.status == 1)
      #expect(result.error.contains("s.scenario:3:6: error: step \"stepOne\" has no row \"nmae\""), "\(result.error)")
      #expect(result.error.contains("t.scenario:2:5: error: step \"cart\" has no row \"chekout\""), "\(result.error)")
    }
  }

  @Test func mutateNamesALeftOutStoryAtItsFileAndLine() throws {
    let files = [
      "bom-fail.scenario": "\u{FEFF}flow plndr.json\ntap checkout\nexpect at stepTwo\n",
      "holds.scenario": "flow plndr.json\ntap checkout\nexpect at stepOne\n",
    ]
    try withFlowDirectory(files) { directory in
      try FileManager.default.copyItem(atPath: Self.flows + "/plndr.json", toPath: directory + "/plndr.json")
      let result = runCheckout(
        ["mutate", "plndr.json", "--stories", ".", "--today", "2026-11-21"], in: directory)
      #expect(
        result.output.contains(
          "left out: ./bom-fail.scenario:3: fails on the flow itself: expected at stepTwo, actual at stepOne\n"),
        "\(result.output)")
    }
  }

  @Test func manySyntaxErrorsArePrintedUpTo200AndTheRestCounted() throws {
    let story = Self.flow + String(repeating: "tapp checkout\n", count: 1_250)
    try withFlowDirectory(["many.scenario": story]) { directory in
      let result = runCheckout(["replay", "many.scenario"], in: directory)
      #expect(result.status == 2)
      let lines = result.error.split(separator: "\n")
      #expect(lines.count == 201, "\(lines.count) lines")
      #expect(lines.first == "many.scenario:2:1: error: unknown command \"tapp\"; did you mean \"tap\"?")
      #expect(lines[199] == "many.scenario:201:1: error: unknown command \"tapp\"; did you mean \"tap\"?")
      #expect(lines.last == "many.scenario: … and 1,050 more errors")
    }
  }

  @Test func aDirectoryStandsForItsScenariosSorted() throws {
    let files = [
      "b.scenario": Self.flow + "tap checkout\nexpect at stepOne\n",
      "a.scenario": Self.flow + "expect at cart\n",
      "notes.txt": "not a story",
    ]
    try withFlowDirectory(files) { directory in
      try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
      try "broken".write(toFile: directory + "/sub/c.scenario", atomically: true, encoding: .utf8)
      let result = runCheckout(["replay", "."], in: directory)
      #expect(result.status == 0, "\(result.error)")
      #expect(
        result.output
          == "./a.scenario: ok (1 passed, 0 failed)\n./b.scenario: ok (1 passed, 0 failed)\n2 passed, 0 failed\n")
      try FileManager.default.createDirectory(atPath: directory + "/empty", withIntermediateDirectories: true)
      let none = runCheckout(["replay", "a.scenario", "empty"], in: directory)
      #expect(none.status == 2)
      #expect(
        none.error
          == "empty: error: the directory holds no .scenario file to replay (its subdirectories are not read)\n")
      #expect(none.output.isEmpty, "nothing runs")
    }
  }
}
