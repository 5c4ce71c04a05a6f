import CheckoutEngine
import Foundation

/// What replaying one scenario file (a story) came to: the expectations that
/// held and failed, and where it stopped. A story stops at its first failed
/// expectation or at the first line that cannot run (a typo in a row's name, a
/// snapshot that cannot be written): what follows would only repeat that failure.
struct StoryResult: Sendable {
  /// Where a story stopped, or why it could not run at all.
  struct Stop: Sendable, Equatable {
    /// The line, from 1; nil when the problem is the file as a whole.
    var line: Int?
    /// The column, from 1, of a syntax error or of the word a line that cannot
    /// run is about (an operation no submit calls); nil otherwise.
    var column: Int?
    /// The line as written, each value it hides written `•••` (``TypedLine/shown``:
    /// a `set` may hold a secret); nil for a problem of the file as a whole.
    var source: String?
    /// Whether the line could not run (a row, step or value the screen does not
    /// have) rather than an expectation that failed.
    var cannotRun = false
    /// What went wrong: `expected at stepTwo, actual at stepOne`, or the problem.
    var message: String
    /// The scenario's lines after it that were not run.
    var notRun = 0
  }

  /// The scenario file, as given on the command line.
  var file: String
  /// Expectations that held.
  var passed = 0
  /// Expectations that failed, and lines that could not run (at most one: the story stops there).
  var failed = 0
  /// The failed expectation or the line that could not run; nil when every line held.
  var failure: Stop?
  /// Why the story could not run at all (it cannot be read or parsed, its flow
  /// cannot be loaded, it names none): the run exits 2.
  var unusable: Stop?
  /// What the story leaves unchecked (a refused event no line expects, an `api`
  /// answer nothing used, no `expect` line at all), in the order printed.
  var warnings: [ReplayWarning] = []
}

/// Replays one story, printing what `checkout replay` prints for it as it goes.
struct StoryRun {
  let path: String
  let verbose: Bool
  /// The flow every `flow` line loads instead of the one it names (`--flow`).
  let replacementFlow: CompiledFlow?
  /// The flows `flow` lines named so far in this run, each through ``FlowGate`` once.
  let flows: AdmittedFlows
  let terminal: Terminal

