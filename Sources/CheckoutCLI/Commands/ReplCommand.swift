import CheckoutEngine
import Foundation

/// `checkout repl [FLOW] [--record FILE]`: walk through a checkout interactively.
package enum ReplCommand {
  static let spec = CommandSpec(
    name: "repl",
    summary: "walk through a checkout interactively (the built-in PLNDR flow by default)",
    positionals: [PositionalSpec(name: "FLOW", help: "a flow file (default: the built-in PLNDR flow)", isRequired: false)],
    options: [
      .value("--record", "FILE", help: "write the session as a scenario that 'checkout replay' reproduces"),
      .value("--today", "DATE", help: "the session's date for expiry rules (YYYY-MM-DD; default today)"),
    ],
    discussion: """
      Type 'help' at the prompt for the commands. Rows are named by id or number;
      screens appear by themselves ('auto'), or type 'manual' to play the host and
      confirm each one with 'appear STEP'. Bad input never ends the session.
      """,
    run: { arguments, terminal in
      var reader: any LineReader = EditLineReader().map { $0 as any LineReader }
        ?? PlainLineReader(interactive: isatty(STDIN_FILENO) == 1)
      if isatty(STDIN_FILENO) != 1 { reader = PlainLineReader(interactive: false) }
      return run(arguments, terminal, reader: &reader)
    })

  package static func run(_ arguments: ParsedArguments, _ terminal: Terminal, reader: inout any LineReader) -> ExitStatus {
    let today: CalendarDate?
    do {
      today = try TodayOption.date(arguments, terminal)
    } catch {
      return error.status
    }
    let flowPath = arguments.positionals.first
    var host = ScenarioHost(today: today, baseDirectory: terminal.currentDirectory)
    if let flowPath {
      do {
        host = ScenarioHost(flow: CompiledFlow(try terminal.loadFlow(flowPath)), today: today, baseDirectory: terminal.currentDirectory)
      } catch {
        return error.status
      }
    }
    host.builtInFlows = [BuiltInFlow.plndrName: BuiltInFlow.plndrJSON]
    host.readFile = { path in try InputFile.read(path) }
    let flowName = flowPath ?? BuiltInFlow.plndrName
    if flowPath == nil, let problem = host.run(.flow(BuiltInFlow.plndrName)).problem {
      terminal.errorLine("error: \(problem)")
      return .usage
    }
    var recorder = arguments.value("--record").map { path in
      Recorder(
        path: terminal.resolve(path),
        flowLine: flowPath.map { Recorder.flowReference(flowPath: terminal.resolve($0), recordPath: terminal.resolve(path)) }
          ?? BuiltInFlow.plndrName,
        today: today)
    }
    let printer = ScreenPrinter(terminal: terminal)
    let title = host.session?.flow.title ?? flowName
    terminal.line(terminal.styled("CheckoutEngine \(CheckoutCommandLine.version): \(title)", .bold)
      + " (\(flowPath ?? "built in")). Type 'help' for commands, 'quit' to leave.")
    if let session = host.session { terminal.write(printer.render(session)) }
    var lineNumber = 0
    while true {
      reader.setCompletions(completions(host.session))
      guard let line = reader.readLine(prompt: "checkout> ") else { break }
      lineNumber += 1
      let command: ScenarioCommand?
      do {
        command = try ScenarioParser.parse(line, line: lineNumber)
      } catch {
        terminal.line(String(repeating: " ", count: 9 + max(0, error.column)) + "^")
        terminal.line(terminal.styled("error: \(error.message)", .red))
        continue
      }
      guard let command else { continue }
      let before = host.session
      let outcome = host.run(command)
      report(outcome, terminal)
      recorder?.record(line, command: command, before: before, after: host.session)
      do {
        try recorder?.write()
      } catch {
        terminal.errorLine("error: cannot write the recording: \(error.localizedDescription)")
        recorder = nil
      }
      if outcome.quit { break }
      if showsScreen(command), let session = host.session { terminal.write(printer.render(session)) }
    }
    if let recorder { terminal.line("recorded to \(recorder.path)") }
    return .success
  }

  private static func report(_ outcome: ScenarioHost.Outcome, _ terminal: Terminal) {
    for effect in outcome.effects {
      switch effect {
      case .refused(let reason): terminal.line(terminal.styled("✗ \(reason)", .red))
      case .offer(let offer): terminal.line(terminal.styled("! \(offer.resolution.message) (fix it at \(offer.resolution.target): accept | decline)", .yellow))
      case .unresolved(let error): terminal.line(terminal.styled("! unresolved API error \(error)", .red))
      case .routeCancelled(let reason): terminal.line(terminal.styled("✗ route cancelled: \(reason)", .red))
      case .notice(let message): terminal.line(terminal.styled("! \(message)", .yellow))
      default: terminal.line(terminal.styled("→ \(effect)", .blue))
      }
    }
    for note in outcome.notes { terminal.line(note) }
    if let problem = outcome.problem { terminal.line(terminal.styled("error: \(problem)", .red)) }
    if outcome.passed { terminal.line(terminal.styled("✓ holds", .green)) }
    if let failure = outcome.failure {
      terminal.line(terminal.styled("✗ expected \(failure.expected)", .red))
      terminal.line(terminal.styled("  actual   \(failure.actual)", .red))
    }
  }

  private static func showsScreen(_ command: ScenarioCommand) -> Bool {
    switch command {
    case .help, .stack, .plan, .expect, .quit, .mode, .today: return false
    default: return true
    }
  }

  /// Commands, rows of the current step, step ids and expectation words.
  private static func completions(_ session: CheckoutSession?) -> [String] {
    var words = ScenarioLanguage.commands.map(\.name) + ScenarioLanguage.expectations.map(\.name)
    if let session {
      words += session.currentStep?.rows.map(\.id.rawValue) ?? []
      words += session.flow.steps.map(\.id.rawValue)
    }
    return Array(Set(words))
  }
}
