import Foundation
import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutPlanning
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// Calls that ask for more: `apiActionRequired` keeps the call open and opens the
/// action's step; its `resume` row or `actionCompleted` makes the same call again
/// (same key, marked as the continuation); leaving the step cancels it.
@Suite struct ActionTests {
  static let challenge = SessionEvent.apiActionRequired(
    "placeOrder", "three_d_secure", ["challenge.url": .string("https://bank.example/3ds")])

  /// A session that tapped Pay: the call `placeOrder-1` is in flight.
  static func paying() -> CheckoutSession {
    var session = CheckoutSession(flow: ActionFlows.compiled)
    AutoHost().send(.set(.row("email"), .string("ada@example.com")), to: &session)
    AutoHost().send(.tap("pay"), to: &session)
    return session
  }

  /// A session whose call waits on the 3-D Secure challenge, shown.
  static func atChallenge() -> CheckoutSession {
    var session = paying()
    AutoHost().send(challenge, to: &session)
    return session
  }

  static func key(of effects: [Effect]) -> IdempotencyKey? {
    for case .callAPI(_, _, let key) in effects { return key }
    return nil
  }

  @Test func theActionKeepsTheCallOpenAndOpensItsStepAtOnce() throws {
    var session = Self.paying()
    let effects = session.send(Self.challenge)
    #expect(effects == [.navigate(.present("challenge"))])
    let waiting = try #require(session.waitingAction)
    #expect(waiting.call.key == "placeOrder-1")
    #expect(waiting.action == PendingAction(name: "three_d_secure", step: "challenge", data: Self.challenge.data))
    #expect(session.send(.appeared("challenge")) == [])
    #expect(session.navigation.description == "cart|challenge")
    // Answers and retries of the call wait for the shopper, not the API.
    #expect(session.send(.apiSucceeded("placeOrder", [:])).first?.refusal?.code == .noCallWaiting)
    #expect(session.send(.callAgain("placeOrder")).first?.refusal?.code == .noCallWaiting)
  }

  @Test func theSameIdempotencyKeyBeforeAndAfterAnAction() throws {
    var session = Self.paying()
    let first = try #require(session.calls["placeOrder"]?.key)
    AutoHost().send(Self.challenge, to: &session)
    let continued = session.send(.tap("confirm"))
    let key = try #require(Self.key(of: continued))
    #expect(key.call == first && first == "placeOrder-1")
    #expect(key.continuation == "three_d_secure-1" && key == "placeOrder-1/three_d_secure-1")
    #expect(session.calls["placeOrder"]?.key == first)
    #expect(session.calls["placeOrder"]?.action == nil)
    // Another action is numbered on; its continuation is the same call again.
    AutoHost().send(Self.challenge, to: &session)
    let again = session.send(.actionCompleted("placeOrder", ["three_d_secure.result": .string("Y")]))
    #expect(Self.key(of: again) == "placeOrder-1/three_d_secure-2")
    guard case .callAPI(_, let payload, _)? = again.first else { return }
    #expect(payload.values["three_d_secure.result"] == .string("Y"))
    // A retry of the continuation sends the continuation again.
    #expect(Self.key(of: session.send(.callAgain("placeOrder"))) == "placeOrder-1/three_d_secure-2")
    // The answer is handled as usual.
    let placed = AutoHost().send(.apiSucceeded("placeOrder", ["order.number": .string("N-1")]), to: &session)
    #expect(placed.contains(.navigate(.reset("receipt"))))
    #expect(session.finished == "placeOrder" && session.calls.isEmpty)
  }

