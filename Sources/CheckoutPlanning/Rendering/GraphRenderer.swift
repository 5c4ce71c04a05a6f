import Foundation
import CheckoutModel

/// Draws a flow's graph as text that diagram tools render.
///
/// Steps are nodes labelled with their titles (modal steps drawn as rounded
/// boxes, reset steps doubled), row edges are labelled with the row title,
/// guarded edges carry a lock with the steps they require and the condition
/// they wait for (an eye with the condition a hidden row is shown on), a call's success (a submit opening its `then`) is an edge of
/// its own kind: bold, labelled with the operation it calls (`Hold seats:
/// holdSeats ok`), a dotted blue edge goes from a submit's step to the step of
/// each action its call may ask for, labelled with both (`pay: three_d_secure`),
/// and dashed red `✗` edges go from each step where a submit can fail to each
/// step that fixes its operation's errors, labelled with the codes.
///
/// ```swift
/// print(GraphRenderer.render(flow, as: .mermaid))
/// ```
public enum GraphRenderer {
  /// The text formats a flow can be drawn in.
  public enum Format: String, CaseIterable, Sendable {
    /// Graphviz `dot`.
    case dot
    /// Mermaid `flowchart`, which code hosts render in Markdown.
    case mermaid
  }

  /// The flow's graph in the given format.
  public static func render(_ flow: Flow, as format: Format) -> String {
    let graph = FlowGraph(flow)
    switch format {
    case .dot: return dot(flow, graph)
    case .mermaid: return mermaid(flow, graph)
    }
  }

  static func edgeLabel(_ edge: FlowGraph.Edge, in flow: Flow) -> String {
    var label = edge.title
    if case .submitSucceeded(let operation) = edge.kind { label = "\(edge.title): \(operation) ok" }
    return label + guardLabel(edge, in: flow)
  }

  private static func dot(_ flow: Flow, _ graph: FlowGraph) -> String {
    var lines = [
      "digraph \(dotQuoted(flow.id.rawValue)) {",
      "  label=\(dotQuoted(flow.title.text));",
      "  labelloc=t;",
      "  rankdir=LR;",
      "  node [shape=box, fontname=\"Helvetica\"];",
      "  edge [fontname=\"Helvetica\", fontsize=10];",
    ]
    for step in flow.steps {
      var attributes = ["label=\(dotQuoted(step.title.text))"]
      switch step.presentation {
      case .push: break
      case .modal: attributes.append("style=\"rounded,dashed\"")
      case .reset: attributes.append("peripheries=2")
      }
      if step.id == flow.start { attributes.append("penwidth=2") }
      lines.append("  \(dotQuoted(step.id.rawValue)) [\(attributes.joined(separator: ", "))];")
    }
    for edge in graph.edges {
      var attributes = ["label=\(dotQuoted(edgeLabel(edge, in: flow)))"]
      if case .submitSucceeded = edge.kind { attributes.append("style=bold") }
      if isGuarded(edge, in: flow) { attributes.append("color=darkorange") }
      lines.append(
        "  \(dotQuoted(edge.from.rawValue)) -> \(dotQuoted(edge.to.rawValue)) [\(attributes.joined(separator: ", "))];")
    }
    lines += dotActionLines(flow)
    lines += dotErrorLines(flow)
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func mermaid(_ flow: Flow, _ graph: FlowGraph) -> String {
    var lines = ["flowchart LR"]
    for step in flow.steps {
      let title = mermaidQuoted(step.title.text)
      switch step.presentation {
      case .push: lines.append("  \(step.id)[\(title)]")
      case .modal: lines.append("  \(step.id)([\(title)])")
      case .reset: lines.append("  \(step.id)[[\(title)]]")
      }
    }
    for edge in graph.edges {
      let arrow: String
      if case .submitSucceeded = edge.kind { arrow = "==>" } else { arrow = "-->" }
      lines.append("  \(edge.from) \(arrow)|\(mermaidQuoted(edgeLabel(edge, in: flow)))| \(edge.to)")
    }
    let actionCount = actionEdges(flow).count
    lines += mermaidActionLines(flow, firstLink: graph.edges.count)
    lines += mermaidErrorLines(flow, firstLink: graph.edges.count + actionCount)
    let modal = flow.steps.filter { $0.presentation == .modal }.map(\.id.rawValue)
    if !modal.isEmpty {
      lines.append("  classDef modal stroke-dasharray: 5 5")
      lines.append("  class \(modal.joined(separator: ",")) modal")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func dotQuoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  static func mermaidQuoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\"", with: "#quot;") + "\""
  }
}
