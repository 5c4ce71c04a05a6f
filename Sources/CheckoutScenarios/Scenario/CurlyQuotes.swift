import Foundation
import CheckoutModel

/// Curly quotes where a straight one belongs: a word a word processor or a phone
/// keyboard typed as `“Ada Lovelace”`. Only `"` quotes in the scenario language, so
/// such a word would be read as text, quote marks and all (`set cvv “7415”` would
/// enter `“7415”`), or split at its blank. A word that starts with `“`, `„`, `‘` or
/// `‚` (after a `KEY=` too), or ends with `”` or `“`, is an error instead; a word
/// that only ends with `’` is an apostrophe (`James’`). Inside straight quotes they
/// are text like any other: `set name "„Hallo“"`.
enum CurlyQuotes {
  /// Every curly quote mark this reads.
  static let marks = CharacterSet(charactersIn: "“”„‘’‚")
  /// Each opening curly quote and the marks that may close it (`„Hallo“`, `„Hallo”`).
  private static let closers: [Character: [Character]] = [
    "“": ["”"], "„": ["“", "”"], "‘": ["’"], "‚": ["‘", "’"],
  ]
  /// The closing curly quotes a word may not end with, and the opening mark each pairs with.
  private static let openerOfCloser: [Character: Character] = ["”": "“", "“": "„"]

  /// The error for an unquoted word that uses curly quotes as quotes, or nil: at the
  /// column of the mark, naming the pair and the line's text written in straight
  /// quotes (`curly quotes (“ ”) are not quotes here; write straight double quotes:
  /// "Ada Lovelace"`).
  static func misuse(
    in token: ScenarioLexer.Token, of characters: [Character], lineNumber: Int
  ) -> ScenarioSyntaxError? {
    let start = token.column - 1
    let word = Array(token.text)
    let keyEnd = word.firstIndex(of: "=").map { $0 + 1 } ?? 0
    let opening = [0, keyEnd].first { $0 < word.count && closers[word[$0]] != nil }
    if let opening {
      let mark = word[opening]
      let from = start + opening + 1
      let end = characters[from...].firstIndex { closers[mark]?.contains($0) == true }
      let inner = String(characters[from..<(end ?? start + word.count)])
      let key = String(word[..<opening])
      return error(line: lineNumber, column: start + opening + 1, pair: (mark, closers[mark]?[0] ?? mark), key, inner)
    }
    guard let last = word.last, let mark = openerOfCloser[last] else { return nil }
    let inner = String(word[keyEnd..<(word.count - 1)])
    return error(
      line: lineNumber, column: start + word.count, pair: (mark, last), String(word[..<keyEnd]), inner)
  }

  private static func error(
    line: Int, column: Int, pair: (Character, Character), _ key: String, _ inner: String
  ) -> ScenarioSyntaxError {
    let escaped = inner.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return ScenarioSyntaxError(
      line: line, column: column,
      message:
        "curly quotes (\(pair.0) \(pair.1)) are not quotes here; write straight double quotes: \(key)\(Quoting.quoted(escaped))"
    )
  }
}
