/// The zsh completion script: `_checkout`, for `compdef` (or the `fpath`), that
/// describes the commands and hands each command's words to `_arguments`.
enum ZshCompletion {
  static func script(_ model: CompletionModel) -> String {
    var lines = [
      "#compdef checkout",
      "# zsh completion for checkout, written by 'checkout completion zsh'.",
      "# Install: checkout completion zsh > \"${fpath[1]}/_checkout\"",
      "# (or, after compinit: source <(checkout completion zsh))",
      "",
      "_checkout() {",
      "  local -a commands",
      "  commands=(",
    ]
    lines += model.commands.map { "    \(quoted("\($0.name):\($0.summary)"))" }
    lines += [
      "    'help:show help, or a command'\\''s'",
      "  )",
      "  if (( CURRENT == 2 )); then",
      "    if [[ $PREFIX == -* ]]; then",
      "      _arguments \(CompletionModel.topLevelOptions.map(optionSpec).joined(separator: " "))",
      "    else",
      "      _describe -t commands 'checkout command' commands",
      "    fi",
      "    return",
      "  fi",
      "  local command=$words[2]",
      "  shift words",
      "  (( CURRENT-- ))",
      "  case $command in",
    ]
    for command in model.commands {
      let specs = command.options.map(optionSpec) + arguments(command)
      lines.append("    (\(command.name))")
      lines.append("      _arguments -S \\")
      lines += specs.dropLast().map { "        \($0) \\" }
      if let last = specs.last { lines.append("        \(last)") }
      lines.append("      ;;")
    }
    lines += [
      "    (help)",
      "      (( CURRENT == 2 )) && _describe -t commands 'checkout command' commands",
      "      ;;",
      "  esac",
      "}",
      "",
      "if [[ ${funcstack[1]} == _checkout ]]; then",
      "  _checkout \"$@\"",
      "else",
      "  compdef _checkout checkout",
      "fi",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `'--format[dot (default) or mermaid]:FORMAT:(dot mermaid)'`.
  private static func optionSpec(_ option: CompletionModel.Option) -> String {
    var spec = "\(option.name)[\(escaped(option.help))]"
    if let value = option.value { spec += ":\(option.name.dropFirst(2)):\(action(value))" }
    return quoted(spec)
  }

  /// `'*:FLOW:_files -g "*.json"'` for repeating arguments, `':FLOW:…'` for each other.
  private static func arguments(_ command: CompletionModel.Command) -> [String] {
    command.arguments.map { argument in
      quoted("\(argument.isRepeating ? "*" : ""):\(argument.name):\(action(argument.value))")
    }
  }

  private static func action(_ value: CompletionModel.Value) -> String {
    switch value {
    case .text: return " "
    case .choice(let words): return "(\(words.joined(separator: " ")))"
    case .files(let fileExtension): return "_files -g \"*.\(fileExtension)\""
    case .anyFile: return "_files"
    case .folder: return "_files -/"
    }
  }

  /// Help text inside an `_arguments` description: brackets and colons escaped.
  private static func escaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if "[]:\\".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  /// One single-quoted zsh word.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
