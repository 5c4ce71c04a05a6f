import CheckoutEngine

/// Typed readers of a command's words, for its `Options`: each option is named
/// by its ``OptionSpec`` (the one declaration help and parsing share), never by a
/// string, and each kind of value is read one way for every command.
extension ParsedArguments {
  /// Whether a flag was given.
  func has(_ flag: OptionSpec) -> Bool {
    flags.contains(flag.name)
  }

  /// An option's value as given (a path, a name), or nil without it.
  func value(_ option: OptionSpec) -> String? {
    values[option.name]
  }

  /// Every value of an option that takes several, in order; nil without it.
  func values(_ option: OptionSpec) -> [String]? {
    lists[option.name]
  }

  /// A required option's value (the parser refuses a command line without it).
  func required(_ option: OptionSpec, of spec: CommandSpec) throws(CommandLineError) -> String {
    guard let value = values[option.name] else {
      throw .usage(UsageError(message: "missing \(option.synopsis)", command: spec.name))
    }
    return value
  }

  /// A required option's value read by one of the engine's parsers (a
  /// navigation state, a step reference), its error said after the option's
  /// name: `--to: ".cvv" is not a step or step.row: …`.
  func required<Value, Failure: Error & CustomStringConvertible>(
    _ option: OptionSpec, of spec: CommandSpec, as parse: (String) throws(Failure) -> Value
  ) throws(CommandLineError) -> Value {
    let text = try required(option, of: spec)
    do {
      return try parse(text)
    } catch {
      throw .badValue("\(option.name): \(error)")
    }
  }

  /// The positional at `index` (the parser refuses a command line without it).
  func positional(_ index: Int, of spec: CommandSpec) throws(CommandLineError) -> String {
    guard positionals.indices.contains(index) else {
      let name = spec.positionals.indices.contains(index) ? spec.positionals[index].name : "an argument"
      throw .usage(UsageError(message: "missing \(name)", command: spec.name))
    }
    return positionals[index]
  }

  /// A date option's value (`--today 2026-11-21`), read by the engine's one
  /// reader of a date option: `--today: "2026-11-31" is not a date: November 2026
  /// has 30 days`.
  func date(_ option: OptionSpec) throws(CommandLineError) -> CalendarDate? {
    guard let text = values[option.name] else { return nil }
    do {
      return try CalendarDate.parse(text, option: option.name)
    } catch {
      throw .badValue(error.description)
    }
  }

  /// A whole-number option's value (`--seed 9`): 0 to `UInt64.max`.
  func wholeNumber(_ option: OptionSpec) throws(CommandLineError) -> UInt64? {
    guard let text = values[option.name] else { return nil }
    guard let number = UInt64(text) else {
      throw .badValue("\(option.name): \(Quoting.quoted(text)) is not a whole number from 0 to \(UInt64.max)")
    }
    return number
  }

  /// A choice option's value (`--format mermaid`) as its type, nil without it.
  /// The parser has already refused a value the spec does not allow; a spec
  /// allowing one the type lacks is refused the same way.
  func choice<Choice: RawRepresentable<String>>(_ option: OptionSpec, as type: Choice.Type) throws(CommandLineError)
    -> Choice?
  {
    guard let text = values[option.name] else { return nil }
    guard let choice = Choice(rawValue: text) else {
      throw .badValue("\(Quoting.quoted(text)) is not a valid value for \(option.name)")
    }
    return choice
  }
}
