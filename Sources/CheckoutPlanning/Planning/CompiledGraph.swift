import CheckoutModel

/// The flow's route edges with steps as integer indices: what the planner walks.
///
/// Only `opens` edges are route edges (a route never submits an order). A class:
/// immutable, shared, and read without copying its arrays on every plan. Besides
/// the nested edge lists it keeps the edges flat (compressed sparse rows: the edges
/// of step `s` are `edgeStart[s]..<edgeStart[s + 1]`, in row order), so a distance
/// table names an edge by one integer.
package final class CompiledGraph: Sendable {
  /// A route edge: tapping `row` on the edge's step runs `command`.
  struct Edge: Sendable {
    var to: Int
    var row: RowID
    var command: NavigationCommand
    var requires: [StepID]
    /// The row's `visibleWhen`: a hidden row cannot be tapped.
    var visibleWhen: Condition?
    /// The row's `enabledWhen`: a disabled row cannot be tapped.
    var enabledWhen: Condition?
    /// The operation whose success takes the edge; nil for a row that opens a step.
    var operation: OperationName? = nil

    /// Whether a guard may close the edge: a `requires` or a condition.
    var isGuarded: Bool { !requires.isEmpty || visibleWhen != nil || enabledWhen != nil }
  }

  let steps: [StepID]
  /// Each step's index (the first, if ids repeat).
  let index: [StepID: Int]
  private let outgoing: [[Edge]]
  /// Each step's route edges and, in row order among them, its submits' success
  /// edges: what a walk through earlier calls takes (a route never does).
  private let callingOutgoing: [[Edge]]
  /// For each step, the steps with an edge to it (for distance tables).
  let incoming: [[Int]]
  /// Where each step's edges start in the flat arrays; one more entry than steps.
  let edgeStart: [Int]
  /// Each flat edge's target step.
  let edgeTarget: [Int]
  /// Each flat edge's command.
  let edgeCommand: [NavigationCommand]
  /// Whether a flat edge's row has a guard: a `requires`, a `visibleWhen` or an `enabledWhen`.
  let edgeIsGuarded: [Bool]

  init(_ flow: Flow) {
    steps = flow.steps.map(\.id)
    var index: [StepID: Int] = [:]
    for (position, step) in steps.enumerated() where index[step] == nil { index[step] = position }
    self.index = index
    var outgoing = [[Edge]](repeating: [], count: steps.count)
    var callingOutgoing = [[Edge]](repeating: [], count: steps.count)
    var incoming = [[Int]](repeating: [], count: steps.count)
    for (from, step) in flow.steps.enumerated() {
      for row in step.rows {
        if case .submit(let submit)? = row.action, let then = submit.then, let to = index[then] {
          let command = NavigationCommand.opening(then, as: flow.steps[to].presentation)
          callingOutgoing[from].append(
            Edge(
              to: to, row: row.id, command: command, requires: row.requires, visibleWhen: row.visibleWhen,
              enabledWhen: row.enabledWhen, operation: submit.operation))
        }
        guard let target = row.opens, let to = index[target] else { continue }
        let command = NavigationCommand.opening(target, as: flow.steps[to].presentation)
        outgoing[from].append(
          Edge(
            to: to, row: row.id, command: command, requires: row.requires, visibleWhen: row.visibleWhen,
            enabledWhen: row.enabledWhen))
        callingOutgoing[from].append(outgoing[from][outgoing[from].count - 1])
        incoming[to].append(from)
      }
    }
    self.outgoing = outgoing
    self.callingOutgoing = callingOutgoing
    self.incoming = incoming
    var edgeStart = [0]
    for edges in outgoing { edgeStart.append(edgeStart[edgeStart.count - 1] + edges.count) }
    self.edgeStart = edgeStart
    let flat = outgoing.joined()
    edgeTarget = flat.map(\.to)
    edgeCommand = flat.map(\.command)
    edgeIsGuarded = flat.map(\.isGuarded)
  }

  /// The index of a step in the flow (the first, if ids repeat), or nil when it is
  /// not a step of it. Small flows compare ids in order (comparing short strings
  /// costs less than hashing one); larger ones look the id up in `index`.
  @inline(__always)
  package func stepIndex(of step: StepID) -> Int? {
    steps.count <= 16 ? steps.firstIndex(of: step) : index[step]
  }

  func edges(from step: Int) -> [Edge] { outgoing[step] }

  /// The first edge (in row order) from `step` that opens `target`.
  func edge(from step: StepID, opening target: StepID) -> Edge? {
    guard let from = index[step], let to = index[target] else { return nil }
    return outgoing[from].first { $0.to == to }
  }

  /// Breadth-first shortest path over enabled edges, first edges in row order;
  /// `throughCalls` also takes submits' success edges.
  func shortestPath(from start: Int, to target: Int, throughCalls: Bool = false, isEnabled: (Edge) -> Bool)
    -> [Edge]?
  {
    if start == target { return [] }
    let outgoing = throughCalls ? callingOutgoing : outgoing
    var parent = [(step: Int, edge: Int)?](repeating: nil, count: steps.count)
    var visited = [Bool](repeating: false, count: steps.count)
    visited[start] = true
    var queue = [start]
    var head = 0
    while head < queue.count {
      let step = queue[head]
      head += 1
      for (edgeIndex, edge) in outgoing[step].enumerated() where !visited[edge.to] && isEnabled(edge) {
        visited[edge.to] = true
        parent[edge.to] = (step, edgeIndex)
        if edge.to == target {
          var path: [Edge] = []
          var cursor = target
          while let link = parent[cursor] {
            path.append(outgoing[link.step][link.edge])
            cursor = link.step
          }
          return path.reversed()
        }
        queue.append(edge.to)
      }
    }
    return nil
  }
}

