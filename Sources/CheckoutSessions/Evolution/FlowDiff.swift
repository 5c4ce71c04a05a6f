import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow

/// Every difference between two versions of a flow that matters to a live session,
/// each `safe` or `breaking`, and for a breaking one what happens to a session on it.
///
/// Steps, rows and keys are matched through the new version's `renamed`, so a
/// rename is one difference, not a removal and an addition. Routes are compared
/// through the coverage matrix: from every step where a submit can fail to every
/// error resolution.
///
/// ```swift
/// let diff = FlowDiff(from: v1, to: v2)
/// diff.isBreaking                    // true
/// print(diff)                        // one line per difference
/// ```
package struct FlowDiff: Hashable, Sendable, Codable, CustomStringConvertible {
  /// One difference.
  package struct Difference: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Whether a live session can carry on unaffected.
    package enum Impact: String, Hashable, Sendable, Codable {
      /// Sessions carry on as they were (renames are applied when they are restored).
      case safe
      /// Something about a session on it changes; `effect` says what.
      case breaking
    }

    /// Safe or breaking.
    package var impact: Impact
    /// What differs: `step removed`, `row renamed`, `rules changed`, `route changed`, …
    package var kind: String
    /// The step, `step.row`, key, error matcher or route concerned.
    package var subject: String
    /// The change itself (`stepOne -> shipping`, the old and new rules).
    package var detail: String
    /// For a breaking difference, what happens to a session on it.
    package var effect: String?

    /// Creates a difference.
    package init(_ impact: Impact, _ kind: String, _ subject: String, _ detail: String, effect: String? = nil) {
      self.impact = impact
      self.kind = kind
      self.subject = subject
      self.detail = detail
      self.effect = effect
    }

    /// `breaking  step removed  discount: ...\n            sessions: ...`.
    package var description: String {
      let change = detail.isEmpty ? "" : detail.hasPrefix("->") ? " \(detail)" : " (\(detail))"
      var text = "\(impact == .safe ? "safe    " : "breaking") \(kind): \(subject)\(change)"
      if let effect { text += "\n           sessions: \(effect)" }
      return text
    }
  }

  /// The flow's id.
  package var flow: FlowID
  /// The old version's `version`.
  package var fromVersion: Int?
  /// The new version's `version`.
  package var toVersion: Int?
  /// Every difference, steps first, then rows, keys, operations, error matchers,
  /// actions, routes, locales and texts.
  package var differences: [Difference]

  /// Whether any difference is breaking.
  package var isBreaking: Bool { differences.contains { $0.impact == .breaking } }

  /// The differences from `old` to `new` (matched through `new.renamed`).
  package init(from old: Flow, to new: Flow) {
    flow = new.id
    fromVersion = old.version
    toVersion = new.version
    var collector = FlowDiffCollector(old: old, new: new)
    collector.collect()
    differences = collector.differences
  }

  /// A heading, one line per difference, and a summary.
  package var description: String {
    let from = fromVersion.map { "v\($0)" } ?? "old"
    let to = toVersion.map { "v\($0)" } ?? "new"
    let breaking = differences.filter { $0.impact == .breaking }.count
    var lines = [
      "\(flow) \(from) -> \(to): \(differences.count) difference\(differences.count == 1 ? "" : "s"), \(breaking) breaking"
    ]
    lines += differences.map { "  " + $0.description.replacingOccurrences(of: "\n", with: "\n  ") }
    return lines.joined(separator: "\n")
  }
}

extension Rule {
  /// The rule without its message: what it accepts, which is what a diff compares.
  fileprivate var withoutMessage: Rule {
    var rule = self
    rule.message = nil
    return rule
  }
}

/// Builds a ``FlowDiff``'s differences, one concern at a time.
struct FlowDiffCollector {
  typealias Difference = FlowDiff.Difference
  typealias RowRef = CheckoutSession.RowRef
  let old: Flow
  let new: Flow
  private(set) var differences: [Difference] = []
  /// The error matchers both versions have, as indices of the old and the new
  /// version's `errors` (``compareMatchers()`` pairs them; ``compareTexts()`` counts
  /// their messages' new translations).
  var matchedMatchers: [(old: Int, new: Int)] = []

  /// The new version's graph: which steps each step opens.
  let newGraph: FlowGraph

  init(old: Flow, new: Flow) {
    self.old = old
    self.new = new
    self.newGraph = FlowGraph(new)
  }

  var renames: FlowRenames { new.renamed }
  var version: String { new.version.map { "v\($0)" } ?? "the new version" }

  mutating func collect() {
    compareSteps()
    compareRows()
    compareKeys()
    compareOperations()
    compareMatchers()
    compareActions()
    compareRoutes()
    compareLocales()
    compareTexts()
  }

