import CheckoutEngine
import Foundation

/// `checkout plan FLOW --from STATE --to STEP[.ROW] [--json] [--data FILE]`.
enum PlanCommand {
  static let spec = CommandSpec(
    name: "plan",
    summary: "plan the shortest route from a navigation state to a step",
    positionals: [PositionalSpec(name: "FLOW", help: "the flow file")],
    options: [
      .value("--from", "STATE", required: true, help: "where the shopper is, e.g. 'cart>stepOne>stepTwo|discount'"),
      .value("--to", "STEP[.ROW]", required: true, help: "the step (and row) to reach, e.g. creditCard.cvv"),
      .flag("--json", help: "print {\"from\", \"to\", \"route\", \"length\"}, or {\"error\"}"),
      .value("--data", "FILE", help: "session data (a JSON object of key -> value) to evaluate guards on"),
      .value("--today", "DATE", help: "the date expiry rules use with --data (YYYY-MM-DD; default today)"),
    ],
    discussion: """
      Steps of a layer are joined by '>', layers by '|': cart>stepOne|creditCard is the
      root stack cart, stepOne with creditCard presented modally on top. Guards
      ("requires") count as met unless --data gives the data to evaluate them on. A
      --from state the flow can never be in (cart>stepTwo when nothing on cart opens
      stepTwo) is refused with the step that does not open the next.

      exit status: 0 a route; 1 no route; 2 bad usage (a --from the flow cannot be in
      included), a file that cannot be read, or a flow or data file that cannot be loaded.
      """,
    run: run)

  static func run(_ arguments: ParsedArguments, _ terminal: Terminal) -> ExitStatus {
    do {
      return try plan(arguments, terminal)
    } catch {
      return error.status
    }
  }

  private static func plan(_ arguments: ParsedArguments, _ terminal: Terminal) throws(InputFailure) -> ExitStatus {
    let json = arguments.has("--json")
    let flow = try terminal.loadFlow(arguments.positionals[0])
    let today = try TodayOption.date(arguments, terminal)
    let from = arguments.value("--from") ?? ""
    let state: NavigationState
    do {
      state = try NavigationState(parsing: from)
    } catch {
      terminal.errorLine("error: --from: \(error)")
      throw InputFailure(kind: .badValue)
    }
    if let problem = FlowGraph(flow).whyUnreachable(state) {
      terminal.errorLine("error: --from \(Quoting.shortened(from)): \(problem)")
      throw InputFailure(kind: .badValue)
    }
    let target = arguments.value("--to") ?? ""
    let reference: RowReference
    do {
      reference = try RowReference(parsing: target)
    } catch {
      terminal.errorLine("error: --to: \(error)")
      throw InputFailure(kind: .badValue)
    }
    let (step, row) = (reference.step, reference.row)
    if let problem = unknownRow(row, of: step, in: flow) {
      terminal.errorLine("error: --to: \(problem)")
      throw InputFailure(kind: .badValue)
    }
    var isComplete: ((StepID) -> Bool)?
    if let dataPath = arguments.value("--data") {
      isComplete = try loadCompleteness(dataPath, today, flow, terminal).isComplete
    }
    let result = RoutePlanner(flow).plan(from: state, to: step, isComplete: isComplete)
    switch result {
    case .success(let route):
      if json {
        terminal.write(
          JSONText.encode(
            PlanJSON(
              from: state.description, to: step.rawValue, row: row?.rawValue,
              route: route.commands.map(\.description), length: route.length)))
      } else {
        printRoute(route, target: target, terminal)
      }
      return .success
    case .failure(let noRoute):
      if json {
        terminal.write(JSONText.encode(["error": noRoute.description]))
      } else {
        terminal.line("no route from \(state) to \(target): \(noRoute)")
      }
      return .failure
    }
  }

  struct PlanJSON: Encodable {
    var from: String
    var to: String
    var row: String?
    var route: [String]
    var length: Int
  }

  private static func printRoute(_ route: Route, target: String, _ terminal: Terminal) {
    let noun = route.length == 1 ? "command" : "commands"
    terminal.line("route from \(route.from) to \(target): \(route.length) \(noun)")
    let width = (route.commands.map(\.description.count).max() ?? 0) + 2
    for (index, (command, state)) in zip(route.commands, route.states).enumerated() {
      terminal.line("  \(index + 1). \(command.description.padded(to: width))-> \(state)")
    }
    if route.commands.isEmpty { terminal.line("  (already there)") }
  }

  private static func unknownRow(_ row: RowID?, of step: StepID, in flow: Flow) -> String? {
    guard let row, let found = flow.step(step), found.row(row) == nil else { return nil }
    let rows = found.rows.map(\.id.rawValue)
    let hint = Suggestions.didYouMean(row.rawValue, in: rows) ?? "its rows are \(rows.joined(separator: ", "))"
    return "step \(Quoting.quoted(step)) has no row \(Quoting.quoted(row)); \(hint)"
  }

  private static func loadCompleteness(
    _ path: String, _ today: CalendarDate?, _ flow: Flow, _ terminal: Terminal
  ) throws(InputFailure) -> StepCompleteness {
    let bytes = try terminal.readFile(path)
    do {
      let data = try SessionDataFile.parse(bytes)
      return StepCompleteness(flow: flow, data: flow.data.merging(data) { $1 }, rules: RuleEvaluator(today: today))
    } catch {
      terminal.errorLine("\(path): error: \(error)")
      throw InputFailure(kind: .problems)
    }
  }
}
