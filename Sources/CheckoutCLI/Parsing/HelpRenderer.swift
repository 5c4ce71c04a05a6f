/// Help screens generated from the command table.
enum HelpRenderer {
  static func overview(_ commands: [CommandSpec]) -> String {
    let width = (commands.map(\.name.count).max() ?? 0) + 2
    var lines = [
      "checkout \(CheckoutCommandLine.version): run checkouts as data",
      "",
      "usage: checkout COMMAND [ARGUMENTS] [OPTIONS]",
      "",
      "commands:",
    ]
    lines += commands.map { "  " + $0.name.padded(to: width) + $0.summary }
    lines += [
      "",
      "options:",
      "  --help     show this help, or a command's: checkout COMMAND --help",
      "  --version  print the version",
      "",
      "exit status: 0 success; 1 a failed check, expectation or lint, a breaking diff,",
      "a refused migration, or no route; 2 bad usage, a file that cannot be read or loaded,",
      "or a flow that lint finds errors in, given to a command that runs it.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  static func command(_ spec: CommandSpec) -> String {
    var lines = ["checkout \(spec.name): \(spec.summary)", "", "usage: \(spec.usage)"]
    let rows = spec.positionals.map { ($0.isRepeating ? "\($0.name)..." : $0.name, $0.help) }
    let optionRows = spec.options.map { ($0.synopsis, $0.help) } + [("--help", "show this help")]
    let width = ((rows + optionRows).map(\.0.count).max() ?? 0) + 2
    if !rows.isEmpty {
      lines += ["", "arguments:"] + rows.map { "  " + $0.0.padded(to: width) + $0.1 }
    }
    lines += ["", "options:"] + optionRows.map { "  " + $0.0.padded(to: width) + $0.1 }
    if !spec.discussion.isEmpty { lines += ["", spec.discussion] }
    return lines.joined(separator: "\n") + "\n"
  }

  static func usageError(_ error: UsageError, commands: [CommandSpec]) -> String {
    var lines = ["error: \(error.message)"]
    if let name = error.command, let spec = commands.first(where: { $0.name == name }) {
      lines += ["usage: \(spec.usage)", "see 'checkout \(name) --help'"]
    } else {
      lines += ["usage: checkout COMMAND [ARGUMENTS] [OPTIONS]", "see 'checkout --help'"]
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  func padded(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
