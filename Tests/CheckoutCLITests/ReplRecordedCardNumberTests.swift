import CheckoutCLI
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing

/// A recording (`checkout repl --record`) never holds a card number: the one typed
/// in its `sensitive` row, wherever its digits come again (another row, any
/// spacing, dashes or digit script), nor any other Luhn-valid card number in any
/// value. Each hidden line's note says truthfully what it hides.
@Suite struct ReplRecordedCardNumberTests {
  static let toTheCard = ["tap checkout", "tap creditCard"]

  /// Runs the REPL on these lines, recording; the recording (its header, which
  /// names the file, left out), and the lines the terminal kept (its history and
  /// its echoes, rewritten).
  func recorded(_ lines: [String]) throws -> (recording: [String], output: String) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("card-\(UUID().uuidString).scenario")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let capture = CapturedTerminal()
    var reader: any LineReader = ReplSecretsTests.TerminalLikeReader(lines: lines + ["quit"])
    var options = ReplCommand.Options.onTheTestDay
    options.record = path
    let status = ReplCommand.run(options, capture.terminal, reader: &reader)
    #expect(status.code == 0, "\(capture.error)")
    let terminal = fixture(reader as? ReplSecretsTests.TerminalLikeReader, "the test's reader")
    let recording = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    let replay = runCheckout(["replay", path])
    #expect(replay.status == 0, "the recording replays: \(replay.output)\(replay.error)")
    return (Array(recording.dropFirst()), (terminal.history + terminal.rewrites.map(\.masked)).joined(separator: "\n"))
  }

  /// The text's digits, any script's read as 0-9, with nothing between them.
  static func digits(_ text: String) -> String {
    String(DecimalDigits.ascii(text).filter { $0.isASCII && $0.isNumber })
  }

  /// Was: `set name "•••• 5556"  # secret: …` for the number retyped as typed, and
  /// `set name "4000056655665556"` (and the Arabic-Indic form) in clear, in the
  /// recording and on the screen.
  @Test func theCardNumberIsHiddenWhereverItsDigitsComeAgain() throws {
    let retyped = [
      "4000 0566 5566 5556", "4000056655665556", "4000-0566-5566-5556", "٤٠٠٠٠٥٦٦٥٥٦٦٥٥٥٦", "۴۰۰۰ ۰۵۶۶ ۵۵۶۶ ۵۵۵۶",
      "４０００ ０５６６ ５５６６ ５５５６", "card 4000 0566 5566 5556, exp 12/30",
    ]
    let (recording, output) = try recorded(
      Self.toTheCard + ["set number \"4000 0566 5566 5556\""] + retyped.map { "set name \"\($0)\"" })
    for line in recording + output.split(separator: "\n").map(String.init) {
      #expect(!Self.digits(line).contains("056655665"), "\(line)")
    }
    let names = recording.filter { $0.hasPrefix("set name ") }
    #expect(names.count == retyped.count)
    for line in names {
      #expect(line.hasSuffix("  # sensitive: a stand-in with the same last four"), "\(line)")
      #expect(Self.digits(line).contains("5556"), "the last four kept: \(line)")
    }
    #expect(
      names.contains(
        "set name \"card 8000 0000 0000 5556, exp 12/30\"  # sensitive: a stand-in with the same last four"))
  }

  /// A Luhn-valid card number in any value is hidden, though no row was given it.
  @Test(arguments: ["4242424242424242", "٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢", "Ada ４２４２ ４２４２ ４２４２ ４２４２"])
  func anyCardNumberInAnotherRowIsHidden(_ typed: String) throws {
    let (recording, output) = try recorded(Self.toTheCard + ["set name \"\(typed)\""])
    let line = try #require(recording.first { $0.hasPrefix("set name ") })
    #expect(!Self.digits(line).contains("424242424242"), "\(line)")
    #expect(line.hasSuffix("  # sensitive: a stand-in with the same last four"))
    #expect(!Self.digits(output).contains("424242424242"))
  }

  /// Was: `set number "1111 1111 1111 1111"  # sensitive: a stand-in with the same
  /// last four`: the stand-in of a number typed in Arabic-Indic digits lost them.
  @Test func aCardNumberTypedInArabicIndicDigitsKeepsItsLastFour() throws {
    let (recording, _) = try recorded(Self.toTheCard + ["set number \"٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢\""])
    #expect(recording.contains("set number \"٠٠٠٠ ٠٠٠٠ ٠٠٠٠ ٤٢٤٢\"  # sensitive: a stand-in with the same last four"))
  }

  /// A secret value (the CVV) retyped in another row is a secret's stand-in, and
  /// says so.
  @Test func aCvvRetypedInAnotherRowIsASecretsStandIn() throws {
    let (recording, _) = try recorded(Self.toTheCard + ["set cvv 987", "set name \"٩٨٧\""])
    #expect(recording.contains("set name \"١١١\"  # secret: a stand-in, not the value typed"))
  }
}
