import CheckoutCLI
import CheckoutEngine
import Foundation
import Testing

/// `checkout repl --record FILE` follows the rule of `replay --junit` and
/// `mutate --json` (one definition, `OverwriteRule`): it overwrites only an empty
/// file or an earlier recording, never the flow run or a directory, and refuses
/// before the REPL starts, the file byte-for-byte as it was.
@Suite struct ReplRecordTargetTests {
  static let write =
    "write the recording's file name after --record, e.g. --record session.scenario"

  /// Runs the REPL on `lines` in `directory`, on the test day, with `flow` and `record` if given.
  static func repl(_ lines: [String], in directory: String, flow: String? = nil, record: String? = nil) -> (
    status: Int32, output: String
  ) {
    var options = ReplCommand.Options.onTheTestDay
    options.flow = flow
    options.record = record
    return runREPL(lines, options, in: directory)
  }

  @Test func theFlowRunIsRefusedAndKept() throws {
    try withFlowDirectory(["gig.json": GenerateCommandTests.mini]) { directory throws in
      let run = runCheckout(["repl", "gig.json", "--record", "./gig.json"], in: directory)
      #expect(run.status == 2)
      #expect(run.error == "error: --record ./gig.json is the flow to run; \(Self.write)\n")
      #expect(run.output.isEmpty, "the REPL did not start")
      #expect(try String(contentsOfFile: directory + "/gig.json", encoding: .utf8) == GenerateCommandTests.mini)
    }
  }

  @Test func aFlowNamedWhenTheFlowArgumentIsForgottenIsRefusedAndKept() throws {
    try withFlowDirectory(["gig.json": GenerateCommandTests.mini, "notes.txt": "mine\n"]) { directory throws in
      let run = runCheckout(["repl", "--record", "gig.json"], in: directory)
      #expect(run.status == 2)
      #expect(
        run.error
          == "error: --record gig.json is a file that is not an earlier recording (its first line is not # Recorded by checkout repl), so it is not overwritten; \(Self.write)\n"
      )
      #expect(run.output.isEmpty, "the REPL did not start")
      #expect(try String(contentsOfFile: directory + "/gig.json", encoding: .utf8) == GenerateCommandTests.mini)
      let notes = runCheckout(["repl", "--record", "notes.txt"], in: directory)
      #expect(notes.status == 2)
      #expect(try String(contentsOfFile: directory + "/notes.txt", encoding: .utf8) == "mine\n")
    }
  }

  @Test func aDirectoryIsRefused() throws {
    try withFlowDirectory([:]) { directory throws in
      try FileManager.default.createDirectory(atPath: directory + "/stories", withIntermediateDirectories: true)
      let run = runCheckout(["repl", "--record", "stories"], in: directory)
      #expect(run.status == 2)
      #expect(
        run.error
          == "error: --record stories is a directory; write the recording's file name after --record, e.g. --record stories/session.scenario\n"
      )
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/stories").isEmpty)
    }
  }

  @Test func anEmptyPathIsRefused() throws {
    try withFlowDirectory([:]) { directory throws in
      let run = runCheckout(["repl", "--record", ""], in: directory)
      #expect(run.status == 2)
      #expect(
        run.error.contains("error: --record: the path is empty; name a file, like --record session.scenario\n"),
        "\(run.error)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
  }

  @Test func anEarlierRecordingAndAnEmptyFileAreOverwritten() throws {
    try withFlowDirectory(["empty.scenario": ""]) { directory throws in
      let first = Self.repl(["tap checkout"], in: directory, record: "walk.scenario")
      #expect(first.status == 0, "\(first.output)")
      let second = Self.repl(["tap checkout", "back"], in: directory, record: "walk.scenario")
      #expect(second.status == 0, "\(second.output)")
      let recording = try String(contentsOfFile: directory + "/walk.scenario", encoding: .utf8)
      #expect(recording.hasPrefix("# Recorded by checkout repl; replay with: checkout replay "))
      #expect(
        recording.hasSuffix("\ntap checkout\nexpect stack cart>stepOne\nback\nexpect stack cart\n"), "\(recording)")
      let empty = Self.repl(["tap checkout"], in: directory, record: "empty.scenario")
      #expect(empty.status == 0, "\(empty.output)")
      #expect(try String(contentsOfFile: directory + "/empty.scenario", encoding: .utf8).contains("\ntap checkout\n"))
      #expect(runCheckout(["replay", "walk.scenario", "empty.scenario"], in: directory).status == 0)
    }
  }
}
