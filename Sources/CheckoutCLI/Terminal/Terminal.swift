import Foundation

/// Where a command writes, and what it knows of its surroundings: injected, so
/// tests capture output and a server could run commands too.
package struct Terminal: Sendable {
  /// Writes to standard output.
  package var write: @Sendable (String) -> Void
  /// Writes to standard error.
  package var writeError: @Sendable (String) -> Void
  /// Whether standard output is a terminal and colour is allowed there.
  package var colour: Bool
  /// The directory relative paths start from.
  package var currentDirectory: String

  package init(
    write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
    colour: Bool = false, currentDirectory: String = FileManager.default.currentDirectoryPath
  ) {
    self.write = write
    self.writeError = writeError
    self.colour = colour
    self.currentDirectory = currentDirectory
  }

  /// The process's own standard output and error; colour only on a terminal without `NO_COLOR`.
  package static var standard: Terminal {
    let environment = ProcessInfo.processInfo.environment
    let colour = isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"].map(\.isEmpty) ?? true
    return Terminal(
      write: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
      writeError: { text in FileHandle.standardError.write(Data(text.utf8)) },
      colour: colour)
  }

  /// Writes a line to standard output.
  package func line(_ text: String = "") { write(text + "\n") }
  /// Writes a line to standard error.
  package func errorLine(_ text: String) { writeError(text + "\n") }

  /// `text` in a colour when colour is on.
  package func styled(_ text: String, _ style: Style) -> String {
    colour ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }

  /// The ANSI styles the command line uses.
  package enum Style: String, Sendable {
    case red = "31", green = "32", yellow = "33", blue = "34", bold = "1", dim = "2"
  }
}
