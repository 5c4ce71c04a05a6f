/// The `checkout` command line: the command table, and the one entry point `main.swift` calls.
public enum CheckoutCommandLine {
  /// The version `checkout --version` prints.
  public static let version = "0.1.0"

  /// Every command, in the order help lists them. Add a command here and it has
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
  ]

  /// Runs the command line and returns the process exit status.
  public static func main(arguments: [String]) -> Int32 {
    run(arguments: arguments, terminal: .standard).code
  }

  /// Runs the command line against an injected terminal.
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
      case .run(let spec, let arguments):
        return spec.run(arguments, terminal)
      }
      return .success
    } catch {
      terminal.writeError(HelpRenderer.usageError(error, commands: commands))
      return .usage
    }
  }
}
