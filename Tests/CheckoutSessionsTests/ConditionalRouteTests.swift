import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// An error's route is planned on the session's data: it goes around a row the
/// shopper's choices hide or disable, and when every way is closed it is given up
/// naming the row, instead of pushing a step the shopper could not open.
@Suite struct ConditionalRouteTests {
  static let compiled = fixture("the conditional route flow, billing same as shipping") {
    CompiledFlow(try FlowLoader().load(json: ConditionalRouteFlow.json(sameAsShipping: true)))
  }

  /// Terms accepted, the payment method chosen, Place order fails with a billing ZIP error.
  static func failed(method: String) -> (session: CheckoutSession, accepted: [Effect]) {
    var session = CheckoutSession(flow: compiled)
    let host = AutoHost()
    host.send(.set(.row("terms"), .bool(true)), to: &session)
    host.send(.tap("payment"), to: &session)
    host.send(.set(.row("method"), .string(method)), to: &session)
    host.send(.back, to: &session)
    host.send(.tap("place"), to: &session)
    _ = session.send(.apiFailed("placeOrder", [APIError(code: "billing_zip_invalid")]))
    let accepted = session.send(.accept)
    return (session, accepted)
  }

  @Test func theRouteGoesAroundTheHiddenDisclosure() throws {
    var (session, effects) = Self.failed(method: "invoice")
    #expect(effects == [.navigate(.push("payment"))])
    effects = session.send(.appeared("payment"))
    #expect(effects == [.navigate(.push("billing"))])
    effects = session.send(.appeared("billing"))
    #expect(effects.map(\.kind) == [.focus])
    #expect(session.navigation.description == "basket>payment>billing")
  }

  @Test func everyWayClosedGivesTheRouteUpNamingTheRow() {
    let (session, effects) = Self.failed(method: "card")
    #expect(
      effects == [
        .routeCancelled("no route to billing: basket.billing is hidden until Bill to the shipping address is off")
      ])
    #expect(session.navigation.description == "basket")
    #expect(session.data["billing.same"] == .bool(true))
  }
}
