import CheckoutEngine

/// What the command line asked for, before anything runs.
package enum Invocation: Sendable {
  /// `checkout --help`, or `checkout COMMAND --help` (with the command).
  case help(CommandSpec?)
  /// `checkout --version`.
  case version
  /// A command with its options, typed.
  case run(Command)
}

/// The words of one command, checked against its spec but not yet typed: what
/// each command's `Options` are read from, once, by ``CommandSpec/parse``.
package struct ParsedArguments: Sendable, Equatable {
  /// Positional values, in order.
  package var positionals: [String] = []
  /// Names of the flags that were given.
  package var flags: Set<String> = []
  /// Options' names with their values (the last one wins when repeated).
  package var values: [String: String] = [:]
  /// The values of each option that takes several (``OptionSpec/isRepeating``), in order.
  package var lists: [String: [String]] = [:]

  /// Arguments as parsed.
  package init(
    positionals: [String] = [], flags: Set<String> = [], values: [String: String] = [:],
    lists: [String: [String]] = [:]
  ) {
    self.positionals = positionals
    self.flags = flags
    self.values = values
    self.lists = lists
  }
}

/// A command line that does not fit the commands: what is wrong, and for which command.
package struct UsageError: Error, Sendable, Equatable {
  /// What is wrong.
  package var message: String
  /// The command it concerns, for the usage line.
  package var command: String?
}

/// Why a command line does not run, found before anything runs.
package enum CommandLineError: Error, Sendable, Equatable {
  /// Words that do not fit a command; printed with its usage line.
  case usage(UsageError)
  /// An option's value that is refused (`--today: "2026-11-31" is not a date: …`);
  /// printed alone, after `error: `.
  case badValue(String)
}

