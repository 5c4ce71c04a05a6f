import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// A command waiting for its step, or a route in progress, whose edge the new
/// version no longer has is let go: followed, it would put the session in a state
/// the new version cannot produce, skipping the step inserted on the way.
extension NavigationCutMigrationTests {
  @Test func aTapsCommandWhoseEdgeIsGoneIsDropped() throws {
    var shopper = BoxFlows.Shopper()
    shopper.atPayment()
    shopper.send(.back)
    shopper.manual = true
    shopper.send(.tap("continue"))  // push payment sent, not yet appeared
    #expect(shopper.session.navigation.description == "plan>shipping>delivery")
    #expect(shopper.session.pending?.command.description == "push payment")

    let migrated = try Self.migrate(shopper.session)
    #expect(migrated.session.navigation.description == "plan>shipping>delivery")
    #expect(migrated.session.pending == nil)
    #expect(
      Self.changes(migrated) == [
        "dropped pending: push payment: in v2, nothing on delivery opens payment (delivery opens extras)"
      ])
    var session = migrated.session
    _ = session.send(.appeared("payment"))
    #expect(FlowGraph(BoxFlows.v2.flow).whyUnreachable(session.navigation) == nil, "\(session.navigation)")
  }

  /// A hop from `a` to `c` through `b`; version 2 puts `d` between `b` and `c`.
  static func hop(version: Int) throws -> CompiledFlow {
    let afterB = version == 1 ? "c" : "d"
    let d =
      version == 1
      ? "" : #"{"id": "d", "title": "D", "rows": [{"id": "next", "cell": "button", "title": "Next", "opens": "c"}]},"#
    return CompiledFlow(
      try FlowLoader().load(
        json: #"""
          {"format": 1, "id": "hop", "title": "Hop", "version": \#(version), "start": "a", "steps": [
            {"id": "a", "title": "A", "rows": [
              {"id": "check", "cell": "button", "title": "Check", "submit": "check"},
              {"id": "next", "cell": "button", "title": "Next", "opens": "b"}]},
            {"id": "b", "title": "B", "rows": [{"id": "next", "cell": "button", "title": "Next", "opens": "\#(afterB)"}]},
            \#(d)
            {"id": "c", "title": "C", "rows": [{"id": "code", "cell": "text", "title": "Code", "bind": "c.code"}]}],
           "errors": [{"code": "code_bad", "step": "c", "row": "code"}]}
          """#))
  }

  @Test func aRouteWhoseNextCommandsEdgeIsGoneIsGivenUpAndItsErrorOfferedAgain() throws {
    var session = CheckoutSession(flow: try Self.hop(version: 1))
    _ = session.send(.tap("check"))
    _ = session.send(.apiFailed("check", [APIError(code: "code_bad")]))
    _ = session.send(.accept)  // push b sent, push c to follow
    #expect(session.pending == nil)
    #expect(session.route?.commands.map(\.description) == ["push b", "push c"])

    let v2 = try Self.hop(version: 2)
    let migrated = try SnapshotMigrator(to: v2).restore(session.snapshot())
    #expect(
      Self.changes(migrated) == [
        "dropped route: to c: given up because its `push c` cannot be performed: in v2, nothing on b opens c (b opens d); c.code is offered again"
      ])
    #expect(migrated.session.pending?.command.description == "push b")
    #expect(migrated.session.offer?.resolution.target == "c.code")
    var restored = migrated.session
    _ = AutoHost().send(.appeared("b"), to: &restored)
    _ = AutoHost().send(.accept, to: &restored)
    #expect(restored.navigation.description == "a>b>d>c")
    #expect(restored.focus?.description == "c.code")
  }
}
