import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Parses lines of the scenario and REPL language.
///
/// ```swift
/// let command = try ScenarioParser.parse("expect route pop, present creditCard", line: 4)
/// ```
package enum ScenarioParser {
  /// Parses one line; nil for a blank or comment line.
  package static func parse(_ line: String, line number: Int = 1) throws(ScenarioSyntaxError) -> ScenarioCommand? {
    let tokens = try ScenarioLexer.tokens(line, lineNumber: number)
    guard let first = tokens.first else { return nil }
    var cursor = TokenCursor(
      tokens: Array(tokens.dropFirst()), line: number, endColumn: line.count + 1, command: first.text)
    let command: ScenarioCommand
    switch first.text {
    case "flow": command = .flow(try cursor.word("a flow file path"))
    case "today":
      let token = try cursor.token("a date like 2026-11-21")
      do {
        command = .today(try CalendarDate.parse(token.text))
      } catch {
        throw cursor.error(at: token, error.description)
      }
    case "locale": command = .locale(try cursor.word("a language tag like de or fr"))
    case "set":
      let token = try cursor.token("a row id, a row number or a data key")
      guard token.text != ";" || token.quoted, let name = ScenarioCommand.SetName(parsing: token.text) else {
        throw cursor.error(
          at: token,
          "\(Quoting.quoted(token.text)) is not a row or a data key; name a row (zip, or its number 4) or a dotted data key (shipping.zip)"
        )
      }
      command = .set(name, try cursor.word("a value (one word, or a \"quoted string\")", allowQuoted: true))
    case "tap": command = .tap(try cursor.word("a row id or number"))
    case "back": command = .back
    case "api": command = try parseAPI(&cursor)
    case "accept": command = .accept
    case "decline": command = .decline
    case "manual": command = .mode(.manual)
    case "auto": command = .mode(.auto)
    case "appear": command = .appear(StepID(try cursor.identifier("a step id")))
    case "show": command = .show
    case "stack": command = .stack
    case "plan":
      let target = try cursor.reference("a step, or step.row, like creditCard.cvv")
      command = .plan(target.step, target.row)
    case "snapshot": command = .snapshot(try cursor.word("a file to write the snapshot to, like cart.json"))
    case "restore": command = .restore(try cursor.word("a snapshot file to carry on from, like cart.json"))
    case "help": command = .help(cursor.optionalWord())
    case "quit", "exit": command = .quit
    case "expect": command = .expect(try ExpectationParser.parse(&cursor))
    default:
      let names = ScenarioLanguage.commands.map(\.name)
      let hint = Suggestions.didYouMean(first.text, in: names) ?? "type 'help' for the commands"
      throw ScenarioSyntaxError(
        line: number, column: first.column, message: "unknown command \(Quoting.quoted(first.text)); \(hint)")
    }
    try cursor.finish()
    return command
  }

  /// The lines of a scenario file, as its line numbers count them: a line ends at
  /// LF, CRLF (a file written on Windows) or a lone CR, and a UTF-8 byte order mark
  /// before the first line is no part of it.
  ///
  /// ```swift
  /// ScenarioParser.lines(of: "\u{FEFF}flow f.json\r\ntap checkout\r\n")  // ["flow f.json", "tap checkout", ""]
  /// ```
  package static func lines(of text: String) -> [String] {
    var scalars = Substring(text).unicodeScalars
    if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
    // CRLF is one Character, so each of the three endings is one separator.
    return Substring(scalars).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
      .map(String.init)
  }

  /// The column (from 1) where word `index` of a line starts (0: the command word,
  /// 1: its first argument), where a report of a line that cannot run points; nil
  /// when the line has no such word.
  package static func column(ofWord index: Int, in line: String) -> Int? {
    guard let tokens = try? ScenarioLexer.tokens(line, lineNumber: 1), tokens.indices.contains(index) else {
      return nil
    }
    return tokens[index].column
  }

  /// Parses a whole scenario; every line, or the first syntax error.
  package static func parseScript(_ text: String) throws(ScenarioSyntaxError) -> [(line: Int, command: ScenarioCommand)]
  {
    var commands: [(Int, ScenarioCommand)] = []
    var flowLine: Int?
    for (index, line) in lines(of: text).enumerated() {
      if let command = try parseScriptLine(line, line: index + 1, flowLine: &flowLine) {
        commands.append((index + 1, command))
      }
    }
    return commands
  }

  /// Every line's syntax error, in line order (a script's lines are parsed on their
  /// own, so one mistake does not hide the next): what a run reports at once.
  package static func syntaxErrors(in text: String) -> [ScenarioSyntaxError] {
    var errors: [ScenarioSyntaxError] = []
    var flowLine: Int?
    for (index, line) in lines(of: text).enumerated() {
      do {
        _ = try parseScriptLine(line, line: index + 1, flowLine: &flowLine)
      } catch {
        errors.append(error)
      }
    }
    return errors
  }

  /// Parses line `number` of a scenario file, as ``parse(_:line:)`` does; a `flow`
  /// line after the first (`flowLine`, set by it) is an error at its line: a file is
  /// one story on one flow, and a second `flow` line would start another session on
  /// another flow unseen. (At the REPL, `flow PATH` starts a new session.)
  package static func parseScriptLine(_ text: String, line number: Int, flowLine: inout Int?)
    throws(ScenarioSyntaxError) -> ScenarioCommand?
  {
    let command = try parse(text, line: number)
    guard case .flow = command else { return command }
    guard let first = flowLine else {
      flowLine = number
      return command
    }
    throw ScenarioSyntaxError(
      line: number, column: column(ofWord: 0, in: text) ?? 1,
      message: "a scenario names its flow once (line \(first)); write another scenario file for another flow")
  }

  private static func parseAPI(_ cursor: inout TokenCursor) throws(ScenarioSyntaxError) -> ScenarioCommand {
    let operation = OperationName(try cursor.identifier("an operation name, like placeOrder"))
    let outcome = try cursor.token("ok, fail or action")
    switch outcome.text {
    case "ok":
      return .api(operation, .succeeded(try data(&cursor, after: "ok")))
    case "action":
      let action = ActionName(try cursor.identifier("an action name, like three_d_secure"))
      return .api(operation, .actionRequired(action, try data(&cursor, after: "action \(action)")))
    case "fail":
      var errors: [APIError] = []
      repeat {
        let code = try cursor.word("an error code, like cvv_invalid")
        var error = APIError(code: code)
        while let token = cursor.peek(), token.text != ";" || token.quoted {
          _ = cursor.next()
          if token.quoted {
            error.message = token.text
          } else if token.text.hasPrefix("field=") {
            error.field = String(token.text.dropFirst("field=".count))
          } else {
            throw cursor.error(
              at: token,
              "unexpected \(Quoting.quoted(token.text)); after an error code write field=PATH, a \"message\", or ';' and another code"
            )
          }
        }
        errors.append(error)
      } while cursor.skip(";")
      return .api(operation, .failed(errors))
    default:
      throw cursor.error(at: outcome, "expected ok, fail or action, found \(Quoting.quoted(outcome.text))")
    }
  }

  /// The `key=value` data after `ok` or `action NAME`; a value is a word or, after
  /// the `=`, a double-quoted string (`note="leave it"`); a whole quoted
  /// `"key=value"` is read the same way.
  private static func data(_ cursor: inout TokenCursor, after what: String) throws(ScenarioSyntaxError) -> [DataKey:
    Value]
  {
    var values: [DataKey: Value] = [:]
    while let token = cursor.next() {
      let parts = token.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
      guard parts.count == 2, IdentifierSyntax.isKey(parts[0]) else {
        throw cursor.error(
          at: token,
          "expected key=value data after '\(what)', like order.number=1042; a value with spaces goes in double quotes: shipping.street=\"1 Main St\""
        )
      }
      values[DataKey(parts[0])] = .string(parts[1])
    }
    return values
  }
}

