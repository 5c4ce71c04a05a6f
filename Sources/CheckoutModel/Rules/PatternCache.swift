import Foundation

/// Compiled `pattern` rules, built once per flow: compiling a regular expression
/// costs far more than matching one.
package struct PatternCache: Sendable {
  private let expressions: [String: NSRegularExpression]
  /// The patterns a ``SimplePattern`` matches without the regular-expression engine.
  private let simple: [String: SimplePattern]
  private let memo = MatchMemo()

  /// An empty cache: patterns compile when used.
  package init() {
    expressions = [:]
    simple = [:]
  }

  /// Every pattern of a flow's rows, compiled.
  package init(_ flow: Flow) {
    var expressions: [String: NSRegularExpression] = [:]
    var simple: [String: SimplePattern] = [:]
    for row in flow.steps.flatMap(\.rows) {
      for rule in row.rules {
        guard case .pattern(let pattern) = rule.kind, expressions[pattern] == nil else { continue }
        expressions[pattern] = try? PatternCache.compile(pattern)
        if expressions[pattern] != nil { simple[pattern] = SimplePattern(pattern) }
      }
    }
    self.expressions = expressions
    self.simple = simple
  }

  /// Compiles a pattern, or says why it is not one.
  package static func compile(_ pattern: String) throws -> NSRegularExpression {
    try NSRegularExpression(pattern: pattern)
  }

  /// Why a pattern does not compile, or nil when it does. Swift's parser explains
  /// the mistake (`expected ']'`); the engine that runs it must accept it too.
  package static func problem(with pattern: String) -> String? {
    do {
      _ = try Regex(pattern)
    } catch {
      return "\(error)"
    }
    guard (try? compile(pattern)) != nil else {
      return "the pattern engine (ICU) refuses it; check brackets, braces and escapes"
    }
    return nil
  }

  /// Whether the whole text matches the pattern (false when it does not compile).
  ///
  /// Recent answers are remembered (a submit checks the same values again and again,
  /// and matching costs microseconds where remembering costs nanoseconds).
  /// Simple patterns (see `SimplePattern`) are matched directly, without the
  /// engine and without remembering anything.
  package func wholeMatch(_ pattern: String, _ text: String, remember: Bool = true) -> Bool {
    if let simple = simple[pattern] { return simple.wholeMatch(text) }
    if remember, let known = memo.answer(pattern, text) { return known }
    guard let expression = expressions[pattern] ?? (try? PatternCache.compile(pattern)) else { return false }
    let range = NSRange(text.startIndex..., in: text)
    let matches = expression.firstMatch(in: text, options: [.anchored], range: range)?.range == range
    if remember { memo.remember(pattern, text, matches) }
    return matches
  }
}

/// A bounded, thread-safe memory of pattern answers, shared by every session of a
/// flow. It holds values that rules checked (never a secret row's: callers pass
/// `remember: false` for those), lives in memory only, and is never printed.
///
/// `@unchecked Sendable` because its one mutable stored property, `answers`, is
/// guarded by its one lock, an NSLock (a pthread mutex): the thread sanitizer
/// understands it, where it does not see through Synchronization.Mutex's futex on Linux.
private final class MatchMemo: @unchecked Sendable {
  private static let capacity = 4_096
  private let lock = NSLock()
  private var answers: [Key: Bool] = [:]

  private struct Key: Hashable {
    var pattern: String
    var text: String
  }

  func answer(_ pattern: String, _ text: String) -> Bool? {
    lock.lock()
    defer { lock.unlock() }
    return answers[Key(pattern: pattern, text: text)]
  }

  func remember(_ pattern: String, _ text: String, _ matches: Bool) {
    lock.lock()
    defer { lock.unlock() }
    if answers.count >= MatchMemo.capacity { answers.removeAll(keepingCapacity: true) }
    answers[Key(pattern: pattern, text: text)] = matches
  }
}
