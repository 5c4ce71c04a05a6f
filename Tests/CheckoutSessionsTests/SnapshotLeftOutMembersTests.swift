import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutModel
@testable import CheckoutPlanning
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// A snapshot whose empty members are left out, as the snapshot article allows and
/// a person writes one by hand, reads as the snapshot with them empty; what the
/// writer writes is unchanged.
@Suite struct SnapshotLeftOutMembersTests {
  static let fingerprint = ShippedFlows.plndrCompiled.fingerprint

  @Test func aMinimalSnapshotRestoresIdleWithTheFlowsData() throws {
    let minimal = #"{"format":2,"flow":"plndr","fingerprint":"\#(Self.fingerprint)","navigation":"cart>stepOne"}"#
    let snapshot = try SessionSnapshot(json: Data(minimal.utf8))
    #expect(snapshot.data.isEmpty && snapshot.rowErrors.isEmpty && snapshot.calls.isEmpty)
    #expect(snapshot.mode == .start)
    let session = try CheckoutSession(restoring: snapshot, flow: ShippedFlows.plndrCompiled)
    #expect(session.navigation.description == "cart>stepOne")
    #expect(
      session.snapshot()
        == CheckoutSession(flow: ShippedFlows.plndrCompiled).snapshot().with(navigation: "cart>stepOne"))
  }

  @Test func aModeWithoutItsEmptyMembersReads() throws {
    let offer =
      #"{"resolution":{"step":"creditCard","row":"cvv","message":"Bad CVV.","error":{"code":"cvv_invalid"}},"from":"stepTwo"}"#
    let driver =
      #"{"state":{"awaiting":{"expected":"stepOne","pending":"pop","remaining":["present creditCard"]}},"resolution":{"step":"creditCard","row":"cvv","message":"Bad CVV.","error":{"code":"cvv_invalid"}},"replans":0}"#
    let cases: [(mode: String, expected: String)] = [
      (#"{"idle":{}}"#, "idle"), (#"{"idle":{"correction":{}}}"#, "idle"),
      (#"{"offering":{"offer":\#(offer)}}"#, "offering"), (#"{"routing":{"driver":\#(driver)}}"#, "routing"),
    ]
    for (mode, expected) in cases {
      let json =
        #"{"format":2,"flow":"plndr","fingerprint":"\#(Self.fingerprint)","navigation":"cart>stepOne>stepTwo","mode":\#(mode)}"#
      let snapshot = try SessionSnapshot(json: Data(json.utf8))
      #expect(snapshot.mode.name == expected, "\(mode)")
      #expect(snapshot.mode.correction.queued.isEmpty, "\(mode)")
      _ = try CheckoutSession(restoring: snapshot, flow: ShippedFlows.plndrCompiled)
    }
  }

  @Test func format1WithoutQueuedReads() throws {
    let format1 =
      #"{"format":1,"flow":"plndr","fingerprint":"\#(Self.fingerprint)","navigation":"cart","driver":{"state":{"idle":{}},"replans":0}}"#
    #expect(try SessionSnapshot(json: Data(format1.utf8)).mode == .start)
  }

  @Test func whatIsThereIsStillChecked() {
    let base = #""format":2,"flow":"plndr","fingerprint":"x","navigation":"cart""#
    #expect(
      SnapshotFixtures.error("{\(base),\"rowErrors\":[]}")
        == #"snapshot JSON: rowErrors: expected an object, found an array"#)
    #expect(
      SnapshotFixtures.error("{\(base),\"mode\":{\"idle\":{\"correction\":{\"queued\":{}}}}}")
        == #"snapshot JSON: mode.idle.correction.queued: expected an array, found a dictionary"#)
    #expect(
      SnapshotFixtures.error("{\(base),\"mode\":{\"routing\":{}}}")
        == #"snapshot JSON: mode.routing: missing required key "driver""#)
    #expect(
      SnapshotFixtures.error(#"{"format":2,"flow":"plndr","navigation":"cart"}"#)
        == #"snapshot JSON: (top level): missing required key "fingerprint""#)
  }

  @Test func theWriterStillWritesEveryRequiredMember() {
    let text = String(decoding: CheckoutSession(flow: ShippedFlows.plndrCompiled).snapshotJSON(), as: UTF8.self)
    #expect(text.contains(#""calls":[]"#) && text.contains(#""rowErrors":{}"#))
    #expect(text.contains(#""mode":{"idle":{"correction":{"queued":[]}}}"#))
  }
}

extension SessionSnapshot {
  fileprivate func with(navigation: String) -> SessionSnapshot {
    var copy = self
    copy.navigation = (try? NavigationState(parsing: navigation)) ?? copy.navigation
    return copy
  }
}
