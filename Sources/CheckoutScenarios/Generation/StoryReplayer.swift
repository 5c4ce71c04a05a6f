import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Replays a story's text on a flow, strictly: the first line that cannot be
/// parsed, is refused, cancels a route, leaves an error unresolved, or expects
/// what did not happen, fails the story there. A refusal the story expects (the
/// next line is `expect effect refused …` and holds) is taken, as guard stories do. (`checkout replay` lets a refused
/// event pass and counts expectations; a generated story expects every event to
/// be taken.)
///
/// ```swift
/// let failure = StoryReplayer(flow: compiled).replay(story.text(flowPath: "plndr.json", today: today))
/// failure == nil  // the story still holds
/// ```
package struct StoryReplayer: Sendable {
  /// Where and why a story failed.
  package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    package var line: Int
    /// The line's text, trimmed (a `set` line without its value).
    package var text: String
    /// What went wrong.
    package var message: String

    /// `12: expect route pop, present creditCard: expected …`.
    package var description: String { "\(line): \(text): \(message)" }
  }

  /// The flow the story runs on (its `flow` line is not read).
  package let flow: CompiledFlow

  /// A replayer for a flow.
  package init(flow: CompiledFlow) {
    self.flow = flow
  }

  /// One parsed command of a story: its line number, the command, and its source line.
  package struct Line: Hashable, Sendable {
    /// The line number, from 1.
    package var number: Int
    /// The command (`flow` lines are left out).
    package var command: ScenarioCommand
    /// The line as written.
    package var source: String

    /// A parsed line.
    package init(number: Int, command: ScenarioCommand, source: String) {
      self.number = number
      self.command = command
      self.source = source
    }
  }

  /// The story's commands, `flow` lines left out, or the failure of the first line
  /// that does not parse; its message quotes no value the line hides
  /// (``TypedLine``, read in `flow`; with none, every name might be a secret one).
  package static func parse(_ text: String, flow: CompiledFlow? = nil) -> Result<[Line], Failure> {
    var lines: [Line] = []
    var flowLine: Int?
    for (index, source) in ScenarioParser.lines(of: text).enumerated() {
      let number = index + 1
      do {
        guard let command = try ScenarioParser.parseScriptLine(source, line: number, flowLine: &flowLine) else {
          continue
        }
        if case .flow = command { continue }
        lines.append(Line(number: number, command: command, source: source))
      } catch {
        let message = error.redacted(line: source, flow: flow).message
        return .failure(Failure(line: number, text: "(line \(number))", message: message))
      }
    }
    return .success(lines)
  }

  /// Replays the text; nil when every line held.
  package func replay(_ text: String) -> Failure? {
    switch Self.parse(text, flow: flow) {
    case .success(let lines): return replay(lines)
    case .failure(let failure): return failure
    }
  }

  /// Replays parsed lines (parse once, replay on many flows); nil when every line held.
  package func replay(_ lines: [Line]) -> Failure? {
    var host = ScenarioHost(flow: flow)
    // A refusal fails the story unless the next command expects it.
    var refused: Failure?
    for line in lines {
      let (number, command) = (line.number, line.command)
      // Read on the screen the line runs on (a row number names a row of it).
      let typed = TypedLine(line.source, in: host)
      let shown = typed.shown
      if let pending = refused {
        guard case .expect(.effect(kind: .refused, _)) = command else { return pending }
        refused = nil
      }
      let outcome = host.run(command)
      if let problem = outcome.problem {
        return Failure(line: number, text: shown, message: typed.redacting(problem))
      }
      if let failure = outcome.failure {
        let message = "expected \(failure.expected), actual \(failure.actual)"
        return Failure(line: number, text: shown, message: typed.redacting(message))
      }
      for effect in outcome.effects {
        switch effect {
        case .refused(let refusal):
          refused = Failure(line: number, text: shown, message: "refused: \(refusal.message)")
        case .routeCancelled(let reason):
          return Failure(line: number, text: shown, message: "route cancelled: \(reason)")
        case .unresolved(let error):
          return Failure(line: number, text: shown, message: "no matcher resolves \(error.code)")
        default: continue
        }
      }
    }
    return refused
  }
}
