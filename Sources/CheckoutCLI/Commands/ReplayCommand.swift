import CheckoutEngine
import Foundation

/// `checkout replay SCENARIO... [--verbose] [--flow FILE] [--junit FILE]`: runs
/// scripted error stories and reports each failed expectation with
/// file:line:column, expected and actual, and warns of what a story leaves
/// unchecked. A story stops at its first failure.
package enum ReplayCommand {
  static let verbose = OptionSpec.flag(
    "--verbose", help: "print every command and the effects it had; 'show' prints the screen")
  static let flow = OptionSpec.value(
    "--flow", "FILE", help: "run every story on this flow file instead of the one its 'flow' line names")
  static let junit = OptionSpec.value(
    "--junit", "FILE",
    help: "also write a JUnit XML report: a testcase per story, failures with file:line, warnings as system-err")

  /// `replay`'s arguments, typed.
  package struct Options: Sendable, Equatable {
    /// The scenario files, in order.
    package var scenarios: [String]
    /// `--verbose`.
    package var verbose = false
    /// `--flow`: the flow file every story runs on instead of the one it names.
    package var flow: String?
    /// `--junit`: where the JUnit XML report is written.
    package var junit: String?

    /// The options of `checkout replay SCENARIO... [--verbose] [--flow FILE] [--junit FILE]`.
    package init(scenarios: [String], verbose: Bool = false, flow: String? = nil, junit: String? = nil) {
      self.scenarios = scenarios
      self.verbose = verbose
      self.flow = flow
      self.junit = junit
    }
  }

  static func parse(_ arguments: ParsedArguments) throws(CommandLineError) -> Command {
    for option in [flow, junit] where arguments.value(option)?.isEmpty == true {
      throw .badValue("\(option.name): the path is empty; name a file, like \(option.name) report.xml")
    }
    return .replay(
      Options(
        scenarios: arguments.positionals, verbose: arguments.has(verbose), flow: arguments.value(flow),
        junit: arguments.value(junit)))
  }

  static let spec = CommandSpec(
    name: "replay",
    summary: "replay scenario files and check their expectations",
    positionals: [
      PositionalSpec(
        name: "SCENARIO", help: "scenario files (.scenario), or directories of them", isRepeating: true)
    ],
    options: [verbose, flow, junit],
    discussion: """
      A scenario is the REPL's language in a file: 'flow PATH' first (relative to the
      scenario), then events (set, tap, back, api, accept, …) and 'expect' lines.
      Type 'help' in 'checkout repl' for the whole language.

      A directory stands for its .scenario files, sorted (not its subdirectories).
      Each story stops at its first failed expectation or at the first line that
      cannot run (an unknown row, say); the lines after it are counted as not run.
      A story that checks less than it seems gets a warning (file:line: warning:),
      counted in the summary, the exit status unchanged: a refused event no
      'expect effect refused' checks, an 'api' answer no call used, no 'expect'
      line at all. --flow runs every story on another version of its flow;
      --junit writes a JUnit report for CI (a testcase per story, each failure
      with file:line, warnings as system-err); it never overwrites a scenario, a
      directory or a file that is not an XML report.

      exit status: 0 every expectation held; 1 any failed; 2 a scenario that cannot be
      read (the system's reason is printed) or parsed, or whose flow cannot be loaded
      or has lint errors (warnings do not count), a directory with no scenario, a
      --flow that cannot be loaded or has lint errors, or a --junit
      file that cannot or must not be written.
      """,
    parse: parse)

  static func run(_ options: Options, _ terminal: Terminal) -> ExitStatus {
    run(options, terminal, flows: AdmittedFlows())
  }

  /// Runs the stories, each flow their `flow` lines name going through ``FlowGate``
  /// once per file, in `flows`.
  package static func run(_ options: Options, _ terminal: Terminal, flows: AdmittedFlows) -> ExitStatus {
    guard let scenarios = ReplayInputs.scenarios(options.scenarios, terminal) else { return .usage }
    // Before anything is written: `--junit *.scenario` would take the first story for the report.
    let inputs = scenarios.map { ReportTarget.Input(path: $0, role: "one of the scenarios to replay") }
    if let path = options.junit,
      let problem = ReportTarget.junit.problem(
        path, inputs: inputs, storyRole: "one of the scenarios to replay", terminal)
    {
      terminal.errorLine("error: \(problem)")
      return .usage
    }
    var replacement: CompiledFlow?
    if let path = options.flow {
      do {
        replacement = CompiledFlow(try terminal.loadFlow(path, to: .run))
      } catch {
        return error.status
      }
    }
    // Find out now, not after every story ran, that the report cannot be written.
    if let path = options.junit, !ReportTarget.junit.write(JUnitReport.document([]), to: path, terminal) {
      return .usage
    }
    let stories = scenarios.map { path in
      StoryRun(
        path: path, verbose: options.verbose, replacementFlow: replacement, flows: flows, terminal: terminal
      ).run()
    }
    let passed = stories.reduce(0) { $0 + $1.passed }
    let failed = stories.reduce(0) { $0 + $1.failed }
    let warned = stories.reduce(0) { $0 + $1.warnings.count }
    let warnings = warned == 0 ? "" : ", \(StoryRun.warnings(warned))"
    // A story that cannot be read, parsed or loaded ran no check: say so beside the counts.
    let unusable = stories.filter { $0.unusable != nil }.count
    let notRun =
      unusable == 0 ? "" : unusable == 1 ? "; 1 story could not be run" : "; \(unusable) stories could not be run"
    terminal.line("\(passed) passed, \(failed) failed\(warnings)\(notRun)")
    if let path = options.junit, !ReportTarget.junit.write(JUnitReport.document(stories), to: path, terminal) {
      return .usage
    }
    if stories.contains(where: { $0.unusable != nil }) { return .usage }
    return failed > 0 ? .failure : .success
  }
}
