import CheckoutModel
import CheckoutPlanning

extension FlowDiffCollector {
  /// What tapping a row does, in a diff's words: `opens payment`, `close`,
  /// `resume`, `submit reserveStock`, `nothing`.
  static func actionText(_ action: RowAction?) -> String {
    switch action {
    case .opens(let step)?: return "opens \(step)"
    case .close?: return "close"
    case .resume?: return "resume"
    case .submit(let submit)?: return "submit \(submit.operation)"
    case nil: return "nothing"
    }
  }

  /// The step a row's tap opens, a disclosure's `opens` or a submit's `then`: the
  /// graph edge from its step that ``Migration`` cuts a session back along.
  static func edge(of action: RowAction?) -> StepID? {
    switch action {
    case .opens(let step)?: return step
    case .submit(let submit)?: return submit.then
    case .close?, .resume?, nil: return nil
    }
  }

  /// The row's action, compared with the new version's: what a tap does (`action
  /// changed`), the step it opens (`edge added`, `edge changed`, `edge removed`, for
  /// a disclosure's `opens` and a submit's `then` alike), and of a submit kept a
  /// submit, its operation (`submit changed`, unless the operation was renamed,
  /// see ``compareOperations()``) and its `validates`. What an operation
  /// `provides` and the actions it declares are compared per operation
  /// (``compareOperations()``, ``compareActions()``), as a session finds them.
  mutating func compareAction(_ row: Row, _ now: Row, _ ref: RowRef, renamedOperations: [OperationName: OperationName])
  {
    let subject = ref.description
    let (before, after) = (Self.actionText(row.action), Self.actionText(now.action))
    switch (row.action, now.action) {
    case (.submit(let old)?, .submit(let new)?):
      if old.operation != new.operation, renamedOperations[old.operation] != new.operation {
        add(
          .breaking, "submit changed", subject, "\(old.operation) -> \(new.operation)",
          effect: "a tap on it calls \(new.operation), not \(old.operation)")
      }
      compareValidates(old, new, subject)
    case (nil, .opens?), (.opens?, nil), (.opens?, .opens?), (nil, nil), (.close?, .close?), (.resume?, .resume?):
      break  // a cell that gains or loses its disclosure is `cell changed`; the edge is compared below
    default:
      add(
        .breaking, "action changed", subject, "\(before) -> \(after)",
        effect: "a tap on it does what \(version) says: \(after)")
    }
    let oldEdge = Self.edge(of: row.action).map(renames.step)
    let newEdge = Self.edge(of: now.action)
    guard oldEdge != newEdge else { return }
    let detail = "\(oldEdge?.rawValue ?? "nothing") -> \(newEdge?.rawValue ?? "nothing")"
    if oldEdge == nil {
      add(.safe, "edge added", subject, detail)
      return
    }
    let kind = newEdge == nil ? "edge removed" : "edge changed"
    let cut = cut(ref.step, opened: oldEdge)
    guard case .submit(let submit)? = row.action else {
      add(
        .breaking, kind, subject, detail,
        effect: "routes that went through it are planned again from the new graph" + cut)
      return
    }
    // A call in progress keeps the step it was made to open (``Migration`` renames it).
    add(
      .breaking, kind, subject, detail,
      effect:
        "a call of \(submit.operation) made from now on opens \(newEdge?.rawValue ?? "nothing") when it succeeds; one in progress keeps its answer's data but opens nothing (a success opens only what its submit opens now), so the shopper taps again"
        + cut)
  }

  /// A submit's `validates`, old step ids renamed; `nil` (every step on the stack)
  /// checks at least as much as any list.
  private mutating func compareValidates(_ old: Submit, _ new: Submit, _ subject: String) {
    let before = old.validates.map { $0.map(renames.step) }
    guard before != new.validates else { return }
    func text(_ steps: [StepID]?) -> String {
      steps.map { "[" + $0.map(\.rawValue).joined(separator: ", ") + "]" } ?? "every step on the stack"
    }
    let detail = "\(text(before)) -> \(text(new.validates))"
    let narrower: Bool
    switch (before, new.validates) {
    case (nil, _): narrower = true
    case (_, nil): narrower = false
    case (let before?, let after?): narrower = Set(after).isSubset(of: Set(before))
    }
    if narrower {
      add(.safe, "validates loosened", subject, detail)
    } else {
      add(
        .breaking, "validates changed", subject, detail,
        effect: "a tap on it checks the new steps first: a row there that fails is offered to fix before the call")
    }
  }

