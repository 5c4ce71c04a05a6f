import CheckoutCompiledFlow
import CheckoutModel
import CheckoutScenarios
import Foundation

/// A story replayed against each mutant: its text parsed once, and how strictly
/// it is judged. Replaying runs the parsed commands on a session of the mutant's
/// compiled flow, in process: nothing is read or parsed again per mutant.
package struct MutationStory: Hashable, Sendable {
  /// One command of the story, with where it stands and how a failure shows it.
  struct Line: Hashable, Sendable {
    /// The line number, from 1.
    var number: Int
    /// The command.
    var command: ScenarioCommand
    /// The line as a failure shows it (a `set` without its value).
    var shown: String
  }

  /// The story's name (its file name).
  package var name: String
  /// The scenario text; its `flow` line is not read (the story runs on the mutant).
  package var text: String
  /// Generated stories are strict (a refused event fails them, as `generate --check`
  /// judges); hand-written ones fail on a failed expectation or a problem, as `replay` judges.
  package var strict: Bool
  /// The commands, `flow` lines left out; empty when the text does not parse.
  let lines: [Line]
  /// Why the text does not parse (`3: …`), or nil.
  let syntaxError: String?
  /// The identifiers the text names: a mutant touching one is likelier to be killed by it.
  let words: Set<Substring>

  /// A story, parsed.
  package init(name: String, text: String, strict: Bool) {
    self.name = name
    self.text = text
    self.strict = strict
    var lines: [Line] = []
    var syntaxError: String?
    for (index, source) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      do {
        guard let command = try ScenarioParser.parse(String(source), line: index + 1) else { continue }
        if case .flow = command { continue }
        lines.append(Line(number: index + 1, command: command, shown: Self.shown(command, source: source)))
      } catch {
        syntaxError = strict ? "\(index + 1): (line \(index + 1)): \(error.message)" : error.message
        lines = []
        break
      }
    }
    self.lines = lines
    self.syntaxError = syntaxError
    words = Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-") })
  }

  /// Why the story fails on the flow, or nil when it holds: the first failed
  /// expectation or problem, and for a strict story also the first refused event,
  /// cancelled route or unresolved error.
  package func failure(on flow: CompiledFlow) -> String? {
    if let syntaxError { return syntaxError }
    var host = ScenarioHost(flow: flow)
    for line in lines {
      let outcome = host.run(line.command)
      let prefix = strict ? "\(line.number): \(line.shown): " : "\(line.number): "
      if let problem = outcome.problem { return prefix + problem }
      if let failure = outcome.failure { return prefix + "expected \(failure.expected), actual \(failure.actual)" }
      guard strict else { continue }
      for effect in outcome.effects {
        switch effect {
        case .refused(let refusal): return prefix + "refused: \(refusal.message)"
        case .routeCancelled(let reason): return prefix + "route cancelled: \(reason)"
        case .unresolved(let error): return prefix + "no matcher resolves \(error.code)"
        default: continue
        }
      }
    }
    return nil
  }

  /// The line as a failure shows it, as `generate --check` shows it: a `set`
  /// without its value (it may be a secret), a comment left out.
  static func shown(_ command: ScenarioCommand, source: Substring) -> String {
    if case .set(let name, _) = command { return "set \(name) …" }
    let trimmed = source.trimmingCharacters(in: .whitespaces)
    return trimmed.split(separator: "#", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? trimmed
  }

  /// How many of the words the text names.
  func count(of focus: [String]) -> Int {
    focus.reduce(0) { $0 + (words.contains(Substring($1)) ? 1 : 0) }
  }
}
