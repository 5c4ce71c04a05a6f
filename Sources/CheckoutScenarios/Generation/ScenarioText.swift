import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Writing words of the scenario language: values quoted where the lexer needs it.
///
/// ```swift
/// ScenarioText.word("97201")        // 97201
/// ScenarioText.word("1 Main St")    // "1 Main St"
/// ```
package enum ScenarioText {
  /// A value as one word, or a double-quoted string (`\"` and `\\` escaped) when it
  /// is empty or holds a space, a quote, `#`, `;` or a backslash.
  package static func word(_ text: String) -> String {
    let needsQuotes = text.isEmpty || text.contains { " \t\r\"#;\\".contains($0) }
    guard needsQuotes else { return text }
    return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// A text as a quoted string, always.
  package static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// The text with each no-break space (U+00A0, U+202F, U+2007: written inside
  /// numbers and beside currency symbols) as a plain space, as a scenario's author
  /// types it.
  package static func plainSpaces(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { Self.noBreakSpaces.contains($0) }) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.map { Self.noBreakSpaces.contains($0) ? " " : $0 }))
  }

  private static let noBreakSpaces: Set<Unicode.Scalar> = ["\u{00A0}", "\u{202F}", "\u{2007}"]

  /// Whether a value can be written at all (the language has no line breaks in values).
  package static func isWritable(_ text: String) -> Bool {
    !text.contains { $0 == "\n" || $0 == "\r\n" }
  }

  /// A text as `#` comment lines of at most about 80 characters.
  package static func comment(_ text: String) -> [String] {
    var lines: [String] = []
    var current = "#"
    for word in text.split(separator: " ") {
      if current.count + word.count + 1 > 80, current != "#" {
        lines.append(current)
        current = "#"
      }
      current += " " + word
    }
    if current != "#" { lines.append(current) }
    return lines
  }
}
