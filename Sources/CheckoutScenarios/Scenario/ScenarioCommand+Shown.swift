import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

extension ScenarioCommand {
  /// The line as a report shows it (verbose replay, a failure, a JUnit report,
  /// `generate --check`, `checkout mutate`): the line as written without its
  /// comment, words joined by one blank, each value ``TypedLine`` hides (a secret or
  /// sensitive row's or key's, or one given to a name that might be such a row or
  /// key) written `•••`. A row number may name any row: with the session the line
  /// runs on, ``TypedLine/init(_:in:)`` reads it on the screen.
  package func shown(source: String, flow: CompiledFlow) -> String {
    TypedLine(source, flow: flow).shown
  }
}
