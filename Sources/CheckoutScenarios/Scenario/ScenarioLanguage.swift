import Foundation
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// The commands of the scenario and REPL language: one table that help, tab
/// completion and "did you mean" all read.
package enum ScenarioLanguage {
  /// One command of the language.
  package struct CommandInfo: Sendable {
    /// The first word.
    package var name: String
    /// Its arguments, as help shows them.
    package var synopsis: String
    /// What it does.
    package var summary: String
    /// Whether it makes sense only in a scenario file (`flow`) or only at the prompt.
    package var scenarioOnly = false
    /// Every form it takes, each with an example: what `help NAME` lists.
    package var forms: [Form] = []
  }

  /// One form of a command: its syntax, what it means and an example line.
  package struct Form: Sendable {
    /// The syntax, e.g. `api OP ok KEY=VALUE …`.
    package var syntax: String
    /// What this form does.
    package var meaning: String
    /// A line that uses it, e.g. `api placeOrder ok order.number=PL-1`.
    package var example: String

    /// Creates a form.
    package init(_ syntax: String, _ meaning: String, example: String) {
      self.syntax = syntax
      self.meaning = meaning
      self.example = example
    }
  }

  /// Every command, in the order help lists them.
  package static let commands: [CommandInfo] = [
    CommandInfo(
      name: "flow", synopsis: "flow PATH", summary: "the flow to run, relative to the scenario file (scenarios only)",
      scenarioOnly: true,
      forms: [
        Form("flow PATH", "load the flow file; the first line of a scenario", example: "flow ../../Flows/plndr.json")
      ]),
    CommandInfo(
      name: "today", synopsis: "today YYYY-MM-DD", summary: "the session's date, for expiry rules",
      forms: [Form("today YYYY-MM-DD", "set the session's date", example: "today 2026-11-21")]),
    CommandInfo(
      name: "locale", synopsis: "locale TAG",
      summary: "the shopper's language: the flow's words and the engine's messages follow it",
      forms: [
        Form("locale TAG", localeMeaning(nil), example: "locale de")
      ]),
    CommandInfo(
      name: "set", synopsis: "set ROW|KEY VALUE",
      summary: "enter a value in a row of this step (by id or number), or set a data key",
      forms: [
        Form("set ROW VALUE", "enter a value in a row of this step, named by id", example: "set zip 97201"),
        Form("set NUMBER VALUE", "the same, the row named by its number on screen", example: "set 5 97201"),
        Form(
          "set ROW \"VALUE WITH SPACES\"", "a value with spaces, in double quotes (\\\" inside)",
          example: "set street \"1 Main St\""),
        Form("set KEY VALUE", "a data key a row of the flow binds", example: "set shipping.zip 97201"),
        Form("set ROW", "REPL only: ask for the value; a secret row's (CVV) is read without echo", example: "set cvv"),
      ]),
    CommandInfo(
      name: "tap", synopsis: "tap ROW", summary: "activate a disclosure or button row (by id or number)",
      forms: [
        Form("tap ROW", "activate a disclosure or button row, named by id", example: "tap checkout"),
        Form("tap NUMBER", "the same, the row named by its number on screen", example: "tap 5"),
      ]),
    CommandInfo(
      name: "back", synopsis: "back", summary: "the shopper's back button",
      forms: [Form("back", "pop the top step, or dismiss the top modal", example: "back")]),
    CommandInfo(
      name: "api",
      synopsis:
        "api OP ok [KEY=VALUE …] | api OP fail CODE [field=F] [\"message\"] [; CODE …] | api OP action NAME [KEY=VALUE …]",
      summary: "queue the development API's next answer to an operation (answers are used in order)",
      forms: [
        Form("api OP ok", "the next call succeeds", example: "api placeOrder ok"),
        Form(
          "api OP ok KEY=VALUE …", "it succeeds with this data (values as in set)",
          example: "api placeOrder ok order.number=PL-1"),
        Form("api OP fail CODE", "it fails with this error code", example: "api placeOrder fail item_sold_out"),
        Form(
          "api OP fail CODE \"message\"", "with the API's message",
          example: "api placeOrder fail cvv_invalid \"Your card's security code is incorrect.\""),
        Form(
          "api OP fail CODE field=KEY", "naming the field at fault",
          example: "api placeOrder fail card_declined field=payment.card.number"),
        Form(
          "api OP fail CODE ; CODE …", "one answer with several errors",
          example: "api placeOrder fail cvv_invalid ; item_sold_out"),
        Form(
          "api OP action NAME [KEY=VALUE …]",
          "it asks the shopper for an action first (the submit's \"actions\" names its step; data as in ok)",
          example: "api placeOrder action three_d_secure"),
      ]),
    CommandInfo(
      name: "accept", synopsis: "accept", summary: "go and fix the error offered",
      forms: [Form("accept", "follow the route to the row that fixes the offered error", example: "accept")]),
    CommandInfo(
      name: "decline", synopsis: "decline", summary: "dismiss the error offered",
      forms: [Form("decline", "stay here; the error waits for the next submit", example: "decline")]),
    CommandInfo(
      name: "manual", synopsis: "manual", summary: "play the host: confirm each screen with 'appear STEP'",
      forms: [Form("manual", "navigation waits for 'appear STEP' after each command", example: "manual")]),
    CommandInfo(
      name: "auto", synopsis: "auto", summary: "screens appear by themselves (the default)",
      forms: [Form("auto", "every navigation command is confirmed at once", example: "auto")]),
    CommandInfo(
      name: "appear", synopsis: "appear STEP",
      summary: "report that a step appeared (manual mode; a wrong step replans)",
      forms: [Form("appear STEP", "the host shows this step", example: "appear stepOne")]),
    CommandInfo(
      name: "show", synopsis: "show", summary: "print the screen",
      forms: [Form("show", "print the step on screen with its rows", example: "show")]),
    CommandInfo(
      name: "stack", synopsis: "stack", summary: "print the navigation state",
      forms: [Form("stack", "print the layers and steps, e.g. cart>stepOne|creditCard", example: "stack")]),
    CommandInfo(
      name: "plan", synopsis: "plan STEP[.ROW]", summary: "print the route from here to a step, without going",
      forms: [
        Form("plan STEP", "the route to a step", example: "plan creditCard"),
        Form("plan STEP.ROW", "the route to a row of a step", example: "plan creditCard.cvv"),
      ]),
    CommandInfo(
      name: "snapshot", synopsis: "snapshot FILE",
      summary: "write the session's snapshot JSON, what 'checkout migrate' reads",
      forms: [
        Form(
          "snapshot FILE",
          "write the snapshot as a store keeps it (no secret; sensitive values masked); in a scenario, relative to it",
          example: "snapshot stored/at-card.json")
      ]),
    CommandInfo(
      name: "restore", synopsis: "restore FILE",
      summary: "carry on from a snapshot: one 'snapshot' wrote, or a store kept",
      forms: [
        Form(
          "restore FILE",
          "the session becomes the snapshot's, on the flow loaded (a secret is asked for again); in a scenario, relative to it",
          example: "restore stored/at-card.json")
      ]),
    CommandInfo(
      name: "help", synopsis: "help [COMMAND]", summary: "list the commands, or explain one",
      forms: [
        Form("help", "list the commands", example: "help"),
        Form("help COMMAND", "every form of one command, with examples", example: "help api"),
      ]),
    CommandInfo(
      name: "quit", synopsis: "quit", summary: "leave the REPL",
      forms: [Form("quit", "leave the REPL (also: exit, or Ctrl-D)", example: "quit")]),
    CommandInfo(
      name: "expect", synopsis: "expect WHAT …",
      // Every expectation, from their own list: a new one is named here too.
      summary: "assert: " + expectations.map(\.name).joined(separator: ", ")),
  ]

  /// The forms of `expect`.
  package static let expectations: [CommandInfo] = [
    CommandInfo(
      name: "at", synopsis: "expect at STEP", summary: "the step on screen",
      forms: [Form("expect at STEP", "the step on screen", example: "expect at creditCard")]),
    CommandInfo(
      name: "stack", synopsis: "expect stack STATE",
      summary: "the whole navigation state, e.g. cart>stepOne|creditCard",
      forms: [Form("expect stack STATE", "the whole navigation state", example: "expect stack cart>stepOne|creditCard")]
    ),
    CommandInfo(
      name: "route", synopsis: "expect route CMD, CMD … | none", summary: "the route most recently planned",
      forms: [
        Form(
          "expect route CMD, CMD …", "the route most recently planned", example: "expect route pop, present creditCard"),
        Form("expect route none", "an empty route", example: "expect route none"),
      ]),
    CommandInfo(
      name: "offer", synopsis: "expect offer STEP[.ROW] | none", summary: "the offer waiting for an answer",
      forms: [
        Form("expect offer STEP[.ROW]", "the offer waiting for an answer", example: "expect offer creditCard.cvv"),
        Form("expect offer none", "no offer is waiting", example: "expect offer none"),
      ]),
    CommandInfo(
      name: "focus", synopsis: "expect focus ROW", summary: "the focused row of the current step",
      forms: [Form("expect focus ROW", "the focused row of the current step", example: "expect focus cvv")]),
    CommandInfo(
      name: "error", synopsis: "expect error ROW \"text\"", summary: "the row's error message contains the text",
      forms: [
        Form(
          "expect error ROW \"text\"", "the row's error message contains the text",
          example: "expect error cvv \"security code\"")
      ]),
    CommandInfo(
      name: "title", synopsis: "expect title [ROW] \"text\"",
      summary: "the title the screen shows for the step, or for a row, in the session's language",
      forms: [
        Form(
          "expect title \"text\"", "the step on screen has exactly this title", example: "expect title \"Schritt 2\""),
        Form(
          "expect title ROW \"text\"", "a row shown on screen has exactly this title",
          example: "expect title cvv \"Prüfnummer (CVV)\""),
      ]),
    CommandInfo(
      name: "detail", synopsis: "expect detail ROW \"text\"",
      summary: "what a disclosure or info row shows beside its title, in the session's language",
      forms: [
        Form(
          "expect detail ROW \"text\"", "a row shown on screen shows exactly this detail",
          example: "expect detail subtotal \"84,00 $\"")
      ]),
    CommandInfo(
      name: "value", synopsis: "expect value KEY VALUE",
      summary: "a data value, as stored or as shown (masked; a picker's label)",
      forms: [
        Form(
          "expect value KEY VALUE", "a data value, as stored or as shown", example: "expect value shipping.zip 97201")
      ]),
    CommandInfo(
      name: "valid", synopsis: "expect valid ROW", summary: "the row passes its rules",
      forms: [Form("expect valid ROW", "the row passes its rules", example: "expect valid number")]),
    CommandInfo(
      name: "invalid", synopsis: "expect invalid ROW", summary: "the row fails one of its rules",
      forms: [Form("expect invalid ROW", "the row fails one of its rules", example: "expect invalid cvv")]),
    CommandInfo(
      name: "effect", synopsis: "expect effect KIND [ARG]",
      summary:
        "the last command's effects include it (\(Effect.Kind.allCases.map(\.rawValue).joined(separator: ", ")))",
      forms: [
        Form(
          "expect effect KIND", "the last command's effects include one of this kind", example: "expect effect refused"),
        Form("expect effect KIND ARG", "one whose text contains ARG", example: "expect effect callAPI placeOrder"),
      ]),
  ]

  /// The synopsis a usage hint shows: a command's (`set ROW|KEY VALUE`), or for
  /// `expect WHAT` its expectation's (`expect at STEP`); nil for no command.
  package static func usage(of command: String) -> String? {
    if let expectation = expectations.first(where: { "expect \($0.name)" == command }) {
      return expectation.synopsis
    }
    return commands.first { $0.name == command }?.synopsis
  }

  /// Every form of a command (for `expect`, the forms of every expectation).
  package static func forms(of name: String) -> [Form] {
    if name == "expect" { return expectations.flatMap(\.forms) }
    return commands.first { $0.name == name }?.forms ?? []
  }

  /// What `locale TAG` does, naming the languages: those a session of the loaded
  /// flow may be in (``CompiledFlow/locales``: its own first), or without a flow
  /// the engine's, and whatever languages a flow adds.
  static func localeMeaning(_ languages: [String]?) -> String {
    guard let languages else {
      return "show the session in a language the flow speaks (\(EngineMessages.languages.joined(separator: ", ")), …)"
    }
    return "show the session in a language the flow speaks: \(languages.joined(separator: ", "))"
  }

  /// The help text of one command, or nil if there is none by that name: its
  /// synopsis, what it does, then every form with what it means and an example.
  /// `locales` are the languages of the loaded flow, which `help locale` names.
  package static func help(_ name: String, locales: [String]? = nil) -> String? {
    guard let command = commands.first(where: { $0.name == name }) else { return nil }
    var lines = ["\(command.synopsis)", "  \(command.summary)"]
    for var form in forms(of: name) {
      if name == "locale" { form.meaning = localeMeaning(locales) }
      lines.append("  \(form.syntax.padding(toLength: 34, withPad: " ", startingAt: 0)) \(form.meaning)")
      lines.append("      e.g. \(form.example)")
    }
    return lines.joined(separator: "\n")
  }

  /// The help listing of every command: a synopsis, then its summary wrapped to
  /// fit 80 columns (a terminal wraps longer lines mid-word).
  package static var overview: String {
    let column = 34
    return commands.map { command in
      let synopsis = command.synopsis.count > 30 ? command.name + " …" : command.synopsis
      return wrapped(command.summary, width: 80 - column).enumerated().map { index, line in
        (index == 0 ? "  " + synopsis : "").padding(toLength: column, withPad: " ", startingAt: 0) + line
      }
      .joined(separator: "\n")
    }
    .joined(separator: "\n")
  }

  /// The words of `text` in lines of at most `width` characters (a longer word
  /// on a line of its own).
  static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return line.isEmpty ? lines : lines + [line]
  }
}
