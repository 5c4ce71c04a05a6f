/// The flow's route edges with steps as integer indices: what the planner walks.
///
/// Only `opens` edges are route edges (a route never submits an order). A class:
/// immutable, shared, and read without copying its arrays on every plan. Besides
/// the nested edge lists it keeps the edges flat (compressed sparse rows: the edges
/// of step `s` are `edgeStart[s]..<edgeStart[s + 1]`, in row order) in buffers it
/// owns, so the planner's hot path reads plain memory with no reference counting.
final class CompiledGraph: @unchecked Sendable {
  // @unchecked: the buffers are written once in `init` and only read afterwards.

  /// A route edge: tapping `row` on the edge's step runs `command`.
  struct Edge: Sendable {
    var to: Int
    var row: RowID
    var command: NavigationCommand
    var requires: [StepID]
  }

  let steps: [StepID]
  let index: [StepID: Int]
  private let outgoing: [[Edge]]
  /// For each step, the steps with an edge to it (for distance tables).
  let incoming: [[Int]]
  /// Where each step's edges start in the flat buffers; one more entry than steps.
  let edgeStart: UnsafeMutableBufferPointer<Int32>
  /// Each flat edge's target step.
  let edgeTarget: UnsafeMutableBufferPointer<Int32>
  /// Each flat edge's command.
  let edgeCommand: UnsafeMutableBufferPointer<NavigationCommand>
  /// Whether a flat edge's row has a `requires` guard.
  let edgeIsGuarded: UnsafeMutableBufferPointer<Bool>
  /// The step ids again, in a buffer the hot path reads without reference counting.
  private let stepBuffer: UnsafeMutableBufferPointer<StepID>
  /// An open-addressing table from a step id's hash to its index (+1; 0 is empty),
  /// a power of two at least twice the steps: a lookup hashes the id's bytes once
  /// (FNV-1a, far cheaper than `Hasher`) and compares ids only on a hash hit.
  private let stepSlots: UnsafeMutableBufferPointer<Int32>

  /// Unowned pointers into the graph's buffers, valid while the graph lives: what
  /// the planner's hot path reads, copied without reference counting.
  struct View: @unchecked Sendable {
    let steps: UnsafeBufferPointer<StepID>
    let edgeTarget: UnsafePointer<Int32>
    let edgeCommand: UnsafePointer<NavigationCommand>
    let stepSlots: UnsafeBufferPointer<Int32>

    /// The index of a step in the flow, or nil when it is not a step of it. Small
    /// flows compare ids directly (short strings compare faster than they hash).
    @inline(__always)
    func stepIndex(of step: StepID) -> Int? {
      if steps.count <= 16 {
        // Ids that share their representation are equal, so a pass over the bits
        // finds ids copied from the flow (and every short id) without calling
        // into String's comparison; equal ids held apart take the second pass.
        let bits = unsafeBitCast(step.rawValue, to: (UInt64, UInt64).self)
        for index in steps.indices {
          let candidate = unsafeBitCast(steps[index].rawValue, to: (UInt64, UInt64).self)
          if candidate.0 == bits.0 && candidate.1 == bits.1 { return index }
        }
        return steps.firstIndex(of: step)
      }
      let mask = stepSlots.count - 1
      var slot = CompiledGraph.hash(step) & mask
      while true {
        let entry = Int(stepSlots[slot])
        if entry == 0 { return nil }
        if steps[entry - 1] == step { return entry - 1 }
        slot = (slot + 1) & mask
      }
    }
  }

  /// The graph's buffers as a ``View``; the caller keeps the graph alive.
  var view: View {
    View(steps: UnsafeBufferPointer(stepBuffer), edgeTarget: UnsafePointer(edgeTarget.baseAddress!),
      edgeCommand: UnsafePointer(edgeCommand.baseAddress!), stepSlots: UnsafeBufferPointer(stepSlots))
  }

  /// FNV-1a over a step id's UTF-8 bytes.
  @inline(__always)
  static func hash(_ step: StepID) -> Int {
    let hash =
      step.rawValue.utf8.withContiguousStorageIfAvailable(fnv1a)
      ?? Array(step.rawValue.utf8).withUnsafeBufferPointer(fnv1a)
    return Int(truncatingIfNeeded: hash ^ (hash >> 29))
  }

