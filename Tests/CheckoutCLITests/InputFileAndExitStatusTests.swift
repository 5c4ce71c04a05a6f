import CheckoutCLI
import Foundation
import Testing

/// One file reader and one exit-status rule for every command: a file that cannot
/// be read is 2 with the system's reason (lint included); a flow with problems is
/// 1 for lint and 2 for the others; directories, FIFOs, devices, symbolic-link
/// loops and files over 64 MiB are refused with what they are, never read or waited on.
@Suite struct InputFileAndExitStatusTests {
  static let good = LintAndGraphCommandTests.good
  static let typo = LintAndGraphCommandTests.typo

  /// Every command given `path` as its file.
  static func everyCommand(_ path: String) -> [[String]] {
    [
      ["lint", path], ["lint", "--json", path], ["graph", path],
      ["plan", path, "--from", "cart", "--to", "creditCard"], ["replay", path], ["repl", path],
    ]
  }

  @Test func aMissingFileIsTwoForEveryCommandWithTheSystemsReason() throws {
    try withFlowDirectory([:]) { directory in
      for arguments in Self.everyCommand("nowhere.json") {
        let result = runCheckout(arguments, in: directory)
        #expect(result.status == 2, "\(arguments)")
        #expect(
          (result.output + result.error).contains(
            "nowhere.json: error: cannot read the file: No such file or directory")
            || result.output.contains("\"message\" : \"cannot read the file: No such file or directory\""),
          "\(arguments): \(result.output)\(result.error)")
      }
    }
  }

  @Test func aFlowWithProblemsIsOneForLintAndTwoForTheOthers() throws {
    try withFlowDirectory(["typo.json": Self.typo, "s.scenario": "flow typo.json\n"]) { directory in
      #expect(runCheckout(["lint", "typo.json"], in: directory).status == 1)
      for arguments in [
        ["graph", "typo.json"], ["plan", "typo.json", "--from", "cart", "--to", "cart"], ["repl", "typo.json"],
        ["replay", "s.scenario"],
      ] {
        let result = runCheckout(arguments, in: directory)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.error.contains("unknown step \"creditCrd\""), "\(arguments): \(result.error)")
      }
    }
  }

  @Test func anUnreadableFileAmongFlowsWithProblemsIsStillTwoForLint() throws {
    let result = try withFlowDirectory(["typo.json": Self.typo]) {
      runCheckout(["lint", "typo.json", "missing.json"], in: $0)
    }
    #expect(result.status == 2)
  }

  @Test func aDirectoryIsSaidToBeOne() throws {
    try withFlowDirectory(["s.scenario": "flow flows\n"]) { directory in
      try FileManager.default.createDirectory(atPath: directory + "/flows", withIntermediateDirectories: false)
      // `replay DIR` replays the directory's stories (ReplayLocationsTests): this one holds none.
      for arguments in Self.everyCommand("flows") where arguments.first != "replay" {
        let result = runCheckout(arguments, in: directory)
        #expect(result.status == 2, "\(arguments)")
        #expect(
          (result.output + result.error).contains("cannot read the file: it is a directory, not a file"), "\(arguments)"
        )
      }
      let replay = runCheckout(["replay", "flows"], in: directory)
      #expect(replay.status == 2)
      #expect(
        replay.error
          == "flows: error: the directory holds no .scenario file to replay (its subdirectories are not read)\n")
      let scenario = runCheckout(["replay", "s.scenario"], in: directory)
      #expect(scenario.status == 2)
      #expect(
        scenario.error.contains(
          "s.scenario:1: error: cannot load the flow flows: cannot read the file: it is a directory, not a file"))
    }
  }

  @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
    try withFlowDirectory([:]) { directory in
      #expect(mkfifo(directory + "/pipe.json", 0o600) == 0)
      for arguments in Self.everyCommand("pipe.json") {
        let result = runCheckout(arguments, in: directory)
        #expect(result.status == 2, "\(arguments)")
        #expect(
          (result.output + result.error).contains(
            "cannot read the file: it is a FIFO (a named pipe), not a regular file"),
          "\(arguments)")
      }
    }
  }

  @Test func aDeviceIsRefusedWithoutReadingIt() {
    for arguments in Self.everyCommand("/dev/zero") + [["plan", "/dev/null", "--from", "cart", "--to", "cart"]] {
      let result = runCheckout(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(
        (result.output + result.error).contains("cannot read the file: it is a device, not a regular file"),
        "\(arguments)")
    }
  }

  @Test func aSymbolicLinkLoopIsSaidToBeOne() throws {
    try withFlowDirectory([:]) { directory in
      try FileManager.default.createSymbolicLink(atPath: directory + "/loop.json", withDestinationPath: "loop.json")
      for arguments in Self.everyCommand("loop.json") {
        let result = runCheckout(arguments, in: directory)
        #expect(result.status == 2, "\(arguments)")
        #expect(
          (result.output + result.error).contains("cannot read the file: Too many levels of symbolic links"),
          "\(arguments)")
      }
    }
  }

  @Test func aFileOverTheLimitIsNotRead() throws {
    try withFlowDirectory([:]) { directory in
      // A sparse file: 65 MiB long, no disk used.
      let path = directory + "/big.json"
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      try handle.truncate(atOffset: UInt64(65 * 1_048_576))
      try handle.close()
      for arguments in Self.everyCommand("big.json") {
        let result = runCheckout(arguments, in: directory)
        #expect(result.status == 2, "\(arguments)")
        #expect(
          (result.output + result.error).contains(
            "cannot read the file: it is 65.0 MiB; files over 64 MiB are not read"),
          "\(arguments)")
      }
    }
  }

  @Test func aDataFileThatCannotBeReadIsTwo() throws {
    try withFlowDirectory(["good.json": Self.good]) { directory in
      let result = runCheckout(
        ["plan", "good.json", "--from", "cart", "--to", "creditCard", "--data", "none.json"], in: directory)
      #expect(result.status == 2)
      #expect(result.error == "none.json: error: cannot read the file: No such file or directory\n")
    }
  }

  @Test(arguments: [
    (
      ["repl", "--today", "nonsense"], "error: --today: \"nonsense\" is not a date; write YYYY-MM-DD, like 2026-11-21\n"
    ),
    (["repl", "--today", "2026-02-30"], "error: --today: \"2026-02-30\" is not a date: February 2026 has 28 days\n"),
    (
      ["plan", "good.json", "--from", "cart", "--to", "cart", "--today", "2026-02-30"],
      "error: --today: \"2026-02-30\" is not a date: February 2026 has 28 days\n"
    ),
    (
      ["generate", "good.json", "--today", "2026-11-31"],
      "error: --today: \"2026-11-31\" is not a date: November 2026 has 30 days\n"
    ),
  ])
  func aDayThatIsNotADateIsTwo(_ arguments: [String], _ message: String) throws {
    let result = try withFlowDirectory(["good.json": Self.good]) { runCheckout(arguments, in: $0) }
    #expect(result.status == 2)
    #expect(result.error == message)
    #expect(result.output == "")
  }

  @Test func planFromAStateTheFlowCannotBeInIsRefusedWithWhichStepDoesNotOpenWhich() throws {
    let result = try withFlowDirectory(["good.json": Self.good]) {
      runCheckout(["plan", "good.json", "--from", "cart>thanks", "--to", "creditCard"], in: $0)
    }
    #expect(result.status == 2)
    #expect(
      result.error
        == "error: --from cart>thanks: thanks is a reset step: opening it replaces the whole stack, so it can only be at the bottom\n"
    )
    let modal = try withFlowDirectory(["good.json": Self.good]) {
      runCheckout(["plan", "good.json", "--from", "cart|thanks", "--to", "creditCard"], in: $0)
    }
    #expect(modal.status == 2)
    #expect(
      modal.error
        == "error: --from cart|thanks: thanks is a reset step: opening it replaces the whole stack, so it can only be at the bottom\n"
    )
    let unopened = try withFlowDirectory(["good.json": Self.good]) {
      runCheckout(["plan", "good.json", "--from", "cart>creditCard", "--to", "thanks"], in: $0)
    }
    #expect(unopened.status == 2)
    #expect(
      unopened.error
        == "error: --from cart>creditCard: cart presents creditCard as a modal: it starts a new layer, written cart|creditCard\n"
    )
  }

  @Test func manyProblemsArePrintedUpToTheLimitAndCounted() throws {
    let members = (0..<1_000).map { "\"x\($0)\":1" }.joined(separator: ",")
    let flow =
      #"{"format":1,"id":"big","title":"Big","start":"a","steps":[{"id":"a","title":"A","rows":[],"# + members + "}]}"
    try withFlowDirectory(["big.json": flow]) { directory in
      let lint = runCheckout(["lint", "big.json"], in: directory)
      #expect(lint.status == 1)
      let lines = lint.output.split(separator: "\n")
      #expect(lines.count == 202)
      // Lint's own problems come in the same run: the flow has no fallback matcher.
      #expect(
        lines.suffix(2) == ["big.json: … and 800 more errors and 1 more warning", "1,000 errors, 1 warning in 1 file"])
      let json = runCheckout(["lint", "--json", "big.json"], in: directory)
      #expect(json.status == 1)
      let root = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
      #expect(root["errors"] as? Int == 1_000)
      let file = try #require((root["files"] as? [[String: Any]])?.first)
      #expect((file["diagnostics"] as? [Any])?.count == 200)
      #expect(file["omittedErrors"] as? Int == 800)
      let graph = runCheckout(["graph", "big.json"], in: directory)
      #expect(graph.status == 2)
      #expect(
        graph.error.split(separator: "\n").suffix(2) == [
          "… and 800 more errors", "error: big.json cannot be loaded; run 'checkout lint big.json' for details",
        ])
    }
  }
}

/// The REPL shows what the session says about out-of-turn screens and values set by key.
@Suite struct ReplNoticeTests {
  @Test func theREPLPrintsNoticesAndErrorsOfValuesSetByKey() {
    let capture = CapturedTerminal()
    var reader: any LineReader = ReplayAndReplTests.ScriptedReader(lines: [
      "manual", "tap checkout", "appear cart", "set cart.quantity abc",
    ])
    let status = ReplCommand.run(.onTheTestDay, capture.terminal, reader: &reader)
    #expect(status.code == 0)
    #expect(
      capture.output.contains(
        "! appeared cart while waiting for stepOne after `push stepOne`: the `push stepOne` was given up; at cart, nothing is pending now\n"
      ))
    #expect(capture.output.contains("! Choose a quantity from 1 to 99."))
  }
}
