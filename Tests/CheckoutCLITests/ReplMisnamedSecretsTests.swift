import CheckoutCLI
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing

/// A line that names a secret wrongly leaves no more trace than one that names it
/// rightly: a `set` of a row or key the screen does not have (`set cvvv 5432`), an
/// `expect value` of a secret or unknown key, API data for a secret key (or a key
/// close to one), and a line that does not parse after such a name. The value is
/// never on the screen, in the history or in the recording; a line that failed is
/// left out of the recording (a comment says so), so the recording replays.
@Suite struct ReplMisnamedSecretsTests {
  typealias Reader = ReplSecretsTests.TerminalLikeReader

  static let toTheCard = ReplSecretsTests.toTheCard

  struct Session {
    var status: Int32
    var output: String
    var error: String
    var reader: Reader
    /// The recording, with its own (random) path taken out (as from the output).
    var recorded: String
    var path: String
  }

  /// Runs the REPL on `lines`, recording to a new file that is removed afterwards.
  func repl(_ lines: [String], _ body: (Session) throws -> Void) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("misnamed-\(UUID().uuidString).scenario")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let capture = CapturedTerminal()
    var reader: any LineReader = Reader(lines: lines)
    var options = ReplCommand.Options.onTheTestDay
    options.record = path
    let status = ReplCommand.run(options, capture.terminal, reader: &reader)
    // The header and the last line name the file, whose random name may hold any
    // digits: leave it out.
    let recorded = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: path, with: "PATH")
    try body(
      Session(
        status: status.code, output: capture.output.replacingOccurrences(of: path, with: "PATH"),
        error: capture.error.replacingOccurrences(of: path, with: "PATH"),
        reader: fixture(reader as? Reader, "the test's reader"), recorded: recorded, path: path))
  }

  /// Each line, typed on the card sheet, and the value it must never show.
  static let misnamed: [(line: String, value: String, shown: String)] = [
    ("set cvvv 5432", "5432", "set cvvv •••"),
    ("set Cvv 7654", "7654", "set Cvv •••"),
    ("set payment.card.cv 6543", "6543", "set payment.card.cv •••"),
    ("set 9 7643", "7643", "set 9 •••"),
    ("expect value payment.card.cvv 8765", "8765", "expect value payment.card.cvv •••"),
    ("expect value payment.card.cv 8764", "8764", "expect value payment.card.cv •••"),
    ("api placeOrder ok payment.card.cvv=9876", "9876", "api placeOrder ok payment.card.cvv=•••"),
    ("api placeOrder ok payment.card.cv=9875", "9875", "api placeOrder ok payment.card.cv=•••"),
    ("api placeOrder action three_d_secure Cvv=9874", "9874", "api placeOrder action three_d_secure Cvv=•••"),
    ("cvv 4837", "4837", "cvv •••"),
    ("tap cvv 4836", "4836", "tap cvv •••"),
    ("expect value payment.card.cvv 47 38", "47 38", "expect value payment.card.cvv •••"),
    ("set cvvv \"54 32\"", "54 32", "set cvvv •••"),
    ("api placeOrder ok payment.card.cv=\"98 73\"", "98 73", "api placeOrder ok payment.card.cv=•••"),
    ("set CVV 7396", "7396", "set CVV •••"),
    ("tap 4 7394", "7394", "tap 4 •••"),
    ("expect detail cvv 7397", "7397", "expect detail cvv •••"),
    ("expect error cvv 7323", "7323", "expect error cvv •••"),
    ("expect error 4 7324", "7324", "expect error 4 •••"),
    ("expect title cvv \"7384\"", "7384", "expect title cvv •••"),
    ("expect valid cvv 7385", "7385", "expect valid cvv •••"),
  ]

  @Test(arguments: misnamed)
  func aMisnamedSecretIsNeverShownRememberedOrRecorded(_ typed: (line: String, value: String, shown: String)) throws {
    try repl(Self.toTheCard + [typed.line, "show", "quit"]) { session in
      #expect(session.status == 0)
      #expect(session.reader.rewrites.map(\.typed) == [typed.line])
      #expect(session.reader.rewrites.map(\.masked) == [typed.shown], "the echo is rewritten masked")
      #expect(session.reader.history == Self.toTheCard + ["show", "quit"], "arrow-up never brings back \(typed.line)")
      for word in typed.value.split(separator: " ") {
        #expect(!session.output.contains(word), "\(word) is on the screen:\n\(session.output)")
        #expect(!session.error.contains(word))
        #expect(!session.recorded.contains(word), "\(word) is in the recording:\n\(session.recorded)")
      }
      let replay = runCheckout(["replay", session.path])
      #expect(replay.status == 0, "\(replay.output)\(replay.error)")
    }
  }

  @Test func aFailedLineIsLeftOutOfTheRecordingWithACommentAndTheRecordingReplays() throws {
    let lines =
      Self.toTheCard + [
        "set cvvv 5432", "tap chekout", "expect at nowhere", "tapp done", "expect value payment.card.cvv 8765",
        "expect detail cvv 7397", "tap 4 7394", "set name Ada", "set number 4242424242424242", "set expiry 12/28",
        "set cvv 4821", "tap done", "quit",
      ]
    try repl(lines) { session in
      #expect(session.status == 0)
      #expect(
        session.recorded.contains(
          """
          expect stack cart>stepOne|creditCard
          # left out, it failed: set cvvv •••
          # left out, it failed: tap chekout
          # left out, it failed: expect at nowhere
          # left out, it failed: tapp done
          # left out, it failed: expect value payment.card.cvv •••
          # left out, it failed: expect detail cvv •••
          # left out, it failed: tap 4 •••
          set name Ada

          """), "\(session.recorded)")
      for value in ["5432", "8765", "4821", "7397", "7394"] { #expect(!session.recorded.contains(value)) }
      let replay = runCheckout(["replay", session.path])
      #expect(replay.status == 0, "\(replay.output)\(replay.error)")
      #expect(replay.output.hasSuffix("passed, 0 failed\n"))
    }
  }

  @Test func aFailedExpectationOfAMisnamedKeyShowsNoValue() throws {
    try repl(Self.toTheCard + ["expect value payment.card.cv 8764"]) { session in
      #expect(session.output.contains("✗ expected value payment.card.cv •••\n"), "\(session.output)")
      #expect(session.output.contains("actual   value payment.card.cv not set; the flow has no key"))
    }
  }

  @Test func aSyntaxErrorAfterASecretNameQuotesNoValue() throws {
    try repl(Self.toTheCard + ["tap cvv 4836"]) { session in
      #expect(session.output.contains("error: unexpected \"•••\" after 'tap'; usage: tap ROW\n"), "\(session.output)")
      #expect(!session.output.contains("  tap cvv"), "the line is not written out under a mark")
    }
  }

  /// A failed expectation about a row that takes a secret never repeats the text
  /// expected of it; a syntax error after the CVV's number quotes no value either.
  @Test(arguments: [
    ("expect detail cvv 7397", "✗ expected detail of cvv \"•••\"\n"),
    ("expect error cvv 7323", "✗ expected error on cvv containing \"•••\"\n"),
    ("tap 4 7394", "error: unexpected \"•••\" after 'tap'; usage: tap ROW\n"),
  ])
  func aFailureAboutTheCVVRowQuotesNoValue(_ line: String, _ said: String) throws {
    try repl(Self.toTheCard + [line]) { session in
      #expect(session.output.contains(said), "\(session.output)")
    }
  }

  @Test func setOfAnUnknownTargetAloneAsksForNoValue() throws {
    try repl(Self.toTheCard + ["set payment.card.cv", "5555", "quit"]) { session in
      #expect(session.reader.hiddenPrompts.isEmpty)
      #expect(
        session.output.contains(
          "error: no row binds \"payment.card.cv\" (did you mean \"payment.card.cvv\"?)"), "\(session.output)")
      #expect(session.output.contains("error: unknown command \"5555\""), "the next line is a line, not a value")
      #expect(session.recorded.contains("# left out, it failed: set payment.card.cv\n"))
    }
  }

  @Test func linesThatNameNoSecretAreShownRememberedAndRecordedAsTyped() throws {
    let lines = [
      "tap checkout", "tap shippingAddress", "set zip 97201", "expect value shipping.zip 97201",
      "api placeOrder ok order.number=PL-7 note=gift", "quit",
    ]
    try repl(lines) { session in
      #expect(session.reader.rewrites.isEmpty)
      #expect(session.reader.history == lines)
      for line in lines.dropFirst(2).dropLast() { #expect(session.recorded.contains("\n\(line)\n"), "\(line)") }
    }
  }
}
