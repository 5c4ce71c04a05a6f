import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Splits a scenario line into words and double-quoted strings, each with its column.
struct ScenarioLexer {
  struct Token: Hashable, Sendable {
    var text: String
    var column: Int
    var quoted: Bool
  }

  /// The tokens of a line; `;` is a token of its own. A `#` that begins a word (at
  /// the start of the line or after a blank) starts a comment, as in a shell; inside a
  /// word (`1#Main`, `SAVE#10`) or a quoted string it is text. A word that opens or
  /// closes with a curly quote (`“Ada`, `Lovelace”`) is an error: only `"` quotes.
  static func tokens(_ line: String, lineNumber: Int) throws(ScenarioSyntaxError) -> [Token] {
    var tokens: [Token] = []
    let characters = Array(line)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == " " || character == "\t" || character == "\r" {
        index += 1
        continue
      }
      if character == "#", index == 0 || " \t\r".contains(characters[index - 1]) { break }
      if character == ";" {
        tokens.append(Token(text: ";", column: index + 1, quoted: false))
        index += 1
        continue
      }
      let start = index
      if character == "\"" {
        let string = try quotedString(characters, from: index, lineNumber: lineNumber)
        tokens.append(Token(text: string.text, column: start + 1, quoted: true))
        index = string.end
        continue
      }
      var text = ""
      while index < characters.count, !" \t\r;".contains(characters[index]) {
        // `key="a value with spaces"`: a quoted string right after the `=` of a
        // word is the rest of that word (`api placeOrder ok note="leave it"`).
        if characters[index] == "\"", text.count > 1, text.hasSuffix("=") {
          let string = try quotedString(characters, from: index, lineNumber: lineNumber)
          text += string.text
          index = string.end
          break
        }
        text.append(characters[index])
        index += 1
      }
      let token = Token(text: text, column: start + 1, quoted: false)
      if let error = CurlyQuotes.misuse(in: token, of: characters, lineNumber: lineNumber) { throw error }
      tokens.append(token)
    }
    return tokens
  }

  /// The double-quoted string that starts at `start` (`\"` inside it is a quote,
  /// `\\` a backslash): its text, and the index after its closing quote.
  private static func quotedString(_ characters: [Character], from start: Int, lineNumber: Int)
    throws(ScenarioSyntaxError) -> (text: String, end: Int)
  {
    var index = start + 1
    var text = ""
    while index < characters.count {
      let next = characters[index]
      if next == "\\", index + 1 < characters.count, characters[index + 1] == "\"" || characters[index + 1] == "\\" {
        text.append(characters[index + 1])
        index += 2
        continue
      }
      if next == "\"" { return (text, index + 1) }
      text.append(next)
      index += 1
    }
    throw ScenarioSyntaxError(
      line: lineNumber, column: start + 1, message: "unterminated string; expected a closing '\"'")
  }
}

/// A scenario line that cannot be parsed: where, and what was expected.
package struct ScenarioSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  package var line: Int
  /// The column, from 1.
  package var column: Int
  /// What is wrong and what would be valid.
  package var message: String

  /// Creates the error.
  package init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `line:column: message`.
  package var description: String { "\(line):\(column): \(message)" }

  /// `file:line:column: error: message`.
  package func rendered(file: String) -> String { "\(file):\(line):\(column): error: \(message)" }
}
