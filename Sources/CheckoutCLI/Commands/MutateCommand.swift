import CheckoutEngine
import CheckoutMutation
import Foundation

/// `checkout mutate FLOW [--stories SCENARIO...] [--json [FILE]] [--min-score P] [--today DATE]`:
/// makes the mutants of a flow, replays stories against each, and scores them.
package enum MutateCommand {
  static let stories = OptionSpec.values(
    "--stories", "SCENARIO",
    help: "replay these .scenario files, or directories of them, that name FLOW (default: generate them)")
  static let json = OptionSpec.optionalValue(
    "--json", "FILE",
    help: "the mutation-testing report (Stryker's schema): to FILE, or to standard output without one (or with -)")
  static let minScore = OptionSpec.value(
    "--min-score", "P", help: "exit 1 when the score is below P percent (0 to 100)")
  static let today = OptionSpec.value(
    "--today", "DATE", help: "the date generated stories run on (YYYY-MM-DD; default today)")

  /// `mutate`'s arguments, typed.
  package struct Options: Sendable, Equatable {
    /// The flow file.
    package var flow: String
    /// `--stories`: scenario files and directories of them; nil to generate stories.
    package var stories: [String]?
    /// `--json`: where the report goes; nil without it.
    package var json: ReportDestination?
    /// `--min-score`, a percentage.
    package var minScore: Double?
    /// `--today`; nil for the host's date today.
    package var today: CalendarDate?
  }

  /// Where `--json` sends the report.
  package enum ReportDestination: Sendable, Equatable {
    /// Standard output (`--json`, `--json -`): the summary then goes to standard error.
    case standardOutput
    /// A file (`--json report.json`).
    case file(String)
  }

  static func parse(_ arguments: ParsedArguments) throws(CommandLineError) -> Command {
    if arguments.value(json)?.isEmpty == true {
      throw .badValue(
        "--json: the path is empty; name a file, like --json report.json, or leave it out for standard output")
    }
    var destination: ReportDestination?
    if arguments.has(json) {
      let file = arguments.value(json)
      destination = file == nil || file == "-" ? .standardOutput : .file(file ?? "")
    }
    var score: Double?
    if let text = arguments.value(minScore) {
      guard let value = Double(text), value.isFinite, (0...100).contains(value) else {
        throw .badValue("--min-score: \(Quoting.quoted(text)) is not a percentage from 0 to 100")
      }
      score = value
    }
    return .mutate(
      Options(
        flow: try arguments.positional(0, of: spec), stories: arguments.values(stories), json: destination,
        minScore: score, today: try arguments.date(today)))
  }

  static let spec = CommandSpec(
    name: "mutate",
    summary: "score stories by the mutants of a flow they kill",
    positionals: [PositionalSpec(name: "FLOW", help: "the flow file")],
    options: [stories, json, minScore, today],
    discussion: """
      Operators: remove-edge (opens/then), drop-guard (requires, complete), drop-rule,
      shift-bound (minLength/maxLength, a pattern's {m,n} moved by one), drop-condition
      (visibleWhen/enabledWhen), change-presentation (modal/push), move-matcher (an error
      resolved on another row or step), swap-matchers (two neighbouring or overlapping
      matchers), drop-translation (a step title's text in a language after the
      flow's default), drop-format (a detail's {key:format} shown as {key}, in a flow
      with several locales). Each mutant is loaded and compiled in memory; one whose compiled
      behaviour is the original's (routes, coverage matrix, where each error resolves,
      guards in effect, rules) is equivalent, with the reason; one that does not load
      is invalid: neither is counted. A mutant is killed when a story fails on it (generated
      stories strictly, as 'generate --check'; hand-written ones as 'replay').
      --stories takes files and directories, as 'replay' does; stories of another
      flow are counted. A story that cannot be parsed, whose flow line names a file
      that cannot be read, or that fails on FLOW itself is left out and listed at its
      file:line; with --min-score it fails the gate, and --json lists it.
      Mutants run in parallel. score = killed / (killed + survived). Every survivor
      is listed under its operator, with a hint: what a story that kills it would
      check, as scenario lines to adapt (--json gives each survivor's hint too).

      --json without a file (or with -) prints the report on standard output and
      the summary on standard error. --json FILE never overwrites the flow, a story, a directory or a file that is not a
      mutation report; it is written once before the run, so a path that cannot be
      written is refused at once.

      exit status: 0 done (and the score reaches --min-score); 1 below --min-score, or
      a story left out with --min-score; 2 bad usage, a flow that cannot be loaded or
      that lint finds errors in (warnings do not count), a story file or directory
      that cannot be read,
      or a --json file that cannot or must not be written.
      """,
    parse: parse)

  static func run(_ options: Options, _ terminal: Terminal) -> ExitStatus {
    guard let tester = load(options.flow, terminal) else { return .usage }
    let started = Date()
    var stories: [MutationStory]
    var storyPaths: [String: String] = [:]
    var readPaths: [String] = []
    var leftOut: [LeftOutStory] = []
    let source: String
    if let paths = options.stories {
      guard let read = MutateStories.read(paths, for: options.flow, compiled: tester.compiled, terminal) else {
        return .usage
      }
      (stories, storyPaths, leftOut, readPaths) = (read.stories, read.storyPaths, read.leftOut, read.paths)
      source = "from \(paths.count == 1 ? paths[0] : "\(paths.count) paths")"
    } else {
      guard let date = options.today ?? CalendarDate.today else {
        terminal.errorLine("error: the host's clock gives no date; give one with --today YYYY-MM-DD")
        return .usage
      }
      stories = tester.generatedStories(today: date)
      source = "generated"
    }
    // Before the run: a report over the flow or a story, or one that cannot be written, is found now.
    if case .file(let file)? = options.json,
      !prepareReport(file, tester: tester, options: options, stories: readPaths, terminal)
    {
      return .usage
    }
    let failing = tester.failingOnOriginal(stories)
    let failingNames = Set(failing.map(\.story.name))
    stories.removeAll { failingNames.contains($0.name) }
    leftOut += failing.map { LeftOutStory(failing: $0.story, $0.failure, path: storyPaths[$0.story.name]) }
    let results = tester.runBlocking(stories)
    let seconds = Date().timeIntervalSince(started)
    // With the report on standard output, the summary goes to standard error.
    let summaryLine: (String) -> Void =
      options.json == .standardOutput ? { terminal.errorLine($0) } : { terminal.line($0) }
    MutationSummary(path: options.flow, results: results, stories: stories.count, source: source)
      .print(leftOut: leftOut, seconds: seconds, styled: terminal.styled, line: summaryLine)
    if let destination = options.json {
      let report = MutationReportJSON(
        file: options.flow, bytes: tester.bytes, results: results, lowScore: options.minScore,
        leftOut: leftOut.map { .init(story: $0.path, line: $0.line, column: $0.column, reason: $0.reason) })
      switch destination {
      case .standardOutput: terminal.line(report.text)
      case .file(let file):
        guard ReportTarget.mutationJSON.write(report.text, to: file, terminal) else { return .usage }
      }
    }
    // A story that could not judge the mutants is a gap the score does not show.
    if let minimum = options.minScore, !leftOut.isEmpty {
      let count = leftOut.count == 1 ? "1 story was" : "\(leftOut.count) stories were"
      terminal.errorLine(
        "error: --min-score \(minimum): \(count) left out, so the score does not judge \(leftOut.count == 1 ? "it" : "them"); fix or remove:"
      )
      for story in leftOut { terminal.errorLine("  \(story.rendered)") }
      return .failure
    }
    if let minimum = options.minScore, let score = MutationScore(results).percent, score < minimum {
      terminal.errorLine("error: the score \(MutationSummary.percent(score)) is below --min-score \(minimum)")
      return .failure
    }
    return .success
  }

  /// Whether the report may be written to `file` (``ReportTarget``'s rule, as
  /// `replay --junit` follows it) and was: an empty report is written before the
  /// run. False after saying why on standard error.
  private static func prepareReport(
    _ file: String, tester: MutationTester, options: Options, stories: [String], _ terminal: Terminal
  ) -> Bool {
    let inputs =
      [ReportTarget.Input(path: options.flow, role: "the flow to mutate")]
      + stories.map { ReportTarget.Input(path: $0, role: "one of the stories") }
    if let problem = ReportTarget.mutationJSON.problem(
      file, inputs: inputs, storyRole: "a story (a .scenario file)", terminal)
    {
      terminal.errorLine("error: \(problem)")
      return false
    }
    let empty = MutationReportJSON(file: options.flow, bytes: tester.bytes, results: [], lowScore: options.minScore)
    return ReportTarget.mutationJSON.write(empty.text, to: file, terminal)
  }

  private static func load(_ path: String, _ terminal: Terminal) -> MutationTester? {
    guard let bytes = try? terminal.readFile(path) else { return nil }
    // A score on a flow the lint rejects would vouch for it: refused, as every command that runs a flow.
    if case .failure(let refusal) = FlowGate.admit(bytes: bytes, file: path) {
      terminal.report(refusal)
      return nil
    }
    do {
      return try MutationTester(bytes: bytes, file: path)
    } catch {
      for diagnostic in error.diagnostics { terminal.errorLine(terminal.render(diagnostic, file: path)) }
      terminal.errorLine("error: \(path) cannot be loaded; run 'checkout lint \(path)' for details")
      return nil
    }
  }
}
