import CheckoutCompiledFlow
import CheckoutModel
import CheckoutSessions
import CheckoutTestSupport
import Testing

/// `checkout diff` reports every change to a submit that `migrate` acts on or a
/// session meets: its `then` (an edge, which cuts a session showing the old step),
/// its operation (added, removed, renamed), what the operation `provides`, its
/// `validates`, what the row does, and the actions it declares.
@Suite struct FlowDiffSubmitTests {
  /// A cart whose `reserve` button submits `operation` and opens `then`, providing
  /// `provides`; `pay` and its order; with `quote`, a `quote` step whose
  /// `quoteShipping` opens `pay`.
  static func json(
    version: Int = 1, reserve: String? = nil, operation: String = "reserveStock", then: String = "pay",
    provides: String = #"["reservation.id", "reservation.until"]"#, validates: String = #"["cart"]"#,
    actions: String = #"{ "three_d_secure": "challenge" }"#, quote: Bool = false
  ) -> String {
    let reserveRow =
      reserve
        ?? #"""
        { "id": "reserve", "cell": "button", "title": "Reserve", "submit": "\#(operation)", "then": "\#(then)",
          "validates": \#(validates), "provides": \#(provides) }
        """#
    let quoteStep =
      quote
      ? #"""
      { "id": "quote", "title": "Quote", "rows": [
        { "id": "accept", "cell": "button", "title": "Accept", "submit": "quoteShipping", "then": "pay" } ] },
      """#
      : ""
    return #"""
      { "format": 1, "id": "mini", "title": "Mini", "version": \#(version), "start": "cart", "steps": [
        { "id": "cart", "title": "Cart", "rows": [
          { "id": "count", "cell": "text", "title": "Count", "bind": "cart.count" },
          \#(reserveRow) ] },
        \#(quoteStep)
        { "id": "pay", "title": "Pay", "rows": [
          { "id": "reservation", "cell": "info", "title": "Reservation", "bind": "reservation.id" },
          { "id": "until", "cell": "info", "title": "Until", "bind": "reservation.until" },
          { "id": "place", "cell": "button", "title": "Place", "submit": "placeOrder", "then": "done",
            "validates": ["pay"], "provides": ["order.number"], "actions": \#(actions) } ] },
        { "id": "challenge", "title": "Bank", "presentation": "modal", "rows": [
          { "id": "confirm", "cell": "button", "title": "Confirm", "action": "resume" } ] },
        { "id": "bank", "title": "Bank", "presentation": "modal", "rows": [
          { "id": "confirm", "cell": "button", "title": "Confirm", "action": "resume" } ] },
        { "id": "done", "title": "Done", "presentation": "reset", "rows": [
          { "id": "number", "cell": "info", "title": "Order", "bind": "order.number" } ] } ],
        "errors": [{ "code": "*", "step": "cart" }] }
      """#
  }

  static func flow(_ json: String) throws -> Flow { try FlowLoader().load(json: json) }

  static func lines(_ old: String, _ new: String) throws -> [String] {
    FlowDiff(from: try flow(old), to: try flow(new)).differences.map(\.description)
  }

  /// The finding: a submit's `then` changed and a new operation were left out,
  /// while `migrate` cut sessions back along that very edge.
  @Test func aChangedThenIsABreakingEdgeChangeAndANewOperationIsSafe() throws {
    let lines = try Self.lines(Self.json(), Self.json(version: 2, then: "quote", quote: true))
    #expect(
      lines == [
        "safe     step added: quote",
        "breaking edge changed: cart.reserve (pay -> quote)\n"
          + "           sessions: a call of reserveStock made from now on opens quote when it succeeds; one in progress keeps its answer's data but opens nothing (a success opens only what its submit opens now), so the shopper taps again; a session showing pay opened on cart is cut back to cart when it is restored (cart no longer opens pay; its data is kept)",
        "safe     row added: quote.accept",
        "safe     operation added: quoteShipping",
        "breaking route changed: pay to cart (pop -> pop, pop)\n"
          + "           sessions: an error failing on pay and fixed at cart is routed the new way; a route in progress is given up when it names a changed step",
      ], "\(lines)")
  }

  /// What the diff says of the edge is what `migrate` does: a session on `pay` is
  /// cut back to `cart`, and a call in progress keeps its data but opens nothing
  /// (`cart>pay` is a stack v2 cannot produce).
  @Test func migrateDoesWhatTheEdgeChangeSays() throws {
    let v1 = CompiledFlow(try Self.flow(Self.json()))
    let v2 = CompiledFlow(try Self.flow(Self.json(version: 2, then: "quote", quote: true)))
    var session = CheckoutSession(flow: v1)
    _ = AutoHost().send(.tap("reserve"), to: &session)
    var inProgress = try SnapshotMigrator(to: v2).restore(session.snapshot(revealSensitive: true)).session
    _ = AutoHost().send(.apiSucceeded("reserveStock", ["reservation.id": .string("R-1")]), to: &inProgress)
    #expect(inProgress.navigation.description == "cart")
    #expect(inProgress.value(for: "reservation.id") == .string("R-1"))

    _ = AutoHost().send(.apiSucceeded("reserveStock", [:]), to: &session)
    #expect(session.navigation.description == "cart>pay")
    let migrated = try SnapshotMigrator(to: v2).restore(session.snapshot(revealSensitive: true))
    #expect(migrated.session.navigation.description == "cart")
    #expect(
      migrated.report?.changes.map(\.description) == [
        "cut navigation: cart>pay -> cart: cart no longer opens pay in v2 (it opens quote); cut back to cart"
      ])
  }

  @Test func aRenamedOperationIsOneBreakingDifference() throws {
    let lines = try Self.lines(Self.json(), Self.json(version: 2, operation: "reserveItems"))
    #expect(
      lines == [
        "breaking operation renamed: reserveStock -> reserveItems\n"
          + "           sessions: a call of it in progress is still answered under its old name, but its answer fills no key (no submit of it provides one in v2), opens no step, and only matchers for every operation resolve its errors; a tap calls reserveItems"
      ], "\(lines)")
  }

  /// The renamed operation's effect, as a session meets it.
  @Test func aCallOfARenamedOperationInProgressFillsNoKey() throws {
    let v1 = CompiledFlow(try Self.flow(Self.json()))
    let v2 = CompiledFlow(try Self.flow(Self.json(version: 2, operation: "reserveItems")))
    var session = CheckoutSession(flow: v1)
    _ = AutoHost().send(.tap("reserve"), to: &session)
    var migrated = try SnapshotMigrator(to: v2).restore(session.snapshot(revealSensitive: true)).session
    let effects = AutoHost().send(
      .apiSucceeded("reserveStock", ["reservation.id": .string("R-1")]), to: &migrated)
    #expect(migrated.navigation.description == "cart")
    #expect(migrated.value(for: "reservation.id") == nil)
    #expect(effects.contains { if case .notice(let text) = $0 { text.contains("left out") } else { false } })
  }

  @Test func aSubmitThatNoLongerSubmitsRemovesItsOperation() throws {
    let opensPay = #"{ "id": "reserve", "cell": "button", "title": "Reserve", "opens": "pay" }"#
    let lines = try Self.lines(Self.json(provides: "[]"), Self.json(version: 2, reserve: opensPay))
    #expect(
      lines == [
        "breaking action changed: cart.reserve (submit reserveStock -> opens pay)\n"
          + "           sessions: a tap on it does what v2 says: opens pay",
        "breaking operation removed: reserveStock\n"
          + "           sessions: a call of it in progress is still answered under its old name, but its answer fills no key (no submit of it provides one in v2), opens no step, and only matchers for every operation resolve its errors; no row calls it any more",
      ], "\(lines)")
  }

  @Test func fewerKeysProvidedIsBreakingMoreIsSafe() throws {
    let fewer = try Self.lines(Self.json(), Self.json(version: 2, provides: #"["reservation.id"]"#))
    #expect(
      fewer == [
        "breaking key removed: reservation.until\n"
          + "           sessions: a value stored under it is dropped: no row binds it, the data does not hold it, no submit provides it in v2",
        "breaking provides changed: reserveStock ([reservation.id, reservation.until] -> [reservation.id])\n"
          + "           sessions: an answer of reserveStock (a call in progress included) no longer fills reservation.until: its value is left out, with a notice",
      ], "\(fewer)")
    let more = try Self.lines(Self.json(version: 2, provides: #"["reservation.id"]"#), Self.json())
    #expect(
      more == [
        "safe     key added: reservation.until",
        "safe     provides widened: reserveStock ([reservation.id] -> [reservation.id, reservation.until])",
      ])
  }

  @Test func validatesChecksMoreIsBreakingLessIsSafe() throws {
    let more = try Self.lines(Self.json(), Self.json(version: 2, validates: #"["cart", "pay"]"#))
    #expect(
      more == [
        "breaking validates changed: cart.reserve ([cart] -> [cart, pay])\n"
          + "           sessions: a tap on it checks the new steps first: a row there that fails is offered to fix before the call"
      ], "\(more)")
    let less = try Self.lines(Self.json(validates: #"["cart", "pay"]"#), Self.json(version: 2))
    #expect(less == ["safe     validates loosened: cart.reserve ([cart, pay] -> [cart])"])
  }

  @Test func aSubmitsActionDoneAtAnotherStepIsBreaking() throws {
    let lines = try Self.lines(Self.json(), Self.json(version: 2, actions: #"{ "three_d_secure": "bank" }"#))
    #expect(
      lines.count == 1 && lines[0].hasPrefix("breaking action moved: placeOrder three_d_secure (challenge -> bank)"))
  }
}