/// Reads the tokens after a command word, with errors that point at the column.
struct TokenCursor {
  private let tokens: [ScenarioLexer.Token]
  private var index = 0
  let line: Int
  let endColumn: Int
  /// The command as errors name it: its word (`set`), or `expect` and the
  /// expectation's word once read (`expect at`), whose usage a mistake then shows.
  var command: String

  init(tokens: [ScenarioLexer.Token], line: Int, endColumn: Int, command: String) {
    self.tokens = tokens
    self.line = line
    self.endColumn = endColumn
    self.command = command
  }

  mutating func next() -> ScenarioLexer.Token? {
    guard index < tokens.count else { return nil }
    defer { index += 1 }
    return tokens[index]
  }

  func peek() -> ScenarioLexer.Token? { index < tokens.count ? tokens[index] : nil }

  mutating func skip(_ text: String) -> Bool {
    guard let token = peek(), token.text == text, !token.quoted else { return false }
    index += 1
    return true
  }

  mutating func token(_ expected: String) throws(ScenarioSyntaxError) -> ScenarioLexer.Token {
    guard let token = next() else {
      throw ScenarioSyntaxError(line: line, column: endColumn, message: "'\(command)' needs \(expected)")
    }
    return token
  }

  mutating func word(_ expected: String, allowQuoted: Bool = false) throws(ScenarioSyntaxError) -> String {
    let token = try token(expected)
    if token.text == ";" && !token.quoted { throw error(at: token, "expected \(expected), found ';'") }
    if token.quoted && !allowQuoted { return token.text }
    return token.text
  }

