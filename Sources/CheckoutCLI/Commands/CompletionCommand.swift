import CheckoutEngine

/// `checkout completion bash|zsh|fish`: a shell completion script for the
/// command line, written from the command table (every command, its options and
/// their values, and the files its arguments take).
package enum CompletionCommand {
  /// The shells a script is written for.
  package enum Shell: String, CaseIterable, Sendable {
    /// GNU bash 4 or later, through `complete -F`.
    case bash
    /// zsh, through `compdef` and `_arguments`.
    case zsh
    /// fish, through `complete -c`.
    case fish
  }

  /// `completion`'s arguments, typed.
  package struct Options: Sendable, Equatable {
    /// The shell the script is for.
    package var shell: Shell
  }

  static func parse(_ arguments: ParsedArguments) throws(CommandLineError) -> Command {
    let name = try arguments.positional(0, of: spec)
    guard let shell = Shell(rawValue: name) else {
      let shells = Shell.allCases.map(\.rawValue)
      let nearest = Suggestions.nearest(to: name, in: shells).map { "; did you mean '\($0)'?" } ?? ""
      throw .usage(
        UsageError(
          message: "'\(name)' is not a shell checkout completes; the shells are \(shells.joined(separator: ", "))"
            + nearest,
          command: spec.name))
    }
    return .completion(Options(shell: shell))
  }

  static let spec = CommandSpec(
    name: "completion",
    summary: "print a shell completion script (bash, zsh or fish)",
    positionals: [PositionalSpec(name: "SHELL", help: "bash, zsh or fish")],
    options: [],
    discussion: """
      The script completes the commands, each command's options and their values
      (--format's formats), flow files (*.json) for FLOW, OLD and NEW, scenario
      files (*.scenario) for SCENARIO, snapshot files (*.json) for SNAPSHOT, any
      file for FILE and folders for DIR.

      bash:  checkout completion bash > /etc/bash_completion.d/checkout
             (or, for this shell only: source <(checkout completion bash))
      zsh:   checkout completion zsh > "${fpath[1]}/_checkout"
             (or, after compinit: source <(checkout completion zsh))
      fish:  checkout completion fish > ~/.config/fish/completions/checkout.fish

      exit status: 0 printed; 2 bad usage, or a shell it does not know.
      """,
    parse: parse)

  static func run(_ options: Options, _ terminal: Terminal) -> ExitStatus {
    let model = CompletionModel(CheckoutCommandLine.commands)
    switch options.shell {
    case .bash: terminal.write(BashCompletion.script(model))
    case .zsh: terminal.write(ZshCompletion.script(model))
    case .fish: terminal.write(FishCompletion.script(model))
    }
    return .success
  }
}
