import CheckoutCompiledFlow
import CheckoutModel
import CheckoutPlanning

/// What a compiled flow does, as the equivalence check compares it: its routes,
/// its coverage matrix, its guards, its rules, and the rest of the flow as written.
///
/// Two flows with equal behaviour answer every event alike: the same route to
/// every step, every API error resolved at the same place with the same message
/// and route from every step that can fail, the same guards in effect on every
/// row (a condition that always holds counts as none), and the same rules.
package struct FlowBehaviour: Equatable, Sendable {
  /// The flow as loaded; not compared (the parts above are).
  let flow: Flow
  /// From the start, the route to each step, or why there is none.
  var routes: [String]
  /// For each step and operation where a call can fail: the state it is reached
  /// with, and the route to each step its errors are fixed on.
  var matrix: [String]
  /// For each such operation and each kind of error the matchers tell apart:
  /// where it is fixed.
  var resolutions: ResolutionTable
  /// Each row's guards in effect: what it requires, when it is enabled and
  /// shown; each step's completion checks.
  var guards: [String]
  /// Each row's rules.
  var rules: [String]
  /// The flow without its matchers, guards and rules: its steps, rows, cells,
  /// edges and data as written.
  var rest: Flow

  /// The behaviour of a compiled flow.
  package init(_ compiled: CompiledFlow) {
    let flow = compiled.flow
    self.flow = flow
    let planner = compiled.planner
    let start = NavigationState(root: flow.start)
    routes = flow.steps.map { step in
      switch planner.plan(from: start, to: step.id) {
      case .success(let route): "\(step.id): \(route)"
      case .failure(let reason): "\(step.id): \(reason)"
      }
    }
    (matrix, resolutions) = Self.matrix(compiled)
    let always = AlwaysHolds(flow)
    func effective(_ condition: Condition?) -> String {
      guard let condition, !always.holds(condition) else { return "always" }
      return "\(condition)"
    }
    guards = flow.steps.flatMap { step in
      step.rows.map { row in
        "\(step.id).\(row.id): requires \(row.requires), enabled \(effective(row.enabledWhen)), "
          + "visible \(effective(row.visibleWhen))"
      } + step.complete.map { "\(step.id) complete: \($0.when) \($0.message)" }
    }
    rules = flow.steps.flatMap { step in step.rows.map { "\(step.id).\($0.id): \($0.rules)" } }
    rest = Self.written(flow)
  }

  /// Equal behaviour: the routes, matrix, guards, rules and the rest are equal,
  /// whatever the flows' texts.
  package static func == (lhs: FlowBehaviour, rhs: FlowBehaviour) -> Bool {
    lhs.rest == rhs.rest && lhs.rules == rhs.rules && lhs.guards == rhs.guards && lhs.routes == rhs.routes
      && lhs.matrix == rhs.matrix && lhs.resolutions == rhs.resolutions
  }

  /// The flow without its matchers, guards and rules.
  static func written(_ flow: Flow) -> Flow {
    var rest = flow
    rest.errors = []
    for stepIndex in rest.steps.indices {
      rest.steps[stepIndex].complete = []
      for rowIndex in rest.steps[stepIndex].rows.indices {
        rest.steps[stepIndex].rows[rowIndex].requires = []
        rest.steps[stepIndex].rows[rowIndex].enabledWhen = nil
        rest.steps[stepIndex].rows[rowIndex].visibleWhen = nil
        rest.steps[stepIndex].rows[rowIndex].rules = []
      }
    }
    return rest
  }

  /// Whether the flows' behaviours differ by what is cheap to compare: their rules,
  /// or the rest of the flow as written. When true, ``==`` would be false; the
  /// routes, coverage matrix and resolutions need not be computed.
  static func differAsWritten(_ flow: Flow, _ other: Flow) -> Bool {
    flow.steps.map { $0.rows.map(\.rules) } != other.steps.map { $0.rows.map(\.rules) }
      || written(flow) != written(other)
  }

  /// The first part of the behaviour that differs from another's, as
  /// `routes: cart: … ≠ …`; nil when they are equal.
  package func difference(from other: FlowBehaviour) -> String? {
    let parts = [
      ("routes", routes, other.routes), ("matrix", matrix, other.matrix),
      ("guards", guards, other.guards), ("rules", rules, other.rules),
    ]
    for (name, mine, theirs) in parts where mine != theirs {
      let changed = zip(mine, theirs).first { $0 != $1 }
      return "\(name): " + (changed.map { "\($0) ≠ \($1)" } ?? "\(mine.count) ≠ \(theirs.count) entries")
    }
    if resolutions != other.resolutions {
      let cell = zip(resolutions.cells, other.resolutions.cells).first { $0 != $1 }
      return "resolutions: " + (cell.map { "\($0) ≠ \($1)" } ?? "other errors or operations")
    }
    return rest == other.rest ? nil : "the rest of the flow as written"
  }

  /// The coverage matrix: for each step and operation where a call can fail, the
  /// state it is reached with and the route from there to each step its errors
  /// are fixed on; and the ``ResolutionTable`` of those operations.
  static func matrix(_ compiled: CompiledFlow) -> (routes: [String], table: ResolutionTable) {
    let matrix = CoverageMatrix(compiled.flow, planner: compiled.planner)
    var operations: [OperationName] = []
    for origin in matrix.origins where !operations.contains(origin.operation) { operations.append(origin.operation) }
    let table = ResolutionTable(compiled.flow.errors, operations: operations)
    let routes = matrix.origins.flatMap { origin -> [String] in
      let head = "\(origin.name) (\(origin.state?.description ?? "unreachable"), never submits \(origin.neverSubmits))"
      guard let state = origin.state, let column = operations.firstIndex(of: origin.operation) else { return [head] }
      return [head]
        + table.steps[column].map { step in
          switch compiled.planner.plan(from: state, to: step) {
          case .success(let route): "\(origin.name) → \(step): \(route)"
          case .failure(let reason): "\(origin.name) → \(step): \(reason)"
          }
        }
    }
    return (routes, table)
  }
}

/// Whether a row's condition always holds, so that it guards nothing: it reads
/// only keys the flow's `data` fixes (no row binds them, no submit provides them,
/// no call asks for an action whose answer could add them) and holds on that
/// data, or its negation can hold on no data the flow can have.
struct AlwaysHolds {
  private let fixed: [DataKey: Value]
  private let satisfiability: ConditionSatisfiability

  init(_ flow: Flow) {
    let keys = FlowKeys(flow)
    let asksForActions = flow.steps.contains { step in
      step.rows.contains { row in
        if case .submit(let submit)? = row.action { return !submit.actions.isEmpty }
        return false
      }
    }
    fixed = asksForActions ? [:] : flow.data.filter { !keys.bound.contains($0.key) && !keys.provided.contains($0.key) }
    satisfiability = ConditionSatisfiability(flow)
  }

  func holds(_ condition: Condition) -> Bool {
    if condition.keys.allSatisfy({ fixed[$0] != nil }) { return condition.holds(in: fixed) }
    return !satisfiability.canHold(.not(condition))
  }
}
