import Foundation

/// Compiled `pattern` rules, built once per flow: compiling a regular expression
/// costs far more than matching one.
public struct PatternCache: Sendable {
  private let expressions: [String: NSRegularExpression]

  /// An empty cache: patterns compile when used.
  public init() {
    expressions = [:]
  }

  /// Every pattern of a flow's rows, compiled.
  public init(_ flow: Flow) {
    var expressions: [String: NSRegularExpression] = [:]
    for row in flow.steps.flatMap(\.rows) {
      for rule in row.rules {
        guard case .pattern(let pattern) = rule.kind, expressions[pattern] == nil else { continue }
        expressions[pattern] = try? PatternCache.compile(pattern)
      }
    }
    self.expressions = expressions
  }

  /// Compiles a pattern, or says why it is not one.
  public static func compile(_ pattern: String) throws -> NSRegularExpression {
    try NSRegularExpression(pattern: pattern)
  }

  /// Why a pattern does not compile, or nil when it does. Swift's parser explains
  /// the mistake (`expected ']'`); the engine that runs it must accept it too.
  public static func problem(with pattern: String) -> String? {
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
  public func wholeMatch(_ pattern: String, _ text: String) -> Bool {
    guard let expression = expressions[pattern] ?? (try? PatternCache.compile(pattern)) else { return false }
    let range = NSRange(text.startIndex..., in: text)
    guard let match = expression.firstMatch(in: text, options: [.anchored], range: range) else { return false }
    return match.range == range
  }
}
