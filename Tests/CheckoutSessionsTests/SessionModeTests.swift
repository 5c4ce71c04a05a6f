import Foundation
import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutPlanning
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// The session's mode table (``SessionMode``), one test per transition: from each
/// mode, each event gives a new mode (written compactly by ``shape(_:)``) and
/// effects. The starting sessions are PLNDR sessions reached by events, except a
/// command, an offer or a route pending while the order call waits, which are set
/// up directly: the shopper waits on Step Two for the call's answer (a tap that
/// opens a step is refused), but a snapshot made by an earlier version may hold them.
@Suite struct SessionModeTests {
  /// A session to start from, in one mode.
  enum Start: String, CaseIterable, Sendable {
    /// At Step Two with the order call waiting.
    case idle
    /// A route arrived at creditCard.cvv, address.zip queued.
    case focused
    /// The discount modal's `present` sent from Step Two, the order call waiting.
    case awaitingStep
    /// The discount modal's `present` sent, with a `dismiss` to send once it
    /// appears (as a call that asked for an action closes its step before its `then`).
    case awaitingStepThenMore
    /// The CVV error offered, address.zip queued.
    case offering
    /// The CVV error offered while the discount modal's `present` is awaited.
    case offeringOverStep
    /// The ZIP error offered while a route to the CVV awaits Step One.
    case offeringOverRoute
    /// A route to the CVV awaiting Step One after `pop`, address.zip queued.
    case routing
    /// The same route with the order call waiting to open the confirmation.
    case routingWithCall

    var session: CheckoutSession {
      let named = Dictionary(SnapshotJSONTests.sessions().map { ($0.name, $0.session) }) { first, _ in first }
      let callWaiting = named["a call waiting"] ?? CheckoutSession(flow: ShippedFlows.plndrCompiled)
      let routing = named["a route in progress"] ?? callWaiting
      switch self {
      case .idle: return callWaiting
      case .focused: return named["a route arrived, an error shown and focused"] ?? callWaiting
      case .awaitingStep: return Start.awaitingDiscount(callWaiting)
      case .awaitingStepThenMore:
        // The call has been answered: its action's step closes before its `then` opens.
        var session = callWaiting
        session.calls = [:]
        session.mode.wait(
          for: .step(
            CheckoutSession.PendingNavigation(command: .present("discount"), expected: "discount", then: .dismiss)))
        return session
      case .offering: return named["an offer waiting, an error queued"] ?? callWaiting
      case .offeringOverStep: return Start.sending([Start.cvvInvalid], to: Start.awaitingDiscount(callWaiting))
      case .offeringOverRoute:
        var session = routing
        session.mode.offer(Offer(resolution: Start.zip, from: "stepTwo"), queued: [])
        return session
      case .routing: return routing
      case .routingWithCall:
        var session = routing
        session.calls["placeOrder"] = APICall(operation: "placeOrder", key: "placeOrder-9", then: "confirmation")
        return session
      }
    }

    static let cvvInvalid = SessionEvent.apiFailed(
      "placeOrder", [APIError(code: "cvv_invalid", field: "payment.card.cvv")])
    static let zip = Resolution(step: "address", row: "zip", message: "ZIP?")

    /// `session` waiting for the discount modal's `present`.
    static func awaitingDiscount(_ session: CheckoutSession) -> CheckoutSession {
      var session = session
      session.mode.wait(
        for: .step(CheckoutSession.PendingNavigation(command: .present("discount"), expected: "discount")))
      return session
    }

    static func sending(_ events: [SessionEvent], to start: CheckoutSession) -> CheckoutSession {
      var session = start
      for event in events { session.send(event) }
      return session
    }
  }

  /// One row of the mode table.
  struct Transition: Sendable, CustomTestStringConvertible {
    var from: Start
    var event: SessionEvent
    /// The new mode, as ``shape(_:)`` writes it.
    var mode: String
    var effects: [Effect.Kind]

    init(_ from: Start, _ event: SessionEvent, _ mode: String, _ effects: [Effect.Kind]) {
      self.from = from
      self.event = event
      self.mode = mode
      self.effects = effects
    }

    var testDescription: String { "\(from) --\(event)--> \(mode)" }
  }

  static let cvv = SessionEvent.set(.key("payment.card.cvv"), .string("456"))
  static let zip = SessionEvent.set(.key("shipping.zip"), .string("97202"))
  static let ok = SessionEvent.apiSucceeded("placeOrder", [:])
  static let undeclared = SessionEvent.apiActionRequired("placeOrder", "three_d_secure", [:])

  /// One event of each kind, aimed at what the story's sessions wait for.
  static let everyKind: [SessionEvent] = [
    .tap("placeOrder"), .set(.key("shipping.zip"), .string("97202")), .back, .appeared("stepOne"), ok,
    Start.cvvInvalid, .callAgain("placeOrder"), .apiExpired("placeOrder"), undeclared,
    .actionCompleted("placeOrder", [:]), .accept, .decline,
  ]

