import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// An action's data fills the keys its submit provides at once (the suggested
/// street shows on the suggestion step), but a key a row binds holds what the
/// shopper typed: leaving the action without completing it (Keep mine, back, a
/// snapshot restored then declined) puts the shopper's values back; completing it
/// keeps the suggestion. Was: "Keep mine" left the suggested street in the row.
@Suite struct SuggestionDeclinedTests {
  static let json = #"""
    {"format": 1, "id": "suggest", "title": "Suggest", "start": "address", "steps": [
      {"id": "address", "title": "Address", "rows": [
        {"id": "street", "cell": "text", "title": "Street", "bind": "shipping.street", "rules": ["required"]},
        {"id": "line2", "cell": "text", "title": "Apartment", "bind": "shipping.line2"},
        {"id": "phone", "cell": "text", "title": "Phone", "bind": "contact.phone", "sensitive": true},
        {"id": "pin", "cell": "secure", "title": "Door code", "bind": "shipping.doorCode", "secret": true},
        {"id": "check", "cell": "button", "title": "Continue", "submit": "validateAddress", "then": "done",
         "provides": ["suggestion.street", "shipping.street", "shipping.line2", "contact.phone",
           "shipping.doorCode"],
         "actions": {"address_suggestion": "suggestion"}}]},
      {"id": "suggestion", "title": "Did you mean?", "presentation": "modal", "rows": [
        {"id": "suggested", "cell": "info", "title": "Suggested", "detail": "{suggestion.street}"},
        {"id": "use", "cell": "button", "title": "Use this address", "action": "resume"},
        {"id": "keep", "cell": "button", "title": "Keep mine", "action": "close"}]},
      {"id": "done", "title": "Done", "presentation": "reset", "rows": []}],
     "errors": [{"code": "*", "step": "address", "row": "street", "message": "Check the address."}]}
    """#

  static let compiled: CompiledFlow = {
    do { return CompiledFlow(try FlowLoader().load(json: json)) } catch { preconditionFailure("\(error)") }
  }()

  /// The shopper typed a street and a phone (no apartment); the API suggests all three.
  static func suggested() -> CheckoutSession {
    var session = CheckoutSession(flow: compiled)
    AutoHost().send(.set(.row("street"), .string("12 Elm Street Apt 4")), to: &session)
    AutoHost().send(.set(.row("phone"), .string("+1 503 555 0188")), to: &session)
    AutoHost().send(.set(.row("pin"), .string("4711")), to: &session)
    AutoHost().send(.tap("check"), to: &session)
    let data: [DataKey: Value] = [
      "suggestion.street": .string("12 Elm St"), "shipping.street": .string("12 Elm St"),
      "shipping.line2": .string("Apt 4"), "contact.phone": .string("+1 503 555 0199"),
      "shipping.doorCode": .string("8264"),
    ]
    AutoHost().send(.apiActionRequired("validateAddress", "address_suggestion", data), to: &session)
    #expect(session.navigation.description == "address|suggestion")
    #expect(session.value(for: "shipping.street") == .string("12 Elm St"))
    // A sensitive or secret key a row binds keeps the shopper's value while the
    // action waits: nothing of it is kept with the action, where a store would
    // write it in clear.
    #expect(session.value(for: "contact.phone") == .string("+1 503 555 0188"))
    return session
  }

  /// The shopper's values are back, the apartment they left empty empty again,
  /// and the call cancelled.
  static func expectTheShoppersValues(_ session: CheckoutSession) {
    #expect(session.navigation.description == "address")
    #expect(session.calls.isEmpty)
    #expect(session.value(for: "shipping.street") == .string("12 Elm Street Apt 4"))
    #expect(session.value(for: "shipping.line2") == nil)
    #expect(session.value(for: "contact.phone") == .string("+1 503 555 0188"))
    #expect(session.screen.row("street")?.value == "12 Elm Street Apt 4")
  }

  @Test func keepMinePutsTheShoppersValuesBack() {
    var session = Self.suggested()
    AutoHost().send(.tap("keep"), to: &session)
    Self.expectTheShoppersValues(session)
  }

  @Test func backPutsTheShoppersValuesBack() {
    var session = Self.suggested()
    AutoHost().send(.back, to: &session)
    Self.expectTheShoppersValues(session)
  }

  /// The host reports the step below (a sheet swiped down): the call is cancelled.
  @Test func aSheetSwipedDownPutsThemBack() {
    var session = Self.suggested()
    let effects = session.send(.appeared("address"))
    #expect(effects.contains { if case .notice = $0 { return true } else { return false } }, "\(effects)")
    Self.expectTheShoppersValues(session)
  }

  /// The next submit sends what the shopper typed.
  @Test func theNextCallSendsTheShoppersStreet() {
    var session = Self.suggested()
    AutoHost().send(.tap("keep"), to: &session)
    let effects = AutoHost().send(.tap("check"), to: &session)
    let sent = effects.compactMap { effect -> Payload? in
      if case .callAPI(_, let payload, _) = effect { return payload }
      return nil
    }
    #expect(sent.first?.values["shipping.street"] == .string("12 Elm Street Apt 4"))
  }

  @Test func usingTheSuggestionKeepsIt() {
    var session = Self.suggested()
    let effects = AutoHost().send(.tap("use"), to: &session)
    let sent = effects.compactMap { effect -> Payload? in
      if case .callAPI(_, let payload, _) = effect { return payload }
      return nil
    }
    #expect(sent.first?.values["shipping.street"] == .string("12 Elm St"))
    AutoHost().send(.apiSucceeded("validateAddress", [:]), to: &session)
    #expect(session.navigation.description == "done")
    #expect(session.value(for: "shipping.street") == .string("12 Elm St"))
    #expect(session.value(for: "shipping.line2") == .string("Apt 4"))
  }

  /// A failed continuation after "Use this address" is not a decline: the
  /// suggestion was taken.
  @Test func aFailedContinuationKeepsTheSuggestionTaken() {
    var session = Self.suggested()
    AutoHost().send(.tap("use"), to: &session)
    AutoHost().send(.apiFailed("validateAddress", [APIError(code: "undeliverable")]), to: &session)
    #expect(session.value(for: "shipping.street") == .string("12 Elm St"))
  }

  @Test func aSnapshotTakenWhileTheActionWaitsPutsThemBackToo() throws {
    let json = Self.suggested().snapshotJSON(revealSensitive: true)
    var restored = try CheckoutSession(restoringJSON: json, flow: Self.compiled)
    #expect(restored.value(for: "shipping.street") == .string("12 Elm St"))
    AutoHost().send(.tap("keep"), to: &restored)
    Self.expectTheShoppersValues(restored)
  }

  /// The action keeps no sensitive or secret value (the shopper's stayed in the
  /// data, masked in a snapshot, and the API's is masked in the action's data),
  /// even in a snapshot that reveals sensitive values, as a server's store writes
  /// it; a snapshot without the member (older) restores, and declining then leaves
  /// the suggestion.
  @Test func theActionKeepsNoSensitiveValue() throws {
    let revealed = try #require(
      JSONSerialization.jsonObject(with: Self.suggested().snapshotJSON(revealSensitive: true)) as? [String: Any])
    let waiting = try #require((revealed["calls"] as? [[String: Any]])?.first?["action"] as? [String: Any])
    let kept = try #require(waiting["replaced"] as? [String: Any])
    #expect(Set(kept.keys) == ["shipping.street", "shipping.line2"], "\(kept)")
    let json = String(decoding: Self.suggested().snapshotJSON(), as: UTF8.self)
    #expect(json.contains("\"replaced\""), "\(json)")
    #expect(json.contains("12 Elm Street Apt 4"))
    #expect(!json.contains("555 0188") && !json.contains("555 0199"), "\(json)")
    #expect(!json.contains("4711") && !json.contains("8264"), "\(json)")
    var object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    var calls = try #require(object["calls"] as? [[String: Any]])
    var action = try #require(calls[0]["action"] as? [String: Any])
    action["replaced"] = nil
    calls[0]["action"] = action
    object["calls"] = calls
    var older = try CheckoutSession(
      restoringJSON: JSONSerialization.data(withJSONObject: object), flow: Self.compiled)
    AutoHost().send(.tap("keep"), to: &older)
    #expect(older.value(for: "shipping.street") == .string("12 Elm St"))
  }
}
