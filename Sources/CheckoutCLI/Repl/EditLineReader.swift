import Foundation

/// The words tab completion offers; read from C callbacks, which cannot capture.
nonisolated(unsafe) private var completionWords: [String] = []
nonisolated(unsafe) private var completionFound: [String] = []

/// Line editing, history and completion through libedit (or GNU readline), loaded
/// with `dlopen` at run time: the build needs no headers and no package, and the
/// binary does not link either library.
struct EditLineReader: LineReader {
  private typealias ReadlineFunction = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
  private typealias AddHistoryFunction = @convention(c) (UnsafePointer<CChar>?) -> Int32
  private typealias Generator = @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>?
  private typealias CompletionMatches = @convention(c) (UnsafePointer<CChar>?, Generator?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  private typealias Completer = @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

  private let readline: ReadlineFunction
  private let addHistory: AddHistoryFunction

  /// The libraries tried, in order.
  static let libraries = ["libedit.so.2", "libedit.so", "libedit.dylib", "libreadline.so.8", "libreadline.so"]

  /// Loads a line-editing library, or nil when none is present.
  init?() {
    guard let handle = EditLineReader.libraries.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first,
      let readlineSymbol = dlsym(handle, "readline"), let historySymbol = dlsym(handle, "add_history")
    else { return nil }
    readline = unsafeBitCast(readlineSymbol, to: ReadlineFunction.self)
    addHistory = unsafeBitCast(historySymbol, to: AddHistoryFunction.self)
    if let matchesSymbol = dlsym(handle, "rl_completion_matches"),
      let hook = dlsym(handle, "rl_attempted_completion_function")
    {
      EditLineReader.matchesFunction = unsafeBitCast(matchesSymbol, to: CompletionMatches.self)
      let completer: Completer = { text, _, _ in
        guard let matches = EditLineReader.matchesFunction else { return nil }
        return matches(text, { text, state in
          if state == 0 {
            let prefix = text.map { String(cString: $0) } ?? ""
            completionFound = completionWords.filter { $0.hasPrefix(prefix) }
          }
          guard Int(state) < completionFound.count else { return nil }
          return strdup(completionFound[Int(state)])
        })
      }
      hook.assumingMemoryBound(to: Completer?.self).pointee = completer
    }
  }

  nonisolated(unsafe) private static var matchesFunction: CompletionMatches?

  mutating func readLine(prompt: String) -> String? {
    guard let line = prompt.withCString({ readline($0) }) else { return nil }
    defer { free(line) }
    let text = String(cString: line)
    if !text.trimmingCharacters(in: .whitespaces).isEmpty { _ = addHistory(line) }
    return text
  }

  mutating func setCompletions(_ words: [String]) {
    completionWords = words.sorted()
  }
}
