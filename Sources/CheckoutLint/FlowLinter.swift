import CheckoutModel
import CheckoutPlanning
import CheckoutSynthesis

/// The graph and consistency checks `checkout lint` adds to loading: problems a
/// flow can load with but should not ship with.
struct FlowLinter {
  let flow: Flow
  let positions: ModelPositions
  let sink: DiagnosticSink
  let keys: FlowKeys

  /// A linter reporting to `sink` (by default a sink of its own).
  init(flow: Flow, positions: ModelPositions, sink: DiagnosticSink = DiagnosticSink()) {
    self.flow = flow
    self.positions = positions
    self.sink = sink
    self.keys = FlowKeys(flow)
  }

  /// Every key the flow reads must be one it can hold: bound by a value row, in
  /// the data, or provided by a submit. Otherwise a guard fed by it can never be met.
  private func checkKeys() {
    for read in FlowKeys.reads(of: flow, positions: positions) where !keys.isKnown(read.key) && !unloaded(read.key) {
      sink.error(
        "unknown-key", DataValueRules.unknownKey(read.key), at: read.path,
        suggestion: flow.renamed.keys[read.key].map {
          Flow.renamedSuggestion(read.key.rawValue, to: $0.rawValue, in: "keys")
        }
          ?? Suggestions.didYouMean(read.key.rawValue, in: keys.known)
          ?? "bind it to a value row, add it to \"data\", or list it in a submit's \"provides\"")
    }
  }

  /// A named rule no row uses is dead weight (or a row misspells its name).
  private func checkNamedRulesUsed() {
    let used = Set(flow.steps.flatMap(\.rows).flatMap(\.rules).compactMap(\.name))
    for name in flow.rules.keys.sorted() where !used.contains(name) {
      sink.warning(
        "unused-rule", "named rule \(Quoting.quoted(name)) is not used by any row",
        at: JSONPath.root.appending("rules").appending(name),
        suggestion: "use it in a row's \"rules\" as \(Quoting.quoted(name)), or remove it")
    }
  }

