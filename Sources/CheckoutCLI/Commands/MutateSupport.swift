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
      // `failure` starts with its line: `bom-fail.scenario:3: expected at stepTwo, …`.
      terminal.line("  \(terminal.styled("left out", .yellow)) (fails on the flow itself): \(story.name):\(failure)")
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
  /// cannot be read or holds no story of the flow. A story of the flow that cannot
  /// be parsed is left out with a warning at its file:line:column (its message
  /// shows no value a secret row may have been given: `compiled` decides).
  static func stories(in directory: String, for flowPath: String, compiled: CompiledFlow, _ terminal: Terminal)
    -> [MutationStory]?
  {
    let full = terminal.resolve(directory)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue,
      let names = try? FileManager.default.contentsOfDirectory(atPath: full)
    else {
      terminal.errorLine("error: --stories: \(directory) is not a directory that can be read")
      return nil
    }
    let flow = canonical(terminal.resolve(flowPath))
    let namesTheFlow = { (named: String) in canonical(named.hasPrefix("/") ? named : full + "/" + named) == flow }
    var stories: [MutationStory] = []
    var unreadable = 0
    // Stories of another flow (or of none), each with the flow its line names.
    var otherFlows: [(name: String, flow: String?)] = []
    for name in names.sorted() where name.hasSuffix(".scenario") {
      guard let bytes = try? terminal.readFile(directory + "/" + name) else { return nil }
      let text = String(decoding: bytes, as: UTF8.self)
      let script: [(line: Int, command: ScenarioCommand)]
      do {
        script = try ScenarioParser.parseScript(text)
      } catch {
        guard let named = flowLine(of: text), namesTheFlow(named) else {
          otherFlows.append((name, flowLine(of: text)))
          continue
        }
        let lines = ScenarioParser.lines(of: text)
        let shown =
          lines.indices.contains(error.line - 1) ? error.redacted(line: lines[error.line - 1], flow: compiled) : error
        terminal.errorLine(
          "\(directory)/\(name):\(shown.line):\(shown.column): warning: the story cannot be read, so it is left out: \(shown.message)"
        )
        unreadable += 1
        continue
      }
      let named = script.lazy.compactMap { entry -> String? in
        if case .flow(let path) = entry.command { return path }
        return nil
      }.first
      guard let named, namesTheFlow(named) else {
        otherFlows.append((name, named))
        continue
      }
      stories.append(MutationStory(name: name, text: text, strict: false))
    }
    if unreadable > 0 {
      terminal.errorLine(
        "warning: --stories: \(unreadable) \(unreadable == 1 ? "story" : "stories") of the flow left out: \(unreadable == 1 ? "it cannot" : "they cannot") be read"
      )
    }
    if let warning = otherFlowsWarning(otherFlows, flowPath: flowPath) { terminal.errorLine(warning) }
    guard !stories.isEmpty else {
      terminal.errorLine(
        "error: --stories: no .scenario file in \(directory) names the flow \(flowPath) and can be read")
      return nil
    }
    return stories
  }

  /// `warning: --stories: 2 stories left out: their flow line names another file than shop.json (a.scenario: flow
  /// ../old.json, b.scenario: no flow line)`; past three, the rest counted. Nil when none was left out.
  static func otherFlowsWarning(_ skipped: [(name: String, flow: String?)], flowPath: String) -> String? {
    guard !skipped.isEmpty else { return nil }
    let shown = 3
    var named = skipped.prefix(shown).map { "\($0.name): \($0.flow.map { "flow \($0)" } ?? "no flow line")" }
    if skipped.count > shown { named.append("and \(skipped.count - shown) more") }
    let count = skipped.count == 1 ? "1 story" : "\(skipped.count) stories"
    let their = skipped.count == 1 ? "its" : "their"
    return
      "warning: --stories: \(count) left out: \(their) flow line names another file than \(flowPath) (\(named.joined(separator: ", "))); a story's flow line is relative to the story"
  }

  /// The path a story's first `flow` line names, read line by line (for a story
  /// the parser refuses): `flow ../plndr.json` or `flow "my flows/plndr.json"`.
  private static func flowLine(of text: String) -> String? {
    for line in ScenarioParser.lines(of: text) {
      let words = line.trimmingCharacters(in: .whitespaces)
      guard words.hasPrefix("flow ") else { continue }
      var path = words.dropFirst(5).trimmingCharacters(in: .whitespaces)
      if let comment = path.range(of: " #") { path = String(path[..<comment.lowerBound]) }
      return path.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
    }
    return nil
  }

  private static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
