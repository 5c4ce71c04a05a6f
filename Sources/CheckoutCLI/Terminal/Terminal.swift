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
  /// Measures the width to wrap text to, when asked (a terminal can be resized).
  private var measureWidth: @Sendable () -> Int

  package init(
    write: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
    colour: Bool = false, currentDirectory: String = FileManager.default.currentDirectoryPath,
    width: @escaping @Sendable () -> Int = { Terminal.defaultWidth }
  ) {
    self.write = write
    self.writeError = writeError
    self.colour = colour
    self.currentDirectory = currentDirectory
    self.measureWidth = width
  }

  /// The width text is wrapped to: the terminal's columns now, or
  /// ``defaultWidth`` when output goes to a pipe or a file.
  package var width: Int { max(20, measureWidth()) }

  /// The width when output is no terminal.
  package static let defaultWidth = 80

  /// The columns of the terminal on standard output, or ``defaultWidth``.
  package static func standardOutputWidth() -> Int { columns(of: STDOUT_FILENO) }

  /// The columns of the terminal open as `descriptor`, or ``defaultWidth`` when it
  /// is no terminal.
  static func columns(of descriptor: Int32) -> Int {
    guard isatty(descriptor) == 1 else { return defaultWidth }
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return defaultWidth }
    return Int(size.ws_col)
  }

  /// The process's own standard output and error; colour only on a terminal without `NO_COLOR`.
  package static var standard: Terminal {
    let environment = ProcessInfo.processInfo.environment
    let colour = isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"].map(\.isEmpty) ?? true
    return Terminal(
      write: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
      writeError: { text in FileHandle.standardError.write(Data(text.utf8)) },
      colour: colour, width: { standardOutputWidth() })
  }

  /// Writes a line to standard output.
  package func line(_ text: String = "") { write(text + "\n") }
  /// Writes a line to standard error.
  package func errorLine(_ text: String) { writeError(text + "\n") }

  /// `text` broken at spaces into lines of at most `width` characters (a longer
  /// word gets a line of its own): the first line keeps the spaces `text` starts
  /// with, every later one starts with `indent`.
  package static func wrap(_ text: String, width: Int, indent: String = "") -> [String] {
    var lines: [String] = []
    var line = String(text.prefix { $0 == " " })
    var lineHasWord = false
    for word in text.split(separator: " ") {
      if lineHasWord, line.count + 1 + word.count > width {
        lines.append(line)
        line = indent + word
      } else {
        line += (lineHasWord ? " " : "") + word
      }
      lineHasWord = true
    }
    lines.append(line)
    return lines
  }

  /// `text` in a colour when colour is on.
  package func styled(_ text: String, _ style: Style) -> String {
    colour ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
  }

  /// The ANSI styles the command line uses.
  package enum Style: String, Sendable {
    case red = "31", green = "32", yellow = "33", blue = "34", bold = "1", dim = "2"
  }
}
