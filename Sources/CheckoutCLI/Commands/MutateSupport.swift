import CheckoutEngine
import CheckoutMutation
import Foundation

/// What `checkout mutate` prints: the counts, the score, every survivor, the
/// equivalent and invalid mutants with their reasons, and the time.
struct MutationSummary {
  var path: String
  var results: [MutantResult]
  var stories: Int
  var source: String

  func print(leftOut: [LeftOutStory], seconds: Double, _ terminal: Terminal) {
    let score = MutationScore(results)
    terminal.line(
      "\(path): \(results.count) \(results.count == 1 ? "mutant" : "mutants"), \(stories) \(stories == 1 ? "story" : "stories") (\(source))"
    )
    for story in leftOut {
      terminal.line("  \(terminal.styled("left out:", .yellow)) \(story.rendered)")
    }
    terminal.line(
      "  killed \(score.killed), survived \(score.survived), equivalent \(score.equivalent), invalid \(score.invalid)")
    let counted = score.killed + score.survived
    terminal.line(
      "  score: " + (score.percent.map { "\(Self.percent($0)) (\(score.killed) of \(counted))" } ?? "no mutant counted")
    )
    for result in results {
      let mutant = result.mutant
      let head = "#\(mutant.id) \(mutant.mutationOperator.rawValue) \(mutant.path)"
      switch result.status {
      case .survived:
        terminal.line("  \(terminal.styled("survived:", .red)) \(head): \(mutant.description)")
      case .equivalent(let reason):
        terminal.line("  equivalent: \(head): \(mutant.description) (\(reason))")
      case .invalid(let reason):
        terminal.line("  invalid: \(head): \(mutant.description) (\(reason))")
      case .killed:
        continue
      }
    }
    terminal.line("  time: \(String(format: "%.2f", seconds)) s")
  }

  /// `93.3%`.
  static func percent(_ value: Double) -> String { String(format: "%.1f%%", value) }
}
