import CheckoutTestSupport
import CheckoutEngine
import Testing

/// The auto-host: screens appear at once (or wait, in manual mode), and calls are
/// answered by a closure or a checkout API.
@Suite struct AutoHostTests {
  static let compiled = CompiledFlow(ShippedFlows.plndr)

  @Test func eachNavigationIsAnsweredWithItsStepsAppearance() {
    var session = CheckoutSession(flow: Self.compiled)
    let effects = AutoHost().send(.tap("checkout"), to: &session)
    #expect(effects.map(\.description) == ["navigate push stepOne"])
    #expect(session.navigation.description == "cart>stepOne")
    #expect(AutoHost().send(.tap("creditCard"), to: &session).count == 1)
    #expect(session.navigation.description == "cart>stepOne|creditCard")
  }

  @Test func aHostThatDoesNotConfirmScreensLeavesTheStepWaiting() {
    var session = CheckoutSession(flow: Self.compiled)
    AutoHost(appears: false).send(.tap("checkout"), to: &session)
    #expect(session.navigation.description == "cart", "the push waits for its appearance")
    #expect(session.send(.appeared("stepOne")) == [])
    #expect(session.navigation.description == "cart>stepOne")
  }

  @Test func callsAreAnsweredByTheClosureOrLeftWaiting() throws {
    let flow = try ExactlyOnceHostTests.flow()
    var waiting = CheckoutSession(flow: flow)
    AutoHost().send(.set(.row("email"), .string("ada@example.com")), to: &waiting)
    var answered = waiting
    AutoHost().send(.tap("pay"), to: &waiting)
    #expect(waiting.calls.keys.map(\.rawValue) == ["placeOrder"], "no answer: the call waits")
    let effects = AutoHost().send(.tap("pay"), to: &answered) { operation, _, key in
      .apiSucceeded(operation, ["order.number": .string("N-\(key)")])
    }
    #expect(effects.map(\.kind) == [.callAPI, .navigate])
    #expect(answered.navigation.top == "receipt" && answered.value(for: "order.number") == .string("N-placeOrder-1"))
  }

  @Test func callsAreAnsweredByACheckoutAPI() async throws {
    let flow = try ExactlyOnceHostTests.flow()
    var session = CheckoutSession(flow: flow)
    let api = ExactlyOnceHost.Ledger()
    await AutoHost().send(.set(.row("email"), .string("ada@example.com")), to: &session, id: "s1", api: api)
    let effects = await AutoHost().send(.tap("pay"), to: &session, id: "s1", api: api)
    #expect(effects.map(\.kind) == [.callAPI, .navigate])
    #expect(session.navigation.top == "receipt" && session.value(for: "order.number") == .string("N-s1"))
    #expect(await api.charges == ["s1": 1])
  }
}
