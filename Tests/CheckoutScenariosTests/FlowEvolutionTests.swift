import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Carrying sessions across a flow change: a table of sessions on PLNDR v1, each
/// restored on v2 (Examples/evolution), with where it lands and what the report says.
@Suite struct FlowEvolutionTests {
  static let folder = PackagePaths.root.appendingPathComponent("Examples/evolution")
  static let v1 = load("plndr-v1.json")
  static let v2 = load("plndr-v2.json")
  static let compiledV1 = CompiledFlow(v1)
  static let compiledV2 = CompiledFlow(v2)
  static let today = ShippedFlows.today

  static func load(_ name: String) -> Flow {
    do {
      return try FlowLoader().load(contentsOf: folder.appendingPathComponent(name).path)
    } catch {
      preconditionFailure("\(name) loads: \(error)")
    }
  }

  /// A session on v1; `manual` leaves navigation commands unconfirmed.
  struct V1Session {
    var session = CheckoutSession(flow: FlowEvolutionTests.compiledV1, today: FlowEvolutionTests.today)
    var manual = false

    @discardableResult
    mutating func send(_ event: SessionEvent) -> [Effect] {
      var effects = session.send(event)
      while !manual, let command = effects.compactMap({ if case .navigate(let c) = $0 { c } else { nil } }).first {
        effects = session.send(.appeared((try? session.navigation.applying(command).top) ?? session.navigation.top))
      }
      return effects
    }

    mutating func set(_ values: [(String, String)]) {
      for (row, value) in values { send(.set(.row(RowID(row)), .string(value))) }
    }

    /// Address and card filled in, at Step Two.
    mutating func atStepTwo(zip: String = "97201") {
      send(.tap("checkout"))
      send(.tap("shippingAddress"))
      set([("name", "Ada Lovelace"), ("street", "1 Main St"), ("city", "Portland"), ("state", "OR"), ("zip", zip)])
      send(.tap("done"))
      send(.tap("creditCard"))
      set([("name", "Ada Lovelace"), ("number", "4242 4242 4242 4242"), ("expiry", "12/28"), ("cvv", "123")])
      send(.tap("done"))
      send(.tap("continue"))
    }

    /// Placing the order fails with these codes.
    mutating func orderFails(_ codes: [String]) {
      send(.tap("placeOrder"))
      send(.apiFailed("placeOrder", codes.map { APIError(code: $0) }))
    }
  }