  mutating func add(
    _ impact: Difference.Impact, _ kind: String, _ subject: String, _ detail: String, effect: String? = nil
  ) {
    differences.append(Difference(impact, kind, subject, detail, effect: effect))
  }

  // MARK: Steps

  private mutating func compareSteps() {
    var matched: Set<StepID> = []
    for step in old.steps {
      let id = renames.step(step.id)
      guard let now = new.step(id) else {
        add(
          .breaking, "step removed", step.id.rawValue, "",
          effect:
            "a session with it open is cut back to the step below it (the start when none is left); a route through it is given up and its error offered again"
            + placedOrders(showing: step.id)
        )
        continue
      }
      matched.insert(id)
      if id != step.id { add(.safe, "step renamed", step.id.rawValue, "-> \(id)") }
      if now.presentation != step.presentation {
        add(
          .breaking, "step presentation changed", id.rawValue,
          "\(step.presentation.rawValue) -> \(now.presentation.rawValue)",
          effect:
            "a session with it open keeps its navigation state; routes planned from now on open it with \(NavigationCommand.opening(id, as: now.presentation))"
        )
      }
      // A completion check's message is a text (``compareTexts()``); its condition is not.
      if now.complete.map(\.when) != step.complete.map(\.when) {
        add(
          .breaking, "completion checks changed", id.rawValue, "",
          effect: "a guard requiring \(id) is judged by the new checks: a row it enabled may be disabled")
      }
    }
    for step in new.steps where !matched.contains(step.id) {
      add(.safe, "step added", step.id.rawValue, "")
    }
  }

  /// What becomes of placed orders showing `step`, a step the new version no
  /// longer has, when an order's call opens it: they move to the step that call's
  /// submit opens now, or are cut back with the rest when none does.
  func placedOrders(showing step: StepID) -> String {
    let placing = old.steps.flatMap(\.rows).compactMap { row -> OperationName? in
      guard case .submit(let submit)? = row.action, submit.then == step,
        Flow.isFinal(then: step, step: old.step)
      else { return nil }
      return submit.operation
    }
    guard let operation = placing.first else { return "" }
    guard let shown = new.successStep(of: operation) else {
      return "; so is a placed order (\(operation)): no submit of \(operation) opens a step in \(version)"
    }
    return
      "; a placed order (\(operation)) showing it moves to \(shown.then), the step \(operation)'s submit opens in \(version)"
  }

  // MARK: Rows

  private mutating func compareRows() {
    let renamedOperations = renamedOperations()
    var matched: Set<RowRef> = []
    for step in old.steps {
      for row in step.rows {
        let oldRef = RowRef(step: step.id, row: row.id)
        let ref = renames.row(oldRef)
        guard let now = new.step(ref.step)?.row(ref.row) else {
          if new.step(ref.step) != nil || renames.rows[oldRef] != nil {
            add(
              .breaking, "row removed", oldRef.description, "",
              effect: "an error shown on it, its focus or an offer to fix it there is dropped"
                + (row.kind.takesValue && row.bind != nil
                  ? "; its value is dropped unless another row binds \(row.bind?.rawValue ?? "")" : ""))
          }
          continue
        }
        matched.insert(ref)
        // A row that only follows its step's rename is not listed again.
        // A row moved to another step takes its edge along: a session showing the
        // step it opened over its old step is cut back.
        let moved = cut(renames.step(step.id), opened: Self.edge(of: row.action).map(renames.step))
        if renames.rows[oldRef] != nil, !moved.isEmpty {
          add(.breaking, "row moved", oldRef.description, "-> \(ref)", effect: String(moved.dropFirst(2)))
        } else if renames.rows[oldRef] != nil {
          add(.safe, "row renamed", oldRef.description, "-> \(ref)")
        }
        compare(row, now, ref, renamedOperations: renamedOperations)
      }
    }
    for step in new.steps {
      for row in step.rows where !matched.contains(RowRef(step: step.id, row: row.id)) {
        let ref = RowRef(step: step.id, row: row.id).description
        if row.kind.takesValue, row.rules.contains(where: { $0.kind == .required }),
          old.step(step.id) != nil || matched.contains(where: { $0.step == step.id })
        {
          add(
            .breaking, "required row added", ref, "",
            effect: "a session that completed \(step.id) finds it incomplete until \(row.title) is filled in")
        } else {
          add(.safe, "row added", ref, "")
        }
      }
    }
  }

