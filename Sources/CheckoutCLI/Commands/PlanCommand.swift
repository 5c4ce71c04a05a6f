import CheckoutEngine
import Foundation

/// `checkout plan FLOW --from STATE --to STEP[.ROW] [--json] [--data FILE]`.
package enum PlanCommand {
  static let from = OptionSpec.value(
    "--from", "STATE", required: true, help: "where the shopper is, e.g. 'cart>stepOne>stepTwo|discount'")
  static let to = OptionSpec.value(
    "--to", "STEP[.ROW]", required: true, help: "the step (and row) to reach, e.g. creditCard.cvv")
  static let json = OptionSpec.flag(
    "--json", help: "print {\"from\", \"to\", \"row\", \"route\", \"length\", \"calls\"}, or {\"error\"}")
  static let data = OptionSpec.value(
    "--data", "FILE", help: "session data (a JSON object of key -> value) to evaluate guards on")
  static let today = OptionSpec.value(
    "--today", "DATE", help: "the date expiry rules use with --data (YYYY-MM-DD; default today)")

  /// `plan`'s arguments, typed.
  package struct Options: Sendable, Equatable {
    /// The flow file.
    package var flow: String
    /// `--from`, as typed (errors quote it).
    package var fromText: String
    /// `--from`: where the shopper is.
    package var from: NavigationState
    /// `--to`: the step (and row) to reach.
    package var to: RowReference
    /// `--json`.
    package var json = false
    /// `--data`: a session data file to evaluate guards on.
    package var data: String?
    /// `--today`; nil for the host's date today.
    package var today: CalendarDate?
  }

  static func parse(_ arguments: ParsedArguments) throws(CommandLineError) -> Command {
    let flow = try arguments.positional(0, of: spec)
    let today = try arguments.date(Self.today)
    let fromText = try arguments.required(from, of: spec)
    let state = try arguments.required(from, of: spec, as: NavigationState.init(parsing:))
    let target = try arguments.required(to, of: spec, as: RowReference.init(parsing:))
    return .plan(
      Options(
        flow: flow, fromText: fromText, from: state, to: target, json: arguments.has(json),
        data: arguments.value(data), today: today))
  }

  static let spec = CommandSpec(
    name: "plan",
    summary: "plan the shortest route from a navigation state to a step",
    positionals: [PositionalSpec(name: "FLOW", help: "the flow file")],
    options: [from, to, json, data, today],
    discussion: """
      Steps of a layer are joined by '>', layers by '|': cart>stepOne|creditCard is the
      root stack cart, stepOne with creditCard presented modally on top. Guards
      ("requires") count as met unless --data gives the data to evaluate them on. A
      --from state the flow can never be in (cart>stepTwo when nothing on cart opens
      stepTwo) is refused with the step that does not open the next.

      --json: "to" is the step, "row" the row when --to names one (else absent),
      "route" the commands, "length" their count, and "calls" (only on a route
      through calls) each command a call's success performs, as {"command"
      (1-based), "operation"}.

      exit status: 0 a route; 1 no route; 2 bad usage (a --from the flow cannot be
      in, and a --to step or row it does not have, included), a file that cannot be
      read, a flow or data file that cannot be loaded, or a flow lint finds errors
      in (warnings do not count).
      """,
    parse: parse)

  static func run(_ options: Options, _ terminal: Terminal) -> ExitStatus {
    do {
      return try plan(options, terminal)
    } catch {
      return error.status
    }
  }

  private static func plan(_ options: Options, _ terminal: Terminal) throws(InputFailure) -> ExitStatus {
    let flow = try terminal.loadFlow(options.flow, to: .run)
    let today = options.today ?? CalendarDate.today
    let state = options.from
    if let problem = FlowGraph(flow).whyUnreachable(state) {
      terminal.errorLine("error: --from \(Quoting.shortened(options.fromText)): \(problem)")
      throw InputFailure(kind: .badValue)
    }
    let target = options.to.description
    let (step, row) = (options.to.step, options.to.row)
    if let problem = unknownTarget(step, row, in: flow) {
      terminal.errorLine("error: --to: \(problem)")
      throw InputFailure(kind: .badValue)
    }
    var guards: RouteGuards?
    if let dataPath = options.data {
      guards = try loadCompleteness(dataPath, today, flow, terminal).routeGuards
    }
    let planner = RoutePlanner(flow)
    let result = planner.planThroughCalls(from: state, to: step, guards: guards)
    switch result {
    case .success(let walk):
      let route = walk.route
      if options.json {
        let calls = walk.calls.enumerated().compactMap { index, operation in
          operation.map { CallJSON(command: index + 1, operation: $0.rawValue) }
        }
        terminal.write(
          JSONText.encode(
            PlanJSON(
              from: state.description, to: step.rawValue, row: row?.rawValue,
              route: route.commands.map(\.description), length: route.length, calls: calls.isEmpty ? nil : calls)))
      } else {
        printRoute(walk, target: target, terminal)
      }
      return .success
    case .failure(let noRoute):
      var why = noRoute.description
      if case .unreachable = noRoute.reason, let opening = planner.actionOpening(step) {
        why += "; " + opening
      }
      if options.json {
        terminal.write(JSONText.encode(["error": why]))
      } else {
        terminal.line("no route from \(state) to \(target): \(why)")
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
    /// The commands a call's success performs (a route through earlier calls).
    var calls: [CallJSON]?
  }

  /// A command of the route that a call's success performs (1-based).
  struct CallJSON: Encodable {
    var command: Int
    var operation: String
  }

  private static func printRoute(_ walk: CallingRoute, target: String, _ terminal: Terminal) {
    let route = walk.route
    let noun = route.length == 1 ? "command" : "commands"
    terminal.line("route from \(route.from) to \(target): \(route.length) \(noun)\(walk.throughCalls)")
    let width = (route.commands.map(\.description.count).max() ?? 0) + 2
    let stateWidth = route.states.map(\.description.count).max() ?? 0
    for (index, (command, state)) in zip(route.commands, route.states).enumerated() {
      let call = walk.waitsOn(command: index).map { "  \($0)" } ?? ""
      let shown = call.isEmpty ? state.description : state.description.padded(to: stateWidth)
      terminal.line("  \(index + 1). \(command.description.padded(to: width))-> \(shown)\(call)")
    }
    if route.commands.isEmpty { terminal.line("  (already there)") }
  }

  /// A `--to` step the flow does not have (worded as `--from`'s), or a row its step
  /// does not have: bad usage, as a typo in `--from` is.
  private static func unknownTarget(_ step: StepID, _ row: RowID?, in flow: Flow) -> String? {
    guard let found = flow.step(step) else { return FlowGraph(flow).whyUnknown(step) }
    guard let row, found.row(row) == nil else { return nil }
    let rows = found.rows.map(\.id.rawValue)
    let hint = Suggestions.didYouMean(row.rawValue, in: rows) ?? "its rows are \(rows.joined(separator: ", "))"
    return "step \(Quoting.quoted(step)) has no row \(Quoting.quoted(row)); \(hint)"
  }

  private static func loadCompleteness(
    _ path: String, _ today: CalendarDate?, _ flow: Flow, _ terminal: Terminal
  ) throws(InputFailure) -> StepCompleteness {
    let bytes = try terminal.readFile(path)
    let entries: [SessionDataFile.Entry]
    do {
      entries = try SessionDataFile.entries(bytes)
    } catch {
      terminal.errorLine("\(path): error: \(error)")
      throw InputFailure(kind: .problems)
    }
    let problems = SessionDataFile.problems(entries, in: flow, file: path)
    guard problems.isEmpty else {
      for problem in problems { terminal.errorLine(problem) }
      throw InputFailure(kind: .problems)
    }
    var data = flow.data
    for entry in entries { data[entry.key] = entry.value }
    return StepCompleteness(flow: flow, data: data, rules: RuleEvaluator(today: today))
  }
}
