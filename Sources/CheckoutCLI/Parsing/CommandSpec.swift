/// An option of a command: a flag (`--json`) or an option with a value (`--format dot`).
package struct OptionSpec: Sendable {
  /// The option's name with its dashes, e.g. `--format`.
  package var name: String
  /// The value's placeholder (`FILE`); nil for a flag.
  package var valueName: String?
  /// The values allowed, when the option takes one of a fixed set.
  package var allowedValues: [String]?
  /// One line of help.
  package var help: String
  /// Whether the command cannot run without it.
  package var isRequired = false
  /// Whether it takes several values: every word after it up to the next option
  /// (`--stories a.scenario b.scenario`, what the shell makes of `*.scenario`),
  /// and again when repeated.
  package var isRepeating = false
  /// Whether its value may be left out (`--json` or `--json FILE`): the next word
  /// is its value unless it starts with `-`, or the command would then lack a
  /// positional it needs (`mutate --json plndr.json` names the flow).
  package var isValueOptional = false

  /// A flag that takes no value.
  package static func flag(_ name: String, help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: nil, allowedValues: nil, help: help)
  }

  /// An option that takes a value.
  package static func value(
    _ name: String, _ valueName: String, allowed: [String]? = nil, required: Bool = false, help: String
  ) -> OptionSpec {
    OptionSpec(name: name, valueName: valueName, allowedValues: allowed, help: help, isRequired: required)
  }

  /// An option whose value may be left out (``isValueOptional``).
  package static func optionalValue(_ name: String, _ valueName: String, help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: valueName, allowedValues: nil, help: help, isValueOptional: true)
  }

  /// An option that takes one value or more (``isRepeating``).
  package static func values(_ name: String, _ valueName: String, help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: valueName, allowedValues: nil, help: help, isRepeating: true)
  }

  /// `--format dot|mermaid`, `--record FILE`, `--json`, `--stories SCENARIO...`, `--json [FILE]`.
  var synopsis: String {
    guard let valueName else { return name }
    if isValueOptional { return "\(name) [\(valueName)]" }
    return "\(name) \(allowedValues?.joined(separator: "|") ?? valueName)\(isRepeating ? "..." : "")"
  }
}

/// A positional argument of a command.
package struct PositionalSpec: Sendable {
  /// The placeholder, e.g. `FLOW`.
  package var name: String
  /// One line of help.
  package var help: String
  /// Whether it must be given.
  package var isRequired: Bool = true
  /// Whether it may be given several times (`FLOW...`).
  package var isRepeating: Bool = false

  var synopsis: String {
    let text = isRepeating ? "\(name)..." : name
    return isRequired ? text : "[\(text)]"
  }
}

/// One command of the command line: the single declaration that parsing, help,
/// usage lines and suggestions are all generated from.
package struct CommandSpec: Sendable {
  /// The command's name (`lint`).
  package var name: String
  /// One line saying what it does.
  package var summary: String
  /// Positional arguments, in order.
  package var positionals: [PositionalSpec]
  /// Options, in the order help lists them.
  package var options: [OptionSpec]
  /// More help shown under the options: examples, exit statuses.
  package var discussion: String = ""
  /// Reads the command's words (already checked against this spec) into its
  /// typed options, once; an option's value that is refused throws
  /// ``CommandLineError/badValue(_:)``. Pure: no file, no clock, no output.
  package var parse: @Sendable (ParsedArguments) throws(CommandLineError) -> Command

  /// `checkout lint FLOW... [--json]`.
  var usage: String {
    let parts = positionals.map(\.synopsis) + options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" }
    return (["checkout", name] + parts).joined(separator: " ")
  }
}

/// What a command ends with, as a process exit status.
package struct ExitStatus: Hashable, Sendable {
  /// The status number.
  package var code: Int32
  /// 0: it worked.
  package static let success = ExitStatus(code: 0)
  /// 1: a check, an expectation or a lint failed, or no route exists.
  package static let failure = ExitStatus(code: 1)
  /// 2: bad usage, a file that cannot be read or loaded, or a flow lint finds
  /// errors in, given to a command that runs it (``FlowGate``).
  package static let usage = ExitStatus(code: 2)
}
