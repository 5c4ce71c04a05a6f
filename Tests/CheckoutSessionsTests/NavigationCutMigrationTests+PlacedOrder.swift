import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// A placed order carried to a version whose confirmation step is another: the
/// shopper who has paid is shown the step the order's submit opens now, never
/// stranded at the start with every change refused.
extension NavigationCutMigrationTests {
  /// The box flow of `version`'s shape whose order opens `thanks` (its confirmation
  /// step under a new id, not `renamed`: v1 has no `thanks`), as version 2;
  /// `then: false` drops the order's `then`.
  static func withThanks(shapeOf version: Int, then: Bool = true) throws -> CompiledFlow {
    let json = BoxFlows.json(version: version)
      .replacingOccurrences(of: #""version": 1"#, with: #""version": 2"#)
      .replacingOccurrences(of: #""then": "confirmation", "#, with: then ? #""then": "thanks", "# : "")
      .replacingOccurrences(of: #"{"id": "confirmation""#, with: #"{"id": "thanks""#)
    return CompiledFlow(try FlowLoader().load(json: json))
  }

  /// A v1 shopper whose order succeeded; `manual`: the host has not shown the
  /// confirmation yet (`reset confirmation` pending).
  static func placedOrder(manual: Bool) -> CheckoutSession {
    var shopper = BoxFlows.Shopper()
    shopper.atPayment()
    shopper.send(.tap("continue"))
    shopper.manual = manual
    shopper.send(.tap("placeOrder"))
    shopper.send(.apiSucceeded("placeOrder", ["order.number": .string("BOX-1")]))
    return shopper.session
  }

  @Test func aPlacedOrderWhoseConfirmationStepIsGoneShowsTheStepItsSubmitOpensNow() throws {
    let session = Self.placedOrder(manual: false)
    #expect(session.navigation.description == "confirmation")
    #expect(session.finished == "placeOrder")

    let migrated = try SnapshotMigrator(to: Self.withThanks(shapeOf: 2)).restore(session.snapshot())
    #expect(migrated.session.navigation.description == "thanks")
    #expect(
      Self.changes(migrated) == [
        #"cut navigation: confirmation -> thanks: step "confirmation" is not in v2; placeOrder placed the order, so it shows thanks, the step its submit opens in v2"#
      ])
    #expect(migrated.session.value(for: "order.number") == .string("BOX-1"))
    #expect(migrated.session.finished == "placeOrder")
  }

  @Test func aPlacedOrderWhoseConfirmationIsPendingShowsTheNewStepAfterACut() throws {
    let session = Self.placedOrder(manual: true)
    #expect(session.pending?.command.description == "reset confirmation")

    let migrated = try SnapshotMigrator(to: Self.withThanks(shapeOf: 2)).restore(session.snapshot())
    #expect(migrated.session.navigation.description == "thanks")
    #expect(migrated.session.pending == nil)
    #expect(
      Self.changes(migrated) == [
        "cut navigation: plan>shipping>delivery>payment>review -> thanks: delivery no longer opens payment in v2 (it opens extras); placeOrder placed the order, so it shows thanks, the step its submit opens in v2",
        "dropped pending: reset confirmation: confirmation is not in v2 (the session shows thanks, the step placeOrder's submit opens in v2)",
      ])
  }

  @Test func aPendingResetOfAPlacedOrderIsRepointedAtTheStepItsSubmitOpensNow() throws {
    let session = Self.placedOrder(manual: true)

    let migrated = try SnapshotMigrator(to: Self.withThanks(shapeOf: 1)).restore(session.snapshot())
    #expect(migrated.session.navigation.description == "plan>shipping>delivery>payment>review")
    #expect(migrated.session.pending?.command.description == "reset thanks")
    #expect(
      Self.changes(migrated) == [
        "changed call: placeOrder: it placed the order, and `reset confirmation` waited to show it, but confirmation is not in v2; now `reset thanks` shows thanks, the step its submit opens in v2"
      ])
    var restored = migrated.session
    _ = restored.send(.appeared("thanks"))
    #expect(restored.navigation.description == "thanks")
  }

  @Test func aPlacedOrderTheNewVersionCannotShowIsCutBackAndTheReportSaysWhy() throws {
    let session = Self.placedOrder(manual: false)

    let migrated = try SnapshotMigrator(to: Self.withThanks(shapeOf: 2, then: false)).restore(session.snapshot())
    #expect(migrated.session.navigation.description == "plan")
    #expect(
      Self.changes(migrated) == [
        #"cut navigation: confirmation -> plan: step "confirmation" is not in v2; cut back to the start, plan (placeOrder placed the order, but no submit of placeOrder opens a step in v2)"#
      ])
  }

  @Test func diffSaysRemovingThePlacedOrdersStepMovesPlacedOrders() throws {
    let diff = FlowDiff(from: BoxFlows.v1.flow, to: try Self.withThanks(shapeOf: 2).flow)
    let removed = diff.differences.first { $0.kind == "step removed" }
    #expect(removed?.subject == "confirmation")
    #expect(
      removed?.effect?.hasSuffix(
        "; a placed order (placeOrder) showing it moves to thanks, the step placeOrder's submit opens in v2") == true,
      "\(removed?.effect ?? "none")")
  }
}