  static let table: [Transition] = [
    // idle: the shopper acts; answers arrive.
    Transition(.idle, .tap("discount"), "idle", [.refused]),  // the shopper waits on Step Two for the call
    Transition(.idle, .tap("placeOrder"), "idle", [.refused]),
    Transition(.idle, zip, "idle", [.refused]),  // the call in flight sends the ZIP
    Transition(.idle, .back, "idle", [.refused]),
    Transition(.idle, .appeared("stepOne"), "idle", []),
    Transition(.idle, .appeared("creditCard"), "idle", [.refused]),
    Transition(.idle, ok, "awaitingStep confirmation", [.navigate]),
    Transition(.idle, Start.cvvInvalid, "offering creditCard.cvv", [.offer]),
    Transition(.idle, .callAgain("placeOrder"), "idle", [.callAPI]),
    Transition(.idle, .apiExpired("placeOrder"), "offering stepTwo", [.offer]),
    Transition(.idle, undeclared, "offering stepTwo", [.notice, .offer]),  // PLNDR declares no action
    Transition(.idle, .actionCompleted("placeOrder", [:]), "idle", [.refused]),
    Transition(.idle, .accept, "idle", [.refused]),
    Transition(.idle, .decline, "idle", [.refused]),
    // idle with a focus: changing the focused row offers the next queued error.
    Transition(.focused, cvv, "offering address.zip", [.offer]),
    Transition(.focused, .set(.row("name"), .string("Bob")), "idle focus creditCard.cvv, 1 queued", []),
    Transition(.focused, .tap("done"), "awaitingStep stepOne focus creditCard.cvv, 1 queued", [.navigate]),
    Transition(.focused, .back, "idle focus creditCard.cvv, 1 queued", []),
    Transition(.focused, ok, "idle focus creditCard.cvv, 1 queued", [.refused]),
    Transition(.focused, .accept, "idle focus creditCard.cvv, 1 queued", [.refused]),
    // awaitingStep: only the step, or another on the stack, ends it.
    Transition(.awaitingStep, .tap("placeOrder"), "awaitingStep discount", [.refused]),
    Transition(.awaitingStep, .appeared("discount"), "idle", []),
    Transition(.awaitingStep, .appeared("stepOne"), "idle", [.notice]),
    Transition(.awaitingStep, .appeared("creditCard"), "awaitingStep discount", [.refused]),
    Transition(.awaitingStep, .back, "awaitingStep discount", [.refused]),  // the call waits
    Transition(.awaitingStep, zip, "awaitingStep discount", [.refused]),
    Transition(.awaitingStep, ok, "awaitingStep confirmation", [.navigate]),
    Transition(.awaitingStep, Start.cvvInvalid, "offering creditCard.cvv over step discount", [.offer]),
    Transition(.awaitingStep, .decline, "awaitingStep discount", [.refused]),
    // awaitingStep with a command after it: its step's appearance sends the next one.
    Transition(.awaitingStepThenMore, .appeared("discount"), "awaitingStep stepTwo", [.navigate]),
    Transition(.awaitingStepThenMore, .appeared("stepOne"), "idle", [.notice]),
    Transition(.awaitingStepThenMore, .back, "idle", []),
    Transition(.awaitingStepThenMore, .tap("placeOrder"), "awaitingStep discount", [.refused]),
    // offering: accept or decline; the shopper's taps and back wait.
    Transition(.offering, .accept, "routing to creditCard.cvv awaiting stepOne, 1 queued", [.navigate]),
    Transition(.offering, .decline, "idle 1 queued", []),
    Transition(.offering, .tap("placeOrder"), "offering creditCard.cvv 1 queued", [.refused]),
    Transition(.offering, .back, "offering creditCard.cvv 1 queued", [.refused]),
    Transition(.offering, cvv, "offering creditCard.cvv 1 queued", []),
    Transition(.offering, .appeared("stepOne"), "offering creditCard.cvv 1 queued", []),
    Transition(.offering, ok, "offering creditCard.cvv 1 queued", [.refused]),
    // offering over a step: the step still appears; a decline returns to waiting for it.
    Transition(.offeringOverStep, .appeared("discount"), "offering creditCard.cvv", []),
    Transition(.offeringOverStep, .decline, "awaitingStep discount", []),
    Transition(.offeringOverStep, .accept, "routing to creditCard.cvv awaiting stepOne", [.navigate]),
    Transition(.offeringOverStep, .tap("placeOrder"), "offering creditCard.cvv over step discount", [.refused]),
    // offering over a route: the route goes on under the offer.
    Transition(
      .offeringOverRoute, .appeared("stepOne"), "offering address.zip over route awaiting creditCard", [.navigate]),
    Transition(.offeringOverRoute, .decline, "routing to creditCard.cvv awaiting stepOne", []),
    Transition(.offeringOverRoute, .accept, "routing to address.zip awaiting stepOne", [.navigate]),
    Transition(.offeringOverRoute, .back, "offering address.zip over route awaiting stepOne", [.refused]),
    // routing: appearances drive it; it ends focused or cancelled.
    Transition(.routing, .appeared("stepOne"), "routing to creditCard.cvv awaiting creditCard, 1 queued", [.navigate]),
    Transition(
      .routing, .appeared("cart"), "routing to creditCard.cvv awaiting stepOne, 1 queued", [.navigate, .notice]),
    Transition(.routing, .appeared("creditCard"), "idle 1 queued", [.routeCancelled, .notice]),
    Transition(.routing, .back, "routing to creditCard.cvv awaiting creditCard, 1 queued", [.navigate]),
    Transition(.routing, .tap("placeOrder"), "routing to creditCard.cvv awaiting stepOne, 1 queued", [.refused]),
    Transition(.routing, zip, "routing to creditCard.cvv awaiting stepOne, 1 queued", []),
    Transition(.routing, .accept, "routing to creditCard.cvv awaiting stepOne, 1 queued", [.refused]),
    Transition(.routing, .decline, "routing to creditCard.cvv awaiting stepOne, 1 queued", [.refused]),
    // An answer mid-route: a failure is offered over the route; a success opening a step ends it.
    Transition(.routingWithCall, ok, "awaitingStep confirmation", [.routeCancelled, .navigate]),
    Transition(
      .routingWithCall, Start.cvvInvalid, "offering creditCard.cvv over route awaiting stepOne", [.offer]),
    Transition(.routingWithCall, undeclared, "offering stepTwo over route awaiting stepOne", [.notice, .offer]),
  ]

