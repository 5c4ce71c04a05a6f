import CheckoutModel

/// What the graph draws besides navigation: where each API error is fixed, and the
/// guards on the edges.
///
/// Errors: from every step where a submit can fail (a step with a submit row) to
/// every step where a matcher of that submit's operation sends errors (a matcher
/// naming no operation applies to every one), one dashed red edge labelled `✗` and
/// the codes (fields for field matchers), in the flow's matcher order; past
/// ``errorCodesShown`` codes the rest are counted (`+92 more`). These are the
/// routes `checkout lint --matrix` proves, drawn.
///
/// Guards: an edge whose row `requires` steps or has a `visibleWhen` or an
/// `enabledWhen` is drawn in orange, its label carrying `👁 when Gift is on` (shown
/// only then), `🔒 requires address, creditCard` and `🔒 when Terms is on`.
extension GraphRenderer {
  /// How many error codes an edge's label names before it counts the rest.
  static let errorCodesShown = 6

  /// An edge from a step where a submit can fail to a step that fixes errors.
  struct ErrorEdge: Equatable {
    /// The step with the submit row.
    var from: StepID
    /// The step the errors are fixed on.
    var to: StepID
    /// The errors sent there, as the flow names them: codes (`card_*`, `*`) and fields.
    var errors: [String]
  }

  /// The error edges of a flow: failing steps in flow order, each with the
  /// resolution steps of the matchers that apply to its submits' operations, in
  /// the order their first such matcher appears.
  static func errorEdges(_ flow: Flow) -> [ErrorEdge] {
    flow.steps.flatMap { step -> [ErrorEdge] in
      let operations = step.rows.compactMap { row -> OperationName? in
        if case .submit(let submit) = row.action { submit.operation } else { nil }
      }
      guard !operations.isEmpty else { return [] }
      var targets: [(step: StepID, errors: [String])] = []
      for matcher in flow.errors where operations.contains(where: matcher.applies(to:)) {
        let name = errorName(matcher)
        if let index = targets.firstIndex(where: { $0.step == matcher.step }) {
          if !targets[index].errors.contains(name) { targets[index].errors.append(name) }
        } else {
          targets.append((matcher.step, [name]))
        }
      }
      return targets.map { ErrorEdge(from: step.id, to: $0.step, errors: $0.errors) }
    }
  }

  /// `cvv_invalid`, `card_*`, `*`, `field shipping.zip`, `zip_invalid on shipping.zip`.
  static func errorName(_ matcher: ErrorMatcher) -> String {
    switch (matcher.code, matcher.field) {
    case (let code?, let field?): return "\(code) on \(field)"
    case (let code?, nil): return code.description
    case (nil, let field?): return "field \(field)"
    case (nil, nil): return "?"
    }
  }

  /// The label's lines: `✗ cvv_invalid, card_*`, three errors a line, and past
  /// the errors shown `+3 more`.
  static func errorLabelLines(_ edge: ErrorEdge) -> [String] {
    let shown = Array(edge.errors.prefix(errorCodesShown))
    guard !shown.isEmpty else { return ["✗"] }
    var lines = stride(from: 0, to: shown.count, by: 3).map {
      shown[$0..<min($0 + 3, shown.count)].joined(separator: ", ")
    }
    lines[0] = "✗ " + lines[0]
    let rest = edge.errors.count - shown.count
    if rest > 0 { lines[lines.count - 1] += " +\(rest) more" }
    return lines
  }

  /// The label on one line: `✗ cvv_invalid, card_*`.
  static func errorLabel(_ edge: ErrorEdge) -> String {
    errorLabelLines(edge).joined(separator: ", ")
  }

  /// The DOT lines of the error edges: dashed, red, and left out of the layout's
  /// ranks (`constraint=false`) so navigation keeps its left-to-right order.
  static func dotErrorLines(_ flow: Flow) -> [String] {
    errorEdges(flow).map { edge in
      let attributes = [
        "label=\(dotQuoted(lines: errorLabelLines(edge)))", "style=dashed", "color=firebrick", "fontcolor=firebrick",
        "constraint=false", "class=\"error\"",
      ]
      return
        "  \(dotQuoted(edge.from.rawValue)) -> \(dotQuoted(edge.to.rawValue)) [\(attributes.joined(separator: ", "))];"
    }
  }

  /// Lines as one DOT string, broken with `\n` (centred lines).
  static func dotQuoted(lines: [String]) -> String {
    "\"" + lines.map { String(dotQuoted($0).dropFirst().dropLast()) }.joined(separator: "\\n") + "\""
  }

  /// The Mermaid lines of the error edges: dotted links, then one `linkStyle` that
  /// colours them; `firstLink` is the number of links drawn before them.
  static func mermaidErrorLines(_ flow: Flow, firstLink: Int) -> [String] {
    let edges = errorEdges(flow)
    guard !edges.isEmpty else { return [] }
    var lines = edges.map { "  \($0.from) -.->|\(mermaidQuoted(errorLabel($0)))| \($0.to)" }
    let links = (firstLink..<(firstLink + edges.count)).map(String.init).joined(separator: ",")
    lines.append("  linkStyle \(links) stroke:firebrick,color:firebrick")
    return lines
  }

  /// What holds an edge's row back, for its label: `👁 when Gift is on` (its
  /// `visibleWhen`: the row is hidden until then), `🔒 requires address` and
  /// `🔒 when Terms is on` (its `enabledWhen`); empty when nothing does.
  static func guardLabel(_ edge: FlowGraph.Edge, in flow: Flow) -> String {
    var label = ""
    if let condition = row(of: edge, in: flow)?.visibleWhen {
      label += " 👁 when " + ConditionText.describe(condition, flow: flow)
    }
    if !edge.requires.isEmpty {
      label += " 🔒 requires " + edge.requires.map(\.rawValue).joined(separator: ", ")
    }
    if let condition = row(of: edge, in: flow)?.enabledWhen {
      label += " 🔒 when " + ConditionText.describe(condition, flow: flow)
    }
    return label
  }

  /// Whether the edge's row has a guard: steps it requires, a `visibleWhen` or an `enabledWhen`.
  static func isGuarded(_ edge: FlowGraph.Edge, in flow: Flow) -> Bool {
    guard edge.requires.isEmpty else { return true }
    let row = row(of: edge, in: flow)
    return row?.visibleWhen != nil || row?.enabledWhen != nil
  }

  private static func row(of edge: FlowGraph.Edge, in flow: Flow) -> Row? {
    flow.step(edge.from)?.rows.first { $0.id == edge.row }
  }
}
