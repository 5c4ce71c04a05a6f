import CheckoutEngine
import CheckoutTestSupport
import Testing

/// Loads a marked fixture and checks that loading fails with exactly these
/// diagnostics, in this order; returns what was reported.
@discardableResult
package func expectLoadDiagnostics(
  _ marked: String, loader: FlowLoader = FlowLoader(), _ expected: [ExpectedDiagnostic],
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [Diagnostic] {
  let source = MarkedSource(marked)
  let actual: [Diagnostic]
  do {
    let flow = try loader.load(json: source.text, file: "fixture.json")
    Issue.record("the flow loaded (\(flow.steps.count) steps); expected it to fail", sourceLocation: sourceLocation)
    return []
  } catch {
    actual = error.diagnostics
  }
  if let difference = source.difference(actual, expected) {
    Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
  }
  return actual
}

/// Lints a marked fixture and checks the report's diagnostics, errors and warnings.
@discardableResult
package func expectLintDiagnostics(
  _ marked: String, loader: FlowLoader = FlowLoader(), _ expected: [ExpectedDiagnostic],
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> LintReport {
  let source = MarkedSource(marked)
  let report = loader.lint(bytes: Array(source.text.utf8), file: "fixture.json")
  if let difference = source.difference(report.diagnostics, expected) {
    Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
  }
  return report
}
