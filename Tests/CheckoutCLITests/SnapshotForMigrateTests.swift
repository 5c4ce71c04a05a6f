import CheckoutCLI
import CheckoutEngine
import Foundation
import Testing

/// Snapshots a user can get and `checkout migrate` reads: written by `snapshot
/// FILE` at the REPL and in scenarios, written by hand with empty members left
/// out, or kept by a store as a row around the snapshot (with sealed card numbers).
@Suite struct SnapshotForMigrateTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let plndr = root.appendingPathComponent("Flows/plndr.json").path
  static let v1 = root.appendingPathComponent("Examples/evolution/plndr-v1.json").path
  static let v2 = root.appendingPathComponent("Examples/evolution/plndr-v2.json").path

  static func fingerprint(_ path: String) throws -> String {
    CheckoutSession(flow: CompiledFlow(try FlowLoader().load(contentsOf: path))).snapshot().fingerprint
  }

  @Test func theREPLWritesASnapshotWithoutTheSecretAndMigrateReadsIt() throws {
    try withFlowDirectory([:]) { directory in
      let capture = CapturedTerminal(directory: directory)
      var reader: any LineReader = ReplayAndReplTests.ScriptedReader(lines: [
        "tap checkout", "tap creditCard", "set number 4242424242424242", "set cvv 987", "snapshot at-card.json",
        "snapshot no/such/dir/x.json", "stack",
      ])
      let status = ReplCommand.run(.onTheTestDay, capture.terminal, reader: &reader)
      #expect(status == .success)
      #expect(capture.output.contains("snapshot written to at-card.json\n"))
      #expect(
        capture.output.contains(
          "error: cannot write the snapshot to no/such/dir/x.json: No such file or directory\n"))
      #expect(capture.output.hasSuffix("cart>stepOne|creditCard\n"), "the REPL went on")
      let written = try String(contentsOfFile: directory + "/at-card.json", encoding: .utf8)
      #expect(written.contains(#""payment.card.number":"•••• 4242""#))
      #expect(!written.contains("987") && !written.contains("4242424242424242"))
      #expect(written.hasSuffix("}\n"))
      let migrate = runCheckout(["migrate", "--to", Self.plndr, "at-card.json"], in: directory)
      #expect(migrate.status == 0, "\(migrate.output)\(migrate.error)")
      #expect(migrate.output == "at-card.json: unchanged\n1 snapshot: 1 unchanged, 0 migrated, 0 refused\n")
    }
  }

  @Test func aScenarioWritesItsSnapshotRelativeToItself() throws {
    let story = """
      flow \(Self.v1)
      tap discount
      snapshot ../stored/at-discount.json
      expect at discount
      snapshot no/such/dir/x.json
      expect at discount
      """
    try withFlowDirectory([:]) { directory in
      for folder in ["stories", "stored"] {
        try FileManager.default.createDirectory(atPath: directory + "/" + folder, withIntermediateDirectories: true)
      }
      try story.write(toFile: directory + "/stories/s.scenario", atomically: true, encoding: .utf8)
      let replay = runCheckout(["replay", "stories/s.scenario"], in: directory)
      #expect(replay.status == 1, "a snapshot that cannot be written is a line that cannot run")
      #expect(
        replay.error
          == "stories/s.scenario:5: error: cannot write the snapshot to no/such/dir/x.json: No such file or directory\n"
      )
      #expect(replay.output == "stories/s.scenario: stopped at line 5: 1 line not run\n1 passed, 1 failed\n")
      let migrate = runCheckout(["migrate", "--to", Self.v2, "stored/at-discount.json"], in: directory)
      #expect(migrate.status == 0, "\(migrate.error)")
      #expect(
        migrate.output == """
          stored/at-discount.json: migrated
            plndr v1 -> v2: 1 change
              cut navigation: cart|discount -> cart: step "discount" is not in v2; cut back to cart
          1 snapshot: 0 unchanged, 1 migrated, 0 refused

          """)
    }
  }

  @Test func aMinimalHandWrittenSnapshotIsAccepted() throws {
    let minimal = """
      {"format": 2, "flow": "plndr", "flowVersion": 1, "fingerprint": "\(try Self.fingerprint(Self.v1))",
       "navigation": "cart>stepOne", "data": {"shipping.zip": "9720"}}
      """
    let idle = """
      {"format": 2, "flow": "plndr", "flowVersion": 1, "fingerprint": "\(try Self.fingerprint(Self.v1))",
       "navigation": "cart", "mode": {"idle": {}}}
      """
    try withFlowDirectory(["minimal.json": minimal, "idle.json": idle]) { directory in
      let onV1 = runCheckout(["migrate", "--to", Self.v1, "minimal.json", "idle.json"], in: directory)
      #expect(onV1.status == 0, "\(onV1.output)")
      #expect(onV1.output.hasSuffix("2 snapshots: 2 unchanged, 0 migrated, 0 refused\n"))
      let onV2 = runCheckout(["migrate", "--to", Self.v2, "minimal.json"], in: directory)
      #expect(onV2.status == 0, "\(onV2.output)")
      #expect(onV2.output.contains("renamed step: stepOne -> shipping"))
      #expect(onV2.output.contains("rejected value: shipping.zip"))
    }
  }

  @Test func aStoredRowAroundTheSnapshotIsReadAndItsSealedValuesAreNotChecked() throws {
    var session = CheckoutSession(flow: CompiledFlow(try FlowLoader().load(contentsOf: Self.v1)))
    session.send(.tap("checkout"))
    session.send(.appeared("stepOne"))
    var snapshot = session.snapshot()
    snapshot.data["payment.card.number"] = .string("sealed:v2:k1:3q2+7w==")
    let object = try JSONSerialization.jsonObject(with: snapshot.jsonData())
    let row: [String: Any] = [
      "id": "1bb3f", "version": 4, "flow": "plndr", "snapshot": object, "created_at": "2026-11-26T07:00:00Z",
      "updated_at": "2026-11-26T07:01:00Z", "seen_at": NSNull(),
    ]
    let rowJSON = try JSONSerialization.data(withJSONObject: row)
    var textRow = row
    textRow["snapshot"] = String(decoding: snapshot.jsonData(), as: UTF8.self)
    let textRowJSON = try JSONSerialization.data(withJSONObject: textRow)
    try withFlowDirectory([:]) { directory in
      try rowJSON.write(to: URL(fileURLWithPath: directory + "/row.json"))
      try textRowJSON.write(to: URL(fileURLWithPath: directory + "/text-row.json"))
      try snapshot.jsonData().write(to: URL(fileURLWithPath: directory + "/column.json"))
      let result = runCheckout(
        ["migrate", "--to", Self.v2, "row.json", "text-row.json", "column.json", "--from", Self.v1], in: directory)
      #expect(result.status == 0, "\(result.output)\(result.error)")
      #expect(result.output.components(separatedBy: "renamed step: stepOne -> shipping").count == 4)
      #expect(!result.output.contains("payment.card.number"), "a sealed value is not checked: \(result.output)")
      #expect(result.output.hasSuffix("3 snapshots: 0 unchanged, 3 migrated, 0 refused\n"))
    }
  }

  @Test func aRowWhoseSnapshotIsBrokenSaysSo() throws {
    try withFlowDirectory(["row.json": #"{"id": "s", "snapshot": {"format": 2, "flow": "plndr"}}"#]) { directory in
      let result = runCheckout(["migrate", "--to", Self.v2, "row.json"], in: directory)
      #expect(result.status == 1)
      #expect(
        result.output.hasPrefix(
          #"row.json: refused: snapshot JSON: snapshot: missing required key "fingerprint""#))
    }
  }

  @Test func aSnapshotThatIsNotStrictJSONSaysWhereAndATrailingCommaIsRefused() throws {
    let files = [
      "broken.json": "{\"format\": 3,\n  \"flow\": plndr}",
      "comma.json": #"{"format": 3, "flow": "plndr", "navigation": "cart",}"#,
      "twice.json": #"{"format": 3, "flow": "plndr", "flow": "shop"}"#,
      "empty.json": "",
    ]
    try withFlowDirectory(files) { directory in
      let result = runCheckout(
        ["migrate", "--to", Self.v2, "broken.json", "comma.json", "twice.json", "empty.json"], in: directory)
      #expect(result.status == 1)
      let lines = result.output.split(separator: "\n").map(String.init)
      #expect(
        lines.contains {
          $0.hasPrefix("broken.json: refused: not valid JSON: ") && $0.hasSuffix("at line 2, column 11")
        }, "\(lines)")
      #expect(
        lines.contains { $0.hasPrefix("comma.json: refused: not valid JSON: ") && $0.contains("at line 1, column") },
        "\(lines)")
      #expect(
        lines.contains { $0.hasPrefix(#"twice.json: refused: not valid JSON: duplicate member "flow""#) }, "\(lines)")
      // Was: `the the snapshot is empty`.
      #expect(
        lines.contains(
          "empty.json: refused: not valid JSON: the snapshot is empty; expected a JSON object at line 1, column 1"),
        "\(lines)")
    }
  }

  @Test func aRefusalNamesTheVersionAndTheFingerprint() throws {
    let fingerprint = try Self.fingerprint(Self.v1)
    let sameVersion = """
      {"format": 2, "flow": "plndr", "flowVersion": 1, "fingerprint": "0123456789abcdef", "navigation": "cart"}
      """
    let otherVersion = """
      {"format": 2, "flow": "plndr", "flowVersion": 0, "fingerprint": "\(fingerprint)", "navigation": "cart"}
      """
    try withFlowDirectory(["same.json": sameVersion, "other.json": otherVersion]) { directory in
      let result = runCheckout(
        ["migrate", "--to", Self.v2, "--from", Self.v1, "same.json", "other.json"], in: directory)
      #expect(result.status == 1)
      #expect(
        result.output == """
          same.json: refused: made on v1 (fingerprint 0123456789abcdef), not on --from's v1 (fingerprint \(fingerprint)): the fingerprint differs (the flow's steps, rows or keys changed without a new version)
          other.json: refused: made on v0 (fingerprint \(fingerprint)), not on --from's v1 (fingerprint \(fingerprint)): the version differs
          2 snapshots: 0 unchanged, 0 migrated, 2 refused

          """)
    }
  }
}

