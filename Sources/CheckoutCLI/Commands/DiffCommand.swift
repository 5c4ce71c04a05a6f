import CheckoutEngine
import Foundation

/// `checkout diff OLD NEW [--json]`: what changing a flow does to live sessions.
enum DiffCommand {
  static let spec = CommandSpec(
    name: "diff",
    summary: "list what changed between two versions of a flow, safe or breaking for live sessions",
    positionals: [
      PositionalSpec(name: "OLD", help: "the flow file live sessions run on"),
      PositionalSpec(name: "NEW", help: "the flow file about to replace it"),
    ],
    options: [.flag("--json", help: "print {\"flow\", \"fromVersion\", \"toVersion\", \"differences\"} for machines")],
    discussion: """
      Steps, rows, keys, edges, guards, rules, error matchers and the routes of the
      coverage matrix are compared, matched through NEW's "renamed". Each difference
      is safe (sessions carry on) or breaking, and a breaking one says what happens to
      a session on it when it is restored on NEW (cut back, value dropped, value kept
      with the new rule's message, error re-resolved, route planned again).

      exit status: 0 nothing breaking; 1 something breaking; 2 bad usage, a file that
      cannot be read, or a flow that cannot be loaded.
      """,
    run: run)

  static func run(_ arguments: ParsedArguments, _ terminal: Terminal) -> ExitStatus {
    let old: Flow
    let new: Flow
    do {
      old = try terminal.loadFlow(arguments.positionals[0])
      new = try terminal.loadFlow(arguments.positionals[1])
    } catch {
      return error.status
    }
    if old.id != new.id {
      terminal.errorLine(
        "error: \(arguments.positionals[0]) is flow \(Quoting.quoted(old.id)) and \(arguments.positionals[1]) is flow \(Quoting.quoted(new.id)): diff compares two versions of one flow"
      )
      return .usage
    }
    let diff = FlowDiff(from: old, to: new)
    if arguments.has("--json") {
      terminal.write(JSONText.encode(diff))
    } else {
      terminal.line(diff.description)
    }
    return diff.isBreaking ? .failure : .success
  }
}
