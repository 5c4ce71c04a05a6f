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
    .repl(
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
    var host = ScenarioHost(today: today, baseDirectory: terminal.currentDirectory)
    if let flowPath {
      do {
        host = ScenarioHost(
          flow: CompiledFlow(try terminal.loadFlow(flowPath)), today: today, baseDirectory: terminal.currentDirectory)
      } catch {
        return error.status
      }
    }
    host.builtInFlows = BuiltInFlow.all
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
          Recorder.flowReference(flowPath: terminal.resolve($0), recordPath: terminal.resolve(path))
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
      guard let (line, command) = read(typed, lineNumber: lineNumber, session: session, reader: &reader, terminal)
      else { continue }
      let outcome = host.run(command)
      report(outcome, terminal)
      recorder?.record(line, command: command, before: session, after: host.session)
      do {
        try recorder?.write()
      } catch {
        terminal.errorLine("error: cannot write the recording: \(Recorder.reason(error))")
        recorder = nil
      }
      if outcome.quit { break }
      if showsScreen(command), let session = host.session { terminal.write(printer.render(session)) }
    }
    if let recorder { terminal.line("recorded to \(recorder.path)") }
    return .success
  }

  /// The prompt.
  static let prompt = "checkout> "

  /// The command a typed line gives, and the line to record for it; nil when there
  /// is none (a blank line, a syntax error, a value prompt cancelled). A `set` of a
  /// secret value is never kept in the history, and its echo is rewritten masked
  /// (`set cvv •••`); `set ROW` with no value asks for it, without echo when secret.
  private static func read(
    _ typed: String, lineNumber: Int, session: CheckoutSession?, reader: inout any LineReader, _ terminal: Terminal
  ) -> (String, ScenarioCommand)? {
    let setName = SetLine.name(inSetLine: typed)
    let secret = SetLine.isSecretSet(typed, in: session)
    let words = typed.split(whereSeparator: { $0 == " " || $0 == "\t" }).count
    if !secret || words == 2 {
      reader.remember(typed)
    } else if let setName {
      reader.rewriteEcho(of: typed, prompt: prompt, as: "set \(setName) \(Masking.secretPlaceholder)")
    }
    do {
      guard let command = try ScenarioParser.parse(typed, line: lineNumber) else { return nil }
      return (typed, command)
    } catch {
      if let setName, let session, words == 2,
        SetLine(setName, in: session).key != nil
      {
        return askForValue(setName, secret: secret, session: session, reader: &reader, terminal)
      }
      if !secret {
        // The mark goes under the line: the one on screen after the prompt, or
        // (piped input, not echoed) the line written out first.
        let indent = reader.showsTypedLine ? prompt.count : 2
        if !reader.showsTypedLine { terminal.line("  " + typed) }
        terminal.line(String(repeating: " ", count: indent + max(0, error.column - 1)) + "^")
      }
      terminal.line(terminal.styled("error: \(error.message)", .red))
      return nil
    }
  }

  /// `set NAME` typed alone: the value, asked for on a line of its own (without echo
  /// for a secret row), as `set NAME VALUE`.
  private static func askForValue(
    _ name: String, secret: Bool, session: CheckoutSession, reader: inout any LineReader, _ terminal: Terminal
  ) -> (String, ScenarioCommand)? {
    let title = SetLine(name, in: session).row?.title.text(in: session.rules.locale) ?? name
    let value =
      secret
      ? reader.readHiddenLine(prompt: "\(title) (hidden as you type): ")
      : reader.readLine(prompt: "\(title): ")
    guard let value, !value.isEmpty else {
      terminal.line("nothing set (to empty a row: set \(name) \"\")")
      return nil
    }
    guard let target = ScenarioCommand.SetName(parsing: name) else { return nil }
    return ("set \(name) \(SetLine.quoted(value))", .set(target, value))
  }

  private static func report(_ outcome: ScenarioHost.Outcome, _ terminal: Terminal) {
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
    if let problem = outcome.problem { terminal.line(terminal.styled("error: \(problem)", .red)) }
    if outcome.passed { terminal.line(terminal.styled("✓ holds", .green)) }
    if let failure = outcome.failure {
      terminal.line(terminal.styled("✗ expected \(failure.expected)", .red))
      terminal.line(terminal.styled("  actual   \(failure.actual)", .red))
    }
  }

  private static func showsScreen(_ command: ScenarioCommand) -> Bool {
    switch command {
    case .help, .stack, .plan, .expect, .quit, .mode, .today, .snapshot: return false
    // A new language shows the screen again in it.
    case .locale: return true
    default: return true
    }
  }
}
