/// What a completion script completes, read off the command table: each
/// command's options, what each option's value and the command's arguments are
/// (a choice, a kind of file, or free text), with their help.
struct CompletionModel {
  /// What a word completes to.
  enum Value: Equatable {
    /// Nothing offered: a date, a number, a navigation state.
    case text
    /// One of these words.
    case choice([String])
    /// Files with this extension (`json`), and folders to reach them.
    case files(extension: String)
    /// Any file.
    case anyFile
    /// A folder.
    case folder
  }

  /// An option of a command.
  struct Option {
    /// `--format`.
    var name: String
    /// One line of help.
    var help: String
    /// What its value completes to; nil for a flag.
    var value: Value?
  }

  /// A command.
  struct Command {
    /// `lint`.
    var name: String
    /// One line saying what it does.
    var summary: String
    /// Its options, `--help` last.
    var options: [Option]
    /// Its arguments, in order.
    var arguments: [Argument]

    /// What any of its arguments completes to (they share one kind in every
    /// command; when they would not, any file); nil when it takes none.
    var argumentValue: Value? {
      guard let first = arguments.first?.value else { return nil }
      return arguments.allSatisfy { $0.value == first } ? first : .anyFile
    }
  }

  /// A positional argument of a command.
  struct Argument {
    /// `FLOW`.
    var name: String
    /// What it completes to.
    var value: Value
    /// Whether it may be given several times.
    var isRepeating: Bool
  }

  /// The commands, in help's order.
  var commands: [Command]

  /// The options `checkout` takes before a command.
  static let topLevelOptions = [
    Option(name: "--help", help: "show help, or a command's", value: nil),
    Option(name: "--version", help: "print the version", value: nil),
  ]

  init(_ specs: [CommandSpec]) {
    commands = specs.map { spec in
      let options = spec.options.map { option in
        Option(
          name: option.name, help: option.help,
          value: option.valueName.map { Self.value(placeholder: $0, allowed: option.allowedValues) })
      }
      let arguments = spec.positionals.map {
        Argument(name: $0.name, value: Self.value(placeholder: $0.name, allowed: nil), isRepeating: $0.isRepeating)
      }
      return Command(
        name: spec.name, summary: spec.summary,
        options: options + [Option(name: "--help", help: "show this help", value: nil)], arguments: arguments)
    }
  }

  /// What a placeholder completes to: the one table of placeholders. A command's
  /// `SHELL` is the completion command's shells.
  static func value(placeholder: String, allowed: [String]?) -> Value {
    if let allowed { return .choice(allowed) }
    switch placeholder {
    case "FLOW", "OLD", "NEW", "SNAPSHOT": return .files(extension: "json")
    case "SCENARIO": return .files(extension: "scenario")
    case "FILE": return .anyFile
    case "DIR": return .folder
    case "SHELL": return .choice(CompletionCommand.Shell.allCases.map(\.rawValue))
    default: return .text
    }
  }

  /// Every command's name, and `help`.
  var commandNames: [String] { commands.map(\.name) + ["help"] }
}
