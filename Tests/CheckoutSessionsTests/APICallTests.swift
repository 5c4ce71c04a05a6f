import Foundation
import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutPlanning
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// The API-call lifecycle: each call carries an idempotency key recorded in the
/// session before the call; a host that lost the answer calls again with the same
/// key; a call given up is offered and its key reused, so the API acts once.
@Suite struct APICallTests {
  /// A PLNDR session on the review step, ready to place the order.
  static func atReview(cvv: String = "123") -> DrivenSession {
    var driven = DrivenSession()
    driven.fillAddressAndCard(cvv: cvv)
    driven.send(.tap("continue"))
    return driven
  }

  static func key(of effects: [Effect]) -> IdempotencyKey? {
    for case .callAPI(_, _, let key) in effects { return key }
    return nil
  }

  @Test func theKeyIsRecordedBeforeTheCallAndSurvivesTheSnapshot() throws {
    var driven = Self.atReview()
    let effects = driven.send(.tap("placeOrder"))
    let key = try #require(Self.key(of: effects))
    #expect(key == "placeOrder-1")
    let digest = try #require(driven.session.calls["placeOrder"]?.digest)
    #expect(digest.count == 16 && digest.allSatisfy(\.isHexDigit))
    let call = APICall(operation: "placeOrder", key: key, then: "confirmation", digest: digest)
    #expect(driven.session.calls["placeOrder"] == call)
    let snapshot = driven.session.snapshot()
    #expect(snapshot.calls == [call])
    #expect(snapshot.callsMade == 1)
    let json = String(decoding: snapshot.jsonData(), as: UTF8.self)
    #expect(
      json.contains(
        #""calls":[{"digest":"\#(digest)","key":"placeOrder-1","operation":"placeOrder","then":"confirmation"}],"callsMade":1"#
      ))
    let restored = try CheckoutSession(restoringJSON: snapshot.jsonData(), flow: ShippedFlows.plndrCompiled)
    #expect(restored.calls["placeOrder"]?.key == key)
    #expect(restored.callsMade == 1)
  }

  @Test func eachNewCallGetsANewKey() throws {
    var driven = Self.atReview()
    let first = try #require(Self.key(of: driven.send(.tap("placeOrder"))))
    driven.send(.apiFailed("placeOrder", [APIError(code: "cvv_invalid", message: "Bad CVV.")]))
    driven.send(.decline)
    let second = try #require(Self.key(of: driven.send(.tap("placeOrder"))))
    #expect(first == "placeOrder-1")
    #expect(second == "placeOrder-2")
  }

  @Test func callAgainRepeatsTheWaitingCallWithItsKeyAndTheSecret() throws {
    var driven = Self.atReview(cvv: "987")
    let key = try #require(Self.key(of: driven.send(.tap("placeOrder"))))
    // A host restoring the snapshot elsewhere, with the secret put back.
    var restored = try CheckoutSession(
      restoring: driven.session.snapshot(revealSensitive: true), flow: ShippedFlows.plndrCompiled)
    restored.restoreSecrets(driven.session.secretValues)
    let again = restored.send(.callAgain("placeOrder"))
    guard case .callAPI(let operation, let payload, let againKey)? = again.first, again.count == 1 else {
      Issue.record("expected one callAPI, got \(again)")
      return
    }
    #expect(operation == "placeOrder" && againKey == key)
    #expect(payload.values["payment.card.cvv"] == .string("987"))
    #expect(!String(describing: again).contains("987"))
    // Still waiting: the answer ends it.
    #expect(restored.calls["placeOrder"]?.key == key)
    _ = restored.send(.apiSucceeded("placeOrder", ["order.number": .string("PL-1")]))
    #expect(restored.calls["placeOrder"] == nil)
    #expect(restored.send(.callAgain("placeOrder")) == [.refused(.noCallWaiting("placeOrder", event: .callAgain))])
  }

  @Test func anExpiredCallIsOfferedAndItsKeyReusedOnce() throws {
    var driven = Self.atReview()
    let key = try #require(Self.key(of: driven.send(.tap("placeOrder"))))
    let expired = driven.send(.apiExpired("placeOrder"))
    guard case .offer(let offer)? = expired.first else {
      Issue.record("expected an offer, got \(expired)")
      return
    }
    #expect(offer.resolution.error?.code == "api_unanswered")
    #expect(offer.resolution.step == "stepTwo")
    #expect(driven.session.calls["placeOrder"] == nil)
    #expect(driven.session.unanswered["placeOrder"]?.key == key)
    // The unanswered key survives a snapshot.
    var restored = try CheckoutSession(
      restoring: driven.session.snapshot(revealSensitive: true), flow: ShippedFlows.plndrCompiled)
    restored.restoreSecrets(driven.session.secretValues)
    #expect(restored.unanswered["placeOrder"]?.key == key)
    driven.session = restored
    driven.send(.decline)
    // The retry is made with the same key (the API answers it with its first answer, if any).
    let retry = try #require(Self.key(of: driven.send(.tap("placeOrder"))))
    #expect(retry == key)
    #expect(driven.session.unanswered.isEmpty)
    // Once answered, the next call gets a new key.
    driven.send(.apiFailed("placeOrder", [APIError(code: "cvv_invalid", message: "Bad CVV.")]))
    driven.send(.decline)
    #expect(Self.key(of: driven.send(.tap("placeOrder"))) == "placeOrder-2")
  }

  @Test func expiringOrCallingAgainWithNothingWaitingIsRefused() {
    var session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    let expired = session.send(.apiExpired("placeOrder"))
    #expect(expired == [.refused(.noCallWaiting("placeOrder", event: .apiExpired))])
    #expect(expired.first?.refusal?.message == "no call to placeOrder is waiting for an answer")
    #expect(expired.first?.refusal?.subject == .operation("placeOrder"))
    #expect(session.send(.callAgain("placeOrder")) == [.refused(.noCallWaiting("placeOrder", event: .callAgain))])
    #expect(SessionEvent.callAgain("placeOrder").description == "api placeOrder again")
    #expect(SessionEvent.apiExpired("placeOrder").description == "api placeOrder expired")
  }

  @Test func sessionsStayDeterministic() throws {
    func run() -> [Effect] {
      var driven = Self.atReview()
      var all = driven.send(.tap("placeOrder"))
      all += driven.send(.apiExpired("placeOrder"))
      all += driven.send(.decline)
      all += driven.send(.tap("placeOrder"))
      all += driven.send(.callAgain("placeOrder"))
      return all
    }
    #expect(run() == run())
  }
}
