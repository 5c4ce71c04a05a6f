import CheckoutCompiledFlow
import CheckoutModel
import CheckoutScenarios
import Foundation

/// A story replayed against each mutant: its text parsed once, and how strictly
/// it is judged. Replaying runs the parsed commands on a session of the mutant's
/// compiled flow, in process: nothing is read or parsed again per mutant.
package struct MutationStory: Hashable, Sendable {
  /// The story's name (its file name).
  package var name: String
  /// The scenario text; its `flow` line is not read (the story runs on the mutant).
  package var text: String
  /// Generated stories are strict (a refused event fails them, as `generate --check`
  /// judges); hand-written ones fail on a failed expectation or a problem, as `replay` judges.
  package var strict: Bool
  /// The commands, `flow` lines left out; empty when the text does not parse.
  let lines: [StoryReplayer.Line]
  /// Why the text does not parse (`3: …`: its line first), or nil.
  let syntaxError: String?
  /// The identifiers the text names: a mutant touching one is likelier to be killed by it.
  let words: Set<Substring>

  /// A story, parsed.
  package init(name: String, text: String, strict: Bool) {
    self.name = name
    self.text = text
    self.strict = strict
    switch StoryReplayer.parse(text) {
    case .success(let parsed):
      lines = parsed
      syntaxError = nil
    case .failure(let failure):
      lines = []
      syntaxError = strict ? failure.description : "\(failure.line): \(failure.message)"
    }
    words = Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-") })
  }

  /// Why the story fails on the flow, or nil when it holds. A strict story is
  /// judged as `generate --check` judges it (``StoryReplayer``: also the first
  /// refused event the next line does not expect, cancelled route or unresolved
  /// error); a lenient one fails on its first failed expectation or problem.
  package func failure(on flow: CompiledFlow) -> String? {
    if let syntaxError { return syntaxError }
    if strict { return StoryReplayer(flow: flow).replay(lines)?.description }
    var host = ScenarioHost(flow: flow)
    for line in lines {
      // What the line hides (a secret it gives), read on the screen it runs on, is never repeated.
      let typed = TypedLine(line.source, in: host)
      let outcome = host.run(line.command)
      if let problem = outcome.problem { return "\(line.number): \(typed.redacting(problem))" }
      if let failure = outcome.failure {
        return "\(line.number): \(typed.redacting("expected \(failure.expected), actual \(failure.actual)"))"
      }
    }
    return nil
  }

  /// How many of the words the text names.
  func count(of focus: [String]) -> Int {
    focus.reduce(0) { $0 + (words.contains(Substring($1)) ? 1 : 0) }
  }
}
