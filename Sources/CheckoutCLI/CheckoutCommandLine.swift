/// The `checkout` command line: the command table, and the one entry point `main.swift` calls.
public enum CheckoutCommandLine {
  /// The version `checkout --version` prints.
  public static let version = "0.1.0"

  /// Every command, in the order help lists them. Add a command here (its spec
  /// reads its typed options; its case in ``Command`` runs them) and it has
  /// parsing, help, usage lines and suggestions.
  package static let commands: [CommandSpec] = [
    LintCommand.spec,
    GraphCommand.spec,
    PlanCommand.spec,
    ReplayCommand.spec,
    ReplCommand.spec,
    GenerateCommand.spec,
    DiffCommand.spec,
    MigrateCommand.spec,
    MutateCommand.spec,
    CompletionCommand.spec,
  ]

  /// Runs the command line and returns the process exit status.
  public static func main(arguments: [String]) -> Int32 {
    run(arguments: arguments, terminal: .standard).code
  }

  /// Runs the command line against an injected terminal: parses it (pure,
  /// typed), then runs what it asks for.
  package static func run(arguments: [String], terminal: Terminal) -> ExitStatus {
    let parser = ArgumentParser(commands: commands)
    do {
      switch try parser.parse(arguments) {
      case .help(let spec?):
        terminal.write(HelpRenderer.command(spec))
      case .help(nil):
        terminal.write(HelpRenderer.overview(commands))
      case .version:
        terminal.line("checkout \(version)")
      case .run(let command):
        return command.run(terminal)
      }
      return .success
    } catch {
      switch error {
      case .usage(let usage): terminal.writeError(HelpRenderer.usageError(usage, commands: commands))
      case .badValue(let message): terminal.errorLine("error: \(message)")
      }
      return .usage
    }
  }
}
