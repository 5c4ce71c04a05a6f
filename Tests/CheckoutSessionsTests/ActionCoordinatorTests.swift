import Foundation
import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// The call coordinator keeps a call's key across an action: the first request
/// asks for 3-D Secure, the session waits on the shopper (not a lost call, however
/// long), and the continuation goes out under the call's key marked as such; a
/// different body under a key is never sent.
@Suite struct ActionCoordinatorTests {
  /// A payment API that asks for 3-D Secure on a call's first request and
  /// charges on its continuation; a repeated request key gets its first answer.
  actor Bank: CheckoutAPI {
    private var answers: [String: CheckoutAPIOutcome] = [:]
    private(set) var keys: [String] = []
    private(set) var charges = 0

    func perform(_ request: CheckoutAPIRequest) -> CheckoutAPIOutcome {
      keys.append(request.key.rawValue)
      if let first = answers[request.idempotencyKey] { return first }
      let answer: CheckoutAPIOutcome
      if request.key.continuation == nil {
        answer = .actionRequired("three_d_secure", ["challenge.url": .string("https://bank.example")])
      } else {
        charges += 1
        answer = .succeeded(["order.number": .string("N-1")])
      }
      answers[request.idempotencyKey] = answer
      return answer
    }

    /// Never asked here: the shopper is at the bank.
    func abandon(_ request: CheckoutAPIRequest) -> CheckoutAPIOutcome {
      keys.append("abandon " + request.key.rawValue)
      return .failed([APIError(code: "canceled")])
    }
  }

  @Test func theKeyIsKeptAcrossTheActionAndTheOrderChargedOnce() async throws {
    let (store, bank) = (InMemorySessionStore(), Bank())
    let flow = ActionFlows.compiled
    // Calls are lost as soon as they are found waiting: a call waiting on the shopper is not.
    let host = CallCoordinator(store: store, api: bank, callTimeout: 0)
    let id = SessionID("s1")
    try await store.insert(CheckoutSession(flow: flow).snapshot(), id: id)
    _ = try await host.handle(.set(.row("email"), .string("ada@example.com")), to: id, flow: flow)
    let paid = try await host.handle(.tap("pay"), to: id, flow: flow)
    #expect(paid.effects.map(\.kind) == [.callAPI, .navigate])
    #expect(paid.session.waitingAction?.call.key == "placeOrder-1")
    _ = try await host.handle(.appeared("challenge"), to: id, flow: flow)
    let stored = try #require(await store.load(id))
    #expect(try !host.hasLostCalls(stored), "the shopper is at the bank: nothing to recover")
    let confirmed = try await host.handle(.tap("confirm"), to: id, flow: flow)
    #expect(confirmed.effects.map(\.kind) == [.callAPI, .navigate])
    #expect(await bank.keys == ["placeOrder-1", "placeOrder-1/three_d_secure-1"])
    #expect(await bank.charges == 1)
    #expect(confirmed.session.finished == "placeOrder")
  }

  @Test func aRetryWithAnotherBodyUnderTheKeyIsNeverSent() async throws {
    let (store, bank) = (InMemorySessionStore(), Bank())
    let flow = ActionFlows.compiled
    let id = SessionID("s2")
    // A session whose call to placeOrder is waiting, saved with a digest of another body.
    var session = CheckoutSession(flow: flow)
    AutoHost().send(.set(.row("email"), .string("ada@example.com")), to: &session)
    session.send(.tap("pay"))
    session.data["contact.email"] = .string("eve@example.com")
    try await store.insert(session.snapshot(), id: id)
    let host = CallCoordinator(store: store, api: bank, callTimeout: 0)
    await #expect(throws: CallBodyChanged.self) {
      _ = try await host.handle(.appeared("cart"), to: id, flow: flow)
    }
    #expect(await bank.keys.isEmpty, "nothing was sent")
  }
}
