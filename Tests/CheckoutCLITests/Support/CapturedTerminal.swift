import CheckoutCLI
import CheckoutTestSupport
import Foundation

/// A terminal whose output and error output are kept for the test to read.
final class CapturedTerminal: @unchecked Sendable {
  /// Guards `captured`, the only mutable state.
  private let lock = NSLock()
  private var captured: (output: String, error: String) = ("", "")

  private func withLock<T>(_ body: (inout (output: String, error: String)) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&captured)
  }

  /// Relative paths start here.
  let directory: String
  let colour: Bool
  /// The terminal's width in columns.
  let width: Int

  init(
    directory: String = FileManager.default.temporaryDirectory.path, colour: Bool = false,
    width: Int = Terminal.defaultWidth
  ) {
    self.directory = directory
    self.colour = colour
    self.width = width
  }

  var terminal: Terminal {
    Terminal(
      write: { text in self.withLock { $0.output += text } },
      writeError: { text in self.withLock { $0.error += text } },
      colour: colour, currentDirectory: directory, width: { [width] in width })
  }

  /// Everything written to standard output.
  var output: String { withLock { $0.output } }
  /// Everything written to standard error.
  var error: String { withLock { $0.error } }
}

/// What one run of the command line did.
struct RunResult {
  var status: Int32
  var output: String
  var error: String
}

/// Runs `checkout repl` with `options` on the scripted `lines`, relative paths
/// starting in `directory`: its exit status, and what it wrote to standard output
/// then to standard error. The one runner of the REPL tests that read both.
func runREPL(
  _ lines: [String], _ options: ReplCommand.Options = .onTheTestDay, in directory: String? = nil
) -> (status: Int32, output: String) {
  let capture = CapturedTerminal(directory: directory ?? FileManager.default.temporaryDirectory.path)
  var reader: any LineReader = ReplayAndReplTests.ScriptedReader(lines: lines)
  let status = ReplCommand.run(options, capture.terminal, reader: &reader)
  return (status.code, capture.output + capture.error)
}

/// Runs `checkout ARGUMENTS` with relative paths starting in `directory`.
func runCheckout(_ arguments: [String], in directory: String? = nil, colour: Bool = false) -> RunResult {
  let capture = CapturedTerminal(directory: directory ?? FileManager.default.temporaryDirectory.path, colour: colour)
  let status = CheckoutCommandLine.run(arguments: arguments, terminal: capture.terminal)
  return RunResult(status: status.code, output: capture.output, error: capture.error)
}

/// Runs `body` in a fresh directory holding `files` (name -> contents), removed afterwards.
func withFlowDirectory<Result>(
  _ files: [String: String], _ body: (_ directory: String) throws -> Result
) throws -> Result {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-cli-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: path) }
  for (name, contents) in files {
    try contents.write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
  }
  return try body(path)
}

/// A line diff for failed golden comparisons: `-` expected, `+` actual.
func lineDiff(expected: String, actual: String) -> String {
  LineDiff.render(expected: expected, actual: actual)
}
