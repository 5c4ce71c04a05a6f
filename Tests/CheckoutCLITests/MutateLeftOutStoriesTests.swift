import CheckoutCLI
import Foundation
import Testing

/// `checkout mutate --stories` as a CI gate: a story that cannot judge the
/// mutants (it cannot be parsed, fails on the flow itself, its flow line names a
/// file that does not exist) fails `--min-score` saying which and why, at its
/// file:line:column, and the JSON report lists it. `--stories` takes files and
/// directories, as `replay` does.
@Suite struct MutateLeftOutStoriesTests {
  static func write(_ text: String, _ name: String, in directory: String) throws {
    try text.write(toFile: directory + "/stories/" + name, atomically: true, encoding: .utf8)
  }

  @Test func aStoryThatCannotBeParsedFailsTheGateAndIsInTheReport() throws {
    let directory = try MutateCommandTests.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Self.write("flow ../mini.json\ntapp card\n", "broken.scenario", in: directory)
    let run = runCheckout(
      ["mutate", "mini.json", "--stories", "stories", "--min-score", "0", "--json", "report.json"], in: directory)
    #expect(run.status == 1, "\(run.error)")
    #expect(
      run.error.contains(
        "error: --min-score 0.0: 1 story was left out, so the score does not judge it; fix or remove:\n  stories/broken.scenario:2:1: the story cannot be read: "
      ), "\(run.error)")
    let report = try String(contentsOfFile: directory + "/report.json", encoding: .utf8)
    #expect(report.contains("\"leftOutStories\" : ["), "\(report)")
    #expect(report.contains("\"story\" : \"stories/broken.scenario\""))
    // Without --min-score it is a warning, and the run is not a gate.
    let plain = runCheckout(["mutate", "mini.json", "--stories", "stories"], in: directory)
    #expect(plain.status == 0, "\(plain.error)")
  }

  @Test func aStoryFailingOnTheFlowFailsTheGateAtItsLine() throws {
    let directory = try MutateCommandTests.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Self.write("flow ../mini.json\ntap card\nexpect at nowhere\n", "wrong.scenario", in: directory)
    let run = runCheckout(["mutate", "mini.json", "--stories", "stories", "--min-score", "0"], in: directory)
    #expect(run.status == 1, "\(run.error)")
    #expect(run.output.contains("  left out: stories/wrong.scenario:3: fails on the flow itself: "), "\(run.output)")
    #expect(run.error.contains("\n  stories/wrong.scenario:3: fails on the flow itself: "), "\(run.error)")
  }

  @Test func aFlowLineNamingAMissingFileSaysSoWithTheResolvedPath() throws {
    let directory = try MutateCommandTests.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Self.write("# a typo\nflow ../mnii.json\ntap card\n", "typo.scenario", in: directory)
    let run = runCheckout(["mutate", "mini.json", "--stories", "stories", "--min-score", "0"], in: directory)
    #expect(run.status == 1, "\(run.error)")
    let resolved = URL(fileURLWithPath: directory + "/mnii.json").standardizedFileURL.resolvingSymlinksInPath().path
    #expect(
      run.error.contains(
        "stories/typo.scenario:2:6: its flow line names ../mnii.json, which cannot be read (\(resolved): No such file or directory)"
      ), "\(run.error)")
    #expect(!run.error.contains("typo.scenario: flow"), "not counted as another flow: \(run.error)")
  }

  @Test func storiesAreFilesOrDirectoriesAsReplayTakesThem() throws {
    let directory = try MutateCommandTests.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // What the shell makes of `--stories stories/*.scenario`.
    let files = runCheckout(
      ["mutate", "mini.json", "--stories", "stories/cvv.scenario", "stories/other.scenario", "--min-score", "0"],
      in: directory)
    #expect(files.status == 0, "\(files.error)")
    #expect(files.output.contains("mini.json: 15 mutants, 1 story (from 2 paths)"), "\(files.output)")
    let one = runCheckout(["mutate", "mini.json", "--stories", "stories/cvv.scenario"], in: directory)
    #expect(one.status == 0, "\(one.error)")
    #expect(one.output.contains("1 story (from stories/cvv.scenario)"))
    let missing = runCheckout(["mutate", "mini.json", "--stories", "stories/nope.scenario"], in: directory)
    #expect(missing.status == 2)
    #expect(missing.error == "stories/nope.scenario: error: cannot read the file: No such file or directory\n")
  }

  @Test func theParserTakesEveryWordUpToTheNextOptionAsAStory() throws {
    let parser = ArgumentParser(commands: CheckoutCommandLine.commands)
    guard
      case .run(.mutate(let options)) = try parser.parse(["mutate", "f.json", "--stories", "a", "b", "--json", "r"])
    else {
      Issue.record("not a mutate command")
      return
    }
    #expect(options.stories == ["a", "b"])
    #expect(options.json == .file("r"))
    #expect(throws: CommandLineError.self) { try parser.parse(["mutate", "--stories", "a", "f.json"]) }
  }
}