  /// One row of the table.
  struct Case: CustomTestStringConvertible {
    var name: String
    var before: @Sendable () -> CheckoutSession
    var state: String
    var changes: [String]
    var check: @Sendable (CheckoutSession) -> Void = { _ in }
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a renamed step on the stack is renamed",
      before: {
        var s = V1Session()
        s.send(.tap("checkout"))
        return s.session
      },
      state: "cart>shipping",
      changes: ["renamed step: stepOne -> shipping"]),
    Case(
      name: "a removed step on the stack is cut away",
      before: {
        var s = V1Session()
        s.send(.tap("discount"))
        s.send(.set(.row("code"), .string("SAVE10")))
        return s.session
      },
      state: "cart",
      changes: [
        "cut navigation: cart|discount -> cart: step \"discount\" is not in v2; cut back to cart",
        "dropped value: discount.code: no row binds it, the flow's data does not hold it and no submit provides it in v2",
      ]),
    Case(
      name: "a tap's command waiting for a removed step is dropped",
      before: {
        var s = V1Session(manual: true)
        s.send(.tap("discount"))
        return s.session
      },
      state: "cart",
      changes: ["dropped pending: present discount: discount is not in v2"],
      check: { #expect($0.pending == nil) }),
    Case(
      name: "a route in progress through a renamed step is given up and its error offered again, re-resolved",
      before: {
        var s = V1Session()
        s.atStepTwo()
        s.orderFails(["cvv_invalid"])
        s.manual = true
        s.send(.accept)  // pop sent: waiting for stepOne
        return s.session
      },
      // v2 inserts payment between shipping and stepTwo: the state is cut back, and
      // the pop the host was performing leads nowhere on it.
      state: "cart>shipping",
      changes: [
        "renamed step: stepOne -> shipping",
        "cut navigation: cart>stepOne>stepTwo -> cart>shipping: shipping no longer opens stepTwo in v2 (it opens address, payment); cut back to cart>shipping",
        "reresolved error: creditCard.cvv -> creditCard.securityCode: the route's error (cvv_invalid) re-resolved with the matchers of v2",
        "dropped route: to creditCard: given up because the navigation state was cut; creditCard.securityCode is offered again",
      ],
      check: { session in
        #expect(session.pending == nil)
        #expect(session.offer?.resolution.target == "creditCard.securityCode")
        #expect(!session.driver.isDriving)
      }),
    Case(
      name: "an offer waiting is re-resolved with the new matchers",
      before: {
        var s = V1Session()
        s.atStepTwo()
        s.orderFails(["discount_invalid", "cvv_invalid"])
        return s.session
      },
      state: "cart>shipping",
      changes: [
        "renamed step: stepOne -> shipping",
        "cut navigation: cart>stepOne>stepTwo -> cart>shipping: shipping no longer opens stepTwo in v2 (it opens address, payment); cut back to cart>shipping",
        "reresolved error: discount.code -> stepTwo: the offer (discount_invalid) re-resolved with the matchers of v2",
        "reresolved error: creditCard.cvv -> creditCard.securityCode: a queued error (cvv_invalid) re-resolved with the matchers of v2",
      ],
      check: { session in
        #expect(session.offer?.resolution.target == "stepTwo")
        #expect(session.queued.map(\.target) == ["creditCard.securityCode"])
      }),
    Case(
      name: "a value the tightened rule rejects is kept and shown with the rule's message",
      before: {
        var s = V1Session()
        s.atStepTwo(zip: "97201-1234")
        return s.session
      },
      state: "cart>shipping",
      changes: [
        "renamed step: stepOne -> shipping",
        "cut navigation: cart>stepOne>stepTwo -> cart>shipping: shipping no longer opens stepTwo in v2 (it opens address, payment); cut back to cart>shipping",
        "rejected value: shipping.zip: kept, shown on address.zip: Enter a 5-digit ZIP code.",
      ],
      check: { session in
        #expect(session.value(for: "shipping.zip") == .string("97201-1234"))
        #expect(session.rowErrors[CheckoutSession.RowRef(step: "address", row: "zip")] == "Enter a 5-digit ZIP code.")
      }),
    Case(
      name: "a focused error on a renamed row follows it",
      before: {
        var s = V1Session()
        s.atStepTwo()
        s.orderFails(["cvv_invalid"])
        s.send(.accept)  // arrives at creditCard.cvv
        return s.session
      },
      // v2 presents the card from payment: the state is cut back below it, and the
      // focus stays on its row, as when the shopper goes back from it.
      state: "cart>shipping",
      changes: [
        "renamed step: stepOne -> shipping",
        "cut navigation: cart>stepOne|creditCard -> cart>shipping: cart>shipping no longer presents creditCard in v2 (it presents address); cut back to cart>shipping",
        "renamed row: creditCard.cvv -> creditCard.securityCode",
      ],
      check: { session in
        #expect(session.focus?.description == "creditCard.securityCode")
        #expect(session.rowErrors[CheckoutSession.RowRef(step: "creditCard", row: "securityCode")] != nil)
      }),
    Case(
      name: "a call waiting for its answer keeps its step to open",
      before: {
        var s = V1Session()
        s.atStepTwo()
        s.send(.tap("placeOrder"))
        return s.session
      },
      state: "cart>shipping",
      changes: [
        "renamed step: stepOne -> shipping",
        "cut navigation: cart>stepOne>stepTwo -> cart>shipping: shipping no longer opens stepTwo in v2 (it opens address, payment); cut back to cart>shipping",
      ],
      check: { session in #expect(session.calls.mapValues(\.then) == ["placeOrder": "confirmation"]) }),
  ]

  @Test(arguments: cases)
  func migrationTable(_ row: Case) throws {
    let snapshot = row.before().snapshot(revealSensitive: true)
    #expect(snapshot.flowVersion == 1)
    let migrated = try SnapshotMigrator(to: Self.compiledV2).restore(SessionSnapshot(json: snapshot.jsonData()))
    #expect(migrated.session.navigation.description == row.state)
    #expect(migrated.report?.changes.map(\.description) == row.changes)
    #expect(migrated.session.snapshot().flowVersion == 2)
    row.check(migrated.session)
    // Restoring without asking for the report gives the same session.
    let restored = try CheckoutSession(restoring: snapshot, flow: Self.compiledV2)
    #expect(restored.snapshot() == migrated.session.snapshot())
  }

  @Test func aCallKeepsItsIdempotencyKeyAndASecretsGenerationFollowsItsKey() throws {
    var s = V1Session()
    s.atStepTwo()
    s.send(.tap("placeOrder"))
    let key = try #require(s.session.calls["placeOrder"]?.key)
    var snapshot = s.session.snapshot(revealSensitive: true)
    #expect(snapshot.secretGenerations == ["payment.card.cvv": 1])
    // The same call, its answer lost: it is finished with the same key on v2 too.
    var lost = snapshot
    lost.unanswered = lost.calls
    lost.calls = []
    for stored in [snapshot, lost] {
      let migrated = try SnapshotMigrator(to: Self.compiledV2).restore(SessionSnapshot(json: stored.jsonData()))
      let after = migrated.session.snapshot()
      #expect((after.calls + (after.unanswered ?? [])).map(\.key) == [key])
      #expect((after.calls + (after.unanswered ?? [])).map(\.then) == ["confirmation"])
      #expect(after.secretGenerations == ["payment.card.securityCode": 1])
    }
    // A generation of a key v2 does not keep secret is not carried.
    snapshot.secretGenerations = ["payment.card.cvv": 1, "shipping.zip": 3]
    let migrated = try SnapshotMigrator(to: Self.compiledV2).restore(SessionSnapshot(json: snapshot.jsonData()))
    #expect(migrated.session.snapshot().secretGenerations == ["payment.card.securityCode": 1])
  }

  @Test func secretsKeptInMemoryAreCarriedToTheRenamedKey() throws {
    var s = V1Session()
    s.atStepTwo()
    let kept = s.session.secretValues
    let migrator = SnapshotMigrator(to: Self.compiledV2)
    let snapshot = try SessionSnapshot(json: s.session.snapshot(revealSensitive: true).jsonData())
    var carried = try migrator.restore(snapshot).session
    carried.restoreSecrets(migrator.carry(kept, from: snapshot.flowVersion))
    #expect(!kept.isEmpty)
    #expect(carried.secretValues == migrator.carry(kept, from: snapshot.flowVersion))
    #expect(!carried.secretValues.isEmpty)
    #expect(carried.rowErrors.isEmpty)
    // Without carrying them, the kept copy is under a key v2 does not keep: the CVV is missing.
    var uncarried = try migrator.restore(snapshot).session
    uncarried.restoreSecrets(kept)
    #expect(uncarried.secretValues.isEmpty)
    // A snapshot already on v2 needs no carrying.
    #expect(migrator.carry(kept, from: 2) == kept)
  }

  @Test func aSnapshotOfANewerVersionIsNeverCarriedBack() throws {
    var session = CheckoutSession(flow: Self.compiledV2, today: Self.today)
    session.send(.tap("checkout"))
    let snapshot = try SessionSnapshot(json: session.snapshot().jsonData())
    #expect(snapshot.flowVersion == 2)
    #expect(throws: SnapshotError.self) { try SnapshotMigrator(to: Self.compiledV1).restore(snapshot) }
    do {
      _ = try CheckoutSession(restoring: snapshot, flow: Self.compiledV1)
      Issue.record("a v2 snapshot restored on v1")
    } catch {
      #expect(
        error.message
          == "the snapshot was made on plndr v2, newer than this flow's v1; a session is never carried back to an older version (serve v2 here too)"
      )
    }
  }

  /// A flow without a `version` is older than any versioned one (as a server sorts
  /// the versions it serves): a v2 session is not carried back to it either.
  @Test func aSnapshotOfAVersionIsNeverCarriedBackToAFlowWithoutOne() throws {
    var unversioned = Self.v1
    unversioned.version = nil
    let target = CompiledFlow(unversioned)
    var session = CheckoutSession(flow: Self.compiledV2, today: Self.today)
    session.send(.tap("checkout"))
    let snapshot = try SessionSnapshot(json: session.snapshot().jsonData())
    do {
      _ = try SnapshotMigrator(to: target, history: [Self.v2]).migrate(snapshot)
      Issue.record("a v2 snapshot carried back to a flow without a version")
    } catch {
      #expect(
        error.message
          == "the snapshot was made on plndr v2, newer than this flow (which has no \"version\"); a session is never carried back to an older version (serve v2 here too)"
      )
    }
    #expect(throws: SnapshotError.self) { try CheckoutSession(restoring: snapshot, flow: target) }
    // The other way is forward: a session on the flow without a version is carried to v2.
    let old = try SessionSnapshot(json: CheckoutSession(flow: target, today: Self.today).snapshot().jsonData())
    #expect(try SnapshotMigrator(to: Self.compiledV2, history: [unversioned]).migrate(old).report != nil)
  }

  @Test func theReportIsTextAndData() throws {
    var s = V1Session()
    s.atStepTwo(zip: "97201-1234")
    s.send(.tap("discount"))
    s.send(.set(.row("code"), .string("SAVE10")))
    let report = try #require(try SnapshotMigrator(to: Self.compiledV2).restore(s.session.snapshot()).report)
    #expect(
      report.description == """
        plndr v1 -> v2: 4 changes
          renamed step: stepOne -> shipping
          cut navigation: cart>stepOne>stepTwo|discount -> cart>shipping: shipping no longer opens stepTwo in v2 (it opens address, payment); cut back to cart>shipping
          dropped value: discount.code: no row binds it, the flow's data does not hold it and no submit provides it in v2
          rejected value: shipping.zip: kept, shown on address.zip: Enter a 5-digit ZIP code.
        """)
    let decoded = try JSONDecoder().decode(MigrationReport.self, from: JSONEncoder().encode(report))
    #expect(decoded == report)
    #expect(report.changes.map(\.kind) == [.renamedStep, .cutNavigation, .droppedValue, .rejectedValue])
  }

  @Test func aSnapshotOfTheTargetVersionIsUnchangedAndAnotherFlowIsRefused() throws {
    let current = CheckoutSession(flow: Self.compiledV2, today: Self.today).snapshot()
    #expect(try SnapshotMigrator(to: Self.compiledV2).restore(current).report == nil)
    var other = current
    other.flow = "shop"
    let error = #expect(throws: SnapshotError.self) { try SnapshotMigrator(to: Self.compiledV2).restore(other) }
    #expect(error?.message == "the snapshot is of flow \"shop\", not \"plndr\"")
  }

  @Test func noValueTheShopperTypedIsInTheReport() throws {
    var s = V1Session()
    s.atStepTwo(zip: "97201-1234")
    let report = try #require(
      try SnapshotMigrator(to: Self.compiledV2).restore(s.session.snapshot(revealSensitive: true)).report)
    let text = report.description + String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
    for value in ["97201-1234", "4242", "Ada Lovelace", "1 Main St", "Portland", "12/28", "123"] {
      #expect(!text.contains(value), "\(value)")
    }
  }
}
