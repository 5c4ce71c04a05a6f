import CheckoutCLI
import Foundation
import Testing

/// `checkout mutate`: the summary, --json, --min-score, --stories, and bad input.
@Suite struct MutateCommandTests {
  static let plndr = ReplayAndReplTests.flowsDirectory + "/plndr.json"

  /// A directory holding the mini flow of `generate`'s tests and one story for it.
  static func workspace() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mutate-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory + "/stories", withIntermediateDirectories: true)
    try GenerateCommandTests.mini.write(toFile: directory + "/mini.json", atomically: true, encoding: .utf8)
    let story = """
      flow ../mini.json
      tap card
      set cvv 12
      expect invalid cvv
      """
    try story.write(toFile: directory + "/stories/cvv.scenario", atomically: true, encoding: .utf8)
    // A story of another flow, which exists: it is counted, not used.
    try GenerateCommandTests.mini.write(toFile: directory + "/other.json", atomically: true, encoding: .utf8)
    try "flow ../other.json\n".write(toFile: directory + "/stories/other.scenario", atomically: true, encoding: .utf8)
    return directory
  }

  @Test func generatedStoriesAreScoredAndTheReportIsWritten() throws {
    let directory = try Self.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let run = runCheckout(["mutate", "mini.json", "--today", "2026-11-21", "--json", "report.json"], in: directory)
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.hasPrefix("mini.json: "))
    #expect(run.output.contains("(generated)"))
    #expect(run.output.contains("  score: "))
    #expect(run.output.contains("equivalent: #13 swap-matchers errors[0]: "))
    let report = try String(contentsOfFile: directory + "/report.json", encoding: .utf8)
    #expect(report.contains("\"schemaVersion\" : \"2\""))
    #expect(report.contains("\"mutatorName\" : \"drop-rule\""))
  }

  @Test func storiesFromADirectoryAreThoseNamingTheFlow() throws {
    let directory = try Self.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let run = runCheckout(["mutate", "mini.json", "--stories", "stories"], in: directory)
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("mini.json: 15 mutants, 1 story (from stories)"))
    // The CVV story checks the pattern: dropping it is caught, moving the upper bound is not.
    #expect(!run.output.contains("row cvv loses the rule pattern"))
    #expect(
      run.output.contains(
        "survived: #9 shift-bound steps[1].rows[1].rules[1].pattern: pattern quantifier {3} becomes {4}"))
  }

  /// A story of the flow that cannot be parsed is not skipped in silence: it is
  /// left out with a warning at its place, showing no value of a secret row.
  @Test func aStoryThatCannotBeReadIsLeftOutSayingWhere() throws {
    let directory = try Self.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "flow ../mini.json\ntap card\ntap cvv 7381\n".write(
      toFile: directory + "/stories/broken.scenario", atomically: true, encoding: .utf8)
    try "flow ../other.json\ntpa card\n".write(
      toFile: directory + "/stories/other-broken.scenario", atomically: true, encoding: .utf8)
    let run = runCheckout(["mutate", "mini.json", "--stories", "stories"], in: directory)
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("mini.json: 15 mutants, 1 story (from stories)"))
    #expect(run.error.contains("stories/broken.scenario:3:"), "\(run.error)")
    #expect(run.error.contains("warning: left out: the story cannot be read: "), "\(run.error)")
    #expect(run.output.contains("  left out: stories/broken.scenario:3:"), "\(run.output)")
    #expect(!run.error.contains("7381"), "\(run.error)")
    #expect(!run.error.contains("other-broken.scenario:2"), "a story of another flow is not read for its mistakes")
  }

  /// A story whose flow line names another file is left out, but never in silence:
  /// a warning counts them and names the first few with the flow each names.
  @Test func storiesOfAnotherFlowAreCountedAndNamed() throws {
    let directory = try Self.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for name in ["b", "c", "d", "e"] {
      try GenerateCommandTests.mini.write(toFile: directory + "/\(name).json", atomically: true, encoding: .utf8)
      try "flow ../\(name).json\n".write(
        toFile: directory + "/stories/\(name).scenario", atomically: true, encoding: .utf8)
    }
    let run = runCheckout(["mutate", "mini.json", "--stories", "stories"], in: directory)
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("mini.json: 15 mutants, 1 story (from stories)"))
    #expect(
      run.error.contains(
        "warning: --stories: 5 stories of another flow not used: their flow line names another file than mini.json (b.scenario: flow ../b.json, c.scenario: flow ../c.json, d.scenario: flow ../d.json, and 2 more); a story's flow line is relative to the story"
      ), "\(run.error)")
  }

  @Test func aScoreBelowMinScoreExitsOne() throws {
    let directory = try Self.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let run = runCheckout(["mutate", "mini.json", "--stories", "stories", "--min-score", "99.5"], in: directory)
    #expect(run.status == 1)
    #expect(run.error.contains("is below --min-score 99.5"))
  }

  @Test func badInputIsAUsageErrorSayingWhy() throws {
    let directory = try Self.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let missing = runCheckout(["mutate", "nope.json"], in: directory)
    #expect(missing.status == 2)
    #expect(missing.error.contains("nope.json: error:"))
    let score = runCheckout(["mutate", "mini.json", "--min-score", "120"], in: directory)
    #expect(score.status == 2)
    #expect(score.error == "error: --min-score: \"120\" is not a percentage from 0 to 100\n")
    let noDirectory = runCheckout(["mutate", "mini.json", "--stories", "absent"], in: directory)
    #expect(noDirectory.status == 2)
    #expect(noDirectory.error == "absent: error: cannot read the file: No such file or directory\n")
    let noFlow = runCheckout(["mutate"], in: directory)
    #expect(noFlow.status == 2)
    #expect(noFlow.error.contains("missing FLOW"))
  }

  @Test func helpListsTheCommandAndItsOptions() {
    let help = runCheckout(["help", "mutate"])
    for option in ["--stories SCENARIO...", "--json FILE", "--min-score P", "--today DATE"] {
      #expect(help.output.contains(option))
    }
    #expect(runCheckout(["--help"]).output.contains("mutate"))
  }
}