  @Test(arguments: table)
  func transition(_ transition: Transition) {
    var session = transition.from.session
    let effects = session.send(transition.event)
    #expect(Self.shape(session) == transition.mode, "\(effects)")
    #expect(effects.map(\.kind) == transition.effects, "\(effects)")
  }

  /// Every mode and every event kind appear in the table.
  @Test func theTableCoversEveryModeAndEvent() {
    #expect(Set(Self.table.map(\.from.rawValue)) == Set(Start.allCases.map(\.rawValue)))
    #expect(Set(Self.table.map(\.event.kind)) == Set(SessionEvent.Kind.allCases))
    let modes = Set(Start.allCases.map { $0.session.mode.name })
    #expect(modes == ["idle", "awaitingStep", "offering", "routing"])
  }

  /// Every mode takes every kind of event: the session stays in one of the four
  /// modes, and what it holds restores (no combination the snapshot refuses).
  @Test(arguments: Start.allCases)
  func everyModeTakesEveryEvent(_ start: Start) throws {
    #expect(Set(Self.everyKind.map(\.kind)) == Set(SessionEvent.Kind.allCases))
    for event in Self.everyKind {
      var session = start.session
      session.send(event)
      #expect(["idle", "awaitingStep", "offering", "routing"].contains(session.mode.name), "\(start) \(event)")
      let restored = try CheckoutSession(
        restoring: session.snapshot(revealSensitive: true), flow: ShippedFlows.plndrCompiled)
      #expect(restored.mode == session.mode && restored.calls == session.calls, "\(start) \(event)")
    }
  }

  /// A mode, compactly: its name, what it waits for, the correction.
  static func shape(_ session: CheckoutSession) -> String {
    func details(_ correction: SessionMode.Correction) -> String {
      let parts = [
        correction.focus.map { "focus \($0)" }, correction.queued.isEmpty ? nil : "\(correction.queued.count) queued",
      ]
      return parts.compactMap { $0 }.joined(separator: ", ")
    }
    func route(_ driver: RouteDriver) -> String {
      let expected = if case .awaiting(let step, _, _) = driver.state { step.rawValue } else { "\(driver.state)" }
      return "to \(driver.resolution?.target ?? "nothing") awaiting \(expected)"
    }
    var text: String
    switch session.mode {
    case .idle(let correction):
      text = "idle " + details(correction)
    case .awaitingStep(let pending, let correction):
      text = "awaitingStep \(pending.expected) " + details(correction)
    case .offering(let offer, let correction, let waiting):
      text = "offering \(offer.resolution.target)"
      switch waiting {
      case .step(let pending)?: text += " over step \(pending.expected)"
      case .route(let driver)?: text += " over route awaiting \(route(driver).split(separator: " ").last ?? "")"
      case nil: break
      }
      text += " " + details(correction)
    case .routing(let driver, let queued):
      text = "routing \(route(driver))" + (queued.isEmpty ? "" : ", \(queued.count) queued")
    }
    return text.trimmingCharacters(in: .whitespaces)
  }

  /// The mode is one boxed reference, so a session and its snapshot stay small to
  /// copy: every store layer and async call between them copies both whole.
  @Test func theModeIsOneReferenceSoASessionStaysSmallToCopy() {
    #expect(MemoryLayout<SessionMode>.size == MemoryLayout<AnyObject>.size)
    #expect(MemoryLayout<CheckoutSession>.size <= 256, "a session was 664 bytes with the mode inline")
    #expect(MemoryLayout<SessionSnapshot>.size <= 256, "a snapshot was 712 bytes with the mode inline")
  }
}
