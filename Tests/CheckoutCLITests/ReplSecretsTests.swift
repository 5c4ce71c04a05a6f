import CheckoutCLI
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing

/// A `set` of a secret row (the CVV) leaves no trace at the prompt: never kept in
/// the history, its echo rewritten masked, `set cvv` alone asks with echo off, and
/// a recording holds a stand-in. A piped REPL still takes `set cvv 555`.
@Suite struct ReplSecretsTests {
  /// A line reader that plays a terminal: it keeps what the REPL asks of it.
  struct TerminalLikeReader: LineReader {
    var lines: [String]
    var history: [String] = []
    var rewrites: [(typed: String, masked: String)] = []
    var hiddenPrompts: [String] = []
    var completer: ((String, Int) -> [String])?

    mutating func readLine(prompt: String) -> String? { lines.isEmpty ? nil : lines.removeFirst() }
    mutating func remember(_ line: String) { history.append(line) }
    mutating func rewriteEcho(of line: String, prompt: String, as masked: String) { rewrites.append((line, masked)) }
    mutating func readHiddenLine(prompt: String) -> String? {
      hiddenPrompts.append(prompt)
      return readLine(prompt: prompt)
    }
    mutating func setCompleter(_ completer: @escaping (String, Int) -> [String]) { self.completer = completer }
  }

  static let toTheCard = ["tap checkout", "tap creditCard"]

  func repl(_ lines: [String], record: String? = nil) -> (
    status: Int32, output: String, error: String, reader: TerminalLikeReader
  ) {
    let capture = CapturedTerminal()
    var reader: any LineReader = TerminalLikeReader(lines: lines)
    var options = ReplCommand.Options.onTheTestDay
    options.record = record
    let status = ReplCommand.run(options, capture.terminal, reader: &reader)
    return (status.code, capture.output, capture.error, fixture(reader as? TerminalLikeReader, "the test's reader"))
  }

  @Test(arguments: ["set cvv 555", "set 4 555", "set payment.card.cvv 555", "set  cvv   555", "set cvv 5 55"])
  func aSecretSetIsNeverRememberedAndItsEchoIsMasked(_ line: String) {
    let result = repl(Self.toTheCard + [line, "show"])
    #expect(result.reader.history == Self.toTheCard + ["show"], "arrow-up never brings back \(line)")
    #expect(result.reader.rewrites.map(\.typed) == [line])
    #expect(result.reader.rewrites.allSatisfy { !$0.masked.contains("555") && $0.masked.hasSuffix("•••") })
    #expect(!result.output.contains("555"))
  }

  @Test func aSetThatIsNeitherSecretNorSensitiveIsRememberedAndNotRewritten() {
    let result = repl(Self.toTheCard + ["set expiry 12/28", "set name Ada"])
    #expect(result.reader.history == Self.toTheCard + ["set expiry 12/28", "set name Ada"])
    #expect(result.reader.rewrites.isEmpty)
  }

  /// A sensitive value (the card number, shown as `•••• 4242`) is hidden as a
  /// report of `checkout replay` hides it: echoed `•••`, never in the history.
  @Test func aSensitiveSetIsMaskedAsReplayMasksIt() {
    let result = repl(Self.toTheCard + ["set number 4242424242424242"])
    #expect(result.reader.history == Self.toTheCard)
    #expect(result.reader.rewrites.map(\.masked) == ["set number •••"])
    #expect(result.output.contains("•••• 4242"))
  }

  @Test func aSecretRowOfAnotherStepStillCountsAsSecret() {
    let result = repl(["tap checkout", "set cvv 555"])
    #expect(result.reader.history == ["tap checkout"])
    #expect(result.output.contains("step \"stepOne\" has no row \"cvv\""))
    #expect(!result.output.contains("555"))
  }

  @Test func setCvvAloneAsksForTheValueWithEchoOffAndSetsIt() {
    let result = repl(Self.toTheCard + ["set cvv", "555", "expect valid cvv", "expect value payment.card.cvv 555"])
    #expect(result.reader.hiddenPrompts == ["CVV (hidden as you type): "])
    #expect(
      result.reader.history == Self.toTheCard + ["set cvv", "expect valid cvv"], "a secret's expected value neither")
    #expect(result.output.contains("✓ holds"), "the CVV was set and passes its rules")
    #expect(result.output.contains("  4. CVV           •••\n"))
    #expect(!result.output.contains("555"))
  }

  @Test func setARowAloneThatIsNotSecretAsksWithEcho() {
    let result = repl(Self.toTheCard + ["set expiry", "12/28", "expect value payment.card.expiry 12/28"])
    #expect(result.reader.hiddenPrompts.isEmpty)
    #expect(result.output.contains("✓ holds"))
  }

  @Test func aCancelledPromptSetsNothing() {
    let result = repl(Self.toTheCard + ["set cvv"])
    #expect(result.output.contains("nothing set (to empty a row: set cvv \"\")"))
    #expect(result.status == 0)
  }

  @Test func aPipedREPLStillTakesASecretSet() throws {
    let capture = CapturedTerminal()
    var reader: any LineReader = ReplayAndReplTests.ScriptedReader(
      lines: Self.toTheCard + ["set cvv 555", "expect valid cvv", "set cvv", "9876", "expect valid cvv"])
    let status = ReplCommand.run(.onTheTestDay, capture.terminal, reader: &reader)
    #expect(status.code == 0)
    #expect(capture.output.components(separatedBy: "✓ holds").count == 3)
    #expect(!capture.output.contains("555") && !capture.output.contains("9876"))
  }

  @Test func aRecordingNeverHoldsTheCvvHoweverItWasTyped() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString).scenario")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = repl(
      Self.toTheCard + [
        "set name Ada", "set number 4242424242424242", "set expiry 12/28",
        "set cvv 555", "set 4 556", "set payment.card.cvv 557", "set cvv", "558", "tap done", "quit",
      ], record: path)
    #expect(result.status == 0)
    // The header names the file, whose random name may hold any digits: leave it out.
    let recorded = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: path, with: "PATH")
    for typed in ["555", "556", "557", "558"] { #expect(!recorded.contains(typed), "\(typed) is in the recording") }
    #expect(recorded.components(separatedBy: "# secret: a stand-in, not the value typed").count == 5)
    let replay = runCheckout(["replay", path])
    #expect(replay.status == 0, "\(replay.output)\(replay.error)")
  }

  @Test func aRecordingThatCannotBeWrittenFailsAtTheStart() {
    let result = repl(["tap checkout"], record: "/no/such/dir/x.scenario")
    #expect(result.status == 2)
    #expect(result.error == "checkout: cannot record to /no/such/dir/x.scenario: No such file or directory\n")
    #expect(result.output.isEmpty, "no session starts")
    #expect(result.reader.lines == ["tap checkout"], "nothing was read")
  }
}
