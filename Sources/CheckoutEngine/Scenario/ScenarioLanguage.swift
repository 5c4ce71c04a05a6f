import Foundation

/// The commands of the scenario and REPL language: one table that help, tab
/// completion and "did you mean" all read.
public enum ScenarioLanguage {
  /// One command of the language.
  public struct CommandInfo: Sendable {
    /// The first word.
    public var name: String
    /// Its arguments, as help shows them.
    public var synopsis: String
    /// What it does.
    public var summary: String
    /// Whether it makes sense only in a scenario file (`flow`) or only at the prompt.
    public var scenarioOnly = false
  }

  /// Every command, in the order help lists them.
  public static let commands: [CommandInfo] = [
    CommandInfo(name: "flow", synopsis: "flow PATH", summary: "the flow to run, relative to the scenario file (scenarios only)", scenarioOnly: true),
    CommandInfo(name: "today", synopsis: "today YYYY-MM-DD", summary: "the session's date, for expiry rules"),
    CommandInfo(name: "set", synopsis: "set ROW|KEY VALUE", summary: "enter a value in a row of this step (by id or number), or set a data key"),
    CommandInfo(name: "tap", synopsis: "tap ROW", summary: "activate a disclosure or button row (by id or number)"),
    CommandInfo(name: "back", synopsis: "back", summary: "the shopper's back button"),
    CommandInfo(name: "api", synopsis: "api OP ok | api OP fail CODE [field=F] [\"message\"] [; CODE …]", summary: "queue the development API's next answer to an operation"),
    CommandInfo(name: "accept", synopsis: "accept", summary: "go and fix the error offered"),
    CommandInfo(name: "decline", synopsis: "decline", summary: "dismiss the error offered"),
    CommandInfo(name: "manual", synopsis: "manual", summary: "play the host: confirm each screen with 'appear STEP'"),
    CommandInfo(name: "auto", synopsis: "auto", summary: "screens appear by themselves (the default)"),
    CommandInfo(name: "appear", synopsis: "appear STEP", summary: "report that a step appeared (manual mode; a wrong step replans)"),
    CommandInfo(name: "show", synopsis: "show", summary: "print the screen"),
    CommandInfo(name: "stack", synopsis: "stack", summary: "print the navigation state"),
    CommandInfo(name: "plan", synopsis: "plan STEP[.ROW]", summary: "print the route from here to a step, without going"),
    CommandInfo(name: "help", synopsis: "help [COMMAND]", summary: "list the commands, or explain one"),
    CommandInfo(name: "quit", synopsis: "quit", summary: "leave the REPL"),
    CommandInfo(name: "expect", synopsis: "expect WHAT …", summary: "assert: at, stack, route, offer, focus, error, value, valid, invalid, effect"),
  ]

  /// The forms of `expect`.
  public static let expectations: [CommandInfo] = [
    CommandInfo(name: "at", synopsis: "expect at STEP", summary: "the step on screen"),
    CommandInfo(name: "stack", synopsis: "expect stack STATE", summary: "the whole navigation state, e.g. cart>stepOne|creditCard"),
    CommandInfo(name: "route", synopsis: "expect route CMD, CMD … | none", summary: "the route most recently planned"),
    CommandInfo(name: "offer", synopsis: "expect offer STEP[.ROW] | none", summary: "the offer waiting for an answer"),
    CommandInfo(name: "focus", synopsis: "expect focus ROW", summary: "the focused row of the current step"),
    CommandInfo(name: "error", synopsis: "expect error ROW \"text\"", summary: "the row's error message contains the text"),
    CommandInfo(name: "value", synopsis: "expect value KEY VALUE", summary: "a data value, as it is shown"),
    CommandInfo(name: "valid", synopsis: "expect valid ROW", summary: "the row passes its rules"),
    CommandInfo(name: "invalid", synopsis: "expect invalid ROW", summary: "the row fails one of its rules"),
    CommandInfo(name: "effect", synopsis: "expect effect KIND [ARG]", summary: "the last command's effects include it (navigate, callAPI, offer, focus, refused, unresolved, routeCancelled)"),
  ]

  /// The help text of one command, or nil if there is none by that name.
  public static func help(_ name: String) -> String? {
    if name == "expect" {
      return (["expect WHAT …: assert something; a failed expectation is reported with its line"]
        + expectations.map { "  \($0.synopsis.padding(toLength: 34, withPad: " ", startingAt: 0)) \($0.summary)" })
        .joined(separator: "\n")
    }
    return commands.first { $0.name == name }.map { "\($0.synopsis)\n  \($0.summary)" }
  }

  /// The help listing of every command.
  public static var overview: String {
    commands.map { "  \($0.synopsis.count > 30 ? $0.name + " …" : $0.synopsis)".padding(toLength: 34, withPad: " ", startingAt: 0) + $0.summary }
      .joined(separator: "\n")
  }
}