/// Parses `argv` against the command table: pure, typed, and tested on its own.
package struct ArgumentParser: Sendable {
  /// The commands, in the order help lists them.
  package var commands: [CommandSpec]

  package init(commands: [CommandSpec]) {
    self.commands = commands
  }

  /// The invocation `arguments` ask for, every option read into its command's
  /// typed `Options`; pure: reads no file, no clock and writes nothing.
  package func parse(_ arguments: [String]) throws(CommandLineError) -> Invocation {
    let request: Request
    do {
      request = try self.request(arguments)
    } catch {
      throw .usage(error)
    }
    switch request {
    case .help(let spec): return .help(spec)
    case .version: return .version
    case .run(let spec, let words): return .run(try spec.parse(words))
    }
  }

  /// An invocation whose command's words are not yet typed.
  private enum Request {
    case help(CommandSpec?)
    case version
    case run(CommandSpec, ParsedArguments)
  }

  private func request(_ arguments: [String]) throws(UsageError) -> Request {
    guard let first = arguments.first else { return .help(nil) }
    switch first {
    case "--help", "-h", "help":
      if first == "help", arguments.count > 1 {
        return .help(try command(named: arguments[1]))
      }
      return .help(nil)
    case "--version":
      return .version
    default:
      if first.hasPrefix("-") {
        let nearest = suggestion(first, in: ["--help", "--version"])
        throw UsageError(
          message: "unknown option '\(first)'" + (nearest.isEmpty ? "; a command comes first" : nearest),
          command: nil)
      }
      let spec = try command(named: first)
      let rest = Array(arguments.dropFirst())
      if rest.contains("--help") || rest.contains("-h") { return .help(spec) }
      return .run(spec, try parseArguments(rest, for: spec))
    }
  }

  private func command(named name: String) throws(UsageError) -> CommandSpec {
    if let spec = commands.first(where: { $0.name == name }) { return spec }
    throw UsageError(
      message: "unknown command '\(name)'" + suggestion(name, in: commands.map(\.name)), command: nil)
  }

  private func parseArguments(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    // The last word an option whose value may be left out took as its value, and
    // how many positionals came before it.
    var borrowed: (option: String, word: String, position: Int)?
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
        if argument == "--" && !onlyPositionals {
          onlyPositionals = true
          continue
        }
        if argument.hasPrefix("-") && argument.count > 1 && !onlyPositionals {
          // A single dash: `-quiet` is near `--quiet`; `-q` is no option's short
          // form (there are none), so say how options are written.
          let dashed = "-" + argument
          let names = spec.options.map(\.name)
          let nearest = names.contains(dashed) ? "; did you mean '\(dashed)'?" : suggestion(dashed, in: names)
          throw UsageError(
            message: "unknown option '\(argument)'"
              + (nearest.isEmpty
                ? "; options are written '--name' (see 'checkout \(spec.name) --help')" : nearest),
            command: spec.name)
        }
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = spec.options.first(where: { $0.name == name }) else {
        let next = index < arguments.count && !arguments[index].hasPrefix("-") ? arguments[index] : nil
        let value = inlineValue ?? next
        throw UsageError(
          message: "unknown option '\(name)' for 'checkout \(spec.name)'"
            + (positionalHint(name, value: value, given: parsed.positionals, for: spec)
              ?? suggestion(name, in: spec.options.map(\.name))),
          command: spec.name)
      }
      guard let valueName = option.valueName else {
        if inlineValue != nil {
          throw UsageError(message: "option '\(name)' takes no value", command: spec.name)
        }
        parsed.flags.insert(name)
        continue
      }
      if option.isValueOptional {
        parsed.flags.insert(name)
        if let inlineValue {
          parsed.values[name] = inlineValue
        } else if index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" {
          parsed.values[name] = arguments[index]
          borrowed = (name, arguments[index], parsed.positionals.count)
          index += 1
        }
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else if index < arguments.count, !arguments[index].hasPrefix("--") {
        value = arguments[index]
        index += 1
      } else {
        throw UsageError(message: "option '\(name)' needs a value: \(name) \(valueName)", command: spec.name)
      }
      if let allowed = option.allowedValues, !allowed.contains(value) {
        let nearest = suggestion(value, in: allowed)
        throw UsageError(
          message: "'\(value)' is not a valid value for '\(name)'"
            + (nearest.isEmpty ? "; valid values are \(allowed.joined(separator: ", "))" : nearest),
          command: spec.name)
      }
      parsed.values[name] = value
      if option.isRepeating {
        parsed.lists[name, default: []].append(value)
        // `--stories *.scenario`: the shell's words up to the next option are all values.
        while index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" {
          parsed.lists[name, default: []].append(arguments[index])
          index += 1
        }
      }
    }
    // `mutate --json plndr.json`: the word is the flow the command needs, and the
    // option goes without its value.
    if let borrowed, parsed.positionals.count < spec.positionals.filter(\.isRequired).count,
      parsed.values[borrowed.option] == borrowed.word
    {
      parsed.values[borrowed.option] = nil
      parsed.positionals.insert(borrowed.word, at: borrowed.position)
    }
    if let option = spec.options.first(where: { $0.isRepeating && parsed.lists[$0.name] != nil }),
      parsed.positionals.count < spec.positionals.filter(\.isRequired).count
    {
      let missing = spec.positionals.filter(\.isRequired)[parsed.positionals.count...].map(\.name)
      throw UsageError(
        message:
          "missing \(missing.joined(separator: " ")) (every word after \(option.name) up to the next option is one of its values: write \(missing.joined(separator: " ")) before \(option.name))",
        command: spec.name)
    }
    try checkPositionals(parsed.positionals, for: spec)
    for option in spec.options where option.isRequired && parsed.values[option.name] == nil {
      throw UsageError(message: "missing \(option.synopsis)", command: spec.name)
    }
    return parsed
  }

  private func checkPositionals(_ values: [String], for spec: CommandSpec) throws(UsageError) {
    let required = spec.positionals.filter(\.isRequired)
    if values.count < required.count {
      let missing = required[values.count...].map(\.name).joined(separator: " ")
      throw UsageError(message: "missing \(missing)", command: spec.name)
    }
    if !spec.positionals.contains(where: \.isRepeating), values.count > spec.positionals.count {
      let extra = values[spec.positionals.count...].joined(separator: " ")
      throw UsageError(message: "unexpected argument '\(extra)'", command: spec.name)
    }
  }

  /// `; FLOW is the first argument, not an option: checkout repl delivery.json` for
  /// an option named as a positional argument is (`--flow` for FLOW), with the value
  /// that followed it in the argument's place; nil for any other name.
  private func positionalHint(_ name: String, value: String?, given: [String], for spec: CommandSpec) -> String? {
    let word = name.drop { $0 == "-" }.lowercased()
    guard let index = spec.positionals.firstIndex(where: { $0.name.lowercased() == word }) else { return nil }
    let ordinals = ["first", "second", "third"]
    let ordinal = index < ordinals.count ? ordinals[index] : "\(index + 1)th"
    let before = spec.positionals[..<index].enumerated().map { given.indices.contains($0) ? given[$0] : $1.name }
    let example = (["checkout", spec.name] + before + [value ?? spec.positionals[index].name]).joined(separator: " ")
    return "; \(spec.positionals[index].name) is the \(ordinal) argument, not an option: \(example)"
  }

  private func suggestion(_ word: String, in candidates: [String]) -> String {
    guard let nearest = Suggestions.nearest(to: word, in: candidates) else { return "" }
    return "; did you mean '\(nearest)'?"
  }
}
