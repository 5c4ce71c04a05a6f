import CheckoutEngine

/// `checkout graph FLOW [--format dot|mermaid]`: the flow as a picture.
package enum GraphCommand {
  static let format = OptionSpec.value(
    "--format", "FORMAT", allowed: GraphRenderer.Format.allCases.map(\.rawValue), help: "dot (default) or mermaid")

  /// `graph`'s arguments, typed.
  package struct Options: Sendable, Equatable {
    /// The flow file.
    package var flow: String
    /// `--format`: dot unless given.
    package var format: GraphRenderer.Format = .dot
  }

  static func parse(_ arguments: ParsedArguments) throws(CommandLineError) -> Command {
    .graph(
      Options(
        flow: try arguments.positional(0, of: spec),
        format: try arguments.choice(format, as: GraphRenderer.Format.self) ?? .dot))
  }

  static let spec = CommandSpec(
    name: "graph",
    summary: "draw a flow's steps and edges as Graphviz dot or Mermaid",
    positionals: [PositionalSpec(name: "FLOW", help: "the flow file")],
    options: [format],
    discussion: """
      Modal steps are rounded and dashed, the start step bold, reset steps doubled;
      edges carry the row title, guarded edges (orange) a lock with the steps they
      require and the condition they wait for, and a call's success (a submit's
      "then") is bold, with its operation. Dashed red edges marked ✗ go from each
      step where a submit can fail to each step that fixes its operation's errors,
      labelled with the error codes.

      example: checkout graph Flows/plndr.json | dot -Tpng > plndr.png

      exit status: 0 drawn; 2 bad usage, a file that cannot be read, or a flow that cannot be loaded.
      """,
    parse: parse)

  static func run(_ options: Options, _ terminal: Terminal) -> ExitStatus {
    let flow: Flow
    do {
      flow = try terminal.loadFlow(options.flow, to: .review)
    } catch {
      return error.status
    }
    terminal.write(GraphRenderer.render(flow, as: options.format))
    return .success
  }
}