extension SnapshotForMigrateTests {
  @Test func aFileOfOneSnapshotALineIsReadLineByLine() throws {
    let fingerprint = try Self.fingerprint(Self.v1)
    let lines = [
      #"{"format": 2, "flow": "plndr", "flowVersion": 1, "fingerprint": "\#(fingerprint)", "navigation": "cart|discount"}"#,
      "",
      #"{"id": "s2", "snapshot": {"format": 2, "flow": "plndr", "flowVersion": 1, "fingerprint": "\#(fingerprint)", "navigation": "cart"}}"#,
      #"{"format": 2, "flow": "shop", "fingerprint": "x", "navigation": "cart"}"#,
    ]
    try withFlowDirectory(["all.jsonl": lines.joined(separator: "\n") + "\n"]) { directory in
      let result = runCheckout(["migrate", "--to", Self.v2, "all.jsonl"], in: directory)
      #expect(result.status == 1)
      #expect(result.output.hasPrefix("all.jsonl:1: migrated\n"))
      #expect(result.output.contains("\nall.jsonl:3: unchanged\n"), "at the cart, nothing changes")
      #expect(result.output.contains("\nall.jsonl:4: refused: the snapshot is of flow \"shop\", not \"plndr\"\n"))
      #expect(result.output.hasSuffix("3 snapshots: 1 unchanged, 1 migrated, 1 refused\n"))
    }
  }
}

