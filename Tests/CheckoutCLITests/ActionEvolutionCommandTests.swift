import CheckoutCLI
import CheckoutEngine
import CheckoutTestSupport
import Foundation
import Testing

/// `checkout diff` and `checkout migrate` when a flow's actions change: an action
/// added, removed, or done at another step, and what becomes of a session
/// waiting on one (a snapshot taken while the bank's challenge is shown).
@Suite struct ActionEvolutionCommandTests {
  /// A shop whose Pay may ask for actions; `actions` is the submit's `actions` object.
  /// Both action steps are there unless `only` names the ones to keep: a step no
  /// action is done on cannot be reached, a lint error (`diff` compares such a
  /// version; `migrate`, which runs its NEW, refuses it).
  static func flow(version: Int, actions: String, only: Set<String>? = nil) -> String {
    let steps = [
      ("challenge", "Confirm with your bank"), ("bank", "Your bank"),
    ].filter { only?.contains($0.0) ?? true }.map { id, title in
      #"""
        {"id": "\#(id)", "title": "\#(title)", "presentation": "modal", "rows": [
          {"id": "confirm", "cell": "button", "title": "Confirm", "action": "resume"},
          {"id": "cancel", "cell": "button", "title": "Cancel", "action": "close"}]},
      """#
    }.joined(separator: "\n")
    return #"""
      {"format": 1, "id": "shop3ds", "title": "Shop", "version": \#(version), "start": "cart", "steps": [
        {"id": "cart", "title": "Cart", "rows": [
          {"id": "email", "cell": "email", "title": "Email", "bind": "contact.email", "rules": ["required"]},
          {"id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "receipt",
           "validates": ["cart"], "actions": \#(actions)}]},
      \#(steps)
        {"id": "receipt", "title": "Thanks", "presentation": "reset", "rows": [
          {"id": "thanks", "cell": "info", "title": "Thanks"}]}],
       "errors": [{"code": "*", "step": "cart", "message": "Something went wrong."}]}
      """#
  }

  static let versions = [
    ("v1.json", flow(version: 1, actions: #"{"three_d_secure": "challenge"}"#)),
    ("v2.json", flow(version: 2, actions: #"{"three_d_secure": "bank", "address_check": "challenge"}"#)),
    ("v3.json", flow(version: 3, actions: "{}")),
    ("v4.json", flow(version: 4, actions: #"{"three_d_secure": "challenge"}"#)),
  ]

  /// v3 and v4 without the steps no action is done on: lint-clean, so `migrate` runs them.
  static let lintClean = [
    ("v3-clean.json", flow(version: 3, actions: "{}", only: [])),
    ("v4-clean.json", flow(version: 4, actions: #"{"three_d_secure": "challenge"}"#, only: ["challenge"])),
  ]

  /// The flows, and a snapshot on v1 waiting on `three_d_secure` at the challenge.
  static func withVersions(_ body: (String) throws -> Void) throws {
    try withFlowDirectory(Dictionary(uniqueKeysWithValues: versions + lintClean)) { directory in
      let v1 = CompiledFlow(try FlowLoader().load(json: versions[0].1))
      var session = CheckoutSession(flow: v1)
      AutoHost().send(.set(.row("email"), .string("ada@example.com")), to: &session)
      AutoHost().send(.tap("pay"), to: &session)
      AutoHost().send(.apiActionRequired("placeOrder", "three_d_secure", [:]), to: &session)
      #expect(session.navigation.description == "cart|challenge" && session.waitingAction != nil)
      try session.snapshotJSON().write(to: URL(fileURLWithPath: directory + "/waiting.json"))
      try body(directory)
    }
  }

  @Test func diffReportsAnActionMovedAndOneAddedAndWhatBecomesOfAWaitingSession() throws {
    try Self.withVersions { directory in
      let result = runCheckout(["diff", "v1.json", "v2.json"], in: directory)
      #expect(result.status == 1, "a moved action is breaking")
      #expect(
        result.output == """
          shop3ds v1 -> v2: 2 differences, 1 breaking
            breaking action moved: placeOrder three_d_secure (challenge -> bank)
                       sessions: a session waiting on it keeps waiting when it shows bank already; otherwise its call is cancelled when it is restored (the migration report says so), and the next tap makes a new call that asks again
            safe     action added: placeOrder address_check (done at challenge)

          """)
    }
  }

  @Test func diffReportsAnActionRemovedAsBreaking() throws {
    try Self.withVersions { directory in
      let result = runCheckout(["diff", "v1.json", "v3.json", "--json"], in: directory)
      #expect(result.status == 1)
      let diff = try JSONDecoder().decode(FlowDiff.self, from: Data(result.output.utf8))
      let removed = try #require(diff.differences.first)
      #expect(diff.differences.count == 1)
      #expect(removed.kind == "action removed" && removed.subject == "placeOrder three_d_secure")
      #expect(removed.detail == "done at challenge" && removed.impact == .breaking)
      #expect(removed.effect?.contains("call cancelled when it is restored") == true)
      // The same actions again: nothing to report.
      #expect(runCheckout(["diff", "v1.json", "v4.json"], in: directory).status == 0)
    }
  }

  @Test func migrateCancelsTheWaitingCallWhenTheActionMovedOrWasRemoved() throws {
    try Self.withVersions { directory in
      // v2 still presents challenge (for address_check); in v3 nothing does, and the
      // state is cut back below it.
      for (target, reason, state) in [
        (
          "v2.json",
          "it waited on three_d_secure at challenge; in v2 the action is done at bank, which the session does not show; the call is cancelled",
          "cart|challenge"
        ),
        (
          "v3-clean.json", "it waited on three_d_secure at challenge, which v3 does not declare; the call is cancelled",
          "cart"
        ),
      ] {
        let result = runCheckout(["migrate", "--to", target, "waiting.json"], in: directory)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("changed call: placeOrder: \(reason)\n"), "\(result.output)")
        // The restored session: nothing waits; the challenge still shown is closed,
        // and the next tap is a new call under a new key.
        let snapshot = try SessionSnapshot(json: Data(contentsOf: URL(fileURLWithPath: directory + "/waiting.json")))
        let flow = CompiledFlow(try FlowLoader().load(contentsOf: directory + "/" + target))
        var session = try SnapshotMigrator(to: flow).restore(snapshot).session
        #expect(session.calls.isEmpty && session.navigation.description == state)
        if state == "cart|challenge" {
          #expect(session.send(.tap("confirm")).first?.refusal?.code == .noActionWaiting)
          AutoHost().send(.tap("cancel"), to: &session)
        }
        let keys = session.send(.tap("pay")).compactMap { effect -> String? in
          if case .callAPI(_, _, let key) = effect { return key.description }
          return nil
        }
        #expect(keys == ["placeOrder-2"])
      }
    }
  }

  @Test func migrateKeepsTheCallWaitingWhenTheActionStaysWhereItWas() throws {
    try Self.withVersions { directory in
      let result = runCheckout(["migrate", "--to", "v4-clean.json", "waiting.json", "--json"], in: directory)
      #expect(result.status == 0, "\(result.error)")
      // The migrated session goes on: its key is kept, and confirming continues the same call.
      let snapshot = try SessionSnapshot(json: Data(contentsOf: URL(fileURLWithPath: directory + "/waiting.json")))
      let v4 = CompiledFlow(try FlowLoader().load(json: Self.lintClean[1].1))
      let migrated = try SnapshotMigrator(to: v4).restore(snapshot)
      var session = migrated.session
      #expect(migrated.report?.changes.isEmpty == true)
      #expect(session.waitingAction?.action.step == "challenge" && session.waitingAction?.call.key == "placeOrder-1")
      let effects = session.send(.tap("confirm"))
      let keys = effects.compactMap { effect -> String? in
        if case .callAPI(_, _, let key) = effect { return key.description }
        return nil
      }
      #expect(keys == ["placeOrder-1/three_d_secure-1"])
    }
  }
}
