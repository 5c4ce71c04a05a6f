import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// An error's route is planned on the session's data: it goes around a row the
/// shopper's choices hide or disable; when every way is closed it goes to the row
/// that opens one (the error offered again once that row changes), and only when
/// none can be reached is it given up naming the row, instead of pushing a step
/// the shopper could not open.
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

  @Test func everyWayClosedSendsTheShopperToTheRowThatOpensIt() {
    let (session, effects) = Self.failed(method: "card")
    #expect(session.queued.first?.message == "ZIP: please check this.")
    // The error's message, then why the way is closed, each a sentence.
    #expect(
      effects == [
        .focus(
          "basket", "same",
          "ZIP: please check this. Billing address: Not available until Bill to the shipping address is off."
        )
      ])
    #expect(session.navigation.description == "basket")
    #expect(session.screen.row("same")?.isFocused == true)
    #expect(session.queued.map(\.target) == ["billing.zip"])
    #expect(session.data["billing.same"] == .bool(true))
  }

  @Test func changingTheRowThatOpensTheWayOffersTheErrorAgainAndItsRouteGoesThrough() {
    var (session, _) = Self.failed(method: "card")
    var effects = session.send(.set(.row("same"), .bool(false)))
    #expect(effects.map(\.kind) == [.offer])
    #expect(session.offer?.resolution.target == "billing.zip")
    effects = session.send(.accept)
    #expect(effects == [.navigate(.push("billing"))])
    effects = session.send(.appeared("billing"))
    #expect(effects.map(\.kind) == [.focus])
    #expect(session.screen.row("zip")?.isFocused == true)
    #expect(session.queued.isEmpty)
  }

  @Test func theWhyIsInTheSessionsLanguage() throws {
    var session = try CheckoutSession(
      flow: Self.compiled, today: try #require(CalendarDate(year: 2026, month: 11, day: 21)), locale: "de")
    let host = AutoHost()
    host.send(.set(.row("terms"), .bool(true)), to: &session)
    host.send(.tap("place"), to: &session)
    _ = session.send(.apiFailed("placeOrder", [APIError(code: "billing_zip_invalid")]))
    let effects = session.send(.accept)
    guard case .focus(let step, let row, let message)? = effects.first else {
      Issue.record("expected a focus, got \(effects)")
      return
    }
    #expect(step == "basket" && row == "same")
    #expect(message.contains("Billing address: Erst verfügbar, wenn gilt: „Bill to the shipping address“"))
  }

  @Test func noRowThatOpensTheWayCanBeReachedGivesTheRouteUpNamingTheRow() throws {
    // The condition reads a key no row binds: nothing the shopper can change opens it.
    let json = ConditionalRouteFlow.json(sameAsShipping: true).replacingOccurrences(
      of: #"{"id": "same", "cell": "toggle", "title": "Bill to the shipping address", "bind": "billing.same"},"#,
      with: "")
    let compiled = CompiledFlow(try FlowLoader().load(json: json))
    var session = CheckoutSession(flow: compiled)
    let host = AutoHost()
    host.send(.set(.row("terms"), .bool(true)), to: &session)
    host.send(.tap("place"), to: &session)
    _ = session.send(.apiFailed("placeOrder", [APIError(code: "billing_zip_invalid")]))
    let effects = session.send(.accept)
    #expect(effects.map(\.kind) == [.routeCancelled])
    #expect(effects.first?.description.contains("basket.billing is hidden until") == true)
    #expect(session.queued.isEmpty)
    #expect(session.navigation.description == "basket")
  }
}
