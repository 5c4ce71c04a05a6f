import CheckoutModel
import CheckoutCompiledFlow

extension ScenarioCommand {
  /// The line as a report shows it (verbose replay, a failure, a JUnit report):
  /// the line as written without its comment, except that a value the flow keeps
  /// secret is never echoed. A `set` of a secret row or key and an `expect value`
  /// of a secret key show `•••` in place of the value the author wrote.
  package func shown(source: String, flow: CompiledFlow) -> String {
    let trimmed = source.trimmingCharacters(in: .whitespaces)
    let line = trimmed.split(separator: "#", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    switch self {
    case .set(let name, _) where Self.isSecret(name, in: flow):
      return "set \(name) \(Masking.secretPlaceholder)"
    case .expect(.value(let key, _)) where flow.masking.isSecret(key):
      return "expect value \(key) \(Masking.secretPlaceholder)"
    default:
      return line
    }
  }

  /// Whether a `set` names a secret: a secret key, or a row id (or on-screen
  /// number) that a secret row of any step has. A number is treated as secret
  /// when the flow has any secret row, since which row it names depends on the screen.
  private static func isSecret(_ name: SetName, in flow: CompiledFlow) -> Bool {
    switch name {
    case .key(let key):
      return flow.masking.isSecret(key)
    case .row(let word):
      let secretRows = flow.flow.steps.flatMap(\.rows).filter { row in
        row.secret || row.bind.map(flow.masking.isSecret) == true
      }
      if word.allSatisfy(\.isNumber) { return !secretRows.isEmpty }
      return secretRows.contains { $0.id.rawValue == word }
    }
  }
}
