import CheckoutCLI
import CheckoutEngine
import Foundation
import Testing

/// `restore FILE`: a session carried on from a snapshot (one `snapshot FILE` wrote,
/// or a store's row), at the REPL, in a recording and in a scenario; and every
/// file it cannot use refused with the reason, the session as it was.
@Suite struct RestoreCommandTests {
  static let plndr = SnapshotForMigrateTests.plndr
  static let v1 = SnapshotForMigrateTests.v1
  static let express = SnapshotForMigrateTests.root.appendingPathComponent("Flows/express.json").path
  /// The row the example server's PostgreSQL store keeps (PLNDR v1, a sealed card number).
  static let storedRow = SnapshotForMigrateTests.root.appendingPathComponent(
    "Examples/evolution/stored/postgres-row.json"
  ).path

  func repl(_ lines: [String], in directory: String, record: String? = nil) -> (status: Int32, output: String) {
    var options = ReplCommand.Options.onTheTestDay
    options.record = record
    return runREPL(lines, options, in: directory)
  }

  @Test func theREPLCarriesOnFromASnapshotAndItsRecordingReplays() throws {
    try withFlowDirectory([:]) { directory in
      try FileManager.default.createDirectory(atPath: directory + "/stored", withIntermediateDirectories: true)
      let result = repl(
        [
          "tap checkout", "tap creditCard", "set name \"Ada Lovelace\"", "set number 4242424242424242",
          "set cvv 987", "snapshot stored/at-card.json", "back", "back", "stack", "restore stored/at-card.json",
          "stack", "restore stored/none.json", "stack",
        ], in: directory, record: "walk.scenario")
      #expect(result.status == 0)
      #expect(result.output.contains("restored stored/at-card.json: cart>stepOne|creditCard\n"))
      #expect(
        result.output.contains(
          "error: cannot restore stored/none.json: cannot read the file: No such file or directory\n"))
      // After the failed restore the session is still the restored one.
      let lines = result.output.split(separator: "\n")
      #expect(lines.suffix(2).first == "cart>stepOne|creditCard", "\(result.output)")
      #expect(!result.output.contains("987"), "a secret is never printed")
      let screen = try #require(result.output.components(separatedBy: "restored stored/at-card.json").last)
      #expect(screen.contains("Ada Lovelace") && screen.contains("•••• 4242"))
      let recording = try String(contentsOfFile: directory + "/walk.scenario", encoding: .utf8)
      #expect(recording.contains("\nrestore stored/at-card.json\nexpect stack cart>stepOne|creditCard\n"))
      #expect(recording.contains("# left out, it failed: restore stored/none.json\n"))
      let replay = runCheckout(["replay", "walk.scenario"], in: directory)
      #expect(replay.status == 0, "\(replay.output)\(replay.error)")
    }
  }

  @Test func aRecordingNamesTheSnapshotRelativeToItself() throws {
    try withFlowDirectory([:]) { directory in
      for folder in ["stored", "stories"] {
        try FileManager.default.createDirectory(atPath: directory + "/" + folder, withIntermediateDirectories: true)
      }
      let result = repl(
        ["tap checkout", "snapshot stored/one.json", "back", "restore stored/one.json"], in: directory,
        record: "stories/again.scenario")
      #expect(result.status == 0)
      let recording = try String(contentsOfFile: directory + "/stories/again.scenario", encoding: .utf8)
      #expect(recording.contains("\nrestore ../stored/one.json\nexpect stack cart>stepOne\n"), "\(recording)")
      let replay = runCheckout(["replay", "stories/again.scenario"], in: directory)
      #expect(replay.status == 0, "\(replay.output)\(replay.error)")
    }
  }

  @Test func aScenarioRestoresAStoresRowWithItsSealedCardNumberMasked() throws {
    // The row the example server's PostgreSQL store keeps, made on v1 of PLNDR.
    let story = """
      flow \(Self.v1)
      restore \(Self.storedRow)
      expect value payment.card.name "Ada Lovelace"
      expect value payment.card.number ••••
      """
    try withFlowDirectory(["s.scenario": story]) { directory in
      let replay = runCheckout(["replay", "s.scenario", "--verbose"], in: directory)
      #expect(replay.status == 0, "\(replay.output)\(replay.error)")
      #expect(replay.output.contains("2 passed, 0 failed"), "\(replay.output)")
    }
  }

  @Test func restoreWithoutAFileIsAScenarioThatCannotRun() throws {
    try withFlowDirectory(["s.scenario": "flow \(Self.plndr)\nrestore\n"]) { directory in
      let replay = runCheckout(["replay", "s.scenario"], in: directory)
      #expect(replay.status == 2)
      #expect(
        replay.error.hasPrefix(
          "s.scenario:2:8: error: 'restore' needs a snapshot file to carry on from, like cart.json\n"),
        "\(replay.error)")
    }
  }

  @Test(arguments: [
    (
      "restore none.json",
      "s.scenario:2:9: error: cannot restore none.json: cannot read the file: No such file or directory"
    ),
    (
      "restore lines.json",
      "s.scenario:2:9: error: cannot restore lines.json: it holds 2 snapshots, one a line; restore takes a file with one"
    ),
    (
      "restore express.json",
      #"s.scenario:2:9: error: cannot restore express.json: the snapshot is of flow "express", not "plndr""#
    ),
    ("restore broken.json", "s.scenario:2:9: error: cannot restore broken.json: not valid JSON: "),
  ])
  func aFileRestoreCannotUseStopsTheScenarioSayingWhy(line: String, error: String) throws {
    let plndrSnapshot = String(
      decoding: CheckoutSession(flow: CompiledFlow(try FlowLoader().load(contentsOf: Self.plndr))).snapshotJSON(),
      as: UTF8.self)
    let expressSnapshot = String(
      decoding: CheckoutSession(flow: CompiledFlow(try FlowLoader().load(contentsOf: Self.express))).snapshotJSON(),
      as: UTF8.self)
    let files = [
      "s.scenario": "flow \(Self.plndr)\n\(line)\nexpect at cart\n",
      "lines.json": plndrSnapshot + "\n" + plndrSnapshot + "\n",
      "express.json": expressSnapshot,
      "broken.json": "{\"flow\": \"plndr\",",
    ]
    try withFlowDirectory(files) { directory in
      let replay = runCheckout(["replay", "s.scenario"], in: directory)
      #expect(replay.status == 1)
      #expect(replay.error.hasPrefix(error), "\(replay.error)")
    }
  }

  @Test func restoreBeforeAFlowAsksForTheFlow() throws {
    try withFlowDirectory(["s.scenario": "restore x.json\n"]) { directory in
      let replay = runCheckout(["replay", "s.scenario"], in: directory)
      #expect(replay.status == 2, "a story that could not be run")
      #expect(replay.error == "s.scenario:1: error: no flow yet; start the scenario with 'flow PATH'\n")
    }
  }

  @Test func aSnapshotTakenMidRouteIsConfirmedInAutoModeAndWaitsInManualMode() throws {
    // Manual mode: the tap's present waits for its appearance when the snapshot is taken.
    let story = """
      flow \(Self.plndr)
      manual
      tap checkout
      snapshot waiting.json
      appear stepOne
      expect at stepOne
      %@
      restore waiting.json
      %@
      """
    for (mode, check) in [("auto", "expect at stepOne"), ("manual", "expect stack cart")] {
      let text = story.replacingOccurrences(of: "%@\nrestore", with: "\(mode)\nrestore")
        .replacingOccurrences(of: "waiting.json\n%@", with: "waiting.json\n\(check)")
      try withFlowDirectory(["s.scenario": text]) { directory in
        let replay = runCheckout(["replay", "s.scenario"], in: directory)
        #expect(replay.status == 0, "\(mode): \(replay.output)\(replay.error)")
      }
    }
  }
}
