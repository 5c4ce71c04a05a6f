import Testing
import CheckoutScenarios

/// Expects `line`, parsed as line `number` of a scenario, to be a syntax error at
/// that line whose message starts with `message`.
func expectSyntaxError(
  _ line: String, at number: Int, startingWith message: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    _ = try ScenarioParser.parse(line, line: number)
    Issue.record("\(line) parsed", sourceLocation: sourceLocation)
  } catch {
    #expect(error.message.hasPrefix(message), "\(error.message)", sourceLocation: sourceLocation)
    #expect(error.line == number, sourceLocation: sourceLocation)
  }
}