extension SnapshotForMigrateTests {
  /// `Examples/evolution/stored/` holds what the example server's PostgreSQL store
  /// wrote for a session on PLNDR v1 at Credit Card, card number entered (sealed by
  /// the server) and CVV typed: `psql -At -c "SELECT snapshot FROM sessions"` and
  /// `SELECT row_to_json(s) FROM sessions s`.
  @Test func whatTheServersPostgreSQLStoreWroteMigrates() throws {
    let stored = Self.root.appendingPathComponent("Examples/evolution/stored")
    let files = ["postgres-row.json", "postgres-snapshot-column.jsonl"].map { stored.appendingPathComponent($0).path }
    for file in files {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      #expect(text.contains("\"payment.card.number\": \"sealed:v2:"), "the server sealed the card number")
      #expect(!text.contains("7391"), "the CVV typed was never stored")
    }
    let result = runCheckout(["migrate", "--to", Self.v2, "--from", Self.v1] + files)
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(
      result.output == """
        \(files[0]): migrated
          plndr v1 -> v2: 2 changes
            renamed step: stepOne -> shipping
            cut navigation: cart>stepOne|creditCard -> cart>shipping: cart>shipping no longer presents creditCard in v2 (it presents address); cut back to cart>shipping
        \(files[1]): migrated
          plndr v1 -> v2: 2 changes
            renamed step: stepOne -> shipping
            cut navigation: cart>stepOne|creditCard -> cart>shipping: cart>shipping no longer presents creditCard in v2 (it presents address); cut back to cart>shipping
        2 snapshots: 0 unchanged, 2 migrated, 0 refused

        """)
  }
}
