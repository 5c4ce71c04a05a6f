import Foundation

/// Reads lines for the REPL: with line editing, history and tab completion when a
/// line-editing library can be loaded at run time, plain standard input otherwise.
package protocol LineReader {
  /// The next line, or nil at the end of input.
  mutating func readLine(prompt: String) -> String?
  /// Words tab completion offers.
  mutating func setCompletions(_ words: [String])
}

/// Standard input; prompts only when it is a terminal (a pipe gets no prompt noise).
struct PlainLineReader: LineReader {
  let interactive: Bool

  mutating func readLine(prompt: String) -> String? {
    if interactive {
      FileHandle.standardOutput.write(Data(prompt.utf8))
    }
    return Swift.readLine(strippingNewline: true)
  }

  mutating func setCompletions(_ words: [String]) {}
}
