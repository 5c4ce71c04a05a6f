/// The bash completion script: one function, `_checkout`, that reads the words
/// typed so far and offers commands, a command's options, an option's values, or
/// the files its arguments take.
enum BashCompletion {
  static func script(_ model: CompletionModel) -> String {
    var lines = [
      "# bash completion for checkout, written by 'checkout completion bash'.",
      "# Install: checkout completion bash > /etc/bash_completion.d/checkout",
      "# (or, for this shell only: source <(checkout completion bash))",
      "",
      "_checkout_words() { mapfile -t COMPREPLY < <(compgen -W \"$1\" -- \"$cur\"); }",
      "_checkout_folders() { mapfile -t COMPREPLY < <(compgen -d -- \"$cur\"); }",
      "_checkout_files() {",
      "  if [[ -n \"$1\" ]]; then",
      "    mapfile -t COMPREPLY < <(compgen -f -X \"!*.$1\" -- \"$cur\"; compgen -d -- \"$cur\")",
      "  else",
      "    mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")",
      "  fi",
      "}",
      "",
      "_checkout() {",
      "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
      "  COMPREPLY=()",
      "  if [[ $COMP_CWORD -eq 1 ]]; then",
      "    if [[ \"$cur\" == -* ]]; then",
      "      _checkout_words \(quoted(CompletionModel.topLevelOptions.map(\.name)))",
      "    else",
      "      _checkout_words \(quoted(model.commandNames))",
      "    fi",
      "    return 0",
      "  fi",
      "  case \"${COMP_WORDS[1]}\" in",
    ]
    for command in model.commands {
      lines.append("    \(command.name))")
      lines += optionValueCases(command)
      let options = quoted(command.options.map(\.name))
      if let value = command.argumentValue {
        lines.append("      if [[ \"$cur\" == -* ]]; then _checkout_words \(options); else \(action(value)); fi")
      } else {
        lines.append("      _checkout_words \(options)")
      }
      lines.append("      ;;")
    }
    lines += [
      "    help)",
      "      [[ $COMP_CWORD -eq 2 ]] && _checkout_words \(quoted(model.commands.map(\.name)))",
      "      ;;",
      "  esac",
      "  return 0",
      "}",
      "",
      "complete -o filenames -F _checkout checkout",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `case "$prev" in --format) …; esac` for the options that take a value.
  private static func optionValueCases(_ command: CompletionModel.Command) -> [String] {
    let valued = command.options.compactMap { option in option.value.map { (option.name, $0) } }
    guard !valued.isEmpty else { return [] }
    return ["      case \"$prev\" in"]
      + valued.map { name, value in "        \(name)) \(action(value)); return 0 ;;" } + ["      esac"]
  }

  /// The call that offers a value of this kind.
  private static func action(_ value: CompletionModel.Value) -> String {
    switch value {
    case .text: return "COMPREPLY=()"
    case .choice(let words): return "_checkout_words \(quoted(words))"
    case .files(let fileExtension): return "_checkout_files \(fileExtension)"
    case .anyFile: return "_checkout_files"
    case .folder: return "_checkout_folders"
    }
  }

  /// Words as one double-quoted bash word; they are names, with nothing bash expands.
  private static func quoted(_ words: [String]) -> String {
    "\"" + words.joined(separator: " ") + "\""
  }
}
