import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// The names whose values a line may not show, and the test of whether a name
/// might be meant as one of them: the one rule behind ``TypedLine`` and the
/// expectations that fail (``ExpectationChecker``), so that the REPL, `checkout
/// replay` (normal and `--verbose`, its errors and its JUnit report), `checkout
/// mutate` and a recording hide the same values.
///
/// A value is hidden when it is given to a secret or sensitive row or key, or to a
/// name that might be meant as one: a key the flow does not know, a row the step on
/// screen does not have (`set cvvv 5432`), a name as close to a hidden one as a
/// "did you mean" (`Cvv`, `payment.card.cv`), or a row number that names such a row
/// on the screen (with no screen, any number when the flow has such a row). With no
/// flow at all, every name might be one.
package struct SecretNames {
  /// The flow, when known.
  let flow: CompiledFlow?
  /// The session, when known: its screen tells which row a number names.
  let session: CheckoutSession?
  /// The secret and sensitive keys, and the ids of the rows (of any step) that take such a value.
  let hidden: Set<String>
  /// Every row id and key the flow (or the session's data) has.
  let known: Set<String>
  /// The secret and sensitive values known here, each with how it may be shown
  /// (`•••`, `•••• 4242`): those the session holds and those a host was given
  /// (``ScenarioHost/enteredSecrets``). See ``masking(_:)``.
  let values: HiddenValues

  /// The names of a session's flow, its screen telling which row a number names;
  /// `entered`: the secret and sensitive values its host was given (``ScenarioHost/enteredSecrets``).
  package init(_ session: CheckoutSession?, entered: [String: String] = [:]) {
    self.init(flow: session?.compiled, session: session, entered: entered)
  }

  /// The names of a flow with no screen (a line read before it runs).
  package init(flow: CompiledFlow?) {
    self.init(flow: flow, session: nil, entered: [:])
  }

  private init(flow: CompiledFlow?, session: CheckoutSession?, entered: [String: String]) {
    self.flow = flow
    self.session = session
    let held = session.map { HiddenValues(heldIn: $0.data, masking: $0.compiled.masking).shown } ?? [:]
    values = HiddenValues(entered.merging(held) { entered, _ in entered })
    guard let flow else {
      hidden = []
      known = []
      return
    }
    let rows = flow.flow.steps.flatMap(\.rows)
    let hiddenRows = rows.filter { Self.isHidden($0, in: flow) }
    hidden = Set(flow.masking.secretKeys.map(\.rawValue) + flow.masking.sensitiveKeys.map(\.rawValue))
      .union(hiddenRows.map(\.id.rawValue))
    known = Set(
      rows.map(\.id.rawValue) + FlowKeys(flow.flow).known + (session?.data.keys.map(\.rawValue) ?? []))
  }

  /// Whether a row takes a value that is never shown as it is (secret or sensitive).
  static func isHidden(_ row: Row, in flow: CompiledFlow) -> Bool {
    row.secret || row.sensitive || row.bind.map(flow.masking.isMasked) == true
  }

  /// Whether the line is read with no flow: then every name might be a secret one.
  package var knowsNoFlow: Bool { flow == nil }

  /// A hidden name (row id or key), or a name the flow does not have that is close
  /// to one (the distance of "did you mean": `cvvv`, `Cvv`, `payment.card.cv`).
  package func mightBeSecret(_ name: String) -> Bool {
    guard flow != nil else { return true }
    return hidden.contains(name) || (!known.contains(name) && Suggestions.nearest(to: name, in: hidden) != nil)
  }

  /// Whether a row named by id or number might take a hidden value: a number
  /// names a row of the screen (with no screen, any row of the flow).
  package func mightBeSecretRow(_ word: String) -> Bool {
    guard let flow else { return true }
    guard let number = Int(word), word.allSatisfy(\.isNumber) else { return mightBeSecret(word) }
    guard let session else { return flow.flow.steps.contains { $0.rows.contains { Self.isHidden($0, in: flow) } } }
    let rows = session.screen.rows
    guard rows.indices.contains(number - 1), let row = session.currentStep?.row(rows[number - 1].id) else {
      return false
    }
    return Self.isHidden(row, in: flow)
  }

  /// Whether `expect value KEY VALUE` hides VALUE: KEY is secret or sensitive, or no
  /// key the flow or the session's data has (it may be a secret one misspelt).
  package func hidesValue(ofKey key: DataKey) -> Bool {
    guard let flow else { return true }
    return flow.masking.isMasked(key) || (!FlowKeys(flow.flow).isKnown(key) && session?.data[key] == nil)
  }

  /// Whether `set NAME VALUE` hides VALUE: NAME is a hidden row or key, or one the
  /// session does not know (no row of the step on screen, no key of the flow; with
  /// no screen, no row of any step), or close to a hidden one.
  package func hidesSet(to name: String) -> Bool {
    guard let flow else { return true }
    switch ScenarioCommand.SetName(parsing: name) {
    case .key(let key)?:
      return hidesValue(ofKey: key)
    case .row(let word)?:
      if let session {
        let target = SetLine(word, in: session)
        return !target.isKnown || target.row.map { Self.isHidden($0, in: flow) } == true
      }
      if word.allSatisfy(\.isNumber) { return mightBeSecretRow(word) }
      let isRow = flow.flow.steps.contains { $0.rows.contains { $0.id.rawValue == word } }
      return !isRow || mightBeSecret(word)
    case nil:
      return true
    }
  }
}
