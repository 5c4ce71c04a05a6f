import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// A snapshot taken while a suggested address waits, restored on a new version
/// of the flow: the shopper's values the suggestion replaced follow their keys'
/// renames, and come back when the migration cancels the call.
@Suite struct SuggestionMigrationTests {
  static func flow(_ json: String) throws -> CompiledFlow { CompiledFlow(try FlowLoader().load(json: json)) }

  static func migrate(to json: String) throws -> MigratedSession {
    let snapshot = SuggestionDeclinedTests.suggested().snapshot(revealSensitive: true)
    return try SnapshotMigrator(to: flow(json)).restore(snapshot)
  }

  /// v2 renames the street's key; declining then puts the shopper's street back under it.
  @Test func theShoppersValueFollowsItsKeysRename() throws {
    let v2 = SuggestionDeclinedTests.json
      .replacingOccurrences(of: "shipping.street", with: "shipping.line1")
      .replacingOccurrences(
        of: #""id": "suggest", "#,
        with: #""id": "suggest", "version": 2, "renamed": {"keys": {"shipping.street": "shipping.line1"}}, "#)
    var session = try Self.migrate(to: v2).session
    #expect(session.waitingAction?.action.step == "suggestion")
    #expect(session.value(for: "shipping.line1") == .string("12 Elm St"))
    AutoHost().send(.tap("keep"), to: &session)
    #expect(session.value(for: "shipping.line1") == .string("12 Elm Street Apt 4"))
    #expect(session.value(for: "shipping.street") == nil)
  }

  /// v2 no longer asks for a suggestion: the call is cancelled and the shopper's values are back.
  @Test func aCallTheMigrationCancelsPutsThemBack() throws {
    // The same flow without the action and its step.
    var flow = try #require(
      JSONSerialization.jsonObject(with: Data(SuggestionDeclinedTests.json.utf8)) as? [String: Any])
    var steps = try #require(flow["steps"] as? [[String: Any]]).filter { $0["id"] as? String != "suggestion" }
    var rows = try #require(steps[0]["rows"] as? [[String: Any]])
    rows[rows.count - 1]["actions"] = nil
    steps[0]["rows"] = rows
    flow["steps"] = steps
    flow["version"] = 2
    let v2 = String(decoding: try JSONSerialization.data(withJSONObject: flow), as: UTF8.self)
    #expect(!v2.contains("address_suggestion"))
    let migrated = try Self.migrate(to: v2)
    #expect(migrated.session.calls.isEmpty)
    #expect(migrated.session.navigation.description == "address")
    #expect(migrated.session.value(for: "shipping.street") == .string("12 Elm Street Apt 4"))
    #expect(migrated.session.value(for: "shipping.line2") == nil)
  }
}
