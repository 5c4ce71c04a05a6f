import CheckoutEngine

/// Tab completion at the prompt: the words that may come at the cursor, given the
/// command typed so far and where the session is. A pure function of the line, so
/// it is tested without a terminal; the line editor calls it on Tab.
///
/// ```swift
/// ReplCompletion.candidates(line: "tap ch", cursor: 6, session: session)  // ["checkout"]
/// ```
package enum ReplCompletion {
  /// The words that complete the word at `cursor` (a character offset into `line`),
  /// sorted, each starting with what is typed of that word. First word: the command
  /// names. After `tap`: the tappable rows of the step on screen (enabled or not);
  /// after `set`: its value rows, or the data keys rows bind once the word has a dot,
  /// then a picker's option values; after `expect`: the expectation words, then what
  /// each expects; after `appear`, `plan`: the steps (`plan STEP.` its rows); after
  /// `help`: the command names; after `api`: the operations, then `ok` and `fail`;
  /// after `locale`: the languages the session may be in.
  package static func candidates(line: String, cursor: Int, session: CheckoutSession?) -> [String] {
    let before = String(line.prefix(max(0, cursor)))
    var words = before.split(whereSeparator: \.isWhitespace).map(String.init)
    let current = before.last.map { $0.isWhitespace } ?? true ? "" : words.removeLast()
    let pool = words.isEmpty ? commandNames : arguments(after: words, current: current, session: session)
    return Array(Set(pool.filter { $0.hasPrefix(current) })).sorted()
  }

  /// The commands typed at the prompt (`flow` is for scenario files).
  static var commandNames: [String] {
    ScenarioLanguage.commands.filter { !$0.scenarioOnly }.map(\.name)
  }

  private static func arguments(after words: [String], current: String, session: CheckoutSession?) -> [String] {
    let command = words[0]
    if words.count == 1 {
      switch command {
      case "help": return ScenarioLanguage.commands.map(\.name)
      case "expect": return ScenarioLanguage.expectations.map(\.name)
      default: break
      }
    }
    guard let session else { return [] }
    let screen = session.screen
    let valueRows = screen.rows.filter { $0.kind.takesValue }.map(\.id.rawValue)
    switch (command, words.count) {
    case ("tap", 1): return screen.rows.filter(\.isTappable).map(\.id.rawValue)
    case ("set", 1): return current.contains(".") ? boundKeys(session) : valueRows
    case ("set", 2): return pickerValues(named: words[1], session)
    case ("appear", 1): return steps(session)
    case ("locale", 1): return session.supportedLocales
    case ("plan", 1):
      // A half-typed reference: the step before the dot is what the rows complete.
      let typed = RowReference.split(current)
      guard typed.row != nil else { return steps(session) }
      let step = StepID(String(typed.step))
      return session.compiled.step(step)?.rows.map { RowReference(step: step, row: $0.id).description } ?? []
    case ("api", 1): return operations(session)
    case ("api", 2): return ["ok", "fail", "action"]
    case ("api", 3) where words[2] == "action": return actions(of: OperationName(words[1]), session)
    case ("expect", 2):
      switch words[1] {
      case "at", "offer": return steps(session)
      case "focus", "error", "valid", "invalid": return valueRows
      case "title": return screen.rows.map(\.id.rawValue)
      case "detail": return screen.rows.filter { $0.detail != nil }.map(\.id.rawValue)
      case "value": return boundKeys(session) + session.flow.data.keys.map(\.rawValue)
      case "effect": return Effect.Kind.allCases.map(\.rawValue)
      default: return []
      }
    default: return []
    }
  }

  /// The actions the submits of an operation declare: what `api OP action` may name.
  private static func actions(of operation: OperationName, _ session: CheckoutSession) -> [String] {
    var names: [String] = []
    for row in session.flow.steps.flatMap(\.rows) {
      guard case .submit(let submit)? = row.action, submit.operation == operation else { continue }
      for name in submit.actions.keys.sorted() where !names.contains(name.rawValue) { names.append(name.rawValue) }
    }
    return names
  }

  private static func steps(_ session: CheckoutSession) -> [String] {
    session.flow.steps.map(\.id.rawValue)
  }

  /// The keys rows bind: what `set KEY` may write.
  private static func boundKeys(_ session: CheckoutSession) -> [String] {
    session.flow.steps.flatMap(\.rows).compactMap(\.bind?.rawValue)
  }

  private static func operations(_ session: CheckoutSession) -> [String] {
    session.flow.steps.flatMap(\.rows).compactMap { row in
      if case .submit(let submit)? = row.action { return submit.operation.rawValue }
      return nil
    }
  }

  /// The option values of the picker row `name` names (id or number), else none.
  private static func pickerValues(named name: String, _ session: CheckoutSession) -> [String] {
    let rows = session.screen.rows
    let row =
      Int(name).flatMap { rows.indices.contains($0 - 1) ? rows[$0 - 1] : nil } ?? rows.first { $0.id.rawValue == name }
    // Only a picker's row has options.
    return row?.options?.map(\.value) ?? []
  }
}
