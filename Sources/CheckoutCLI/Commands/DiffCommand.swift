import CheckoutEngine
import Foundation

/// `checkout diff OLD NEW [--json]`: what changing a flow does to live sessions.
package enum DiffCommand {
  static let json = OptionSpec.flag(
    "--json", help: "print {\"flow\", \"fromVersion\", \"toVersion\", \"differences\"} for machines")

  /// `diff`'s arguments, typed.
  package struct Options: Sendable, Equatable {
    /// The flow file live sessions run on.
    package var old: String
    /// The flow file about to replace it.
    package var new: String
    /// `--json`.
    package var json = false
  }

  static func parse(_ arguments: ParsedArguments) throws(CommandLineError) -> Command {
    .diff(
      Options(
        old: try arguments.positional(0, of: spec), new: try arguments.positional(1, of: spec),
        json: arguments.has(json)))
  }

  static let spec = CommandSpec(
    name: "diff",
    summary: "list what changed between two versions of a flow, safe or breaking for live sessions",
    positionals: [
      PositionalSpec(name: "OLD", help: "the flow file live sessions run on"),
      PositionalSpec(name: "NEW", help: "the flow file about to replace it"),
    ],
    options: [json],
    discussion: """
      Steps, rows, keys, edges, guards, rules, error matchers and the routes of the
      coverage matrix are compared, matched through NEW's "renamed". Each difference
      is safe (sessions carry on) or breaking, and a breaking one says what happens to
      a session on it when it is restored on NEW (cut back, value dropped, value kept
      with the new rule's message, error re-resolved, route planned again). A rename
      in NEW whose old name NEW still has (lint's renamed-still-present) is breaking,
      at the rename's file:line:column. NEW is compared even when lint finds errors
      in it, so a reviewer sees why; 'migrate' refuses such a NEW.

      exit status: 0 nothing breaking; 1 something breaking; 2 bad usage, a file that
      cannot be read, or a flow that cannot be loaded.
      """,
    parse: parse)

  static func run(_ options: Options, _ terminal: Terminal) -> ExitStatus {
    let old: Flow
    let new: Flow
    do {
      old = try terminal.loadFlow(options.old, to: .review)
      new = try terminal.loadFlow(options.new, to: .review)
    } catch {
      return error.status
    }
    if old.id != new.id {
      terminal.errorLine(
        "error: \(options.old) is flow \(Quoting.quoted(old.id)) and \(options.new) is flow \(Quoting.quoted(new.id)): diff compares two versions of one flow"
      )
      return .usage
    }
    var diff = FlowDiff(from: old, to: new)
    // Lint's rename check: a rename that leaves its old name behind is migrated silently.
    if let bytes = try? terminal.readFile(options.new) {
      diff.differences += DiffRenameLeftovers.differences(newBytes: bytes, file: options.new)
    }
    if options.json {
      terminal.write(JSONText.encode(diff))
    } else {
      terminal.line(diff.description)
    }
    return diff.isBreaking ? .failure : .success
  }
}
