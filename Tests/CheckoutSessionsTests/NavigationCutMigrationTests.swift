import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// A migrated session is in a state the new version can produce: its navigation
/// state is cut back to the longest beginning whose every step the step below
/// still opens, the report says why, and what waited on the cut part is let go.
@Suite struct NavigationCutMigrationTests {
  static func migrate(_ session: CheckoutSession) throws -> MigratedSession {
    try SnapshotMigrator(to: BoxFlows.v2).restore(session.snapshot(revealSensitive: true))
  }

  static func changes(_ migrated: MigratedSession) -> [String] {
    migrated.report?.changes.map(\.description) ?? []
  }

  static let cut =
    "cut navigation: plan>shipping>delivery>payment|card -> plan>shipping>delivery: delivery no longer opens payment in v2 (it opens extras); cut back to plan>shipping>delivery"

  @Test func aStepTheStepBelowNoLongerOpensIsCutAwayAndNoValueIsLost() throws {
    var shopper = BoxFlows.Shopper()
    shopper.atPayment()
    shopper.send(.tap("card"))
    shopper.set("number", "4242 4242 4242 4242")
    #expect(shopper.session.navigation.description == "plan>shipping>delivery>payment|card")

    let migrated = try Self.migrate(shopper.session)
    #expect(migrated.session.navigation.description == "plan>shipping>delivery")
    #expect(Self.changes(migrated) == [Self.cut])
    #expect(migrated.report?.changes.map(\.kind) == [.cutNavigation])
    #expect(FlowGraph(BoxFlows.v2.flow).whyUnreachable(migrated.session.navigation) == nil)
    // What the shopper entered, on the steps kept and on those cut away, is all there.
    #expect(migrated.session.value(for: "shipping.zip") == .string("10115"))
    #expect(migrated.session.value(for: "delivery.day") == .string("mon"))
    #expect(migrated.session.value(for: "payment.card.number") == .string("4242 4242 4242 4242"))
    // The shopper goes on through the new step.
    var session = migrated.session
    _ = AutoHost().send(.tap("continue"), to: &session)
    #expect(session.navigation.description == "plan>shipping>delivery>extras")
  }

