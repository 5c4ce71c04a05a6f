import CheckoutEngine
import Foundation

/// `checkout replay SCENARIO... [--verbose]`: runs scripted error stories and
/// reports every failed expectation with file:line, expected and actual.
package enum ReplayCommand {
  static let verbose = OptionSpec.flag(
    "--verbose", help: "print every command and the effects it had; 'show' prints the screen")

  /// `replay`'s arguments, typed.
  package struct Options: Sendable, Equatable {
    /// The scenario files, in order.
    package var scenarios: [String]
    /// `--verbose`.
    package var verbose = false
  }

  static func parse(_ arguments: ParsedArguments) -> Command {
    .replay(Options(scenarios: arguments.positionals, verbose: arguments.has(verbose)))
  }

  static let spec = CommandSpec(
    name: "replay",
    summary: "replay scenario files and check their expectations",
    positionals: [PositionalSpec(name: "SCENARIO", help: "scenario files (.scenario)", isRepeating: true)],
    options: [verbose],
    discussion: """
      A scenario is the REPL's language in a file: 'flow PATH' first (relative to the
      scenario), then events (set, tap, back, api, accept, …) and 'expect' lines.
      Type 'help' in 'checkout repl' for the whole language.

      exit status: 0 every expectation held; 1 any failed; 2 a scenario that cannot be
      read (the system's reason is printed) or parsed, or whose flow cannot be loaded.
      """,
    parse: parse)

  static func run(_ options: Options, _ terminal: Terminal) -> ExitStatus {
    var passed = 0
    var failed = 0
    var unusable = false
    for path in options.scenarios {
      switch replay(path, verbose: options.verbose, terminal) {
      case .success(let counts):
        passed += counts.passed
        failed += counts.failed
      case .failure:
        unusable = true
      }
    }
    terminal.line("\(passed) passed, \(failed) failed")
    if unusable { return .usage }
    return failed > 0 ? .failure : .success
  }

  struct Unusable: Error {}

  static func replay(_ path: String, verbose: Bool, _ terminal: Terminal) -> Result<
    (passed: Int, failed: Int), Unusable
  > {
    let full = terminal.resolve(path)
    guard let bytes = try? terminal.readFile(path) else { return .failure(Unusable()) }
    guard let text = String(bytes: bytes, encoding: .utf8) else {
      terminal.errorLine("\(path): error: the scenario is not UTF-8 text")
      return .failure(Unusable())
    }
    let script: [(line: Int, command: ScenarioCommand)]
    do {
      script = try ScenarioParser.parseScript(text)
    } catch {
      terminal.errorLine(error.rendered(file: path))
      return .failure(Unusable())
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var host = ScenarioHost(baseDirectory: (full as NSString).deletingLastPathComponent)
    host.builtInFlows = BuiltInFlow.all
    host.readFile = { path in try InputFile.read(path) }
    var passed = 0
    var failed = 0
    for (line, command) in script {
      let source = lines[line - 1].trimmingCharacters(in: .whitespaces)
      let outcome = host.run(command)
      if verbose {
        terminal.line("\(path):\(line): \(source)")
        for effect in outcome.effects { terminal.line("    \(effect)") }
        for note in outcome.notes { terminal.line("    \(note)") }
        if command == .show, let session = host.session {
          let screen = ScreenPrinter(terminal: terminal).render(session)
          terminal.write(
            screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "    \($0)\n" }.joined())
        }
      }
      if let problem = outcome.problem {
        terminal.errorLine("\(path):\(line): error: \(problem)")
        if host.session == nil { return .failure(Unusable()) }
        failed += 1
        continue
      }
      if outcome.passed { passed += 1 }
      if let failure = outcome.failure {
        failed += 1
        terminal.line("\(path):\(line): \(terminal.styled("failed:", .red)) \(source)")
        terminal.line("  \(terminal.styled("- expected", .green)) \(failure.expected)")
        terminal.line("  \(terminal.styled("+ actual  ", .red)) \(failure.actual)")
      }
    }
    if host.session == nil {
      terminal.errorLine("\(path): error: the scenario names no flow; start it with 'flow PATH'")
      return .failure(Unusable())
    }
    if verbose || failed == 0 {
      terminal.line(
        "\(path): \(failed == 0 ? terminal.styled("ok", .green) : "failed") (\(passed) passed, \(failed) failed)")
    }
    return .success((passed, failed))
  }
}
