import CheckoutEngine
import Foundation

/// `checkout repl [FLOW] [--record FILE] [--today DATE] [--locale TAG]`: walk through a checkout interactively.
package enum ReplCommand {
  static let record = OptionSpec.value(
    "--record", "FILE", help: "write the session as a scenario that 'checkout replay' reproduces")
  static let today = OptionSpec.value(
    "--today", "DATE", help: "the session's date for expiry rules (YYYY-MM-DD; default today)")
  static let locale = OptionSpec.value(
    "--locale", "TAG", help: "the shopper's language, e.g. de (default: the flow's first language, else en)")

  /// `repl`'s arguments, typed.
  package struct Options: Sendable, Equatable {
    /// The flow file; nil for the built-in PLNDR flow.
    package var flow: String?
    /// `--record`: where the session is written as a scenario.
    package var record: String?
    /// `--today`; nil for the host's date today.
    package var today: CalendarDate?
    /// `--locale`; nil for the flow's default language.
    package var locale: String?

    /// The options of `checkout repl [FLOW] [--record FILE] [--today DATE] [--locale TAG]`.
    package init(flow: String? = nil, record: String? = nil, today: CalendarDate? = nil, locale: String? = nil) {
      self.flow = flow
      self.record = record
      self.today = today
      self.locale = locale
    }
  }

  static func parse(_ arguments: ParsedArguments) throws(CommandLineError) -> Command {
    if arguments.value(record)?.isEmpty == true {
      throw .badValue("--record: the path is empty; name a file, like --record session.scenario")
    }
    return .repl(
      Options(
        flow: arguments.positionals.first, record: arguments.value(record), today: try arguments.date(today),
        locale: arguments.value(locale)))
  }

  static let spec = CommandSpec(
    name: "repl",
    summary: "walk through a checkout interactively (the built-in PLNDR flow by default)",
    positionals: [
      PositionalSpec(name: "FLOW", help: "a flow file (default: the built-in PLNDR flow)", isRequired: false)
    ],
    options: [record, today, locale],
    discussion: """
      Type 'help' at the prompt for the commands. Rows are named by id or number;
      screens appear by themselves ('auto'), or type 'manual' to play the host and
      confirm each one with 'appear STEP'. Bad input never ends the session.
      --record overwrites only an empty file or an earlier recording, never the flow
      or a directory; 'snapshot FILE' only an empty file or an earlier snapshot.

      exit status: 0; 2 a file that cannot be read, a flow that cannot be loaded or
      that lint finds errors in (warnings do not count), a bad date or language, a
      --record file that must not be overwritten.
      """,
    parse: parse)

  /// Runs the REPL on standard input: with line editing when it is a terminal
  /// and a line-editing library loads.
  static func run(_ options: Options, _ terminal: Terminal) -> ExitStatus {
    var reader: any LineReader =
      EditLineReader().map { $0 as any LineReader }
      ?? PlainLineReader(interactive: isatty(STDIN_FILENO) == 1)
    if isatty(STDIN_FILENO) != 1 { reader = PlainLineReader(interactive: false) }
    return run(options, terminal, reader: &reader)
  }

  /// Runs the REPL, reading lines from `reader`.
  package static func run(_ options: Options, _ terminal: Terminal, reader: inout any LineReader) -> ExitStatus {
    let today = options.today ?? CalendarDate.today
    let flowPath = options.flow
    // Before the REPL starts: `repl gig.json --record gig.json` would replace the flow.
    if let path = options.record,
      let problem = ReportTarget.recording.problem(
        path, inputs: flowPath.map { [ReportTarget.Input(path: $0, role: "the flow to run")] } ?? [],
        storyRole: nil, terminal)
    {
      terminal.errorLine("error: \(problem)")
      return .usage
    }
    var host = ScenarioHost(today: today, baseDirectory: terminal.currentDirectory)
    if let flowPath {
      do {
        host = ScenarioHost(
          flow: CompiledFlow(try terminal.loadFlow(flowPath, to: .run)), today: today,
          baseDirectory: terminal.currentDirectory)
        host.flowFile = terminal.resolve(flowPath)
      } catch {
        return error.status
      }
    }
    host.builtInFlows = BuiltInFlow.all
    host.makeFlow = AdmittedFlows().hostLoader
    host.readFile = { path in try InputFile.read(path) }
    let flowName = flowPath ?? BuiltInFlow.plndrName
    if flowPath == nil, let problem = host.run(.flow(BuiltInFlow.plndrName)).problem {
      terminal.errorLine("error: \(problem)")
      return .usage
    }
    if let locale = options.locale, let problem = host.run(.locale(locale)).problem {
      terminal.errorLine("error: --locale: \(problem)")
      return .usage
    }
    var recorder = options.record.map { path in
      Recorder(
        path: terminal.resolve(path),
        flowLine: flowPath.map {
          Recorder.fileReference(terminal.resolve($0), recordPath: terminal.resolve(path))
        }
          ?? BuiltInFlow.plndrName,
        today: today, locale: options.locale)
    }
    if let recorder, let path = options.record {
      // Find out now, not at the end, that the recording cannot be written.
      do {
        try recorder.write()
      } catch {
        terminal.errorLine("checkout: cannot record to \(path): \(Recorder.reason(error))")
        return .usage
      }
    }
    let printer = ScreenPrinter(terminal: terminal)
    let title = host.session.map { $0.flow.title.text(in: $0.rules.locale) } ?? flowName
    terminal.line(
      terminal.styled("CheckoutEngine \(CheckoutCommandLine.version): \(title)", .bold)
        + " (\(flowPath ?? "built in")). Type 'help' for commands, 'quit' to leave.")
    if let session = host.session { terminal.write(printer.render(session)) }
    var lineNumber = 0
    while true {
      let session = host.session
      reader.setCompleter { line, cursor in ReplCompletion.candidates(line: line, cursor: cursor, session: session) }
      guard let typed = reader.readLine(prompt: prompt) else { break }
      lineNumber += 1
      let line: TypedLine
      let command: ScenarioCommand
      switch read(typed, lineNumber: lineNumber, host: host, reader: &reader, terminal) {
      case .nothing: continue
      case .invalid(let invalid):
        recorder?.leaveOut(invalid)
        save(&recorder, terminal)
        continue
      case .command(let typedLine, let typedCommand): (line, command) = (typedLine, typedCommand)
      }
      let outcome = host.run(command)
      report(outcome, of: line, command, terminal)
      if case .restore(let file) = command {
        recorder?.recordRestore(line, of: terminal.resolve(file), outcome: outcome, after: host.session)
      } else {
        recorder?.record(line, command: command, outcome: outcome, before: session, after: host.session)
      }
      save(&recorder, terminal)
      if outcome.quit { break }
      if command.traits.showsScreen, let session = host.session { terminal.write(printer.render(session)) }
    }
    if let recorder { terminal.line("recorded to \(recorder.path)") }
    return .success
  }

  /// The prompt.
  static let prompt = "checkout> "

  /// Writes the recording, if any; when it cannot be written, says so and records no more.
  private static func save(_ recorder: inout Recorder?, _ terminal: Terminal) {
    do {
      try recorder?.write()
    } catch {
      terminal.errorLine("error: cannot write the recording: \(Recorder.reason(error))")
      recorder = nil
    }
  }

  /// What a typed line gives.
  private enum Read {
    /// A command to run, and the line it came from.
    case command(TypedLine, ScenarioCommand)
    /// A line that does not parse (its error already printed).
    case invalid(TypedLine)
    /// Nothing to run: a blank line, or a value prompt cancelled.
    case nothing
  }

  /// The command a typed line gives. A line that hides a value (``TypedLine``: a
  /// secret, or what might be one) is never kept in the history, its echo is
  /// rewritten masked (`set cvv •••`), and an error about it never quotes the value;
  /// `set ROW` with no value asks for it, without echo when secret.
  private static func read(
    _ typed: String, lineNumber: Int, host: ScenarioHost, reader: inout any LineReader, _ terminal: Terminal
  ) -> Read {
    let session = host.session
    let line = TypedLine(typed, in: host)
    if line.hidesValue {
      reader.rewriteEcho(of: typed, prompt: prompt, as: line.shown)
    } else {
      reader.remember(typed)
    }
    do {
      guard let command = try ScenarioParser.parse(typed, line: lineNumber) else { return .nothing }
      return .command(line, command)
    } catch {
      if let name = SetLine.name(inSetLine: typed), let session,
        typed.split(whereSeparator: { $0 == " " || $0 == "\t" }).count == 2,
        let target = ScenarioCommand.SetName(parsing: name)
      {
        let setLine = SetLine(name, in: session)
        // A target the session does not know gets the host's error (no row "cvvv",
        // did you mean "cvv"?) rather than a prompt for a value that goes nowhere.
        if !setLine.isKnown { return .command(line, .set(target, "")) }
        if setLine.key != nil { return askForValue(name, target, session: session, reader: &reader, terminal) }
      }
      if !line.hidesValue {
        // The mark goes under the line: the one on screen after the prompt, or
        // (piped input, not echoed) the line written out first.
        let indent = reader.showsTypedLine ? prompt.count : 2
        if !reader.showsTypedLine { terminal.line("  " + typed) }
        terminal.line(String(repeating: " ", count: indent + max(0, error.column - 1)) + "^")
      }
      terminal.line(terminal.styled("error: \(line.redacting(error.message))", .red))
      return .invalid(line)
    }
  }

  /// `set NAME` typed alone: the value, asked for on a line of its own (without echo
  /// for a secret row), as `set NAME VALUE`.
  private static func askForValue(
    _ name: String, _ target: ScenarioCommand.SetName, session: CheckoutSession, reader: inout any LineReader,
    _ terminal: Terminal
  ) -> Read {
    let setLine = SetLine(name, in: session)
    let title = setLine.row?.title.text(in: session.rules.locale) ?? name
    let value =
      setLine.isSecret(in: session)
      ? reader.readHiddenLine(prompt: "\(title) (hidden as you type): ")
      : reader.readLine(prompt: "\(title): ")
    guard let value, !value.isEmpty else {
      terminal.line("nothing set (to empty a row: set \(name) \"\")")
      return .nothing
    }
    return .command(TypedLine("set \(name) \(SetLine.quoted(value))", in: session), .set(target, value))
  }

  /// What a command did. An expectation that failed never shows a hidden value it expected.
  private static func report(
    _ outcome: ScenarioHost.Outcome, of line: TypedLine, _ command: ScenarioCommand, _ terminal: Terminal
  ) {
    for effect in outcome.effects {
      switch effect {
      case .refused(let refusal):
        for line in Terminal.wrap("✗ \(refusal.message)", width: terminal.width, indent: "  ") {
          terminal.line(terminal.styled(line, .red))
        }
      case .offer(let offer):
        terminal.line(
          terminal.styled(
            "! \(offer.resolution.message) (fix it at \(offer.resolution.target): accept | decline)", .yellow))
      case .unresolved(let error): terminal.line(terminal.styled("! unresolved API error \(error)", .red))
      case .routeCancelled(let reason): terminal.line(terminal.styled("✗ route cancelled: \(reason)", .red))
      case .notice(let message): terminal.line(terminal.styled("! \(message)", .yellow))
      default: terminal.line(terminal.styled("→ \(effect)", .blue))
      }
    }
    for note in outcome.notes { terminal.line(note) }
    if let problem = outcome.problem { terminal.line(terminal.styled("error: \(line.redacting(problem))", .red)) }
    if outcome.passed { terminal.line(terminal.styled("✓ holds", .green)) }
    if let failure = outcome.failure {
      terminal.line(terminal.styled("✗ expected \(line.redacting(failure.expected))", .red))
      terminal.line(terminal.styled("  actual   \(line.redacting(failure.actual))", .red))
    }
  }

}
