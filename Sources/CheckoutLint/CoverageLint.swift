import CheckoutModel
import CheckoutPlanning

extension FlowLinter {
  /// Every resolution must be reachable from every step where a submit can fail
  /// (the ``CoverageMatrix``). A gap names the origin, the resolution and why no
  /// route exists; when the only way there passes a row no session can use (a
  /// `visibleWhen` or `enabledWhen` that can never hold, a `requires` that can
  /// never be met), it names that row and its guard rather than saying no row opens
  /// the step. When a matcher (not a fallback) is fixable from the other
  /// operations it applies to, scoping it to them (`"operation"`) is suggested too.
  func checkCoverage() {
    let matrix = CoverageMatrix(flow)
    let planner = RoutePlanner(flow)
    // An origin that never submits has its guard reported by checkGuards.
    for cell in matrix.gaps where cell.origin.state != nil && !cell.origin.neverSubmits {
      guard case .failure(let noRoute) = cell.route, let matcher = cell.matchers.first,
        let state = cell.origin.state
      else { continue }
      var why = noRoute.description
      var fix = "add a row that opens \(cell.target.step) on a step the shopper can go back to from \(cell.origin.step)"
      let actions = actionsOpening(cell.target.step)
      if case .unreachable = noRoute.reason, !actions.isEmpty {
        // Only a call waiting on its action opens the step: no row could ever lead there.
        let named = actions.map { "\($0.operation)'s action \(Quoting.quoted($0.action)) (\($0.path))" }
        let origin = Quoting.quoted(cell.origin.step)
        let row = flow.errors[matcher].row == nil ? "" : " and the \"row\" there to fix"
        why =
          "\(Quoting.quoted(cell.target.step)) is where \(named.joined(separator: " and ")) is done: an action's step is open only while a call waits on its action, and when \(cell.origin.operation) fails on \(cell.origin.step) none does"
        fix =
          "map the error to a step the shopper can reach from \(origin), such as \(origin) itself (\"step\": \(origin)\(row))"
      } else if case .unreachable = noRoute.reason,
        let closed = closedRows(from: state, to: cell.target.step, planner)
      {
        why = "unreachable: \(closed.text)"
        fix = closed.fix
      }
      if !isFallback(flow.errors[matcher]), let operations = fixableOperations(of: matcher, in: matrix),
        !operations.contains(cell.origin.operation)
      {
        let scope =
          operations.count == 1
          ? Quoting.quoted(operations[0].rawValue)
          : "[" + operations.map { Quoting.quoted($0.rawValue) }.joined(separator: ", ") + "]"
        let only = operations.map(\.rawValue).joined(separator: " or ")
        fix += "; or, if only \(only) returns this error, scope the matcher to it: \"operation\": \(scope)"
      }
      sink.error(
        "uncovered-resolution",
        "an error from \(cell.origin.operation) on \(cell.origin.step) cannot be fixed at \(cell.target.name): \(why)",
        at: positions.errorPath(matcher).appending("step"), suggestion: fix)
    }
  }

  /// A `*` matcher without a field: scoping it leaves the other operations' errors unresolved.
  private func isFallback(_ matcher: ErrorMatcher) -> Bool {
    matcher.code == .any && matcher.field == nil
  }

  /// The operations the matcher at `index` applies to from whose every origin its
  /// resolution has a route, in flow order; nil when there is none, or when it is
  /// fixable from none of the operations it applies to but some.
  private func fixableOperations(of index: Int, in matrix: CoverageMatrix) -> [OperationName]? {
    var fixable: [OperationName] = []
    var failing: Set<OperationName> = []
    for cell in matrix.cells where cell.matchers.contains(index) {
      let operation = cell.origin.operation
      if case .success = cell.route, cell.origin.state != nil, !cell.origin.neverSubmits {
        if !fixable.contains(operation) { fixable.append(operation) }
      } else {
        failing.insert(operation)
      }
    }
    fixable.removeAll(where: failing.contains)
    return fixable.isEmpty || failing.isEmpty ? nil : fixable
  }

  /// When a route to `target` exists through rows no session can use (the coverage
  /// matrix leaves them out), the first such row on it: what closes it, and what
  /// to fix. Nil when there is no route even through them.
  private func closedRows(
    from state: NavigationState, to target: StepID, _ planner: RoutePlanner
  ) -> (text: String, fix: String)? {
    guard case .success(let route) = planner.plan(from: state, to: target) else { return nil }
    var satisfiability = ConditionSatisfiability(flow)
    if positions.lostAnOption { satisfiability.domains = nil }
    let neverComplete = satisfiability.neverCompleteSteps(of: flow)
    var before = state
    for (command, after) in zip(route.commands, route.states) {
      defer { before = after }
      guard let opened = command.opened, let step = flow.step(before.top) else { continue }
      let openers = step.rows.filter { $0.action == .opens(opened) }
      guard !openers.isEmpty,
        !openers.contains(where: { satisfiability.canUse($0, on: step.id, in: flow, neverComplete: neverComplete) })
      else { continue }
      let row = openers[0]
      let named = "row \(Quoting.quoted(row.id)) on step \(Quoting.quoted(step.id))"
      let (closed, fix): (String, String)
      if let condition = row.visibleWhen, !satisfiability.canHold(condition) {
        closed = "it is never shown, as its visibleWhen can never hold: \(satisfiability.reason(condition))"
        fix = "make the visibleWhen of \(named) a condition that can hold"
      } else if let condition = row.enabledWhen, !satisfiability.canHold(condition) {
        closed = "it is never enabled, as its enabledWhen can never hold: \(satisfiability.reason(condition))"
        fix = "make the enabledWhen of \(named) a condition that can hold"
      } else if let required = row.requires.first(where: { neverComplete[$0] != nil }) {
        closed = "it is never enabled, as it requires \(Quoting.quoted(required)), which can never be complete"
        fix = "make the completion checks of \(Quoting.quoted(required)) ones that can hold"
      } else {
        continue
      }
      return ("\(named) opens \(opened) on the way there, but \(closed)", fix)
    }
    return nil
  }
}
