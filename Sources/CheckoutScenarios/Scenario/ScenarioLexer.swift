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

  /// The tokens of a line; `#` outside quotes starts a comment, `;` is a token of its own.
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
      if character == "#" { break }
      if character == ";" {
        tokens.append(Token(text: ";", column: index + 1, quoted: false))
        index += 1
        continue
      }
      let start = index
      if character == "\"" {
        index += 1
        var text = ""
        var closed = false
        while index < characters.count {
          let next = characters[index]
          if next == "\\", index + 1 < characters.count, characters[index + 1] == "\"" || characters[index + 1] == "\\"
          {
            text.append(characters[index + 1])
            index += 2
            continue
          }
          if next == "\"" {
            closed = true
            index += 1
            break
          }
          text.append(next)
          index += 1
        }
        guard closed else {
          throw ScenarioSyntaxError(
            line: lineNumber, column: start + 1, message: "unterminated string; expected a closing '\"'")
        }
        tokens.append(Token(text: text, column: start + 1, quoted: true))
        continue
      }
      var text = ""
      while index < characters.count, !" \t\r;#".contains(characters[index]) {
        text.append(characters[index])
        index += 1
      }
      tokens.append(Token(text: text, column: start + 1, quoted: false))
    }
    return tokens
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