  func run() -> StoryResult {
    var result = StoryResult(file: path)
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(terminal.resolve(path))
    } catch {
      return unusable(result, line: nil, "\(error)")
    }
    guard let text = String(bytes: bytes, encoding: .utf8) else {
      return unusable(result, line: nil, "the scenario is not UTF-8 text")
    }
    // A flow or a snapshot given where a story goes (`checkout replay gig.json`):
    // one error saying so, not an unknown command for each of its lines.
    if text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).first == "{" {
      return unusable(
        result, line: nil,
        "this is JSON (a flow or a snapshot), not a scenario: replay takes .scenario files, each starting with a 'flow PATH' line; to walk a flow, run checkout repl \(path)"
      )
    }
    let script: [(line: Int, command: ScenarioCommand)]
    do {
      script = try ScenarioParser.parseScript(text)
    } catch {
      return syntaxErrors(result, text: text, first: error)
    }
    let lines = ScenarioParser.lines(of: text)
    var host = makeHost()
    var watch = ReplayWatch()
    // The last `locale` line before the flow was loaded: the flow line checks its tag.
    var earlierLocale: Int?
    for (index, (line, command)) in script.enumerated() {
      if case .locale = command, host.session == nil { earlierLocale = line }
      let written = lines[line - 1]
      // Read on the screen the line runs on (a row number names a row of it).
      let typed = TypedLine(written, in: host)
      let outcome = host.run(command)
      let source = typed.shown
      if verbose { printVerbose(line, source, command, outcome, host) }
      // A refusal nothing checked is said before what the line after it reports.
      var warnings = watch.ran(line, command, shown: source, outcome, api: host.api, redacting: typed.redacting)
      if outcome.problem != nil || outcome.failure != nil, let warning = watch.stopped() { warnings.append(warning) }
      warn(warnings, &result)
      if let problem = outcome.problem.map(typed.redacting) {
        let (at, word) = outcome.problemIsEarlierLocale ? (earlierLocale ?? line, 1) : (line, outcome.problemWord)
        let column = word.flatMap { ScenarioParser.column(ofWord: $0, in: lines[at - 1]) }
        if host.session == nil { return unusable(result, line: at, column: column, problem) }
        // The screen may not be the one the author expected: the event before was refused.
        let message = problem + (watch.refusalBefore.map { " (\($0))" } ?? "")
        terminal.errorLine("\(path):\(at):\(column.map { "\($0):" } ?? "") error: \(message)")
        result.failed += 1
        result.failure = .init(
          line: at, column: column, source: at == line ? source : nil, cannotRun: true, message: message,
          notRun: script.count - index - 1)
        break
      }
      if outcome.passed { result.passed += 1 }
      if var failure = outcome.failure {
        (failure.expected, failure.actual) = (typed.redacting(failure.expected), typed.redacting(failure.actual))
        let column = outcome.failureWord.flatMap { ScenarioParser.column(ofWord: $0, in: written) }
        let place = "\(path):\(line):\(column.map { "\($0):" } ?? "")"
        result.failed += 1
        terminal.line("\(place) \(terminal.styled("failed:", .red)) \(source)")
        terminal.line("  \(terminal.styled("- expected", .green)) \(failure.expected)")
        terminal.line("  \(terminal.styled("+ actual  ", .red)) \(failure.actual)")
        result.failure = .init(
          line: line, column: column, source: source,
          message: "expected \(failure.expected), actual \(failure.actual)", notRun: script.count - index - 1)
        break
      }
    }
    if host.session == nil {
      return unusable(result, line: nil, "the scenario names no flow; start it with 'flow PATH'")
    }
    // What a story that held left unchecked (one that failed has said what is wrong).
    if result.failure == nil {
      warn(watch.finished() + [ReplayWatch.checksNothing(script.map(\.command))].compactMap { $0 }, &result)
    }
    if let stop = result.failure, stop.notRun > 0, let line = stop.line {
      terminal.line("\(path): stopped at line \(line): \(Self.linesNotRun(stop.notRun))")
    }
    if verbose || result.failed == 0 {
      let verdict = result.failed == 0 ? terminal.styled("ok", .green) : "failed"
      let warned = result.warnings.isEmpty ? "" : ", \(Self.warnings(result.warnings.count))"
      terminal.line("\(path): \(verdict) (\(result.passed) passed, \(result.failed) failed\(warned))")
    }
    return result
  }

  /// Prints warnings and keeps them with the story.
  private func warn(_ warnings: [ReplayWarning], _ result: inout StoryResult) {
    for warning in warnings { terminal.errorLine(warning.rendered(file: path)) }
    result.warnings += warnings
  }

  /// `1 warning`, `3 warnings`.
  static func warnings(_ count: Int) -> String {
    "\(count) warning\(count == 1 ? "" : "s")"
  }

  /// A story that does not parse: every line's mistake at once, not one per run,
  /// the first ``Diagnostic/reportLimit`` printed and the rest counted (`… and
  /// 99,800 more errors`); never a value its line hides. A flow line whose file
  /// cannot be loaded is one of them, at its line.
  private func syntaxErrors(_ result: StoryResult, text: String, first error: ScenarioSyntaxError) -> StoryResult {
    var result = result
    let lines = ScenarioParser.lines(of: text)
    let named = flowNamed(in: lines)
    var all = ScenarioParser.syntaxErrors(in: text)
    if all.isEmpty { all = [error] }
    let errors = all.prefix(Diagnostic.reportLimit).map { $0.redacted(line: lines[$0.line - 1], flow: named.flow) }
    var reports = errors.map { (line: $0.line, text: $0.rendered(file: path)) }
    if let failure = named.failure, let line = failure.line {
      let report = (line: line, text: "\(path):\(line): error: \(failure.message)")
      reports.insert(report, at: reports.firstIndex { $0.line > line } ?? reports.count)
    }
    for each in reports { terminal.errorLine(each.text) }
    if let omitted = OmittedProblems(errors: all.count - errors.count).line {
      terminal.errorLine("\(path): \(omitted)")
    }
    if let failure = named.failure {
      // Nothing runs without the flow: it is the story's problem, the syntax errors beside it.
      let more = " (and \(Quoting.grouped(all.count)) syntax error\(all.count == 1 ? "" : "s"))"
      result.unusable = .init(line: failure.line, message: failure.message + more)
      return result
    }
    let rest = all.count - 1
    let more = rest > 0 ? " (and \(Quoting.grouped(rest)) more syntax error\(rest == 1 ? "" : "s"))" : ""
    let first = errors.first { $0.line == error.line } ?? error.redacted(line: lines[error.line - 1], flow: named.flow)
    result.unusable = .init(line: first.line, column: first.column, message: first.message + more)
    return result
  }

  /// `1 line not run`, `3 lines not run`.
  static func linesNotRun(_ count: Int) -> String {
    "\(count) line\(count == 1 ? "" : "s") not run"
  }

  /// The flow a story that does not parse would run on, to tell which values its
  /// errors must not quote: `--flow`'s, else the one its first `flow` line names
  /// (nil when it names none or it cannot be loaded: then every name might be secret).
  /// The flow the story's first `flow` line names (or `--flow`'s), loaded; or,
  /// when it cannot be loaded, why, at that line. Neither when no line names one.
  private func flowNamed(in lines: [String]) -> (flow: CompiledFlow?, failure: StoryResult.Stop?) {
    if let replacementFlow { return (replacementFlow, nil) }
    for (index, line) in lines.enumerated() {
      guard case .flow(let name)? = try? ScenarioParser.parse(line, line: index + 1) else { continue }
      var host = makeHost()
      let outcome = host.run(.flow(name))
      if let compiled = host.session?.compiled { return (compiled, nil) }
      return (nil, outcome.problem.map { StoryResult.Stop(line: index + 1, message: $0) })
    }
    return (nil, nil)
  }

  private func makeHost() -> ScenarioHost {
    var host = ScenarioHost(
      flow: replacementFlow, baseDirectory: (terminal.resolve(path) as NSString).deletingLastPathComponent)
    host.builtInFlows = BuiltInFlow.all
    host.readFile = { path in try InputFile.read(path) }
    host.makeFlow = flows.hostLoader
    host.replacementFlow = replacementFlow
    return host
  }

  private func unusable(_ result: StoryResult, line: Int?, column: Int? = nil, _ message: String) -> StoryResult {
    let place = (line.map { "\($0):" } ?? "") + (column.map { "\($0):" } ?? "")
    terminal.errorLine("\(path):\(place) error: \(message)")
    var result = result
    result.unusable = .init(line: line, column: column, message: message)
    return result
  }

  private func printVerbose(
    _ line: Int, _ source: String, _ command: ScenarioCommand, _ outcome: ScenarioHost.Outcome, _ host: ScenarioHost
  ) {
    terminal.line("\(path):\(line): \(source)")
    for effect in outcome.effects { terminal.line("    \(effect)") }
    for note in outcome.notes { terminal.line("    \(note)") }
    if command == .show, let session = host.session {
      let screen = ScreenPrinter(terminal: terminal).render(session)
      terminal.write(
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "    \($0)\n" }.joined())
    }
  }
}
