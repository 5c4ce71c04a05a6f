/// The fish completion script: one `complete` line per command, option and
/// argument kind, each conditioned on the command typed.
enum FishCompletion {
  static func script(_ model: CompletionModel) -> String {
    var lines = [
      "# fish completion for checkout, written by 'checkout completion fish'.",
      "# Install: checkout completion fish > ~/.config/fish/completions/checkout.fish",
      "",
      "complete -c checkout -f",
    ]
    for option in CompletionModel.topLevelOptions {
      lines.append(
        "complete -c checkout -n __fish_use_subcommand -l \(option.name.dropFirst(2)) -d \(quoted(option.help))")
    }
    for command in model.commands {
      lines.append("complete -c checkout -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.summary))")
    }
    lines.append(
      "complete -c checkout -n __fish_use_subcommand -a help -d \(quoted("show help, or a command's"))")
    lines.append(
      "complete -c checkout -n '__fish_seen_subcommand_from help' -a \(quoted(model.commands.map(\.name).joined(separator: " ")))"
    )
    for command in model.commands {
      let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
      lines.append("")
      for option in command.options {
        let value = option.value.map { " " + valueFlags($0) } ?? ""
        lines.append(
          "complete -c checkout \(condition) -l \(option.name.dropFirst(2))\(value) -d \(quoted(option.help))")
      }
      if let argument = command.argumentValue {
        lines.append("complete -c checkout \(condition) \(argumentFlags(argument))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// How an option's value is completed: `-x -a 'dot mermaid'`, `-r -F` (any file).
  private static func valueFlags(_ value: CompletionModel.Value) -> String {
    switch value {
    case .text: return "-x"
    case .anyFile: return "-r -F"
    default: return "-x \(argumentFlags(value))"
    }
  }

  /// How an argument of this kind is completed.
  private static func argumentFlags(_ value: CompletionModel.Value) -> String {
    switch value {
    case .text: return "-a ''"
    case .choice(let words): return "-a \(quoted(words.joined(separator: " ")))"
    case .files(let fileExtension):
      // Files with the extension and folders; __fish_complete_suffix also lists the others.
      return "-a '(__fish_complete_suffix .\(fileExtension) | string match -r -- \"^.*(?:[.]\(fileExtension)|/)\\$\")'"
    case .anyFile: return "-F"
    case .folder: return "-a '(__fish_complete_directories)'"
    }
  }

  /// One single-quoted fish word: backslashes and quotes escaped.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
  }
}