  private mutating func compare(
    _ row: Row, _ now: Row, _ ref: RowRef, renamedOperations: [OperationName: OperationName]
  ) {
    let subject = ref.description
    if row.kind != now.kind {
      add(
        .breaking, "cell changed", subject, "\(row.kind.rawValue) -> \(now.kind.rawValue)",
        effect: "a stored value is kept; the new cell shows it")
    }
    let oldBind = row.bind.map(renames.key)
    if oldBind != now.bind {
      add(
        .breaking, "binding changed", subject, "\(row.bind?.rawValue ?? "none") -> \(now.bind?.rawValue ?? "none")",
        effect:
          "the row shows the value of \(now.bind?.rawValue ?? "no key"); a value under \(row.bind?.rawValue ?? "no key") is not carried to it"
      )
    }
    // Named rules are compared by what they are defined as; their messages are
    // texts (``compareTexts()``): a translation changes no value's fate.
    func written(_ rules: [Rule]) -> [String] { rules.map { FlowWriter.rule($0, named: [:]) } }
    let (oldMeaning, newMeaning) = (row.rules.map(\.withoutMessage), now.rules.map(\.withoutMessage))
    if written(oldMeaning) != written(newMeaning) || row.rules.map(\.kind) != now.rules.map(\.kind) {
      let (oldRules, newRules) = (written(row.rules), written(now.rules))
      let added = newMeaning.filter { !oldMeaning.contains($0) }
      let detail = "[\(oldRules.joined(separator: ", "))] -> [\(newRules.joined(separator: ", "))]"
      if added.isEmpty {
        add(.safe, "rules loosened", subject, detail)
      } else {
        add(
          .breaking, "rules changed", subject, detail,
          effect: "a stored value the new rules reject is kept and shown on \(subject) with the rule's message")
      }
    }
    compareAction(row, now, ref, renamedOperations: renamedOperations)
    let oldRequires = row.requires.map(renames.step)
    if oldRequires != now.requires {
      let detail =
        "[\(oldRequires.map(\.rawValue).joined(separator: ", "))] -> [\(now.requires.map(\.rawValue).joined(separator: ", "))]"
      if Set(now.requires).isSubset(of: Set(oldRequires)) {
        add(.safe, "guard loosened", subject, detail)
      } else {
        add(
          .breaking, "guard changed", subject, detail,
          effect: "\(now.title) is disabled until every step it requires is complete; a route through it may be blocked"
        )
      }
    }
    if row.visibleWhen != now.visibleWhen || row.enabledWhen != now.enabledWhen {
      add(
        .breaking, "condition changed", subject, "visibleWhen/enabledWhen",
        effect: "the row is shown and enabled by the new conditions")
    }
    if row.secret != now.secret || row.sensitive != now.sensitive {
      add(
        .breaking, "masking changed", subject,
        "secret \(row.secret) -> \(now.secret), sensitive \(row.sensitive) -> \(now.sensitive)",
        effect: "values are stored and shown as the new masking says from the next snapshot on")
    }
  }

  /// What becomes of a session showing `opened` over `step` when the new version's
  /// `step` no longer opens it (by no row nor action): it is cut back to `step`.
  func cut(_ step: StepID, opened: StepID?) -> String {
    guard let opened, new.step(opened) != nil, !newGraph.steps(openedBy: step).contains(opened) else { return "" }
    return
      "; a session showing \(opened) opened on \(step) is cut back to \(step) when it is restored (\(step) no longer opens \(opened); its data is kept)"
  }

  // MARK: Keys

  private mutating func compareKeys() {
    let oldKeys = FlowKeys(old)
    let newKeys = FlowKeys(new)
    var matched: Set<String> = []
    for name in oldKeys.known {
      let key = DataKey(name)
      let now = renames.key(key)
      guard newKeys.isKnown(now) else {
        add(
          .breaking, "key removed", name, "",
          effect:
            "a value stored under it is dropped: no row binds it, the data does not hold it, no submit provides it in \(version)"
        )
        continue
      }
      matched.insert(now.rawValue)
      if now != key { add(.safe, "key renamed", name, "-> \(now)") }
    }
    for name in newKeys.known where !matched.contains(name) {
      add(.safe, "key added", name, "")
    }
  }

  // MARK: Error matchers

