import CheckoutModel
import CheckoutCompiledFlow

extension ScenarioCommand {
  /// The line as a report shows it (verbose replay, a failure, a JUnit report):
  /// the line as written without its comment, except that a value the flow keeps
  /// secret or sensitive is never echoed. A `set` of such a row or key and an
  /// `expect value` of such a key (or of a key the flow does not know) show `•••`
  /// in place of the value the author wrote.
  package func shown(source: String, flow: CompiledFlow) -> String {
    let trimmed = source.trimmingCharacters(in: .whitespaces)
    let line = trimmed.split(separator: "#", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    switch self {
    case .set(let name, _) where Self.isSecret(name, in: flow):
      return "set \(name) \(Masking.secretPlaceholder)"
    case .expect(.value(let key, _)) where Self.isHidden(key, in: flow):
      return "expect value \(key) \(Masking.secretPlaceholder)"
    default:
      return line
    }
  }

  /// Whether a `set` names a secret or sensitive value: such a key, or a row id (or
  /// on-screen number) that such a row of any step has. A number counts when the
  /// flow has any such row, since which row it names depends on the screen.
  private static func isSecret(_ name: SetName, in flow: CompiledFlow) -> Bool {
    switch name {
    case .key(let key):
      return isHidden(key, in: flow)
    case .row(let word):
      let secretRows = flow.flow.steps.flatMap(\.rows).filter { row in
        row.secret || row.bind.map { isHidden($0, in: flow) } == true
      }
      if word.allSatisfy(\.isNumber) { return !secretRows.isEmpty }
      return secretRows.contains { $0.id.rawValue == word }
    }
  }

  /// Whether a key's value is kept from reports: secret (never shown), sensitive
  /// (masked), or a key the flow does not know, which may be a secret one misspelt
  /// (`payment.card.cv`; such a line fails anyway, as the REPL does not echo it).
  package static func isHidden(_ key: DataKey, in flow: CompiledFlow) -> Bool {
    flow.masking.isSecret(key) || flow.masking.sensitiveKeys.contains(key) || !FlowKeys(flow.flow).isKnown(key)
  }
}
