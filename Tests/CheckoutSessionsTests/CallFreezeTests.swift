import Foundation
import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutPlanning
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// A call freezes what it sends: while it is in flight or was given up
/// unanswered, a `set` that would change its payload is refused; its answer
/// applies to the values sent; a placed order refuses changes; a retry sends the
/// same body, and a different one under the call's key is refused, never sent.
@Suite struct CallFreezeTests {
  static let city = SessionEvent.set(.key("shipping.city"), .string("Seattle"))

  @Test func aSetWhileTheOrderIsBeingPlacedIsRefusedSayingWhy() throws {
    var driven = APICallTests.atReview()
    let call = driven.send(.tap("placeOrder"))
    guard case .callAPI(_, let sent, _)? = call.first else {
      Issue.record("expected a call, got \(call)")
      return
    }
    let before = driven.session.snapshot()
    for event in [Self.city, .set(.key("payment.card.number"), .string("4000 0000 0000 0002"))] {
      let refused = try #require(driven.send(event).first?.refusal, "\(event)")
      #expect(refused.code == .callInProgress)
      #expect(refused.event == .set)
      #expect(refused.message.hasPrefix("Place order is in progress; wait for it to finish before changing"))
    }
    // Through a row as well (a secret too: the call sends it), and nothing changed.
    #expect(driven.send(.set(.row("cvv", on: "creditCard"), .string("999"))).first?.refusal?.code == .callInProgress)
    #expect(driven.session.snapshot() == before)
    // The answer applies to exactly the values sent.
    driven.send(.apiSucceeded("placeOrder", ["order.number": .string("PL-1")]))
    #expect(driven.session.value(for: "shipping.city") == sent.values["shipping.city"])
    #expect(driven.session.value(for: "shipping.city") == .string("Portland"))
  }

  @Test func aPlacedOrderRefusesChanges() throws {
    var driven = APICallTests.atReview()
    driven.send(.tap("placeOrder"))
    #expect(driven.session.finished == nil)
    driven.send(.apiSucceeded("placeOrder", ["order.number": .string("PL-1")]))
    #expect(driven.session.navigation.top == "confirmation")
    #expect(driven.session.finished == "placeOrder")
    let refused = try #require(driven.send(Self.city).first?.refusal)
    #expect(refused.code == .orderFinished)
    #expect(refused.message == "your order is placed (Place order); City can no longer be changed")
    #expect(driven.session.value(for: "shipping.city") == .string("Portland"))
    // It survives a snapshot.
    var restored = try CheckoutSession(restoringJSON: driven.session.snapshotJSON(), flow: ShippedFlows.plndrCompiled)
    #expect(restored.finished == "placeOrder")
    #expect(restored.send(Self.city).first?.refusal?.code == .orderFinished)
  }

  @Test func aFailedOrderFreesTheValues() {
    var driven = APICallTests.atReview()
    driven.send(.tap("placeOrder"))
    driven.send(.apiFailed("placeOrder", [APIError(code: "cvv_invalid", message: "Bad CVV.")]))
    driven.send(.decline)
    #expect(driven.send(Self.city) == [])
    #expect(driven.session.value(for: "shipping.city") == .string("Seattle"))
  }

  @Test func aCallGivenUpKeepsItsValuesButAsksForTheSecretAgain() throws {
    var driven = APICallTests.atReview()
    driven.send(.tap("placeOrder"))
    driven.send(.apiExpired("placeOrder"))
    driven.send(.decline)
    let refused = try #require(driven.send(Self.city).first?.refusal)
    #expect(refused.code == .callInProgress)
    #expect(refused.message.contains("may already have gone through"))
    // A secret is no detail of the order: it may be entered again.
    #expect(driven.send(.set(.key("payment.card.cvv"), .string("456"))) == [])
    // The retry sends the same order under the same key.
    let retry = driven.send(.tap("placeOrder"))
    guard case .callAPI(_, let payload, let key)? = retry.first else {
      Issue.record("expected the retry, got \(retry)")
      return
    }
    #expect(key == "placeOrder-1" && payload.values["shipping.city"] == .string("Portland"))
  }

  @Test func callAgainSendsTheSameBodyAndRefusesAnother() throws {
    var driven = APICallTests.atReview()
    guard case .callAPI(_, let first, _)? = driven.send(.tap("placeOrder")).first else {
      Issue.record("expected a call")
      return
    }
    guard case .callAPI(_, let again, let key)? = driven.session.send(.callAgain("placeOrder")).first else {
      Issue.record("expected the same call again")
      return
    }
    #expect(again == first && key == "placeOrder-1")
    #expect(PayloadDigest(again).rawValue == driven.session.calls["placeOrder"]?.digest)
    // A body that changed under the key (what a store keeping values masked would restore).
    driven.session.data["payment.card.number"] = .string("•••• 4242")
    let refused = try #require(driven.session.send(.callAgain("placeOrder")).first?.refusal)
    #expect(refused.code == .callBodyChanged && refused.subject == .operation("placeOrder"))
    #expect(!refused.message.contains("4242"))
  }

  @Test func theDigestCoversNoSecretAndIsStable() {
    let masking = ShippedFlows.plndrCompiled.masking
    let values: [DataKey: Value] = [
      "shipping.city": .string("Portland"), "payment.card.number": .string("4242 4242 4242 4242"),
      "payment.card.cvv": .string("123"), "cart.count": .number(3),
    ]
    let digest = PayloadDigest(Payload(values: values, masking: masking))
    var otherCVV = values
    otherCVV["payment.card.cvv"] = .string("999")
    #expect(PayloadDigest(Payload(values: otherCVV, masking: masking)) == digest)
    var otherCity = values
    otherCity["shipping.city"] = .string("Seattle")
    #expect(PayloadDigest(Payload(values: otherCity, masking: masking)) != digest)
    var masked = values
    masked["payment.card.number"] = .string("•••• 4242")
    #expect(PayloadDigest(Payload(values: masked, masking: masking)) != digest)
    var number = values
    number["cart.count"] = .string("3")
    #expect(PayloadDigest(Payload(values: number, masking: masking)) != digest, "a value's kind counts")
    // The same on every machine: FNV-1a 64 of the canonical text.
    #expect(PayloadDigest(Payload(values: ["a": .string("b")], masking: masking)).rawValue == "dc831662d9285905")
  }

  /// Digests worked out by hand from the documented canonical form (keys in UTF-8
  /// byte order, so `Zone` before `gift` and `émail` last; a secret left out; a
  /// sensitive value masked, `-` and spaces dropped, and said to be a mask or a
  /// value): a faster digest must give these same sixteen digits, or every stored
  /// call's digest would stop matching its retry.
  @Test func theDigestIsTheDocumentedCanonicalForm() {
    let masking = ShippedFlows.plndrCompiled.masking
    let values: [DataKey: Value] = [
      "émail": .string("ada@example.com"), "Zone": .string("Nord"), "zip": .string("97201"),
      "shipping.city": .string("Portland"), "payment.card.number": .string("4242-4242 4242 4242"),
      "payment.card.cvv": .string("123"), "gift": .bool(true), "note": .string("Grüße, 東京"),
    ]
    func digest(_ values: [DataKey: Value]) -> String {
      PayloadDigest(Payload(values: values, masking: masking)).rawValue
    }
    #expect(digest(values) == "bf1476bb68fce586")
    var mask = values
    mask["payment.card.number"] = .string("•••• 4242")
    #expect(digest(mask) == "e837a237a40d647d")
    var short = values
    short["payment.card.number"] = .string("42")
    #expect(digest(short) == "634dfc36e228a892")
  }
}