  /// The operations the flow's submits call, in flow order, each once, with the
  /// keys its submits provide together (as an answer's values are merged).
  static func operations(of flow: Flow) -> [(operation: OperationName, provides: Set<DataKey>)] {
    var found: [(operation: OperationName, provides: Set<DataKey>)] = []
    for case .submit(let submit)? in flow.steps.lazy.flatMap(\.rows).map(\.action) {
      if let index = found.firstIndex(where: { $0.operation == submit.operation }) {
        found[index].provides.formUnion(submit.provides)
      } else {
        found.append((submit.operation, Set(submit.provides)))
      }
    }
    return found
  }

  /// Operations renamed: a row (matched through `renamed`) whose submit called an
  /// operation the new version has no submit of, and now calls one the old had none of.
  func renamedOperations() -> [OperationName: OperationName] {
    let before = Set(Self.operations(of: old).map(\.operation))
    let after = Set(Self.operations(of: new).map(\.operation))
    var renamed: [OperationName: OperationName] = [:]
    for step in old.steps {
      for row in step.rows {
        guard case .submit(let was)? = row.action else { continue }
        let ref = renames.row(RowRef(step: step.id, row: row.id))
        guard case .submit(let now)? = new.step(ref.step)?.row(ref.row)?.action,
          !after.contains(was.operation), !before.contains(now.operation), renamed[was.operation] == nil,
          !renamed.values.contains(now.operation)
        else { continue }
        renamed[was.operation] = now.operation
      }
    }
    return renamed
  }

  /// Operations added (safe: no session has a call of one), removed or renamed
  /// (breaking: a call of the old name in progress is still answered under it, but
  /// no submit of it provides a key or declares an action any more, and only
  /// matchers for every operation resolve its errors), and the keys an operation
  /// provides (fewer is breaking: an answer's value for a key no longer provided
  /// is left out, with a notice).
  mutating func compareOperations() {
    let renamed = renamedOperations()
    let before = Self.operations(of: old)
    let after = Self.operations(of: new)
    let inProgress =
      "a call of it in progress is still answered under its old name, but its answer fills no key (no submit of it provides one in \(version)), opens no step, and only matchers for every operation resolve its errors"
    for (operation, provides) in before {
      if let now = renamed[operation] {
        add(
          .breaking, "operation renamed", operation.rawValue, "-> \(now)",
          effect: inProgress + "; a tap calls \(now)")
        continue
      }
      guard let now = after.first(where: { $0.operation == operation }) else {
        add(.breaking, "operation removed", operation.rawValue, "", effect: inProgress + "; no row calls it any more")
        continue
      }
      let was = Set(provides.map(renames.key))
      guard was != now.provides else { continue }
      func list(_ keys: Set<DataKey>) -> String { "[" + keys.map(\.rawValue).sorted().joined(separator: ", ") + "]" }
      let detail = "\(list(was)) -> \(list(now.provides))"
      let dropped = was.subtracting(now.provides)
      if dropped.isEmpty {
        add(.safe, "provides widened", operation.rawValue, detail)
      } else {
        add(
          .breaking, "provides changed", operation.rawValue, detail,
          effect:
            "an answer of \(operation) (a call in progress included) no longer fills \(list(dropped).dropFirst().dropLast()): its value is left out, with a notice"
        )
      }
    }
    for (operation, _) in after where !before.contains(where: { $0.operation == operation }) {
      guard !renamed.values.contains(operation) else { continue }
      add(.safe, "operation added", operation.rawValue, "")
    }
  }
}