  @Test func aCallWaitingOnAnActionWhoseStepWasCutAwayIsCancelled() throws {
    var shopper = BoxFlows.Shopper()
    shopper.atPayment()
    shopper.send(.tap("continue"))
    shopper.send(.tap("placeOrder"))
    shopper.send(.apiActionRequired("placeOrder", "three_d_secure", [:]))
    #expect(shopper.session.navigation.description == "plan>shipping>delivery>payment>review|challenge")

    let migrated = try Self.migrate(shopper.session)
    #expect(migrated.session.navigation.description == "plan>shipping>delivery")
    #expect(migrated.session.calls.isEmpty)
    #expect(migrated.session.waitingAction == nil)
    #expect(
      Self.changes(migrated).last
        == "changed call: placeOrder: it waited on three_d_secure at challenge, which the navigation state no longer shows (it was cut back to plan>shipping>delivery); the call is cancelled"
    )
  }

  @Test func aCallWaitingOnAnActionItsStateStillHasKeepsWaiting() throws {
    var shopper = BoxFlows.Shopper()
    shopper.send(.tap("continue"))
    shopper.set("zip", "10115")
    shopper.send(.tap("continue"))
    shopper.send(.apiActionRequired("checkAddress", "address_suggestion", [:]))
    #expect(shopper.session.navigation.description == "plan>shipping|suggestion")

    let migrated = try Self.migrate(shopper.session)
    #expect(migrated.session.navigation.description == "plan>shipping|suggestion")
    #expect(Self.changes(migrated).isEmpty)
    #expect(migrated.session.waitingAction?.action.step == "suggestion")
  }

  @Test func aCommandWaitingForAStepOnTheCutPartIsDropped() throws {
    var shopper = BoxFlows.Shopper()
    shopper.atPayment()
    shopper.manual = true
    shopper.send(.tap("card"))  // present card sent, not yet appeared
    #expect(shopper.session.pending?.expected == "card")

    let migrated = try Self.migrate(shopper.session)
    #expect(migrated.session.navigation.description == "plan>shipping>delivery")
    #expect(migrated.session.pending == nil)
    #expect(
      Self.changes(migrated) == [
        "cut navigation: plan>shipping>delivery>payment -> plan>shipping>delivery: delivery no longer opens payment in v2 (it opens extras); cut back to plan>shipping>delivery",
        "dropped pending: present card: the navigation state was cut",
      ])
  }

  /// An order placed on the old version whose confirmation the host has not shown yet:
  /// the reset to the confirmation replaces the whole stack, so the cut does not
  /// touch it, and the shopper sees their order (it was dropped, and a charged
  /// order was stranded: every way on refused with `orderFinished`). The cut state
  /// itself shows the confirmation, as the order's success does.
  @Test func aPlacedOrderStillResetsToItsConfirmationAfterACut() throws {
    var shopper = BoxFlows.Shopper()
    shopper.atPayment()
    shopper.send(.tap("continue"))
    shopper.manual = true
    shopper.send(.tap("placeOrder"))
    shopper.send(.apiSucceeded("placeOrder", ["order.number": .string("BOX-1")]))
    #expect(shopper.session.pending?.command.description == "reset confirmation")
    #expect(shopper.session.navigation.description == "plan>shipping>delivery>payment>review")

    let migrated = try Self.migrate(shopper.session)
    #expect(migrated.session.navigation.description == "confirmation")
    #expect(migrated.session.pending?.command.description == "reset confirmation")
    #expect(!Self.changes(migrated).contains { $0.hasPrefix("dropped pending") }, "\(Self.changes(migrated))")
    var session = migrated.session
    _ = session.send(.appeared("confirmation"))
    #expect(session.navigation.description == "confirmation")
    #expect(session.value(for: "order.number") == .string("BOX-1"))
  }

  @Test func anOfferMadeOnTheCutPartWaitsOnTheNewTopAndStillRoutesToItsRow() throws {
    var shopper = BoxFlows.Shopper()
    shopper.atPayment()
    shopper.send(.tap("continue"))
    shopper.send(.tap("placeOrder"))
    shopper.send(.apiFailed("placeOrder", [APIError(code: "zip_invalid")]))
    #expect(shopper.session.offer?.from == "review")

    var session = try Self.migrate(shopper.session).session
    #expect(session.navigation.description == "plan>shipping>delivery")
    #expect(session.offer?.from == "delivery")
    #expect(session.offer?.resolution.target == "shipping.zip")
    _ = AutoHost().send(.accept, to: &session)
    #expect(session.navigation.description == "plan>shipping")
    #expect(session.focus?.description == "shipping.zip")
  }

  @Test func theFocusOnARowOfTheCutPartStaysAsWhenTheShopperWentBack() throws {
    var shopper = BoxFlows.Shopper()
    shopper.atPayment()
    shopper.send(.tap("continue"))
    shopper.send(.tap("placeOrder"))
    shopper.send(.apiFailed("placeOrder", [APIError(code: "card_declined"), APIError(code: "zip_invalid")]))
    shopper.send(.accept)  // routed to card.number, zip_invalid queued
    #expect(shopper.session.navigation.description == "plan>shipping>delivery>payment|card")
    #expect(shopper.session.focus?.description == "card.number")

    var session = try Self.migrate(shopper.session).session
    #expect(session.navigation.description == "plan>shipping>delivery")
    #expect(session.focus?.description == "card.number")
    #expect(session.rowErrors[CheckoutSession.RowRef(step: "card", row: "number")] == "Declined.")
    #expect(session.queued.map(\.target) == ["shipping.zip"])
    // Back at the card, fixing the number offers the queued error, as before the migration.
    _ = AutoHost().send(.tap("continue"), to: &session)
    _ = AutoHost().send(.tap("continue"), to: &session)
    _ = AutoHost().send(.tap("card"), to: &session)
    let effects = AutoHost().send(.set(.row("number"), .string("5555 5555 5555 4444")), to: &session)
    #expect(
      effects.contains { if case .offer(let offer) = $0 { offer.resolution.target == "shipping.zip" } else { false } })
  }

  @Test func diffSaysSessionsShowingTheStepAreCutBack() {
    let diff = FlowDiff(from: BoxFlows.v1.flow, to: BoxFlows.v2.flow)
    let edge = diff.differences.first { $0.kind == "edge changed" }
    #expect(edge?.subject == "delivery.continue")
    #expect(
      edge?.effect
        == "routes that went through it are planned again from the new graph; a session showing payment opened on delivery is cut back to delivery when it is restored (delivery no longer opens payment; its data is kept)"
    )
  }
}