  @inline(__always)
  private static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  init(_ flow: Flow) {
    steps = flow.steps.map(\.id)
    var index: [StepID: Int] = [:]
    for (position, step) in steps.enumerated() where index[step] == nil { index[step] = position }
    self.index = index
    var outgoing = [[Edge]](repeating: [], count: steps.count)
    var incoming = [[Int]](repeating: [], count: steps.count)
    for (from, step) in flow.steps.enumerated() {
      for row in step.rows {
        guard let target = row.opens, let to = index[target] else { continue }
        let command = NavigationCommand.opening(target, as: flow.steps[to].presentation)
        outgoing[from].append(Edge(to: to, row: row.id, command: command, requires: row.requires))
        incoming[to].append(from)
      }
    }
    self.outgoing = outgoing
    self.incoming = incoming
    let flat = outgoing.joined()
    edgeStart = .allocate(capacity: steps.count + 1)
    var running: Int32 = 0
    for (step, edges) in outgoing.enumerated() {
      edgeStart[step] = running
      running += Int32(edges.count)
    }
    edgeStart[steps.count] = running
    edgeTarget = .allocate(capacity: max(flat.count, 1))
    _ = edgeTarget.initialize(from: flat.map { Int32($0.to) })
    edgeCommand = .allocate(capacity: max(flat.count, 1))
    _ = edgeCommand.initialize(from: flat.map(\.command))
    edgeIsGuarded = .allocate(capacity: max(flat.count, 1))
    _ = edgeIsGuarded.initialize(from: flat.map { !$0.requires.isEmpty })
    stepBuffer = .allocate(capacity: max(steps.count, 1))
    _ = stepBuffer.initialize(from: steps)
    var capacity = 4
    while capacity < steps.count * 2 { capacity *= 2 }
    stepSlots = .allocate(capacity: capacity)
    stepSlots.initialize(repeating: 0)
    for (position, step) in steps.enumerated() where index[step] == position {
      var slot = CompiledGraph.hash(step) & (capacity - 1)
      while stepSlots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
      stepSlots[slot] = Int32(position + 1)
    }
  }

  deinit {
    edgeCommand.baseAddress!.deinitialize(count: Int(edgeStart[steps.count]))
    edgeCommand.deallocate()
    edgeStart.deallocate()
    edgeTarget.deallocate()
    edgeIsGuarded.deallocate()
    stepBuffer.baseAddress!.deinitialize(count: steps.count)
    stepBuffer.deallocate()
    stepSlots.deallocate()
  }

  func edges(from step: Int) -> [Edge] { outgoing[step] }

  /// The first edge (in row order) from `step` that opens `target`.
  func edge(from step: StepID, opening target: StepID) -> Edge? {
    guard let from = index[step], let to = index[target] else { return nil }
    return outgoing[from].first { $0.to == to }
  }

  /// Breadth-first shortest path over enabled edges, first edges in row order.
  func shortestPath(from start: Int, to target: Int, isEnabled: (Edge) -> Bool) -> [Edge]? {
    if start == target { return [] }
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
final class DistanceTable: @unchecked Sendable {
  // @unchecked: the buffers are written once in `init` and only read afterwards.
  static let unreachable = Int32.max
  let target: Int
  /// The graph the table was made on: routes read its edges through the table.
  let graph: CompiledGraph
  private let distances: UnsafeMutableBufferPointer<Int32>
  /// The flat index of the step's next edge towards the target; -1 at the target
  /// and where the target is unreachable.
  private let nextEdges: UnsafeMutableBufferPointer<Int32>
  /// Whether following next edges from the step to the target passes no guard.
  private let unguardedChains: UnsafeMutableBufferPointer<Bool>

  init(graph: CompiledGraph, target: Int) {
    self.target = target
    self.graph = graph
    let count = graph.steps.count
    distances = .allocate(capacity: count)
    distances.initialize(repeating: DistanceTable.unreachable)
    nextEdges = .allocate(capacity: count)
    nextEdges.initialize(repeating: -1)
    unguardedChains = .allocate(capacity: count)
    unguardedChains.initialize(repeating: false)
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
      for edge in Int(graph.edgeStart[step])..<Int(graph.edgeStart[step + 1]) {
        let to = Int(graph.edgeTarget[edge])
        guard distances[to] == wanted else { continue }
        nextEdges[step] = Int32(edge)
        unguardedChains[step] = !graph.edgeIsGuarded[edge] && unguardedChains[to]
        break
      }
    }
  }

  deinit {
    distances.deallocate()
    nextEdges.deallocate()
    unguardedChains.deallocate()
  }

  /// Unowned pointers into the table, valid while the table lives.
  struct View: @unchecked Sendable {
    let target: Int
    let distances: UnsafePointer<Int32>
    let nextEdges: UnsafePointer<Int32>
    let unguardedChains: UnsafePointer<Bool>

    /// The step's forward distance to the target; `unreachable` when there is none.
    @inline(__always)
    func distance(from step: Int) -> Int32 { distances[step] }
    /// The flat index of the first edge in row order on a shortest path from the step.
    @inline(__always)
    func nextEdge(from step: Int) -> Int { Int(nextEdges[step]) }
    /// Whether the path of next edges from the step passes no `requires` guard.
    @inline(__always)
    func pathIsUnguarded(from step: Int) -> Bool { unguardedChains[step] }
  }

  /// The table's buffers as a ``View``; the caller keeps the table alive.
  var view: View {
    View(target: target, distances: UnsafePointer(distances.baseAddress!), nextEdges: UnsafePointer(nextEdges.baseAddress!),
      unguardedChains: UnsafePointer(unguardedChains.baseAddress!))
  }
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
        positions.append(StackPosition(
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