  mutating func identifier(_ expected: String) throws(ScenarioSyntaxError) -> String {
    let token = try token(expected)
    guard IdentifierSyntax.isIdentifier(token.text) else {
      throw error(at: token, "\(Quoting.quoted(token.text)) is not \(expected)")
    }
    return token.text
  }

  /// A row of the step on screen, by id (`cvv`) or by its number on screen (`4`),
  /// as the line writes it; the host reads a number on the screen the line runs on.
  mutating func row(_ expected: String = "a row id or number") throws(ScenarioSyntaxError) -> RowID {
    let token = try token(expected)
    guard !token.quoted, IdentifierSyntax.isIdentifier(token.text) || RowNumber(token.text) != nil else {
      throw error(
        at: token,
        "\(Quoting.quoted(token.text)) is not a row; name a row by its id (cvv) or by its number on screen (4)")
    }
    return RowID(token.text)
  }

  mutating func optionalWord() -> String? { next()?.text }

  /// The remaining tokens as one text (`pop, present creditCard`).
  mutating func rest() -> String {
    var words: [String] = []
    while let token = next() { words.append(token.text) }
    return words.joined(separator: " ")
  }

  func finish() throws(ScenarioSyntaxError) {
    if let extra = peek(), command == "set" {
      // The words may be a secret typed without quotes: never echo them.
      throw error(at: extra, "unexpected words after 'set NAME VALUE'; write a value with spaces in double quotes")
    }
    if let extra = peek() {
      throw error(
        at: extra,
        "unexpected \(Quoting.quoted(extra.text)) after '\(command)'; \(ScenarioLanguage.usage(of: command).map { "usage: \($0)" } ?? "")"
      )
    }
  }

  func error(at token: ScenarioLexer.Token, _ message: String) -> ScenarioSyntaxError {
    ScenarioSyntaxError(line: line, column: token.column, message: message)
  }

  /// A `STEP` or `STEP.ROW` reference; an error points at the column where the
  /// token stops being one.
  mutating func reference(_ expected: String) throws(ScenarioSyntaxError) -> RowReference {
    let token = try token(expected)
    do {
      return try RowReference(parsing: token.text)
    } catch {
      throw ScenarioSyntaxError(line: line, column: token.column + error.column - 1, message: error.description)
    }
  }
}
