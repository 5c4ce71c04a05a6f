import Foundation

/// Reads lines for the REPL: with line editing, history and tab completion when a
/// line-editing library can be loaded at run time, plain standard input otherwise.
///
/// Nothing read is kept in the history until the REPL passes it to ``remember(_:)``
/// (it never passes a line that sets a secret).
package protocol LineReader {
  /// The next line, or nil at the end of input.
  mutating func readLine(prompt: String) -> String?
  /// Keeps a line in the history that arrow-up brings back.
  mutating func remember(_ line: String)
  /// Rewrites the line just read, still on the terminal after `prompt`, as `masked`
  /// (`set cvv •••`). A reader that echoes nothing itself does nothing.
  mutating func rewriteEcho(of line: String, prompt: String, as masked: String)
  /// Reads one line without echoing it (a secret value); nil when the person
  /// cancels (Ctrl-C) or the input ends.
  mutating func readHiddenLine(prompt: String) -> String?
  /// What tab completion offers: the candidates for a line, given the cursor's
  /// character offset in it.
  mutating func setCompleter(_ completer: @escaping (_ line: String, _ cursor: Int) -> [String])
  /// Whether the line read stands on the screen after the prompt (a terminal
  /// echoed it), so that a mark under it lines up; false for piped input.
  var showsTypedLine: Bool { get }
}

extension LineReader {
  /// No history: nothing to keep.
  package mutating func remember(_ line: String) {}
  /// No terminal echo: nothing to rewrite.
  package mutating func rewriteEcho(of line: String, prompt: String, as masked: String) {}
  /// Without a terminal there is no echo to turn off: the next line, as read.
  package mutating func readHiddenLine(prompt: String) -> String? { readLine(prompt: prompt) }
  /// No completion.
  package mutating func setCompleter(_ completer: @escaping (_ line: String, _ cursor: Int) -> [String]) {}
  /// No echo: the line read is not on the screen.
  package var showsTypedLine: Bool { false }
}

/// Standard input; prompts only when it is a terminal (a pipe gets no prompt noise).
struct PlainLineReader: LineReader {
  let interactive: Bool

  var showsTypedLine: Bool { interactive }

  mutating func readLine(prompt: String) -> String? {
    if interactive {
      FileHandle.standardOutput.write(Data(prompt.utf8))
    }
    return Swift.readLine(strippingNewline: true)
  }

  mutating func rewriteEcho(of line: String, prompt: String, as masked: String) {
    if interactive { TerminalEcho.rewrite(prompt + line, as: prompt + masked) }
  }

  mutating func readHiddenLine(prompt: String) -> String? {
    interactive ? TerminalEcho.readHiddenLine(prompt: prompt) : readLine(prompt: prompt)
  }
}
