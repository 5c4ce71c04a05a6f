import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Shortest walks a shopper can take between navigation states: breadth-first over
/// the moves of the step on top (tap a row that opens a step, tap a close row or
/// press back, tap a submit whose success opens a step). Guards are not looked at
/// here; the story driver meets them as it takes each move.
struct WalkPlanner: Sendable {
  /// One move of the shopper.
  enum Move: Hashable, Sendable {
    /// Tap a row that opens a step.
    case open(RowID)
    /// Tap a row that closes the step.
    case close(RowID)
    /// The back button.
    case back
    /// Tap a submit row (answered `ok`) whose success opens a step.
    case submit(RowID, OperationName)
  }

  /// One move and the state it leads to.
  struct Edge: Hashable, Sendable {
    var move: Move
    var to: NavigationState
  }

  let flow: CompiledFlow
  /// The most states one search visits before it gives up.
  var stateLimit = 20_000

  init(_ flow: CompiledFlow) {
    self.flow = flow
  }

  /// The moves available on a state, in the order a walk prefers them: rows that
  /// open, then the close row (or back, when the step has none), then submits.
  func edges(from state: NavigationState, includeBack: Bool = false) -> [Edge] {
    guard let step = flow.step(state.top) else { return [] }
    var opens: [Edge] = []
    var closes: [Edge] = []
    var submits: [Edge] = []
    let back: NavigationCommand? = state.canApply(.pop) ? .pop : state.canApply(.dismiss) ? .dismiss : nil
    for row in step.rows {
      switch row.action {
      case .opens(let target)?:
        if let next = opened(target, from: state) { opens.append(Edge(move: .open(row.id), to: next)) }
      case .close?:
        if let back, let next = try? state.applying(back) { closes.append(Edge(move: .close(row.id), to: next)) }
      case .submit(let submit)?:
        if let then = submit.then, let next = opened(then, from: state) {
          submits.append(Edge(move: .submit(row.id, submit.operation), to: next))
        }
      case .resume?, nil:
        break
      }
    }
    if let back, closes.isEmpty || includeBack, let next = try? state.applying(back) {
      closes.append(Edge(move: .back, to: next))
    }
    return opens + closes + submits
  }

  /// The state after opening a step from this one; nil if the step is not in the flow.
  func opened(_ target: StepID, from state: NavigationState) -> NavigationState? {
    guard let presentation = flow.step(target)?.presentation else { return nil }
    return try? state.applying(.opening(target, as: presentation))
  }

  /// The shortest walk from a state to one that `isGoal` accepts; nil when none is found.
  func walk(from start: NavigationState, to isGoal: (NavigationState) -> Bool) -> [Edge]? {
    if isGoal(start) { return [] }
    var parents: [NavigationState: (parent: NavigationState, edge: Edge)] = [:]
    var frontier = [start]
    var seen: Set<NavigationState> = [start]
    // Deep stacks add nothing a shorter one cannot reach: a walk never needs more
    // layers and steps than the flow has steps.
    let depthLimit = flow.flow.steps.count + 1
    while !frontier.isEmpty, seen.count < stateLimit {
      var next: [NavigationState] = []
      for state in frontier {
        for edge in edges(from: state) where edge.to.steps.count <= depthLimit && !seen.contains(edge.to) {
          seen.insert(edge.to)
          parents[edge.to] = (state, edge)
          if isGoal(edge.to) { return path(to: edge.to, parents: parents) }
          next.append(edge.to)
        }
      }
      frontier = next
    }
    return nil
  }

  private func path(to end: NavigationState, parents: [NavigationState: (parent: NavigationState, edge: Edge)])
    -> [Edge]
  {
    var edges: [Edge] = []
    var state = end
    while let entry = parents[state] {
      edges.append(entry.edge)
      state = entry.parent
    }
    return edges.reversed()
  }
}
