import CheckoutCLI
import Foundation
import Testing

/// `checkout mutate --json FILE` follows `replay --junit`'s rule: it never writes
/// the report over the flow, a story, a directory or a file that is not a
/// mutation report, and a path that cannot be written is refused before the run,
/// with the system's reason.
@Suite struct MutateReportTargetTests {
  @Test func theFlowGivenAsTheReportIsRefusedAndKept() throws {
    let directory = try MutateCommandTests.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let before = try String(contentsOfFile: directory + "/mini.json", encoding: .utf8)
    let run = runCheckout(["mutate", "mini.json", "--today", "2026-11-21", "--json", "./mini.json"], in: directory)
    #expect(run.status == 2)
    #expect(
      run.error
        == "error: --json ./mini.json is the flow to mutate; write the report's file name after --json, e.g. --json report.json\n"
    )
    #expect(run.output.isEmpty, "nothing ran")
    #expect(try String(contentsOfFile: directory + "/mini.json", encoding: .utf8) == before)
  }

  @Test func aStoryOrAnotherFlowIsRefused() throws {
    let directory = try MutateCommandTests.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let story = runCheckout(
      ["mutate", "mini.json", "--stories", "stories", "--json", "stories/cvv.scenario"], in: directory)
    #expect(story.status == 2)
    #expect(
      story.error.contains("error: --json stories/cvv.scenario is one of the stories; "), "\(story.error)")
    try GenerateCommandTests.mini.write(toFile: directory + "/other.json", atomically: true, encoding: .utf8)
    let flow = runCheckout(["mutate", "mini.json", "--today", "2026-11-21", "--json", "other.json"], in: directory)
    #expect(flow.status == 2)
    #expect(
      flow.error
        == "error: --json other.json is a file that is not a mutation report (a JSON object with schemaVersion and files), so it is not overwritten; write the report's file name after --json, e.g. --json report.json\n"
    )
    #expect(try String(contentsOfFile: directory + "/other.json", encoding: .utf8) == GenerateCommandTests.mini)
  }

  @Test func aPathThatCannotBeWrittenIsRefusedBeforeTheRunWithTheSystemsReason() throws {
    let directory = try MutateCommandTests.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let missing = runCheckout(
      ["mutate", "mini.json", "--today", "2026-11-21", "--json", "no/such/dir/r.json"], in: directory)
    #expect(missing.status == 2)
    #expect(
      missing.error
        == "checkout: cannot write the mutation report to no/such/dir/r.json: No such file or directory\n")
    #expect(missing.output.isEmpty, "refused before the run")
    try FileManager.default.createDirectory(atPath: directory + "/reports", withIntermediateDirectories: true)
    let folder = runCheckout(["mutate", "mini.json", "--today", "2026-11-21", "--json", "reports"], in: directory)
    #expect(folder.status == 2)
    #expect(folder.error.contains("--json reports is a directory; "), "\(folder.error)")
    #expect(folder.output.isEmpty)
  }

  @Test func anEarlierReportIsOverwritten() throws {
    let directory = try MutateCommandTests.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for _ in 0..<2 {
      let run = runCheckout(["mutate", "mini.json", "--today", "2026-11-21", "--json", "report.json"], in: directory)
      #expect(run.status == 0, "\(run.error)")
    }
    let empty = runCheckout(["mutate", "mini.json", "--today", "2026-11-21", "--json", ""], in: directory)
    #expect(empty.status == 2)
    #expect(
      empty.error
        == "error: --json: the path is empty; name a file, like --json report.json, or leave it out for standard output\n"
    )
  }
}
