import CheckoutCLI
import CheckoutEngine
import Foundation
import Testing

/// `snapshot FILE`, at the REPL and in a scenario, overwrites only an empty file
/// or an earlier snapshot (one definition of the rule, `OverwriteRule`), never
/// the flow loaded: a refused line is the line's error, the session and the
/// file as they were, and a recording leaves it out.
@Suite struct SnapshotTargetTests {
  @Test func theFlowLoadedIsRefusedAndKeptAndTheSessionGoesOn() throws {
    try withFlowDirectory(["gig.json": GenerateCommandTests.mini]) { directory throws in
      let result = ReplRecordTargetTests.repl(
        ["tap card", "snapshot gig.json", "stack", "flow gig.json", "stack"], in: directory, flow: "gig.json",
        record: "walk.scenario")
      #expect(result.status == 0)
      #expect(
        result.output.contains(
          "error: cannot write the snapshot to gig.json: it is the flow loaded; name another file, like snapshot cart.json\n"
        ), "\(result.output)")
      #expect(result.output.contains("\ncart|creditCard\n"), "the session as it was: \(result.output)")
      #expect(!result.output.contains("unsupported flow format"), "the flow still loads: \(result.output)")
      #expect(try String(contentsOfFile: directory + "/gig.json", encoding: .utf8) == GenerateCommandTests.mini)
      let recording = try String(contentsOfFile: directory + "/walk.scenario", encoding: .utf8)
      #expect(!recording.contains("snapshot"), "\(recording)")
      #expect(runCheckout(["replay", "walk.scenario"], in: directory).status == 0)
    }
  }

  @Test func anotherFileOrADirectoryIsRefusedAndKept() throws {
    try withFlowDirectory(["gig.json": GenerateCommandTests.mini, "notes.txt": "mine\n"]) { directory throws in
      try FileManager.default.createDirectory(atPath: directory + "/stored", withIntermediateDirectories: true)
      let result = ReplRecordTargetTests.repl(
        ["tap checkout", "snapshot gig.json", "snapshot notes.txt", "snapshot stored"], in: directory)
      #expect(result.status == 0)
      #expect(
        result.output.contains(
          "error: cannot write the snapshot to gig.json: it is a file that is not a snapshot, so it is not overwritten; name another file, like snapshot cart.json\n"
        ), "\(result.output)")
      #expect(
        result.output.contains(
          "error: cannot write the snapshot to notes.txt: it is a file that is not a snapshot, so it is not overwritten; name another file, like snapshot cart.json\n"
        ), "\(result.output)")
      #expect(
        result.output.contains(
          "error: cannot write the snapshot to stored: it is a directory; name a file in it, like snapshot stored/cart.json\n"
        ), "\(result.output)")
      #expect(!result.output.contains("snapshot written"))
      #expect(try String(contentsOfFile: directory + "/gig.json", encoding: .utf8) == GenerateCommandTests.mini)
      #expect(try String(contentsOfFile: directory + "/notes.txt", encoding: .utf8) == "mine\n")
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/stored").isEmpty)
    }
  }

  @Test func anEarlierSnapshotAndAnEmptyFileAreOverwritten() throws {
    try withFlowDirectory(["empty.json": ""]) { directory throws in
      let result = ReplRecordTargetTests.repl(
        [
          "tap checkout", "snapshot at.json", "back", "snapshot at.json", "snapshot empty.json", "restore at.json",
          "stack",
        ],
        in: directory)
      #expect(result.status == 0)
      #expect(result.output.components(separatedBy: "snapshot written to at.json\n").count == 3, "\(result.output)")
      #expect(result.output.contains("snapshot written to empty.json\n"))
      #expect(result.output.contains("restored at.json: cart\n"), "the later snapshot: \(result.output)")
      let latest = try Data(contentsOf: URL(fileURLWithPath: directory + "/at.json"))
      #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/empty.json")) == latest)
      #expect(StoredSnapshot.isSnapshot(latest))
      #expect(!StoredSnapshot.isSnapshot(Data(GenerateCommandTests.mini.utf8)), "a flow is no snapshot")
    }
  }

  @Test func aScenarioFollowsTheSameRule() throws {
    let story = """
      flow mini.json
      today 2026-11-21
      snapshot mini.json
      """
    try withFlowDirectory(["mini.json": GenerateCommandTests.mini, "s.scenario": story]) { directory throws in
      let replay = runCheckout(["replay", "s.scenario"], in: directory)
      #expect(replay.status != 0)
      #expect(
        (replay.output + replay.error).contains(
          "cannot write the snapshot to mini.json: it is the flow loaded; name another file, like snapshot cart.json"),
        "\(replay.output)\(replay.error)")
      #expect(try String(contentsOfFile: directory + "/mini.json", encoding: .utf8) == GenerateCommandTests.mini)
    }
  }
}