  /// Conditions that can never hold (the answer the coverage matrix and the story
  /// generator share, ``ConditionSatisfiability``): rows never shown or never
  /// enabled, submits whose guards hold only with values their own checks refuse,
  /// and `requires` guards on steps that can never be complete.
  private func checkGuards() {
    var satisfiability = ConditionSatisfiability(flow)
    if positions.lostAnOption { satisfiability.domains = nil }
    let neverComplete = satisfiability.neverCompleteSteps(of: flow).filter { step, _ in
      !(flow.step(step)?.complete.contains { $0.when.keys.contains(where: unloaded) } ?? false)
    }
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() {
        let path = positions.rowPath(stepIndex, rowIndex)
        for (field, what) in [("visibleWhen", "shown"), ("enabledWhen", "enabled")] {
          guard let condition = field == "visibleWhen" ? row.visibleWhen : row.enabledWhen,
            !condition.keys.contains(where: unloaded), !satisfiability.canHold(condition)
          else { continue }
          sink.error(
            "condition-never-holds",
            "row \(Quoting.quoted(row.id)) is never \(what): its \(field) can never hold; \(satisfiability.reason(condition))",
            at: path.appending(field))
        }
        if !(row.visibleWhen?.keys ?? []).contains(where: unloaded),
          !(row.enabledWhen?.keys ?? []).contains(where: unloaded),
          case .submit(let submit)? = row.action,
          let reason = satisfiability.submitBlock(row, on: step.id, in: flow)
        {
          let fields = [("visibleWhen", row.visibleWhen), ("enabledWhen", row.enabledWhen)].filter { $0.1 != nil }
          sink.error(
            "submit-never-calls",
            "row \(Quoting.quoted(row.id)) can never call \(Quoting.quoted(submit.operation)): its \(fields.map(\.0).joined(separator: " and ")) \(fields.count == 1 ? "holds" : "hold") only with values that rows it checks first refuse (each tap ends in an offer to fix a row): \(reason)",
            at: path.appending(fields.last?.0 ?? "enabledWhen"),
            suggestion: "compare the key with a value its rows accept, or loosen the rules of the row that refuses it")
        }
        for (index, required) in row.requires.enumerated() {
          guard let reason = neverComplete[required] else { continue }
          sink.error(
            "guard-never-holds",
            "row \(Quoting.quoted(row.id)) can never be enabled: step \(Quoting.quoted(required)) can never be complete, because its completion checks can never hold; \(reason)",
            at: positions.elementPath(path.appending("requires"), index))
        }
      }
    }
  }

  /// Every check on a flow that loaded clean. On one with loading problems (see
  /// ``ModelPositions/writtenKeys``) the checks of keys, guards, rules, bindings,
  /// option sources and matchers run too, so one run reports every problem; the
  /// graph checks (reachability, coverage, renames, unused named rules) wait for a
  /// clean load, since a step id or row that did not load would mislead them.
  @discardableResult
  func lint() -> [Diagnostic] {
    checkBindings()
    checkMatchers()
    checkKeys()
    checkOptionSources()
    checkFormattedData()
    checkNumberGrouping()
    checkDataValues()
    checkUnfilledTemplates()
    checkSecretDetails()
    checkSecureCellsHidden()
    checkSecretValues()
    checkGuards()
    checkActions()
    checkRulesCanPass()
    checkToggleStarts()
    checkFinishes()
    LocaleLint(flow: flow, positions: positions, sink: sink).check()
    PluralLint(flow: flow, positions: positions, sink: sink).check()
    if positions.writtenKeys == nil {
      checkReachability()
      checkNamedRulesUsed()
      checkCoverage()
      RenameChecks(flow: flow, keys: keys, sink: sink).check()
    }
    return sink.diagnostics
  }

  /// Whether a key the document writes did not load (its row or entry had a
  /// problem): what reads it is not judged, as loading reported the problem.
  private func unloaded(_ key: DataKey) -> Bool {
    guard let written = positions.writtenKeys else { return false }
    return written.contains(key) && !keys.isKnown(key)
  }

  /// Rules of one row that no value but an empty one passes together. A lint
  /// error, not a loading one: `checkout generate` runs on such a flow, lists
  /// the stories the row blocks and fails. A picker's options are its fixed list, or the
  /// list its `{ "from": key }` names in the flow's data (as a session offers them)
  /// when no submit provides that key (an API answer may replace them).
  ///
  /// What ``RuleSatisfiability`` cannot prove is asked of the story generator's
  /// ``ValueSynthesizer`` (``RuleConflict``), so a rule it does not know yet is
  /// judged as `checkout generate` judges it.
  private func checkRulesCanPass() {
    let conflicts = RuleConflict(flow: flow)
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() where !row.rules.isEmpty {
        var listed: [PickerOption]?
        switch row.options {
        case .list(let options)?: listed = options
        case .from(let key)? where !keys.provided.contains(key): listed = row.options?.options(in: flow.data)
        case .from?, nil: listed = nil
        }
        guard
          let problem = RuleSatisfiability(rules: row.rules, options: listed).problem(patternsValid: true)
            ?? conflicts.problem(row)
        else { continue }
        sink.error("contradictory-rules", problem, at: positions.rowPath(stepIndex, rowIndex).appending("rules"))
      }
    }
  }

  /// Every step must be reachable from the start: through rows that open steps,
  /// successes of submits, and the actions a submit on a reachable step declares
  /// (the session opens an action's step when the call asks for it).
  private func checkReachability() {
    let graph = FlowGraph(flow)
    var reachable = graph.reachableSteps(from: flow.start)
    var grown = true
    while grown {
      grown = false
      for step in flow.steps where reachable.contains(step.id) {
        for case .submit(let submit)? in step.rows.map(\.action) {
          for target in submit.actions.values where !reachable.contains(target) {
            reachable.formUnion(graph.reachableSteps(from: target))
            grown = true
          }
        }
      }
    }
    for (index, step) in flow.steps.enumerated() where !reachable.contains(step.id) {
      sink.error(
        "unreachable-step",
        "step \(Quoting.quoted(step.id)) cannot be reached from the start step \(Quoting.quoted(flow.start))",
        at: positions.stepPath(index).appending("id"),
        suggestion:
          "add a row that \"opens\" it, a submit whose \"then\" is it, or a submit that does an action on it (\"actions\"), on a reachable step"
      )
    }
  }

  /// Each action a submit declares is done on a step the session can open over
  /// the submit's step (not that step itself, not a `reset` step, which leaving
  /// could not return to the order) and that has a `resume` row to finish it.
  ///
  /// What follows from a declaration that is wrong waits until it is fixed, as it
  /// would mislead: a `resume` row is not judged while an action names a step that
  /// did not load, the submit's own step or a `reset` step (fixing it decides which
  /// steps are action steps), and such an action step is not also told to get a
  /// `resume` row.
  private func checkActions() {
    var actionSteps: Set<StepID> = []
    var misdeclared = false
    for step in flow.steps {
      for row in step.rows {
        guard case .submit(let submit)? = row.action else { continue }
        actionSteps.formUnion(submit.actions.values)
        misdeclared =
          misdeclared
          || submit.actions.values.contains { $0 == step.id || flow.step($0).map { $0.presentation == .reset } ?? true }
      }
    }
    if !misdeclared { checkResumeRows(actionSteps: actionSteps) }
    checkValidatedActionSteps()
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() {
        guard case .submit(let submit)? = row.action else { continue }
        for (action, target) in submit.actions.sorted(by: { $0.key < $1.key }) {
          guard let actionStep = flow.step(target) else { continue }  // loading reports a missing step
          let path = positions.rowPath(stepIndex, rowIndex).appending("actions").appending(action.rawValue)
          if target == step.id || actionStep.presentation == .reset {
            let why = target == step.id ? "it is the submit's own step" : "it is a reset step"
            sink.error(
              "unreachable-action-step",
              "action \(Quoting.quoted(action)) of \(Quoting.quoted(submit.operation)) cannot be reached from \(Quoting.quoted(step.id)): \(why), so the session cannot open it over the order and return",
              at: path, suggestion: "do the action on a step of its own, presented \"modal\" or \"push\"")
            continue
          }
          if !actionStep.rows.contains(where: { $0.action == .resume }) {
            sink.error(
              "missing-resume-row",
              "action \(Quoting.quoted(action)) of \(Quoting.quoted(submit.operation)) is done on \(Quoting.quoted(target)), which has no row to finish it",
              at: path, suggestion: "add a button with \"action\": \"resume\" to \(Quoting.quoted(target))")
          }
        }
      }
    }
  }

  /// A `resume` row finishes the action a call waits on, so it belongs on a step a
  /// submit does an action on; anywhere else every tap on it is refused.
  private func checkResumeRows(actionSteps: Set<StepID>) {
    for (stepIndex, step) in flow.steps.enumerated() where !actionSteps.contains(step.id) {
      for (rowIndex, row) in step.rows.enumerated() where row.action == .resume {
        sink.error(
          "resume-outside-action",
          "row \(Quoting.quoted(row.id)) resumes a call's action, but no submit does an action on \(Quoting.quoted(step.id)): every tap on it would be refused",
          at: positions.rowPath(stepIndex, rowIndex).appending("action"),
          suggestion:
            "use \"action\": \"close\" to close the step, or name \(Quoting.quoted(step.id)) in a submit's \"actions\"")
      }
    }
  }

  /// A submit that validates an action's step checks rows the shopper can reach only
  /// while a call waits on that action: when one fails, the offer routes to a step
  /// nothing opens, and the order can never be placed. A step a row or a submit's
  /// `then` opens too is an ordinary step, whatever an action names.
  private func checkValidatedActionSteps() {
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() {
        guard case .submit(let submit)? = row.action, let validates = submit.validates else { continue }
        for (index, target) in validates.enumerated() where !actionsOpening(target).isEmpty {
          guard let validated = flow.step(target),
            validated.rows.contains(where: { $0.kind.takesValue && !$0.rules.isEmpty })
          else { continue }
          sink.error(
            "validates-action-step",
            "submit \(Quoting.quoted(submit.operation)) validates \(Quoting.quoted(target)), which opens only while a call waits on its action: a row there that fails could never be reached to fix it",
            at: positions.rowPath(stepIndex, rowIndex).appending("validates").appending(index),
            suggestion:
              "leave \(Quoting.quoted(target)) out of \"validates\": the shopper fills it in while the call waits")
        }
      }
    }
  }

  /// The actions done on `step`, each with its operation and the JSON path of its
  /// declaration, when only actions open it: it is not the start, no row `opens`
  /// it and no submit's `then` is it, so it is open only while a call waits on one
  /// of them. Empty for any other step. An action declared on its submit's own
  /// step (`unreachable-action-step`) does not count.
  func actionsOpening(_ step: StepID) -> [(operation: OperationName, action: ActionName, path: JSONPath)] {
    guard step != flow.start else { return [] }
    var found: [(operation: OperationName, action: ActionName, path: JSONPath)] = []
    for (stepIndex, from) in flow.steps.enumerated() where from.id != step {
      for (rowIndex, row) in from.rows.enumerated() {
        switch row.action {
        case .opens(step)?: return []
        case .submit(let submit)?:
          if submit.then == step { return [] }
          for (action, target) in submit.actions.sorted(by: { $0.key < $1.key }) where target == step {
            let path = positions.rowPath(stepIndex, rowIndex).appending("actions").appending(action.rawValue)
            found.append((submit.operation, action, path))
          }
        default: continue
        }
      }
    }
    return found
  }

  /// A key bound by several rows must be checked the same way by each row that has rules.
  private func checkBindings() {
    var first: [DataKey: (rules: [RuleKind], path: JSONPath, secret: Bool, sensitive: Bool)] = [:]
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() {
        guard let key = row.bind, row.kind.takesValue else { continue }
        let path = positions.rowPath(stepIndex, rowIndex)
        let rules = row.rules.map(\.kind)
        guard let earlier = first[key] else {
          first[key] = (rules, path, row.secret, row.sensitive)
          continue
        }
        if !rules.isEmpty && !earlier.rules.isEmpty && rules != earlier.rules {
          sink.error(
            "conflicting-rules",
            "key \(Quoting.quoted(key)) is bound at \(earlier.path) and here with different rules",
            at: path.appending("rules"), suggestion: "give both rows the same rules, or leave them off one")
        }
        if row.secret != earlier.secret || row.sensitive != earlier.sensitive {
          sink.error(
            "conflicting-masking",
            "key \(Quoting.quoted(key)) is bound at \(earlier.path) and here, but only one of them marks it secret or sensitive",
            at: path, suggestion: "mark every row bound to the key the same way")
        }
      }
    }
  }

  /// Matchers after a `*` fallback, or after a matcher that already covers them, never match.
  private func checkMatchers() {
    for (index, matcher) in flow.errors.enumerated() {
      guard let earlier = flow.errors[..<index].firstIndex(where: { covers($0, matcher) }) else { continue }
      sink.warning(
        "shadowed-matcher",
        "this matcher never matches: \(positions.errorPath(earlier)) matches every error it would",
        at: positions.errorPath(index), suggestion: "move it before \(positions.errorPath(earlier)), or remove it")
    }
    let fallbacks = flow.errors.filter { $0.code == .any && $0.field == nil }
    var operations: [OperationName] = []
    for case .submit(let submit)? in flow.steps.lazy.flatMap(\.rows).map(\.action)
    where !operations.contains(submit.operation) {
      operations.append(submit.operation)
    }
    let uncovered = operations.filter { operation in !fallbacks.contains { $0.applies(to: operation) } }
    if !fallbacks.isEmpty, !uncovered.isEmpty {
      sink.warning(
        "no-fallback",
        "no fallback matcher for \(uncovered.map { Quoting.quoted($0.rawValue) }.joined(separator: ", ")): an API error of \(uncovered.count == 1 ? "that operation" : "those operations") no matcher knows is reported to the host unresolved",
        at: JSONPath.root.appending("errors"),
        suggestion:
          "add { \"code\": \"*\", \"operation\": \(Quoting.quoted(uncovered[0].rawValue)), \"step\": …, \"message\": … }"
      )
    } else if fallbacks.isEmpty {
      sink.warning(
        "no-fallback", "no fallback matcher: an API error no matcher knows is reported to the host unresolved",
        at: JSONPath.root.appending("errors"),
        suggestion: "end \"errors\" with { \"code\": \"*\", \"step\": …, \"message\": … }")
    }
  }

  private func covers(_ earlier: ErrorMatcher, _ later: ErrorMatcher) -> Bool {
    // A matcher scoped to some operations shadows only matchers of no others.
    if let scope = earlier.operations {
      guard let laterScope = later.operations, laterScope.allSatisfy(scope.contains) else { return false }
    }
    if let field = earlier.field, field != later.field { return false }
    guard let code = earlier.code else { return earlier.field != nil }
    switch (code, later.code) {
    case (.any, _): return true
    case (.prefix(let prefix), .exact(let exact)?): return exact.hasPrefix(prefix)
    case (.prefix(let prefix), .prefix(let other)?): return other.hasPrefix(prefix)
    case (.exact(let exact), .exact(let other)?): return exact == other
    default: return false
    }
  }

  /// A picker whose options come from the data needs the data to hold a list there.
  private func checkOptionSources() {
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() {
        guard case .from(let key) = row.options, !unloaded(key) else { continue }
        let path = positions.rowPath(stepIndex, rowIndex).appending("options").appending("from")
        switch flow.data[key] {
        case .options?:
          continue
        case let value?:
          sink.error(
            "wrong-type",
            "options come from \(Quoting.quoted(key)), which holds \(value.typeDescription), not a list of options",
            at: path)
        case nil where keys.isKnown(key) && !keys.provided.contains(key):
          sink.warning(
            "missing-options-data", "options come from \(Quoting.quoted(key)), which the flow's data does not hold",
            at: path, suggestion: "add it to \"data\", or make sure the host sets it before the step shows")
        case nil:
          continue  // unknown keys are reported by checkKeys; provided ones arrive with an API answer
        }
      }
    }
  }
}

extension DiagnosticSink {
  func warning(
    _ code: Diagnostic.Code, _ message: @autoclosure () -> String, at path: JSONPath?,
    suggestion: @autoclosure () -> String? = nil
  ) {
    report(
      Diagnostic(.warning, code: code, message: message(), path: path, suggestion: suggestion()), severity: .warning)
  }
}
