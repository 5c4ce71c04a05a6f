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

  func print(failing: [(story: MutationStory, failure: String)], seconds: Double, _ terminal: Terminal) {
    let score = MutationScore(results)
    terminal.line(
      "\(path): \(results.count) \(results.count == 1 ? "mutant" : "mutants"), \(stories) \(stories == 1 ? "story" : "stories") (\(source))"
    )
    for (story, failure) in failing {
      terminal.line("  \(terminal.styled("left out:", .yellow)) \(story.name) fails on the flow itself: \(failure)")
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

/// The `.scenario` files of a directory whose `flow` line names the flow under test.
enum StoryDirectory {
  /// The stories, sorted by file name; nil (after saying why) when the directory
  /// cannot be read or holds no story of the flow.
  static func stories(in directory: String, for flowPath: String, _ terminal: Terminal) -> [MutationStory]? {
    let full = terminal.resolve(directory)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue,
      let names = try? FileManager.default.contentsOfDirectory(atPath: full)
    else {
      terminal.errorLine("error: --stories: \(directory) is not a directory that can be read")
      return nil
    }
    let flow = canonical(terminal.resolve(flowPath))
    var stories: [MutationStory] = []
    for name in names.sorted() where name.hasSuffix(".scenario") {
      guard let bytes = try? terminal.readFile(directory + "/" + name) else { return nil }
      let text = String(decoding: bytes, as: UTF8.self)
      guard let script = try? ScenarioParser.parseScript(text) else { continue }
      let named = script.lazy.compactMap { entry -> String? in
        if case .flow(let path) = entry.command { return path }
        return nil
      }.first
      guard let named, canonical(named.hasPrefix("/") ? named : full + "/" + named) == flow else { continue }
      stories.append(MutationStory(name: name, text: text, strict: false))
    }
    guard !stories.isEmpty else {
      terminal.errorLine("error: --stories: no .scenario file in \(directory) names the flow \(flowPath)")
      return nil
    }
    return stories
  }

  private static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
