import CheckoutEngine

/// `checkout graph FLOW [--format dot|mermaid]`: the flow as a picture.
enum GraphCommand {
  static let spec = CommandSpec(
    name: "graph",
    summary: "draw a flow's steps and edges as Graphviz dot or Mermaid",
    positionals: [PositionalSpec(name: "FLOW", help: "the flow file")],
    options: [
      .value(
        "--format", "FORMAT", allowed: GraphRenderer.Format.allCases.map(\.rawValue),
        help: "dot (default) or mermaid")
    ],
    discussion: """
      Modal steps are rounded and dashed, the start step bold, reset steps doubled;
      edges carry the row title, guarded edges a lock and the steps they require,
      and submit edges are dashed with their operation.

      example: checkout graph Flows/plndr.json | dot -Tpng > plndr.png

      exit status: 0 drawn; 2 bad usage, a file that cannot be read, or a flow that cannot be loaded.
      """,
    run: run)

  static func run(_ arguments: ParsedArguments, _ terminal: Terminal) -> ExitStatus {
    let flow: Flow
    do {
      flow = try terminal.loadFlow(arguments.positionals[0])
    } catch {
      return error.status
    }
    let format = arguments.value("--format").flatMap(GraphRenderer.Format.init(rawValue:)) ?? .dot
    terminal.write(GraphRenderer.render(flow, as: format))
    return .success
  }
}
