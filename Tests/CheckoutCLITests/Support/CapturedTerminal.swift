import CheckoutCLI
import Foundation
import Synchronization

/// A terminal whose output and error output are kept for the test to read.
final class CapturedTerminal: Sendable {
  private let captured = Mutex<(output: String, error: String)>(("", ""))

  /// Relative paths start here.
  let directory: String
  let colour: Bool

  init(directory: String = FileManager.default.temporaryDirectory.path, colour: Bool = false) {
    self.directory = directory
    self.colour = colour
  }

  var terminal: Terminal {
    Terminal(
      write: { text in self.captured.withLock { $0.output += text } },
      writeError: { text in self.captured.withLock { $0.error += text } },
      colour: colour, currentDirectory: directory)
  }

  /// Everything written to standard output.
  var output: String { captured.withLock { $0.output } }
  /// Everything written to standard error.
  var error: String { captured.withLock { $0.error } }
}

/// What one run of the command line did.
struct RunResult {
  var status: Int32
  var output: String
  var error: String
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
  let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  // The longest common subsequence of lines, so that one inserted line shows as one.
  var common = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
  for i in stride(from: old.count - 1, through: 0, by: -1) {
    for j in stride(from: new.count - 1, through: 0, by: -1) {
      common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
    }
  }
  var lines = ["- expected, + actual:"]
  var (i, j) = (0, 0)
  while i < old.count || j < new.count {
    if i < old.count, j < new.count, old[i] == new[j] {
      lines.append("  " + old[i])
      (i, j) = (i + 1, j + 1)
    } else if j < new.count, i == old.count || common[i][j + 1] >= common[i + 1][j] {
      lines.append("+ " + new[j])
      j += 1
    } else {
      lines.append("- " + old[i])
      i += 1
    }
  }
  return lines.joined(separator: "\n")
}
