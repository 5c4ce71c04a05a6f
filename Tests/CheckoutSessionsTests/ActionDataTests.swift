import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// What an API sends with an action (a suggested address): its keys the
/// operation's submits `provides` fill the session's data at once, so the action's
/// step shows them; the rest stays with the action for the host; a secret is never
/// kept, a sensitive value only masked.
@Suite struct ActionDataTests {
  static let json = #"""
    {"format": 1, "id": "suggest", "title": "Suggest", "start": "address", "steps": [
      {"id": "address", "title": "Address", "rows": [
        {"id": "street", "cell": "text", "title": "Street", "bind": "address.street", "rules": ["required"]},
        {"id": "pin", "cell": "secure", "title": "PIN", "bind": "account.pin", "secret": true},
        {"id": "card", "cell": "text", "title": "Card", "bind": "payment.card.number", "sensitive": true},
        {"id": "check", "cell": "button", "title": "Continue", "submit": "checkAddress", "then": "done",
         "provides": ["suggestion.street"], "actions": {"address_suggestion": "suggestion"}}]},
      {"id": "suggestion", "title": "Did you mean", "presentation": "modal", "rows": [
        {"id": "suggested", "cell": "info", "title": "Suggested", "detail": "{suggestion.street}"},
        {"id": "use", "cell": "button", "title": "Use it", "action": "resume"},
        {"id": "edit", "cell": "button", "title": "Edit", "action": "close"}]},
      {"id": "done", "title": "Done", "presentation": "reset", "rows": []}],
     "errors": [{"code": "*", "step": "address", "row": "street", "message": "Check the address."}]}
    """#

  static func suggested() throws -> CheckoutSession {
    var session = CheckoutSession(flow: CompiledFlow(try FlowLoader().load(json: json)))
    AutoHost().send(.set(.row("street"), .string("1 Mian Street")), to: &session)
    AutoHost().send(.tap("check"), to: &session)
    let data: [DataKey: Value] = [
      "suggestion.street": .string("1 Main Street"), "suggestion.source": .string("postal-index"),
      "account.pin": .string("4711"), "payment.card.number": .string("4242 4242 4242 4242"),
    ]
    AutoHost().send(.apiActionRequired("checkAddress", "address_suggestion", data), to: &session)
    return session
  }

  @Test func aProvidedKeyOfTheActionsDataIsShownOnItsStep() throws {
    let session = try Self.suggested()
    #expect(session.navigation.description == "address|suggestion")
    #expect(session.value(for: "suggestion.street") == .string("1 Main Street"))
    #expect(session.screen.row("suggested")?.detail == "1 Main Street")
    // A key no submit provides stays with the action, for the host; the shopper's street is untouched.
    #expect(session.value(for: "suggestion.source") == nil)
    #expect(session.waitingAction?.action.data["suggestion.source"] == .string("postal-index"))
    #expect(session.value(for: "address.street") == .string("1 Mian Street"))
  }

  @Test func aSecretInTheActionsDataIsNeverKeptAndASensitiveOneOnlyMasked() throws {
    let session = try Self.suggested()
    #expect(session.waitingAction?.action.data["account.pin"] == nil)
    #expect(session.waitingAction?.action.data["payment.card.number"] == .string("•••• 4242"))
    let json = String(decoding: session.snapshotJSON(), as: UTF8.self)
    #expect(json.contains("postal-index") && !json.contains("4711") && !json.contains("4242 4242"))
  }
}
