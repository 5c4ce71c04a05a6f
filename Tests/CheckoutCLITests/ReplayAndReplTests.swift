import CheckoutCLI
import Foundation
import Testing

/// `checkout replay` exit statuses and failure text, and the REPL driven by a
/// scripted line reader: bad input never ends it, recordings replay green.
@Suite struct ReplayAndReplTests {
  static let flowsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Flows").path

  @Test func aWrongExpectationFailsWithFileLineExpectedAndActual() throws {
    let scenario = """
      flow \(Self.flowsDirectory)/plndr.json
      tap checkout
      expect at stepTwo
      expect at stepOne
      """
    try withFlowDirectory(["wrong.scenario": scenario]) { directory in
      let result = runCheckout(["replay", "wrong.scenario"], in: directory)
      #expect(result.status == 1)
      #expect(
        result.output == """
          wrong.scenario:3:11: failed: expect at stepTwo
            - expected at stepTwo
            + actual   at stepOne
          wrong.scenario: stopped at line 3: 1 line not run
          0 passed, 1 failed

          """)
    }
  }

  @Test func aTypoInARowFailsTheScenarioAndStopsIt() throws {
    let scenario = """
      flow \(Self.flowsDirectory)/plndr.json
      tap chekout
      set shiping.zip 97201
      # a comment is no line to run
      tap checkout
      expect at stepOne
      """
    try withFlowDirectory(["typo.scenario": scenario]) { directory in
      let result = runCheckout(["replay", "typo.scenario"], in: directory)
      #expect(result.status == 1)
      #expect(
        result.error == """
          typo.scenario:2:5: error: step "cart" has no row "chekout" (did you mean "checkout"?); its rows are items, quantity, subtotal, discount, checkout

          """)
      #expect(
        result.output == """
          typo.scenario: stopped at line 2: 3 lines not run
          0 passed, 1 failed

          """)
    }
  }

  @Test func aSecretExpectationFailsTheScenario() throws {
    let scenario = """
      flow \(Self.flowsDirectory)/plndr.json
      tap checkout
      tap creditCard
      set cvv 123
      expect value payment.card.cvv 123
      set number 4242424242424242
      expect value payment.card.number "•••• 4242"
      """
    try withFlowDirectory(["secret.scenario": scenario]) { directory in
      let result = runCheckout(["replay", "secret.scenario"], in: directory)
      #expect(result.status == 1)
      #expect(result.error.isEmpty)
      #expect(
        result.output == """
          secret.scenario:5:14: failed: expect value payment.card.cvv •••
            - expected value payment.card.cvv •••
            + actual   payment.card.cvv is secret: its value is never shown, so no scenario can expect it
          secret.scenario: stopped at line 5: 2 lines not run
          0 passed, 1 failed

          """)
    }
  }

  @Test func anUnparsableScenarioExitsTwoWithLineAndColumn() throws {
    try withFlowDirectory(["x.json": tinyFlowJSON, "bad.scenario": "flow x.json\ntap checkout\nexpect rout pop\n"]) {
      directory in
      let result = runCheckout(["replay", "bad.scenario"], in: directory)
      #expect(result.status == 2)
      #expect(result.error == "bad.scenario:3:8: error: unknown expectation \"rout\"; did you mean \"route\"?\n")
    }
    try withFlowDirectory(["quote.scenario": "set name \"Ada\n"]) { directory in
      let result = runCheckout(["replay", "quote.scenario"], in: directory)
      #expect(result.status == 2)
      #expect(result.error == "quote.scenario:1:10: error: unterminated string; expected a closing '\"'\n")
    }
  }

  /// The summary line says how many stories ran no check at all, beside the
  /// counts of the checks that ran.
  @Test func theSummaryCountsStoriesThatCouldNotBeRun() throws {
    try withFlowDirectory([
      "bad.scenario": "flow x.json\ntpa checkout\n", "missing.scenario": "flow nowhere.json\ntap checkout\n",
    ]) { directory in
      let result = runCheckout(["replay", "bad.scenario", "missing.scenario"], in: directory)
      #expect(result.status == 2)
      #expect(result.output == "0 passed, 0 failed; 2 stories could not be run\n")
    }
  }

  @Test func aScenarioWhoseFlowCannotLoadExitsTwo() throws {
    try withFlowDirectory(["missing.scenario": "flow nowhere.json\ntap checkout\n"]) { directory in
      let result = runCheckout(["replay", "missing.scenario"], in: directory)
      #expect(result.status == 2)
      #expect(result.error.hasPrefix("missing.scenario:1: error: cannot load the flow nowhere.json:"))
    }
  }

  struct ScriptedReader: LineReader {
    var lines: [String]
    mutating func readLine(prompt: String) -> String? { lines.isEmpty ? nil : lines.removeFirst() }
    mutating func setCompletions(_ words: [String]) {}
  }

  private func repl(_ lines: [String], record: String? = nil) -> (status: Int32, output: String) {
    let capture = CapturedTerminal()
    var reader: any LineReader = ScriptedReader(lines: lines)
    var options = ReplCommand.Options.onTheTestDay
    options.record = record
    let status = ReplCommand.run(options, capture.terminal, reader: &reader)
    return (status.code, capture.output)
  }

  @Test func badInputNeverEndsTheREPL() {
    let result = repl(["tapp checkout", "tap chekout", "set 9 x", "expect at nowhere", "tap checkout", "stack"])
    #expect(result.status == 0)
    #expect(result.output.contains("error: unknown command \"tapp\"; did you mean \"tap\"?"))
    #expect(
      result.output.contains(
        "error: step \"cart\" has no row \"chekout\" (did you mean \"checkout\"?); its rows are items, quantity, subtotal, discount, checkout"
      ))
    #expect(result.output.contains("error: there is no row 9 on this screen; rows are numbered 1 to 5"))
    #expect(result.output.contains("✗ expected at nowhere"))
    #expect(result.output.hasSuffix("cart>stepOne\n"), "the session went on after every error")
  }

  @Test func aRecordedSessionReplaysGreenAndKeepsNoSecret() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID().uuidString).scenario")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = repl(
      [
        "tap checkout", "tap creditCard", "set number \"4242 4242 4242 4242\"", "set cvv 9876", "set expiry 12/28",
        "set name Ada", "tap done", "quit",
      ], record: path)
    #expect(result.status == 0)
    // The header names the file, whose random name may hold any digits: leave it out.
    let recorded = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: path, with: "PATH")
    #expect(!recorded.contains("9876"))
    #expect(recorded.contains("flow builtin:plndr"))
    #expect(recorded.contains("expect stack cart>stepOne|creditCard"))
    let replay = runCheckout(["replay", path])
    #expect(replay.status == 0, "\(replay.output)\(replay.error)")
    #expect(replay.output.hasSuffix("passed, 0 failed\n"))
  }
}

extension ReplayAndReplTests {
  @Test func extraWordsAfterASetAreNeverEchoed() throws {
    try withFlowDirectory(["x.json": tinyFlowJSON, "extra.scenario": "flow x.json\nset cvv 12 34\n"]) { directory in
      let result = runCheckout(["replay", "extra.scenario"], in: directory)
      #expect(result.status == 2)
      #expect(
        result.error
          == "extra.scenario:2:12: error: unexpected words after 'set NAME VALUE'; write a value with spaces in double quotes\n"
      )
      #expect(!result.error.contains("34"))
    }
  }
}
