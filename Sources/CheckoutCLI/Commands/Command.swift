/// A command with its options, typed: what ``ArgumentParser/parse(_:)`` gives
/// and ``CheckoutCommandLine`` runs. Each case's options were read once from
/// the command's words; no command looks an option up by its name.
package enum Command: Sendable, Equatable {
  /// `checkout lint`.
  case lint(LintCommand.Options)
  /// `checkout graph`.
  case graph(GraphCommand.Options)
  /// `checkout plan`.
  case plan(PlanCommand.Options)
  /// `checkout replay`.
  case replay(ReplayCommand.Options)
  /// `checkout repl`.
  case repl(ReplCommand.Options)
  /// `checkout generate`.
  case generate(GenerateCommand.Options)
  /// `checkout diff`.
  case diff(DiffCommand.Options)
  /// `checkout migrate`.
  case migrate(MigrateCommand.Options)
  /// `checkout mutate`.
  case mutate(MutateCommand.Options)
  /// `checkout completion`.
  case completion(CompletionCommand.Options)

  /// Does the work, writing to `terminal`.
  func run(_ terminal: Terminal) -> ExitStatus {
    switch self {
    case .lint(let options): return LintCommand.run(options, terminal)
    case .graph(let options): return GraphCommand.run(options, terminal)
    case .plan(let options): return PlanCommand.run(options, terminal)
    case .replay(let options): return ReplayCommand.run(options, terminal)
    case .repl(let options): return ReplCommand.run(options, terminal)
    case .generate(let options): return GenerateCommand.run(options, terminal)
    case .diff(let options): return DiffCommand.run(options, terminal)
    case .migrate(let options): return MigrateCommand.run(options, terminal)
    case .mutate(let options): return MutateCommand.run(options, terminal)
    case .completion(let options): return CompletionCommand.run(options, terminal)
    }
  }
}
