import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutModel
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// A snapshot records which call an offered or queued error came from, so a
/// restored session with several calls resolves it again (after a flow change)
/// with that call's matchers only. A snapshot written before it was recorded is
/// still read, and resolved with every matcher, as it was then.
@Suite struct ErrorOperationSnapshotTests {
  /// ``ScopedMatcherTests/flow`` as a later version: restoring on it re-resolves errors.
  static let v2: CompiledFlow = {
    var flow = ScopedMatcherTests.flow.flow
    flow.version = 2
    return CompiledFlow(flow)
  }()

  /// The hold fails with `seat_taken` (a booking error's code: the hold's fallback
  /// takes it) and `email_bad` (both calls' `email_*`).
  static func holdFailed() -> CheckoutSession {
    ScopedMatcherTests.failing("holdSeats", with: ["seat_taken", "email_bad"])
  }

  @Test func theOfferAndTheQueuedErrorsNameTheirCall() throws {
    let session = Self.holdFailed()
    #expect(session.offer?.resolution.target == "trip" && session.offer?.resolution.operation == "holdSeats")
    #expect(session.queued.map(\.operation) == ["holdSeats"])
    let json = String(decoding: session.snapshotJSON(), as: UTF8.self)
    #expect(json.contains(#""operation":"holdSeats""#))
    let restored = try CheckoutSession(restoringJSON: Data(json.utf8), flow: ScopedMatcherTests.flow)
    #expect(restored.offer == session.offer && restored.queued == session.queued)
    #expect(try SessionSnapshot(json: Data(json.utf8)).format == 3, "an optional member: the format stays")
  }

  @Test func aMigratedOfferIsResolvedAgainWithItsCallsMatchersOnly() throws {
    let migrated = try SnapshotMigrator(to: Self.v2).restore(Self.holdFailed().snapshot())
    #expect(migrated.session.offer?.resolution.target == "trip", "the hold's fallback, not the booking's seat map")
    #expect(migrated.session.offer?.resolution.operation == "holdSeats")
    #expect(migrated.session.queued.map(\.target) == ["trip.email"])
    #expect(migrated.report?.changes.contains { $0.kind == .reresolvedError } == false)
  }

  @Test func aSnapshotWithoutTheOperationIsReadAndResolvedWithEveryMatcher() throws {
    let old = try Self.holdFailed().snapshot().unattributed
    let json = String(decoding: old.jsonData(), as: UTF8.self)
    #expect(!json.contains(#""operation":"holdSeats""#) && json.contains(#""operation":"#) == false)
    let restored = try CheckoutSession(restoring: old, flow: ScopedMatcherTests.flow)
    #expect(restored.offer?.resolution.target == "trip" && restored.offer?.resolution.operation == nil)
    // Without the call, the first matcher of any operation takes the code.
    let migrated = try SnapshotMigrator(to: Self.v2).restore(old)
    #expect(migrated.session.offer?.resolution.target == "seatMap.seat")
    #expect(migrated.report?.changes.contains { $0.kind == .reresolvedError && $0.subject == "trip" } == true)
  }

  @Test func aLocalValidationErrorNamesNoCall() {
    var session = CheckoutSession(flow: ActionFlows.compiled)
    let effects = AutoHost().send(.tap("pay"), to: &session)
    guard case .offer(let offer)? = effects.first else {
      Issue.record("expected the e-mail offered, got \(effects)")
      return
    }
    #expect(offer.resolution.target == "cart.email" && offer.resolution.operation == nil)
  }
}

extension SessionSnapshot {
  /// The snapshot without the operations of its offered, queued and routed
  /// errors, as every snapshot was written before they were recorded.
  var unattributed: SessionSnapshot {
    get throws {
      func strip(_ node: Any) -> Any {
        if var object = node as? [String: Any] {
          // A resolution: a step and a message (a call also names an operation).
          if object["step"] != nil, object["message"] != nil { object["operation"] = nil }
          return object.mapValues(strip)
        }
        if let array = node as? [Any] { return array.map(strip) }
        return node
      }
      let object = try JSONSerialization.jsonObject(with: jsonData())
      return try SessionSnapshot(json: JSONSerialization.data(withJSONObject: strip(object)))
    }
  }
}
