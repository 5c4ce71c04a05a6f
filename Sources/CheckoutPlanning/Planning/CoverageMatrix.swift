import CheckoutModel

/// Proof that every error can be fixed from every step where it can happen: for
/// each submit (a step and the operation it calls, where the API can fail) and
/// each resolution of a matcher that applies to that operation, the route from
/// the state the shortest forward path from the start reaches that step with.
/// The path may pass through earlier calls (their success opens their `then`).
///
/// ```swift
/// let matrix = CoverageMatrix(flow)
/// matrix.gaps.isEmpty  // true: full coverage
/// ```
package struct CoverageMatrix: Sendable {
  /// A step where a submit can fail, its operation, and the state it is reached with.
  package struct Origin: Hashable, Sendable {
    /// The step with the submit row.
    package var step: StepID
    /// The first submit row of the step that calls ``operation``.
    package var row: RowID
    /// The operation submitted there.
    package var operation: OperationName
    /// The state the shortest forward path from the start reaches it with; nil if it cannot be reached.
    package var state: NavigationState?
    /// The earlier calls that path passes through, in order.
    package var calls: [OperationName]
    /// True when no session can ever use a submit row of the step that calls
    /// ``operation`` (each has a guard that can never hold): no error of it can
    /// happen there, and none is covered.
    package var neverSubmits = false

    /// `review: book`.
    package var name: String { "\(step): \(operation)" }
  }

  /// A place an error is fixed, and the matchers that send errors there.
  package struct Target: Hashable, Sendable {
    /// The resolution's step.
    package var step: StepID
    /// The resolution's row, if any.
    package var row: RowID?
    /// The indices in `flow.errors` of the matchers resolving here.
    package var matchers: [Int]

    /// `creditCard.cvv`.
    package var name: String { RowReference(step: step, row: row).description }
  }

  /// One cell: the route from an origin to a target, or why there is none.
  package struct Cell: Sendable {
    /// The origin (row of the matrix).
    package var origin: Origin
    /// The target (column of the matrix).
    package var target: Target
    /// The target's matchers that apply to the origin's operation.
    package var matchers: [Int]
    /// The route, or why none exists.
    package var route: Result<Route, NoRoute>
  }

  /// The submits where a call can fail, in flow order (one per step and operation).
  package let origins: [Origin]
  /// The resolutions, in the order their first matcher appears.
  package let targets: [Target]
  /// Every origin × each target with a matcher of the origin's operation, origin-major.
  package let cells: [Cell]

  /// Computes the matrix; guards count as met (a guard is a state of the data, not
  /// of the graph) when some session can meet them. A row whose guard can never
  /// hold (the answer lint gives: a key compared with a value it never takes, a
  /// step it `requires` that can never be complete) is no way anywhere:
  /// a route that needs it does not count. `planner` is used when no row is such.
  package init(_ flow: Flow, planner: RoutePlanner? = nil) {
    let usable = flow.keepingUsableRows()
    let planner = usable == flow ? planner ?? RoutePlanner(flow) : RoutePlanner(usable)
    let start = NavigationState(root: flow.start)
    /// The step's submit rows, each with its operation, in row order.
    func submits(_ step: Step) -> [(row: RowID, operation: OperationName)] {
      step.rows.compactMap { row in
        if case .submit(let submit)? = row.action { return (row.id, submit.operation) }
        return nil
      }
    }
    origins = flow.steps.indices.flatMap { index in
      let step = flow.steps[index]
      let usableSubmits = submits(usable.steps[index])
      var origins: [Origin] = []
      for submit in submits(step) where !origins.contains(where: { $0.operation == submit.operation }) {
        let usableRow = usableSubmits.first { $0.operation == submit.operation }?.row
        let walk = try? planner.planThroughCalls(from: start, to: step.id).get()
        var origin = Origin(
          step: step.id, row: usableRow ?? submit.row, operation: submit.operation, state: walk?.route.destination,
          calls: walk?.operations ?? [])
        origin.neverSubmits = usableRow == nil
        origins.append(origin)
      }
      return origins
    }
    var targets: [Target] = []
    for (index, matcher) in flow.errors.enumerated() {
      if let existing = targets.firstIndex(where: { $0.step == matcher.step && $0.row == matcher.row }) {
        targets[existing].matchers.append(index)
      } else {
        targets.append(Target(step: matcher.step, row: matcher.row, matchers: [index]))
      }
    }
    self.targets = targets
    cells = origins.flatMap { origin in
      targets.compactMap { target in
        let matchers = target.matchers.filter { flow.errors[$0].applies(to: origin.operation) }
        guard !matchers.isEmpty else { return nil }
        guard let state = origin.state, !origin.neverSubmits else {
          return Cell(
            origin: origin, target: target, matchers: matchers,
            route: .failure(NoRoute(target: origin.step, reason: .unreachable)))
        }
        return Cell(
          origin: origin, target: target, matchers: matchers, route: planner.plan(from: state, to: target.step))
      }
    }
  }

  /// The cells without a route.
  package var gaps: [Cell] {
    cells.filter { if case .failure = $0.route { true } else { false } }
  }

  /// The matrix as a text table: a row per resolution, a column per failing step
  /// and its operation, each cell the route's length (`-` already there, `✗` no
  /// route or never submits, `·` no matcher of that operation resolves there).
  package func table() -> String {
    let header =
      ["resolution"]
      + origins.map { origin in
        let after = origin.calls.isEmpty ? "" : ", after \(origin.calls.map(\.rawValue).joined(separator: ", "))"
        let state = origin.neverSubmits ? "never submits" : origin.state?.description ?? "unreachable"
        return "\(origin.name) (\(state)\(after))"
      }
    var rows = [header]
    for target in targets {
      var line = [target.name]
      for origin in origins {
        let cell = cells.first { $0.origin == origin && $0.target == target }
        switch cell?.route {
        case .success(let route)?: line.append(route.length == 0 ? "-" : "\(route.length): \(route)")
        case .failure?: line.append(origin.neverSubmits ? "✗ never submits" : "✗ no route")
        case nil: line.append("·")
        }
      }
      rows.append(line)
    }
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, text in
        column == row.count - 1 ? text : text + String(repeating: " ", count: widths[column] - text.count)
      }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }
}