  /// Matchers are matched by what they match (code and field, a field naming a
  /// renamed key followed); the first of each in file order.
  private mutating func compareMatchers() {
    let what = Self.what
    func renamedField(_ field: String?) -> String? { field.map { renames.key(DataKey($0)).rawValue } }
    var matched: Set<Int> = []
    let resolver = ErrorResolver(new)
    for (oldIndex, matcher) in old.errors.enumerated() {
      let candidates = new.errors.indices.filter { index in
        !matched.contains(index) && new.errors[index].code == matcher.code
          && new.errors[index].field == renamedField(matcher.field)
      }
      // Several calls may each have a matcher of one code (a fallback each): the
      // one of the same operations first.
      let index = candidates.first { new.errors[$0].operations == matcher.operations } ?? candidates.first
      guard let index else {
        let example = APIError(code: Self.exampleCode(matcher.code), field: renamedField(matcher.field))
        // Re-resolved as its own operations' errors are (a fallback of another call never takes them).
        let calls = (matcher.operations ?? []).isEmpty ? [nil] : (matcher.operations ?? []).map { Optional($0) }
        let answers = calls.map { operation in
          (operation, resolver.resolve(example, from: operation).map { "resolved at \($0.target)" } ?? "unresolved")
        }
        let now =
          Set(answers.map(\.1)).count == 1
          ? "now \(answers[0].1)"
          : "now "
            + answers.map { "\($0.1) when \($0.0.map(\.rawValue) ?? "any call") answers it" }.joined(separator: ", ")
        add(
          .breaking, "error matcher removed", what(matcher), "resolved at \(Self.target(matcher))",
          effect: "an offer or queued error it matched is re-resolved: \(example.code) is \(now)")
        continue
      }
      matched.insert(index)
      matchedMatchers.append((oldIndex, index))
      let now = new.errors[index]
      let oldTarget =
        matcher.row.map { renames.row(RowRef(step: matcher.step, row: $0)).description }
        ?? renames.step(matcher.step).rawValue
      if oldTarget != Self.target(now) {
        add(
          .breaking, "error resolution changed", what(matcher), "\(Self.target(matcher)) -> \(Self.target(now))",
          effect: "an offer or queued error it matched is re-resolved to \(Self.target(now)); its route changes")
      } else if matcher.priority != now.priority || rewordsAMessage(from: matcher.message, to: now.message) {
        // A message only translated into another locale is that locale's "texts changed".
        add(.safe, "error message changed", what(matcher), "")
      }
      if matcher.operations != now.operations {
        func scope(_ operations: [OperationName]?) -> String {
          operations.map { $0.map(\.rawValue).joined(separator: ", ") } ?? "every operation"
        }
        add(
          .safe, "error matcher operations changed", what(matcher),
          "\(scope(matcher.operations)) -> \(scope(now.operations))")
      }
    }
    for index in new.errors.indices where !matched.contains(index) {
      add(.safe, "error matcher added", what(new.errors[index]), "resolved at \(Self.target(new.errors[index]))")
    }
  }

  /// What a matcher matches: `code card_declined`, `field shipping.zip`.
  static func what(_ matcher: ErrorMatcher) -> String {
    [matcher.code.map { "code \($0)" }, matcher.field.map { "field \($0)" }].compactMap { $0 }.joined(separator: " ")
  }

  static func target(_ matcher: ErrorMatcher) -> String {
    matcher.row.map { "\(matcher.step).\($0)" } ?? matcher.step.rawValue
  }

  /// A code a pattern matches, for saying where its errors go now.
  static func exampleCode(_ pattern: CodePattern?) -> String {
    switch pattern {
    case .exact(let code)?: return code
    case .prefix(let prefix)?: return prefix + "error"
    case .any?, nil: return "any_error"
    }
  }

  // MARK: Routes

  /// Every route of the coverage matrix (failing step x resolution) both versions
  /// have, compared command by command with the old one's names renamed.
  private mutating func compareRoutes() {
    let oldMatrix = CoverageMatrix(old)
    let newMatrix = CoverageMatrix(new)
    var newRoutes: [String: String] = [:]
    for cell in newMatrix.cells { newRoutes["\(cell.origin.step) -> \(cell.target.name)"] = Self.text(cell.route) }
    for cell in oldMatrix.cells {
      let origin = renames.step(cell.origin.step)
      let target =
        cell.target.row.map { renames.row(RowRef(step: cell.target.step, row: $0)).description }
        ?? renames.step(cell.target.step).rawValue
      let key = "\(origin) -> \(target)"
      guard let now = newRoutes[key] else { continue }
      let before = Self.text(cell.route, renaming: renames)
      guard before != now else { continue }
      add(
        .breaking, "route changed", "\(origin) to \(target)", "\(before) -> \(now)",
        effect:
          "an error failing on \(origin) and fixed at \(target) is routed the new way; a route in progress is given up when it names a changed step"
      )
    }
  }

  private static func text(_ route: Result<Route, NoRoute>, renaming renames: FlowRenames = FlowRenames()) -> String {
    switch route {
    case .success(let route) where route.commands.isEmpty:
      return "already there"
    case .success(let route):
      return route.commands.map { command -> String in
        switch command {
        case .push(let step): return NavigationCommand.push(renames.step(step)).description
        case .present(let step): return NavigationCommand.present(renames.step(step)).description
        case .reset(let step): return NavigationCommand.reset(renames.step(step)).description
        case .pop, .dismiss: return command.description
        }
      }.joined(separator: ", ")
    case .failure: return "no route"
    }
  }
}
