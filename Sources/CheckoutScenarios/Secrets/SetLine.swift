import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// What a `set NAME …` line at the prompt writes: the row it names on the screen
/// (by id or by number) and the data key, so the REPL can tell a secret value (a
/// CVV) before it echoes, remembers or records the line (see ``TypedLine``).
package struct SetLine {
  /// The row named, when NAME is a row of the step on screen.
  package var row: Row?
  /// The key written: the row's binding, or NAME itself when it is a key.
  package var key: DataKey?
  /// Whether the session knows the target: a row of the step on screen, or a key
  /// the flow has (a read-only one too: the engine refuses that itself). A `set` of
  /// any other name fails, as a scenario line does (the host's own test).
  package var isKnown: Bool

  /// The target of `set NAME` on this session's screen: a row number (1-based, as
  /// the screen numbers them), a row id, or a dotted data key.
  package init(_ name: String, in session: CheckoutSession) {
    self.name = name
    let step = session.currentStep
    // The language's rule (ScenarioCommand.SetName): a dotted word is a key, any other a row.
    switch ScenarioCommand.SetName(parsing: name) {
    case .key(let key)?:
      row = nil
      self.key = key
      isKnown = session.compiled.setRefusal(for: key)?.kind != .unknownKey
    case .row(let name)?:
      if let number = Int(name) {
        let rows = session.screen.rows
        row = rows.indices.contains(number - 1) ? step?.row(rows[number - 1].id) : nil
      } else {
        row = step?.row(RowID(name))
      }
      key = row?.bind
      isKnown = row != nil
    case nil:
      row = nil
      key = nil
      isKnown = false
    }
  }

  /// The name as typed.
  package var name: String

  /// Whether the value written is secret: never shown, remembered or recorded. A
  /// name that is no row here but a secret row's id on another step counts too
  /// (the line is refused, but the value typed is still a secret).
  package func isSecret(in session: CheckoutSession) -> Bool {
    if row?.secret == true { return true }
    if let key, session.compiled.masking.isSecret(key) { return true }
    return row == nil && session.flow.steps.contains { $0.rows.contains { $0.id.rawValue == name && $0.secret } }
  }

  /// NAME when `line` is `set NAME …` (words split at blanks), nil for any other line.
  package static func name(inSetLine line: String) -> String? {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard words.count >= 2, words[0] == "set" else { return nil }
    return String(words[1])
  }

  /// A value written as the language reads it: bare when it is one plain word,
  /// else in double quotes with `"` and `\` escaped.
  package static func quoted(_ value: String) -> String {
    let plain = !value.isEmpty && !value.contains { " \t\r\"\\#;".contains($0) }
    if plain { return value }
    return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
