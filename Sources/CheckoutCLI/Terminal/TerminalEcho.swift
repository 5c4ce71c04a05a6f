import Foundation

/// What the terminal shows of what a person types: a line rewritten after it was
/// read (a secret masked), and a line read with echo off.
package enum TerminalEcho {
  /// The escapes that replace `typed` (the prompt and the line, just echoed and
  /// ended with Enter) with `masked`: up as many rows as it took on a terminal
  /// `width` columns wide, clear to the end of the screen, write `masked`.
  package static func rewriteSequence(_ typed: String, as masked: String, width: Int) -> String {
    let rows = max(1, (typed.count + max(1, width) - 1) / max(1, width))
    return "\u{1B}[\(rows)A\r\u{1B}[J" + masked + "\n"
  }

  /// Where the typing is echoed: the controlling terminal (even when standard
  /// output goes to a pipe or a file), else standard output.
  static func echoOutput() -> FileHandle {
    FileHandle(forWritingAtPath: "/dev/tty") ?? .standardOutput
  }

  /// Rewrites the line just echoed on the terminal as `masked`.
  static func rewrite(_ typed: String, as masked: String) {
    let output = echoOutput()
    let sequence = rewriteSequence(typed, as: masked, width: Terminal.columns(of: output.fileDescriptor))
    output.write(Data(sequence.utf8))
  }

  /// One line from the terminal on standard input with echo off, as a password
  /// prompt reads it: Backspace and Ctrl-U edit, Enter ends it; Ctrl-C or Ctrl-D
  /// (on an empty line) cancel with nil. The terminal's settings come back on every
  /// path. When standard input is no terminal, the next line as read.
  static func readHiddenLine(prompt: String) -> String? {
    let output = echoOutput()
    output.write(Data(prompt.utf8))
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return Swift.readLine(strippingNewline: true) }
    var hidden = saved
    // No echo, byte by byte, and Ctrl-C arrives as a byte instead of a signal, so
    // nothing can end the process while the echo is off.
    hidden.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
    guard tcsetattr(STDIN_FILENO, TCSANOW, &hidden) == 0 else { return Swift.readLine(strippingNewline: true) }
    defer {
      _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
      output.write(Data("\n".utf8))
    }
    var bytes = HiddenLine()
    let input = FileHandle.standardInput
    while true {
      guard let byte = input.readData(ofLength: 1).first else { return nil }
      switch bytes.take(byte, next: { input.readData(ofLength: 1).first }) {
      case .more: continue
      case .done(let line): return line
      case .cancelled: return nil
      }
    }
  }
}

/// The bytes of a line typed with echo off, and what each key does to it.
package struct HiddenLine {
  /// The bytes typed so far.
  private var bytes: [UInt8] = []

  /// An empty line.
  package init() {}

  /// What a key did.
  package enum Step: Equatable {
    /// The line goes on.
    case more
    /// Enter: the line.
    case done(String)
    /// Ctrl-C, or Ctrl-D on an empty line.
    case cancelled
  }

  /// Takes one byte typed; `next` reads the rest of an escape sequence (arrow keys
  /// are ignored).
  package mutating func take(_ byte: UInt8, next: () -> UInt8?) -> Step {
    switch byte {
    case 0x0A, 0x0D: return .done(String(decoding: bytes, as: UTF8.self))
    case 0x03: return .cancelled
    case 0x04: return bytes.isEmpty ? .cancelled : .more
    case 0x7F, 0x08:
      // One character back: its continuation bytes, then its first byte.
      while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
      if !bytes.isEmpty { bytes.removeLast() }
    case 0x15: bytes.removeAll()
    case 0x1B:
      if let kind = next(), kind == UInt8(ascii: "[") || kind == UInt8(ascii: "O") {
        while let final = next(), !(0x40...0x7E).contains(final) {}
      }
    case 0..<0x20: break
    default: bytes.append(byte)
    }
    return .more
  }
}
