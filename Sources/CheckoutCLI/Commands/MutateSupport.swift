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

  /// Prints the summary, each line through `line` (standard output, or standard
  /// error when the report takes standard output), styled by `styled`.
  func print(
    leftOut: [LeftOutStory], seconds: Double, styled: (String, Terminal.Style) -> String, line: (String) -> Void
  ) {
    let score = MutationScore(results)
    line(
      "\(path): \(results.count) \(results.count == 1 ? "mutant" : "mutants"), \(stories) \(stories == 1 ? "story" : "stories") (\(source))"
    )
    for story in leftOut {
      line("  \(styled("left out:", .yellow)) \(story.rendered)")
    }
    line(
      "  killed \(score.killed), survived \(score.survived), equivalent \(score.equivalent), invalid \(score.invalid)")
    let counted = score.killed + score.survived
    line(
      "  score: " + (score.percent.map { "\(Self.percent($0)) (\(score.killed) of \(counted))" } ?? "no mutant counted")
    )
    printSurvivors(styled: styled, line: line)
    for result in results {
      let mutant = result.mutant
      let head = "#\(mutant.id) \(mutant.mutationOperator.rawValue) \(mutant.path)"
      switch result.status {
      case .survived, .killed:
        continue
      case .equivalent(let reason):
        line("  equivalent: \(head): \(mutant.description) (\(reason))")
      case .invalid(let reason):
        line("  invalid: \(head): \(mutant.description) (\(reason))")
      }
    }
    line("  time: \(String(format: "%.2f", seconds)) s")
  }

  /// Every survivor, under a heading per operator (in the operators' order):
  /// `move-matcher: 3 survived`, then each one's line and, below it, the hint of
  /// a story that would kill it. All are listed: the command line DESIGN.md
  /// fixes for `mutate` has no option to shorten the list.
  private func printSurvivors(styled: (String, Terminal.Style) -> String, line: (String) -> Void) {
    let survivors = results.filter { $0.status == .survived }.map(\.mutant)
    for mutationOperator in MutationOperator.allCases {
      let group = survivors.filter { $0.mutationOperator == mutationOperator }
      guard !group.isEmpty else { continue }
      line("  \(mutationOperator.rawValue): \(group.count) survived")
      for mutant in group {
        line(
          "    \(styled("survived:", .red)) #\(mutant.id) \(mutationOperator.rawValue) \(mutant.path): \(mutant.description)"
        )
        line("      hint: \(mutant.hint)")
      }
    }
  }

  /// `93.3%`.
  static func percent(_ value: Double) -> String { String(format: "%.1f%%", value) }
}
