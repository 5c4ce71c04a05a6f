import CheckoutModel

/// The steps of a flow as a graph: an edge for every row that opens a step, and
/// one for every submit that opens a step when the API call succeeds.
///
/// ```swift
/// let graph = FlowGraph(flow)
/// graph.edges(from: "stepOne").map(\.to)  // ["address", "creditCard", "stepTwo"]
/// ```
package struct FlowGraph: Sendable {
  /// A way from one step to another.
  package struct Edge: Hashable, Sendable {
    /// How an edge is taken.
    package enum Kind: Hashable, Sendable {
      /// Tapping the row opens the step (a route may use it).
      case opens
      /// The row's submit succeeded and opened its `then` step (routes never submit).
      case submitSucceeded(OperationName)
    }

    /// The step the row is on.
    package var from: StepID
    /// The step opened.
    package var to: StepID
    /// The row that opens it.
    package var row: RowID
    /// The row's title, the edge's label in pictures.
    package var title: String
    /// How the edge is taken.
    package var kind: Kind
    /// Steps that must be complete before the row is enabled.
    package var requires: [StepID]
  }

  /// The flow the graph was built from.
  package let flow: Flow
  /// Every edge, in flow order (step by step, row by row).
  package let edges: [Edge]
  private let outgoing: [StepID: [Int]]

  /// Builds the graph of a flow.
  package init(_ flow: Flow) {
    self.flow = flow
    var edges: [Edge] = []
    for step in flow.steps {
      for row in step.rows {
        switch row.action {
        case .opens(let target):
          edges.append(
            Edge(from: step.id, to: target, row: row.id, title: row.title.text, kind: .opens, requires: row.requires))
        case .submit(let submit):
          if let then = submit.then {
            edges.append(
              Edge(
                from: step.id, to: then, row: row.id, title: row.title.text,
                kind: .submitSucceeded(submit.operation), requires: row.requires))
          }
        case .close, .resume, nil:
          break
        }
      }
    }
    self.edges = edges
    self.outgoing = Dictionary(grouping: edges.indices, by: { edges[$0].from })
  }

  /// The edges leaving a step, in row order.
  package func edges(from step: StepID) -> [Edge] {
    (outgoing[step] ?? []).map { edges[$0] }
  }

  /// Every step reachable from `start` through opens and submit edges, `start` included.
  package func reachableSteps(from start: StepID) -> Set<StepID> {
    var seen: Set<StepID> = [start]
    var queue = [start]
    while let step = queue.popLast() {
      for edge in edges(from: step) where seen.insert(edge.to).inserted {
        queue.append(edge.to)
      }
    }
    return seen
  }
}
