import CheckoutCLI
import Foundation
import Testing

/// `checkout replay --junit FILE` never destroys what it did not write: a
/// forgotten report name (`--junit *.scenario`: the shell gives the first story
/// as the report) is refused before anything is written or run, and so is a
/// directory or a file that is not an XML report.
@Suite struct ReplayJUnitTargetTests {
  static let flows = ReplayAndReplTests.flowsDirectory
  static let story = "flow \(flows)/plndr.json\ntap checkout\nexpect at stepOne\n"
  static let files = ["express-happy.scenario": story, "card-declined.scenario": story]

  @Test func aScenarioGivenAsTheReportIsRefusedBeforeAnythingIsWritten() throws {
    try withFlowDirectory(Self.files) { directory in
      // What `checkout replay --junit *.scenario` becomes in the shell.
      let result = runCheckout(
        ["replay", "--junit", "card-declined.scenario", "express-happy.scenario"], in: directory)
      #expect(result.status == 2)
      #expect(
        result.error
          == "error: --junit card-declined.scenario is one of the scenarios to replay; write the report's file name after --junit, e.g. --junit report.xml\n"
      )
      #expect(result.output.isEmpty, "no story ran")
      let kept = try String(contentsOfFile: directory + "/card-declined.scenario", encoding: .utf8)
      #expect(kept == Self.story, "the scenario is not overwritten")
    }
  }

  @Test func aReportNamedLikeAScenarioIsRefusedEvenWhenThereIsNone() throws {
    try withFlowDirectory(Self.files) { directory in
      let result = runCheckout(["replay", "express-happy.scenario", "--junit", "out.scenario"], in: directory)
      #expect(result.status == 2)
      #expect(
        result.error
          == "error: --junit out.scenario names a scenario file (.scenario), not a report; write the report's file name after --junit, e.g. --junit report.xml\n"
      )
      #expect(!FileManager.default.fileExists(atPath: directory + "/out.scenario"))
    }
  }

  @Test func aReportNamedAsOneOfTheStoriesIsRefusedWhateverItsName() throws {
    try withFlowDirectory(["story.txt": Self.story]) { directory in
      let result = runCheckout(["replay", "./story.txt", "--junit", "story.txt"], in: directory)
      #expect(result.status == 2)
      #expect(
        result.error
          == "error: --junit story.txt is one of the scenarios to replay; write the report's file name after --junit, e.g. --junit report.xml\n"
      )
      let kept = try String(contentsOfFile: directory + "/story.txt", encoding: .utf8)
      #expect(kept == Self.story)
    }
  }

  @Test func aDirectoryIsRefused() throws {
    try withFlowDirectory(Self.files) { directory in
      try FileManager.default.createDirectory(atPath: directory + "/reports", withIntermediateDirectories: true)
      let result = runCheckout(["replay", "express-happy.scenario", "--junit", "reports"], in: directory)
      #expect(result.status == 2)
      #expect(
        result.error
          == "error: --junit reports is a directory; write the report's file name after --junit, e.g. --junit reports/report.xml\n"
      )
    }
  }

  @Test func aFileThatIsNotAnXMLReportIsNotOverwritten() throws {
    var files = Self.files
    files["notes.txt"] = "my notes\n"
    try withFlowDirectory(files) { directory in
      let result = runCheckout(["replay", "express-happy.scenario", "--junit", "notes.txt"], in: directory)
      #expect(result.status == 2)
      #expect(
        result.error
          == "error: --junit notes.txt is a file that is not an XML report (it does not start with <?xml), so it is not overwritten; write the report's file name after --junit, e.g. --junit report.xml\n"
      )
      let kept = try String(contentsOfFile: directory + "/notes.txt", encoding: .utf8)
      #expect(kept == "my notes\n")
    }
  }

  @Test func anEarlierReportOrAnEmptyFileIsOverwritten() throws {
    var files = Self.files
    files["old.xml"] = "<?xml version=\"1.0\"?>\n<testsuites/>\n"
    files["empty.xml"] = ""
    try withFlowDirectory(files) { directory in
      for report in ["old.xml", "empty.xml"] {
        let result = runCheckout(["replay", "express-happy.scenario", "--junit", report], in: directory)
        #expect(result.status == 0, "\(result.error)")
        let written = try String(contentsOfFile: directory + "/" + report, encoding: .utf8)
        #expect(written.contains("name=\"express-happy.scenario\""), "\(written)")
      }
    }
  }
}
