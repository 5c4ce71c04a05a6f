import CheckoutModel

/// What the graph draws for a submit's `actions`: when the API answers that the
/// call needs an action (`three_d_secure`), the session opens the action's step.
///
/// One edge per action, from the submit's step to the action's step, labelled
/// with the operation and the action (`pay: three_d_secure`), in flow order
/// (step by step, row by row, actions by name). Drawn apart from navigation (a
/// tap), a call's success (bold) and errors (dashed red): dotted blue with a
/// circle at its end in dot, a blue link with a circle at its end in Mermaid.
extension GraphRenderer {
  /// An edge from a submit's step to the step where an action of its call is done.
  struct ActionEdge: Equatable {
    /// The step with the submit row.
    var from: StepID
    /// The step the action is done on.
    var to: StepID
    /// The operation that asks for the action.
    var operation: OperationName
    /// The action it asks for.
    var action: ActionName

    /// `pay: three_d_secure`.
    var label: String { "\(operation): \(action)" }
  }

  /// The action edges of a flow: submits in flow order, each with its actions by name.
  static func actionEdges(_ flow: Flow) -> [ActionEdge] {
    flow.steps.flatMap { step in
      step.rows.flatMap { row -> [ActionEdge] in
        guard case .submit(let submit) = row.action else { return [] }
        return submit.actions.sorted { $0.key < $1.key }.map { action, target in
          ActionEdge(from: step.id, to: target, operation: submit.operation, action: action)
        }
      }
    }
  }

  /// The DOT lines of the action edges: dotted, blue, with a circle for a head.
  static func dotActionLines(_ flow: Flow) -> [String] {
    actionEdges(flow).map { edge in
      let attributes = [
        "label=\(dotQuoted(edge.label))", "style=dotted", "arrowhead=odot", "color=steelblue",
        "fontcolor=steelblue", "class=\"action\"",
      ]
      return
        "  \(dotQuoted(edge.from.rawValue)) -> \(dotQuoted(edge.to.rawValue)) [\(attributes.joined(separator: ", "))];"
    }
  }

  /// The Mermaid lines of the action edges: links ending in a circle, then one
  /// `linkStyle` that colours them; `firstLink` is the number of links drawn before them.
  static func mermaidActionLines(_ flow: Flow, firstLink: Int) -> [String] {
    let edges = actionEdges(flow)
    guard !edges.isEmpty else { return [] }
    var lines = edges.map { "  \($0.from) --o|\(mermaidQuoted($0.label))| \($0.to)" }
    let links = (firstLink..<(firstLink + edges.count)).map(String.init).joined(separator: ",")
    lines.append("  linkStyle \(links) stroke:steelblue,color:steelblue")
    return lines
  }
}
