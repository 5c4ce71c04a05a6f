import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// A call that asked for an action (a suggested address to confirm) succeeds: the
/// action's step closes before the submit's `then` opens, one command at a time,
/// so the rest of the checkout does not open inside the action's step.
@Suite struct ActionStepClosingTests {
  static func json(suggestion: String = "modal", then: String = "push") -> String {
    #"""
    {"format": 1, "id": "delivery", "title": "Delivery", "version": 1, "start": "basket", "steps": [
      {"id": "basket", "title": "Basket", "rows": [
        {"id": "checkout", "cell": "button", "title": "Checkout", "opens": "address"}]},
      {"id": "address", "title": "Address", "rows": [
        {"id": "street", "cell": "text", "title": "Street", "bind": "address.street", "rules": ["required"]},
        {"id": "validate", "cell": "button", "title": "Continue", "submit": "validateAddress", "then": "slot",
         "validates": ["address"], "actions": {"address_suggestion": "suggestion"}}]},
      {"id": "suggestion", "title": "Did you mean", "presentation": "\#(suggestion)", "rows": [
        {"id": "confirm", "cell": "button", "title": "Use it", "action": "resume"},
        {"id": "edit", "cell": "button", "title": "Edit", "action": "close"}]},
      {"id": "slot", "title": "Delivery time", "presentation": "\#(then)", "rows": [
        {"id": "when", "cell": "text", "title": "When", "bind": "delivery.slot"}]}],
     "errors": [{"code": "*", "step": "address", "row": "street", "message": "Check the address."}]}
    """#
  }

  static func session(suggestion: String = "modal", then: String = "push") throws -> CheckoutSession {
    let compiled = CompiledFlow(try FlowLoader().load(json: json(suggestion: suggestion, then: then)))
    var session = CheckoutSession(flow: compiled)
    AutoHost().send(.tap("checkout"), to: &session)
    AutoHost().send(.set(.row("street"), .string("1 Mian Street")), to: &session)
    AutoHost().send(.tap("validate"), to: &session)
    AutoHost().send(.apiActionRequired("validateAddress", "address_suggestion", [:]), to: &session)
    AutoHost().send(.tap("confirm"), to: &session)
    return session
  }

  @Test func theSuggestionClosesThenTheNextStepOpensOverTheAddress() throws {
    var session = try Self.session()
    #expect(session.navigation.description == "basket>address|suggestion")
    #expect(session.send(.apiSucceeded("validateAddress", [:])) == [.navigate(.dismiss)])
    #expect(session.send(.appeared("address")) == [.navigate(.push("slot"))])
    #expect(session.send(.appeared("slot")) == [])
    #expect(session.navigation.description == "basket>address>slot")
  }

  /// The continuation failed and the shopper declined the offer: the suggestion,
  /// whose `resume` row could finish nothing now, closes (it stayed on top, and
  /// "Use it" answered "there is nothing to finish now").
  @Test func aFailedContinuationDeclinedClosesTheSuggestion() throws {
    var session = try Self.session()
    let failed = session.send(.apiFailed("validateAddress", [APIError(code: "address_invalid")]))
    #expect(failed.map(\.kind) == [.offer])
    #expect(session.navigation.description == "basket>address|suggestion", "the offer comes over the suggestion")
    #expect(session.send(.decline) == [.navigate(.dismiss)])
    #expect(session.send(.appeared("address")) == [])
    #expect(session.navigation.description == "basket>address")
    // Accepting instead routes from the suggestion to the row, as before.
    var accepting = try Self.session()
    accepting.send(.apiFailed("validateAddress", [APIError(code: "address_invalid")]))
    #expect(accepting.send(.accept) == [.navigate(.dismiss)])
    #expect(accepting.send(.appeared("address")).contains { $0.kind == .focus })
  }

  @Test func anAutoHostEndsOnTheNextStepWithTheSuggestionClosed() throws {
    var session = try Self.session()
    let effects = AutoHost().send(.apiSucceeded("validateAddress", [:]), to: &session)
    let commands: [NavigationCommand] = effects.compactMap {
      if case .navigate(let command) = $0 { return command }
      return nil
    }
    #expect(commands == [.dismiss, .push("slot")])
    #expect(session.navigation.description == "basket>address>slot")
  }

  @Test func aPushedActionStepIsPoppedAndAModalThenIsPresentedAfterIt() throws {
    var pushed = try Self.session(suggestion: "push", then: "modal")
    #expect(pushed.navigation.description == "basket>address>suggestion")
    #expect(pushed.send(.apiSucceeded("validateAddress", [:])) == [.navigate(.pop)])
    #expect(pushed.send(.appeared("address")) == [.navigate(.present("slot"))])
    #expect(pushed.send(.appeared("slot")) == [])
    #expect(pushed.navigation.description == "basket>address|slot")
  }

  @Test func aResetThenNeedsNoClosing() throws {
    var session = try Self.session(then: "reset")
    #expect(session.send(.apiSucceeded("validateAddress", [:])) == [.navigate(.reset("slot"))])
  }

  @Test func aCallThatAskedForNothingOpensItsThenAtOnce() throws {
    let compiled = CompiledFlow(try FlowLoader().load(json: Self.json()))
    var session = CheckoutSession(flow: compiled)
    AutoHost().send(.tap("checkout"), to: &session)
    AutoHost().send(.set(.row("street"), .string("1 Main Street")), to: &session)
    AutoHost().send(.tap("validate"), to: &session)
    #expect(session.send(.apiSucceeded("validateAddress", [:])) == [.navigate(.push("slot"))])
  }

  @Test func theCommandAfterTheClosingIsKeptInASnapshot() throws {
    var session = try Self.session()
    _ = session.send(.apiSucceeded("validateAddress", [:]))
    let snapshot = session.snapshot()
    let text = String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self)
    #expect(text.contains(#""then":"push slot""#), "\(text)")
    var restored = try CheckoutSession(restoring: snapshot, flow: session.compiled)
    #expect(restored.send(.appeared("address")) == [.navigate(.push("slot"))])
    _ = restored.send(.appeared("slot"))
    #expect(restored.navigation.description == "basket>address>slot")
  }

  @Test func anotherStepAppearingGivesUpBothCommandsSayingSo() throws {
    var session = try Self.session()
    _ = session.send(.apiSucceeded("validateAddress", [:]))
    let effects = session.send(.appeared("basket"))
    guard case .notice(let notice)? = effects.first else {
      Issue.record("no notice: \(effects)")
      return
    }
    #expect(notice.contains("the `dismiss` (and the `push slot` after it) was given up"), "\(notice)")
    #expect(session.send(.appeared("slot")).first?.refusal != nil, "nothing waits for slot any more")
  }
}

/// A failure that names no error is never dropped without a word.
@Suite struct EmptyFailureTests {
  @Test func aFailureWithNoErrorsIsOfferedAsUnspecifiedThroughTheFallback() throws {
    var session = ActionTests.paying()
    let effects = session.send(.apiFailed("placeOrder", []))
    guard case .offer(let offer)? = effects.first else {
      Issue.record("no offer: \(effects)")
      return
    }
    #expect(offer.resolution.error?.code == "unspecified")
    #expect(offer.resolution.message == "Something went wrong.", "the flow's fallback message")
    #expect(session.calls["placeOrder"] == nil, "the call is over")
  }
}

/// A success fills the keys its submits `provides`, and nothing the shopper typed.
@Suite struct SuccessDataTests {
  @Test func keysNoSubmitProvidesAreLeftOutSayingSo() throws {
    var session = ActionTests.paying()
    let effects = session.send(
      .apiSucceeded("placeOrder", ["order.number": .string("N1"), "contact.email": .string("eve@example.com")]))
    #expect(session.value(for: "order.number") == .string("N1"))
    #expect(session.value(for: "contact.email") == .string("ada@example.com"), "what the shopper typed stays")
    guard case .notice(let notice)? = effects.first else {
      Issue.record("no notice: \(effects)")
      return
    }
    #expect(
      notice
        == "placeOrder's answer holds contact.email, which no submit of placeOrder provides: left out (its submits provide order.number)"
    )
    #expect(effects.dropFirst().first == .navigate(.reset("receipt")), "the order goes on")
  }

  @Test func anAnswerOfOnlyProvidedKeysHasNoNotice() throws {
    var session = ActionTests.paying()
    #expect(
      session.send(.apiSucceeded("placeOrder", ["order.number": .string("N1")])) == [.navigate(.reset("receipt"))])
  }
}