  @Test func anActionsResultWritesOnlyItsOwnKeysAndItsStepsRows() throws {
    var session = Self.atChallenge()
    let values: [DataKey: Value] = [
      "three_d_secure.result": .string("authenticated"), "challenge.code": .string("123456"),
      "contact.email": .string("eve@example.com"), "order.number": .string("FAKE-1"), "no.such.key": .string("zzz"),
    ]
    let effects = session.send(.actionCompleted("placeOrder", values))
    #expect(
      effects.first
        == .notice(
          "the result of the action three_d_secure holds contact.email, no.such.key, order.number, neither its own keys (three_d_secure.…) nor bound by a row of challenge: left out"
        ))
    guard case .callAPI(_, let payload, _)? = effects.last else {
      Issue.record("expected the continuation, got \(effects)")
      return
    }
    #expect(payload.values["three_d_secure.result"] == .string("authenticated"))
    #expect(payload.values["challenge.code"] == .string("123456"))
    #expect(payload.values["contact.email"] == .string("ada@example.com"), "frozen while the call waits")
    #expect(payload.values["order.number"] == nil && payload.values["no.such.key"] == nil)
    #expect(session.value(for: "contact.email") == .string("ada@example.com"))
  }

  @Test func theActionStepsRowsMayChangeWhileTheOthersAreFrozen() {
    var session = Self.atChallenge()
    #expect(session.send(.set(.row("code"), .string("123456"))) == [])
    #expect(session.value(for: "challenge.code") == .string("123456"))
    let refused = session.send(.set(.key("contact.email"), .string("eve@example.com")))
    #expect(refused.first?.refusal?.code == .callInProgress)
    #expect(session.value(for: "contact.email") == .string("ada@example.com"))
    // The continuation carries the action step's value.
    guard case .callAPI(_, let payload, _)? = session.send(.tap("confirm")).first else {
      Issue.record("expected the continuation")
      return
    }
    #expect(payload.values["challenge.code"] == .string("123456"))
    // Once it is sent, the action step's rows are frozen too.
    #expect(session.send(.set(.row("code"), .string("000000"))).first?.refusal?.code == .callInProgress)
  }

  @Test(arguments: [SessionEvent.back, .tap("cancel")])
  func leavingTheActionStepCancelsTheCallAndTheNextTapIsANewCall(_ leave: SessionEvent) throws {
    var session = Self.atChallenge()
    let effects = AutoHost().send(leave, to: &session)
    let notice = try #require(
      effects.compactMap { effect -> String? in
        if case .notice(let text) = effect { return text }
        return nil
      }.first)
    #expect(notice == #"You left "Confirm with your bank": Pay was not finished; tap it again to start over"#)
    #expect(session.calls.isEmpty && session.unanswered.isEmpty)
    #expect(session.navigation.description == "cart")
    #expect(session.send(.set(.row("email"), .string("bob@example.com"))) == [])
    #expect(Self.key(of: session.send(.tap("pay"))) == "placeOrder-2")
    #expect(session.send(.actionCompleted("placeOrder", [:])).first?.refusal?.code == .noActionWaiting)
  }

  @Test func anUndeclaredActionIsAFailureWithAClearMessage() throws {
    var session = Self.paying()
    let effects = session.send(.apiActionRequired("placeOrder", "address_suggestion", [:]))
    guard case .notice(let notice)? = effects.first, case .offer(let offer)? = effects.dropFirst().first else {
      Issue.record("expected a notice and an offer, got \(effects)")
      return
    }
    #expect(notice.contains("address_suggestion") && notice.contains("does not declare"))
    #expect(offer.resolution.error?.code == "action_unsupported")
    #expect(session.calls.isEmpty, "the call is over: nothing hangs")
    session.send(.decline)
    #expect(Self.key(of: session.send(.tap("pay"))) == "placeOrder-2")
  }

  @Test func anActionInsideARouteInProgressGivesTheRouteUp() throws {
    var session = CheckoutSession(flow: ActionFlows.compiled)
    AutoHost().send(.set(.row("email"), .string("ada@example.com")), to: &session)
    AutoHost().send(.tap("pay"), to: &session)
    // An error offered on the cart, accepted: a route to the details step starts.
    session.mode.offer(
      Offer(resolution: Resolution(step: "details", row: "note", message: "Check it."), from: "cart"), queued: [])
    #expect(session.send(.accept) == [.navigate(.push("details"))])
    #expect(session.mode.name == "routing")
    let effects = session.send(Self.challenge)
    #expect(effects.map(\.kind) == [.routeCancelled, .navigate])
    #expect(effects.last == .navigate(.present("challenge")))
    #expect(session.send(.appeared("challenge")) == [])
    #expect(session.navigation.description == "cart|challenge")
    #expect(session.waitingAction?.action.step == "challenge")
    #expect(Self.key(of: session.send(.tap("confirm"))) == "placeOrder-1/three_d_secure-1")
  }

  @Test func aSessionWaitingOnAnActionSurvivesASnapshot() throws {
    let session = Self.atChallenge()
    let json = session.snapshotJSON()
    #expect(String(decoding: json, as: UTF8.self).contains(#""action":{"data":{"challenge.url":"#))
    var restored = try CheckoutSession(restoringJSON: json, flow: ActionFlows.compiled)
    #expect(restored.waitingAction?.action == session.waitingAction?.action)
    #expect(restored.waitingAction?.call.key == "placeOrder-1")
    #expect(Self.key(of: restored.send(.tap("confirm"))) == "placeOrder-1/three_d_secure-1")
  }

  @Test func aSessionWaitingOnAnActionIsMigratedToTheRenamedStep() throws {
    let v2 = try FlowLoader().load(
      json: ActionFlows.json(version: 2, challenge: "bank", renamed: #""renamed": {"steps": {"challenge": "bank"}},"#))
    let migrated = try SnapshotMigrator(to: CompiledFlow(v2)).restore(Self.atChallenge().snapshot())
    var session = migrated.session
    #expect(session.navigation.description == "cart|bank")
    #expect(session.waitingAction?.action.step == "bank")
    #expect(session.waitingAction?.call.key == "placeOrder-1")
    #expect(Self.key(of: session.send(.tap("confirm"))) == "placeOrder-1/three_d_secure-1")
    // A version that no longer declares the action cancels the call, saying so.
    let v3 = try FlowLoader().load(
      json: ActionFlows.json(version: 3).replacingOccurrences(of: #""three_d_secure""#, with: #""sca""#))
    let cancelled = try SnapshotMigrator(to: CompiledFlow(v3)).restore(Self.atChallenge().snapshot())
    #expect(cancelled.session.calls.isEmpty)
    #expect(cancelled.report?.changes.contains { $0.detail.contains("the call is cancelled") } == true)
  }

  @Test func aHostCanCompleteActionsAtOnce() {
    var session = Self.paying()
    let host = AutoHost(completesActions: true)
    let effects = host.send(Self.challenge, to: &session)
    #expect(effects.map(\.kind) == [.navigate, .callAPI])
    #expect(Self.key(of: effects) == "placeOrder-1/three_d_secure-1")
  }
}

/// A call waiting on an action, with the challenge shown, takes every kind of
/// event: the session's mode and the call's state after each.
@Suite struct WaitingOnActionTableTests {
  struct Row: Sendable, CustomTestStringConvertible {
    var event: SessionEvent
    /// `waiting`, `in flight` (the continuation) or `none` (cancelled).
    var call: String
    var effects: [Effect.Kind]
    var testDescription: String { "\(event) -> \(call)" }
  }

  static let table: [Row] = [
    Row(event: .tap("confirm"), call: "in flight", effects: [.callAPI]),
    Row(event: .tap("pay"), call: "waiting", effects: [.refused]),  // not on the challenge step
    Row(event: .set(.row("code"), .string("1")), call: "waiting", effects: []),
    Row(event: .set(.key("contact.email"), .string("e@example.com")), call: "waiting", effects: [.refused]),
    Row(event: .back, call: "none", effects: [.notice]),
    Row(event: .appeared("cart"), call: "none", effects: [.notice]),
    Row(event: .apiSucceeded("placeOrder", [:]), call: "waiting", effects: [.refused]),
    Row(event: .apiFailed("placeOrder", [APIError(code: "card_declined")]), call: "waiting", effects: [.refused]),
    Row(event: .callAgain("placeOrder"), call: "waiting", effects: [.refused]),
    Row(event: .apiExpired("placeOrder"), call: "waiting", effects: [.refused]),
    Row(event: ActionTests.challenge, call: "waiting", effects: [.refused]),
    Row(event: .actionCompleted("placeOrder", [:]), call: "in flight", effects: [.callAPI]),
    Row(event: .accept, call: "waiting", effects: [.refused]),
    Row(event: .decline, call: "waiting", effects: [.refused]),
  ]

  @Test(arguments: table)
  func transition(_ row: Row) {
    var session = ActionTests.atChallenge()
    let effects = session.send(row.event)
    #expect(effects.map(\.kind) == row.effects, "\(effects)")
    let call = session.calls["placeOrder"].map { $0.action == nil ? "in flight" : "waiting" } ?? "none"
    #expect(call == row.call)
    #expect(session.mode.name == "idle")
  }

  @Test func theTableCoversEveryEvent() {
    #expect(Set(Self.table.map(\.event.kind)) == Set(SessionEvent.Kind.allCases))
  }
}

extension SessionEvent {
  /// The data of an `apiActionRequired` event.
  fileprivate var data: [DataKey: Value] {
    if case .apiActionRequired(_, _, let data) = self { return data }
    return [:]
  }
}
