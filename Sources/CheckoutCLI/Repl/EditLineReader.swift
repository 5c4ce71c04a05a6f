import Foundation

/// The completion in use, read from C callbacks, which cannot capture.
nonisolated(unsafe) private var completer: ((String, Int) -> [String])?
/// The candidates of the completion in progress.
nonisolated(unsafe) private var completionFound: [String] = []

/// Line editing, history and completion through libedit (or GNU readline), loaded
/// with `dlopen` at run time: the build needs no headers and no package, and the
/// binary does not link either library. The only file of the command line that
/// touches C pointers.
struct EditLineReader: LineReader {
  /// The editor echoes every key typed.
  var showsTypedLine: Bool { true }

  private typealias ReadlineFunction = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
  private typealias AddHistoryFunction = @convention(c) (UnsafePointer<CChar>?) -> Int32
  private typealias Generator = @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>?
  private typealias CompletionMatches =
    @convention(c) (UnsafePointer<CChar>?, Generator?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  private typealias Completer =
    @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

  private let readline: ReadlineFunction
  private let addHistory: AddHistoryFunction

  /// The libraries tried, in order.
  static let libraries = ["libedit.so.2", "libedit.so", "libedit.dylib", "libreadline.so.8", "libreadline.so"]

  /// Loads a line-editing library, or nil when none is present. First makes the
  /// keys typed read as UTF-8 (``InputCharacterSet``), which libedit needs to take
  /// any letter outside ASCII.
  init?() {
    InputCharacterSet.useUTF8()
    guard let handle = EditLineReader.libraries.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first,
      let readlineSymbol = dlsym(handle, "readline"), let historySymbol = dlsym(handle, "add_history")
    else { return nil }
    readline = unsafeBitCast(readlineSymbol, to: ReadlineFunction.self)
    addHistory = unsafeBitCast(historySymbol, to: AddHistoryFunction.self)
    if let matchesSymbol = dlsym(handle, "rl_completion_matches"),
      let hook = dlsym(handle, "rl_attempted_completion_function")
    {
      EditLineReader.matchesFunction = unsafeBitCast(matchesSymbol, to: CompletionMatches.self)
      EditLineReader.lineBuffer = dlsym(handle, "rl_line_buffer")?.assumingMemoryBound(
        to: UnsafeMutablePointer<CChar>?.self)
      EditLineReader.point = dlsym(handle, "rl_point")?.assumingMemoryBound(to: Int32.self)
      EditLineReader.completionOver = dlsym(handle, "rl_attempted_completion_over")?.assumingMemoryBound(to: Int32.self)
      let complete: Completer = { text, start, end in
        // No file names when nothing fits.
        EditLineReader.completionOver?.pointee = 1
        guard let matches = EditLineReader.matchesFunction else { return nil }
        let word = text.map { String(cString: $0) } ?? ""
        let (line, cursor) = EditLineReader.lineBeforeCursor(end: end) ?? (word, word.count)
        completionFound = (completer?(line, cursor) ?? []).filter { $0.hasPrefix(word) }
        return matches(
          text,
          { _, state in
            guard Int(state) < completionFound.count else { return nil }
            return strdup(completionFound[Int(state)])
          })
      }
      hook.assumingMemoryBound(to: Completer?.self).pointee = complete
    }
  }

  nonisolated(unsafe) private static var matchesFunction: CompletionMatches?
  nonisolated(unsafe) private static var lineBuffer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  nonisolated(unsafe) private static var point: UnsafeMutablePointer<Int32>?
  nonisolated(unsafe) private static var completionOver: UnsafeMutablePointer<Int32>?

  /// The line being edited up to the cursor, and the cursor's character offset:
  /// from `rl_line_buffer` and `rl_point` (a byte offset), else up to `end`.
  private static func lineBeforeCursor(end: Int32) -> (String, Int)? {
    guard let buffer = lineBuffer?.pointee else { return nil }
    let bytes = Array(UnsafeBufferPointer(start: buffer, count: strlen(buffer))).map { UInt8(bitPattern: $0) }
    let cursor = min(bytes.count, max(0, Int(point?.pointee ?? end)))
    let before = String(decoding: bytes[..<cursor], as: UTF8.self)
    return (before, before.count)
  }

  mutating func readLine(prompt: String) -> String? {
    guard let line = prompt.withCString({ readline($0) }) else { return nil }
    defer { free(line) }
    return String(cString: line)
  }

  mutating func remember(_ line: String) {
    if !line.trimmingCharacters(in: .whitespaces).isEmpty { _ = line.withCString { addHistory($0) } }
  }

  mutating func rewriteEcho(of line: String, prompt: String, as masked: String) {
    TerminalEcho.rewrite(prompt + line, as: prompt + masked)
  }

  mutating func readHiddenLine(prompt: String) -> String? {
    TerminalEcho.readHiddenLine(prompt: prompt)
  }

  mutating func setCompleter(_ complete: @escaping (_ line: String, _ cursor: Int) -> [String]) {
    completer = complete
  }
}
