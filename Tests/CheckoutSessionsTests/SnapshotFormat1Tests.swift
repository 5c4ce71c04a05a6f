import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutModel
@testable import CheckoutPlanning
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// Snapshots written in format 1 (the mode as five fields: `offer`, `queued`,
/// `driver`, `pending`, `focus`) still restore, into the one ``SessionMode``, and
/// behave as the same session written in the current format: the fixtures are the
/// fuzz seeds as format 1 wrote them, one per point of the PLNDR story.
@Suite struct SnapshotFormat1Tests {
  static let folder = PackagePaths.root.appendingPathComponent("Tests/CheckoutSessionsTests/Fixtures/snapshots-format1")

  /// Each story session with its format-1 snapshot.
  static func cases() throws -> [(name: String, session: CheckoutSession, format1: Data)] {
    try SnapshotJSONTests.sessions().map { name, session in
      let file = name.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: ",", with: "") + ".json"
      return (name, session, try Data(contentsOf: folder.appendingPathComponent(file)))
    }
  }

  /// Every event kind, aimed at what the story's sessions wait for.
  static let events: [SessionEvent] = [
    .tap("placeOrder"), .tap("discount"), .set(.key("payment.card.cvv"), .string("456")),
    .set(.key("shipping.zip"), .string("97202")), .back, .appeared("stepOne"), .appeared("creditCard"),
    .appeared("cart"), .apiSucceeded("placeOrder", [:]),
    .apiFailed("placeOrder", [APIError(code: "cvv_invalid", field: "payment.card.cvv")]),
    .callAgain("placeOrder"), .apiExpired("placeOrder"), .accept, .decline,
  ]

  @Test func theFixturesAreFormat1() throws {
    let cases = try Self.cases()
    #expect(cases.count == 8)
    for (name, _, format1) in cases {
      #expect(String(decoding: format1, as: UTF8.self).contains(#""format":1,"#), "\(name)")
      #expect(!String(decoding: format1, as: UTF8.self).contains(#""mode":"#), "\(name)")
    }
  }

  @Test func format1SnapshotsRestoreToTheSameModeAndState() throws {
    for (name, session, format1) in try Self.cases() {
      let restored = try CheckoutSession(restoringJSON: format1, flow: ShippedFlows.plndrCompiled)
      // Format 1 named no call for its errors.
      let written = try session.snapshot().unattributed
      #expect(restored.mode == written.mode, "\(name)")
      #expect(restored.snapshot().undigested == written.undigested, "\(name)")
      #expect(try SessionSnapshot(json: format1).format == SessionSnapshot.currentFormat, "\(name)")
    }
  }

  /// Each event, sent to the session restored from format 1 and to the one
  /// restored from the current format, gives the same effects and the same session.
  @Test func format1SnapshotsBehaveAsTheCurrentFormat() throws {
    for (name, session, format1) in try Self.cases() {
      let old = try CheckoutSession(restoringJSON: format1, flow: ShippedFlows.plndrCompiled)
      var current = try CheckoutSession(
        restoring: session.snapshot().unattributed, flow: ShippedFlows.plndrCompiled)
      // Format 1 wrote no digests (the restored calls are retried unchecked), nor
      // which call its errors came from.
      for operation in current.calls.keys { current.calls[operation]?.digest = nil }
      for event in Self.events {
        var fromOld = old
        var fromCurrent = current
        #expect(fromOld.send(event) == fromCurrent.send(event), "\(name): \(event)")
        #expect(fromOld.snapshot().undigested == fromCurrent.snapshot().undigested, "\(name): \(event)")
      }
    }
  }
}

extension SessionSnapshot {
  /// The snapshot without its calls' digests, which formats 1 and 2 did not write
  /// (a call restored from them is retried unchecked).
  var undigested: SessionSnapshot {
    var copy = self
    copy.calls = calls.map { call in
      var call = call
      call.digest = nil
      return call
    }
    copy.unanswered = unanswered?.map { call in
      var call = call
      call.digest = nil
      return call
    }
    return copy
  }
}

/// Format 2's mode member says where it is wrong, as the snapshot pages show.
@Suite struct SnapshotModeJSONTests {
  static func json(_ name: String) throws -> String {
    let session = try #require(SnapshotJSONTests.sessions().first { $0.name == name }).session
    return String(decoding: session.snapshotJSON(), as: UTF8.self)
  }

  @Test func modeErrorsNameTheirPath() throws {
    let routing = try Self.json("a route in progress")
    #expect(
      SnapshotFixtures.error(
        routing.replacingOccurrences(of: #"["present creditCard"]"#, with: #"["present creditCard",3]"#))
        == "snapshot JSON: mode.routing.driver.state.awaiting.remaining[1]: expected a String, found number")
    #expect(
      SnapshotFixtures.error(
        routing.replacingOccurrences(of: #"["pop","present creditCard"]"#, with: #"["pop","jump creditCard"]"#))
        == #"snapshot JSON: mode.routing.driver.route.commands[1]: "jump creditCard" is not a navigation command"#)
    let offering = try Self.json("an offer waiting, an error queued")
    #expect(
      SnapshotFixtures.error(offering.replacingOccurrences(of: #""from":"stepTwo","#, with: ""))
        == #"snapshot JSON: mode.offering.offer: missing required key "from""#)
    // An empty member may be left out (issue 25): a snapshot without its mode is idle.
    let fresh = try Self.json("fresh")
    let withoutMode = fresh.replacingOccurrences(of: #""mode":{"idle":{"correction":{"queued":[]}}},"#, with: "")
    #expect(withoutMode != fresh)
    #expect(try SessionSnapshot(json: Data(withoutMode.utf8)).mode == .start)
    #expect(
      SnapshotFixtures.error(
        fresh.replacingOccurrences(of: #""mode":{"idle":"#, with: #""mode":{"idle":{},"routing":"#))
        == #"snapshot JSON: mode: expected a SessionMode: Invalid number of keys found, expected one."#)
  }

  /// A route in progress that is not (a finished driver in `routing`) is refused on restore.
  @Test func aRoutingModeMustDriveARoute() throws {
    let routing = try Self.json("a route in progress")
    let arrived = routing.replacingOccurrences(
      of: #"{"awaiting":{"expected":"stepOne","pending":"pop","remaining":["present creditCard"]}}"#,
      with: #"{"arrived":{"_0":"creditCard"}}"#)
    #expect(
      SnapshotFixtures.restoreError(arrived)?.hasPrefix(
        "the snapshot's mode routing holds a route that is not in progress (arrived at creditCard") == true)
  }
}
