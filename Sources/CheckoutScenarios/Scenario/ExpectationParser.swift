import Foundation
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Parses the words after `expect`.
enum ExpectationParser {
  static func parse(_ cursor: inout TokenCursor) throws(ScenarioSyntaxError) -> Expectation {
    let kind = try cursor.token("what to expect: \(ScenarioLanguage.expectations.map(\.name).joined(separator: ", "))")
    // Mistakes after the word name the form and show its usage (`usage: expect at STEP`).
    if !kind.quoted, ScenarioLanguage.expectations.contains(where: { $0.name == kind.text }) {
      cursor.command = "expect \(kind.text)"
    }
    switch kind.text {
    case "at": return .at(StepID(try cursor.identifier("a step id")))
    case "stack":
      let token = try cursor.token("a navigation state, like cart>stepOne|creditCard")
      do {
        return .stack(try NavigationState(parsing: token.text))
      } catch {
        throw cursor.error(at: token, error.description)
      }
    case "route":
      let start = cursor.peek()
      let text = cursor.rest()
      if text == "none" { return .route([]) }
      var commands: [NavigationCommand] = []
      for part in text.split(separator: ",") {
        let trimmed = part.trimmingCharacters(in: .whitespaces)
        guard let command = NavigationCommand(parsing: trimmed) else {
          throw ScenarioSyntaxError(
            line: cursor.line, column: start?.column ?? cursor.endColumn,
            message:
              "\(Quoting.quoted(trimmed)) is not a navigation command; expected push X, present X, pop, dismiss or reset X, separated by commas"
          )
        }
        commands.append(command)
      }
      guard !commands.isEmpty else {
        throw ScenarioSyntaxError(
          line: cursor.line, column: cursor.endColumn,
          message: "'expect route' needs commands, like: pop, present creditCard (or none)")
      }
      return .route(commands)
    case "offer":
      if cursor.skip("none") { return .offer(nil) }
      return .offer(try cursor.reference("a step, step.row, or none"))
    case "focus": return .focus(try cursor.row())
    case "error":
      let row = try cursor.row()
      let text = try cursor.token("the \"text\" the error contains")
      guard text.text != ";" || text.quoted else {
        throw cursor.error(at: text, "expected the \"text\" the error contains, found ';'")
      }
      // Every message contains "": such a line could never fail.
      guard !text.text.allSatisfy({ $0 == " " || $0 == "\t" }) else {
        throw cursor.error(
          at: text,
          "expect error needs words the error contains, like expect error \(row) \"required\"; for a value that fails one of its rules write 'expect invalid \(row)', for one that passes them all 'expect valid \(row)'"
        )
      }
      return .error(row, text.text)
    case "title":
      // One word: the step's title; two: a row id, then the row's title.
      let first = try cursor.token("the \"title\" the screen shows, or a row id and the row's \"title\"")
      guard first.text != ";" || first.quoted else {
        throw cursor.error(at: first, "expected the \"title\" the screen shows, found ';'")
      }
      guard cursor.peek() != nil else { return .title(nil, first.text) }
      guard !first.quoted, IdentifierSyntax.isIdentifier(first.text) || RowNumber(first.text) != nil else {
        throw cursor.error(
          at: first,
          "\(Quoting.quoted(first.text)) is not a row; name a row by its id (cvv) or by its number on screen (4)")
      }
      return .title(RowID(first.text), try cursor.word("the \"title\" the row shows", allowQuoted: true))
    case "detail":
      let row = try cursor.row()
      return .detail(row, try cursor.word("the \"detail\" the row shows", allowQuoted: true))
    case "value":
      let key = try cursor.token("a data key")
      guard IdentifierSyntax.isKey(key.text) else {
        throw cursor.error(at: key, "\(Quoting.quoted(key.text)) is not a data key")
      }
      return .value(DataKey(key.text), try cursor.word("the expected value", allowQuoted: true))
    case "valid": return .valid(try cursor.row())
    case "invalid": return .invalid(try cursor.row())
    case "effect":
      let kinds = Effect.Kind.allCases.map(\.rawValue)
      let token = try cursor.token("an effect kind: \(kinds.joined(separator: ", "))")
      guard let effect = Effect.Kind(rawValue: token.text), !token.quoted else {
        let hint = Suggestions.didYouMean(token.text, in: kinds).map { "\($0) " } ?? ""
        throw cursor.error(
          at: token,
          "unknown effect kind \(Quoting.quoted(token.text)); \(hint)the kinds are \(kinds.joined(separator: ", "))")
      }
      let argument = cursor.rest()
      return .effect(kind: effect, argument: argument.isEmpty ? nil : argument)
    default:
      let names = ScenarioLanguage.expectations.map(\.name)
      let hint = Suggestions.didYouMean(kind.text, in: names) ?? "expected one of \(names.joined(separator: ", "))"
      throw cursor.error(at: kind, "unknown expectation \(Quoting.quoted(kind.text)); \(hint)")
    }
  }
}