/// Forward distances from every step to one target, guards ignored, and for each
/// step the first edge (in row order) of a shortest path: a reverse breadth-first
/// search, done once per target when the flow is compiled. Its size grows with the
/// number of steps, never with steps squared.
final class DistanceTable: Sendable {
  static let unreachable = Int.max
  let target: Int
  /// The graph the table was made on: routes read its edges through the table.
  let graph: CompiledGraph
  /// Each step's forward distance to the target; `unreachable` when there is none.
  private let distances: [Int]
  /// The flat index of the step's next edge towards the target; -1 at the target
  /// and where the target is unreachable.
  private let nextEdges: [Int]
  /// Whether following next edges from the step to the target passes no guard.
  private let unguardedChains: [Bool]

  init(graph: CompiledGraph, target: Int) {
    self.target = target
    self.graph = graph
    let count = graph.steps.count
    var distances = [Int](repeating: DistanceTable.unreachable, count: count)
    var nextEdges = [Int](repeating: -1, count: count)
    var unguardedChains = [Bool](repeating: false, count: count)
    distances[target] = 0
    unguardedChains[target] = true
    var queue = [target]
    var head = 0
    while head < queue.count {
      let step = queue[head]
      head += 1
      for source in graph.incoming[step] where distances[source] == DistanceTable.unreachable {
        distances[source] = distances[step] + 1
        queue.append(source)
      }
    }
    // Queue order is distance order, so a step's successor is settled before it.
    for step in queue.dropFirst() {
      let wanted = distances[step] - 1
      for edge in graph.edgeStart[step]..<graph.edgeStart[step + 1] {
        let to = graph.edgeTarget[edge]
        guard distances[to] == wanted else { continue }
        nextEdges[step] = edge
        unguardedChains[step] = !graph.edgeIsGuarded[edge] && unguardedChains[to]
        break
      }
    }
    self.distances = distances
    self.nextEdges = nextEdges
    self.unguardedChains = unguardedChains
  }

  /// The step's forward distance to the target; `unreachable` when there is none.
  @inline(__always)
  func distance(from step: Int) -> Int { distances[step] }
  /// The flat index of the first edge in row order on a shortest path from the step.
  @inline(__always)
  func nextEdge(from step: Int) -> Int { nextEdges[step] }
  /// Whether the path of next edges from the step passes no guard (`requires` or a condition).
  @inline(__always)
  func pathIsUnguarded(from step: Int) -> Bool { unguardedChains[step] }
}

/// A step on the stack and what it costs to go back to it.
struct StackPosition: Sendable {
  /// The step's index in the flow (-1 until looked up).
  var stepIndex: Int
  /// Where it stands in its layer.
  var position: Int
  /// The layer the step is in.
  var layer: Int
  /// Dismisses of the layers above, then pops within its layer.
  var backwardCommands: Int

  /// Every position, from the top of the stack down. Backward cost is not monotonic
  /// in that order: one dismiss reaches the top of the layer below, however deep.
  static func all(in state: NavigationState) -> [StackPosition] {
    var positions: [StackPosition] = []
    let layers = state.layers
    for layer in stride(from: layers.count - 1, through: 0, by: -1) {
      let dismisses = layers.count - 1 - layer
      let steps = layers[layer]
      for position in stride(from: steps.count - 1, through: 0, by: -1) {
        positions.append(
          StackPosition(
            stepIndex: -1, position: position, layer: layer,
            backwardCommands: dismisses + (steps.count - 1 - position)))
      }
    }
    return positions
  }

  /// The step at this position of a state.
  func step(in state: NavigationState) -> StepID { state.steps[state.layerStart(layer) + position] }

  /// Appends the backward commands that bring this position to the top.
  func appendBackwardCommands(in state: NavigationState, to commands: inout [NavigationCommand]) {
    let dismisses = state.layerCount - 1 - layer
    for _ in 0..<dismisses { commands.append(.dismiss) }
    for _ in 0..<(backwardCommands - dismisses) { commands.append(.pop) }
  }
}
