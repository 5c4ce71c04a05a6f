import Foundation
import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// A call the shopper left waiting on 3-D Secure is finished once the action
/// timeout has passed: the API is asked what became of it (``CheckoutAPI/abandon(_:)``)
/// and its answer applied once, as the continuation's would be; an unknown answer
/// saves nothing; a shopper who came back wins; a crash asks again and acts once;
/// lost-call recovery never sends the call's continuation.
@Suite struct AbandonedActionTests {
  /// A bank that asks for 3-D Secure on a call's first request and charges on
  /// its continuation; every answer is kept by key (a repeated key gets it again).
  actor Bank: CheckoutAPI {
    /// What the bank answers an abandonment.
    enum Abandonment: Sendable {
      /// The answer kept under the key, else the call cancelled (kept `failed`).
      case cancels
      /// The answer kept under the key, else the shopper finished at the bank: charged once, `succeeded`.
      case finishedAtBank
      /// Throws: unknown.
      case throwsError
      /// Answers `actionRequired`: unknown.
      case asksAgain
      /// Answers `failed`, whatever the key has (to show that a dropped answer changes nothing).
      case cancelsRegardless
    }

    let abandonment: Abandonment
    /// Run while an abandonment is being asked (the shopper coming back meanwhile).
    let whileAsked: (@Sendable () async -> Void)?
    private var answers: [String: CheckoutAPIOutcome] = [:]
    private(set) var sent: [String] = []
    private(set) var abandonments: [String] = []
    private(set) var charges = 0

    init(_ abandonment: Abandonment, whileAsked: (@Sendable () async -> Void)? = nil) {
      self.abandonment = abandonment
      self.whileAsked = whileAsked
    }

    func perform(_ request: CheckoutAPIRequest) -> CheckoutAPIOutcome {
      sent.append(request.key.rawValue)
      if let first = answers[request.idempotencyKey] { return first }
      let answer: CheckoutAPIOutcome
      if request.key.continuation == nil {
        answer = .actionRequired("three_d_secure", [:])
      } else {
        charges += 1
        answer = .succeeded(["order.number": .string("N-1")])
      }
      answers[request.idempotencyKey] = answer
      return answer
    }

    func abandon(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
      abandonments.append(request.key.rawValue)
      if let whileAsked { await whileAsked() }
      switch abandonment {
      case .throwsError: throw URLError(.timedOut)
      case .asksAgain: return .actionRequired("three_d_secure", [:])
      case .cancelsRegardless: return .failed([APIError(code: "canceled")])
      case .cancels, .finishedAtBank:
        if let first = answers[request.idempotencyKey] { return first }
        let answer: CheckoutAPIOutcome
        if case .finishedAtBank = abandonment {
          charges += 1
          answer = .succeeded(["order.number": .string("N-1")])
        } else {
          answer = .failed([APIError(code: "payment_intent_authentication_failure")])
        }
        answers[request.idempotencyKey] = answer
        return answer
      }
    }
  }

  struct Crash: Error {}

  static let flow = ActionFlows.compiled
  /// The action timeout of these tests.
  static let timeout: TimeInterval = 60

  /// A coordinator whose clock is `ahead` seconds from now, crashing at `crash`.
  static func coordinator(
    _ store: InMemorySessionStore, _ bank: Bank, ahead: TimeInterval = 0, crash: CallCheckpoint? = nil
  ) -> CallCoordinator {
    CallCoordinator(
      store: store, api: bank, actionTimeout: timeout, now: { Date().addingTimeInterval(ahead) },
      checkpoint: { point in if point == crash { throw Crash() } })
  }

  /// A session `id` whose `placeOrder` waits on 3-D Secure, the challenge shown.
  static func atTheChallenge(_ id: SessionID, _ store: InMemorySessionStore, _ bank: Bank) async throws {
    let host = coordinator(store, bank)
    try await store.insert(CheckoutSession(flow: flow).snapshot(), id: id)
    _ = try await host.handle(.set(.row("email"), .string("ada@example.com")), to: id, flow: flow)
    _ = try await host.handle(.tap("pay"), to: id, flow: flow)
    let shown = try await host.handle(.appeared("challenge"), to: id, flow: flow)
    #expect(shown.session.waitingAction?.call.requestKey == "placeOrder-1/three_d_secure-1")
  }

  static func session(_ id: SessionID, in store: InMemorySessionStore) async throws -> CheckoutSession {
    try CheckoutSession(restoring: try #require(await store.load(id)).snapshot, flow: flow)
  }

  @Test func aShopperWhoFinishedAtTheBankHasTheOrderPlaced() async throws {
    let (store, bank) = (InMemorySessionStore(), Bank(.finishedAtBank))
    try await Self.atTheChallenge("s1", store, bank)
    let stored = try #require(await store.load("s1"))
    let recovery = try await Self.coordinator(store, bank, ahead: 61).abandonIdleCalls(in: stored, flow: Self.flow)
    #expect(await bank.abandonments == ["placeOrder-1/three_d_secure-1"])
    #expect(recovery.stored.version == stored.version + 1)
    let session = try await Self.session("s1", in: store)
    #expect(session.finished == "placeOrder" && session.calls.isEmpty)
    #expect(session.value(for: "order.number") == .string("N-1"))
    #expect(recovery.steps.contains { if case .effect(.navigate(.reset("receipt"))) = $0 { true } else { false } })
    #expect(await bank.charges == 1)
    #expect(await bank.sent == ["placeOrder-1"], "no continuation was sent for a shopper who left")
  }

  @Test func aCancelledCallOffersItsErrorAndLeavesNoCall() async throws {
    let (store, bank) = (InMemorySessionStore(), Bank(.cancels))
    try await Self.atTheChallenge("s1", store, bank)
    let stored = try #require(await store.load("s1"))
    let recovery = try await Self.coordinator(store, bank, ahead: 61).abandonIdleCalls(in: stored, flow: Self.flow)
    let session = try await Self.session("s1", in: store)
    #expect(session.calls.isEmpty && session.finished == nil)
    #expect(recovery.steps.contains { if case .effect(.offer) = $0 { true } else { false } })
    #expect(await bank.charges == 0)
    // A continuation sent later under the key is answered as the abandonment was: failed, never charged.
    let late = try await Self.coordinator(store, bank).abandonIdleCalls(in: recovery.stored, flow: Self.flow)
    #expect(late.steps.isEmpty, "nothing waits any more")
  }

  @Test(arguments: [Bank.Abandonment.throwsError, .asksAgain])
  func anUnknownAnswerSavesNothingAndTheCallKeepsWaiting(_ abandonment: Bank.Abandonment) async throws {
    let (store, bank) = (InMemorySessionStore(), Bank(abandonment))
    try await Self.atTheChallenge("s1", store, bank)
    let stored = try #require(await store.load("s1"))
    let recovery = try await Self.coordinator(store, bank, ahead: 61).abandonIdleCalls(in: stored, flow: Self.flow)
    #expect(try #require(await store.load("s1")).version == stored.version, "nothing saved")
    #expect(recovery.stored.version == stored.version)
    guard case .call(let exchange)? = recovery.steps.first else {
      Issue.record("no abandonment in \(recovery.steps)")
      return
    }
    #expect(recovery.steps.count == 1)
    #expect(exchange.request.key == "placeOrder-1/three_d_secure-1")
    #expect(try await Self.session("s1", in: store).waitingAction?.call.key == "placeOrder-1")
    // The next pass asks again.
    _ = try await Self.coordinator(store, bank, ahead: 61).abandonIdleCalls(in: stored, flow: Self.flow)
    #expect(await bank.abandonments.count == 2)
  }

  @Test func aCallWithinTheTimeoutOrReadSinceIsNotAsked() async throws {
    let (store, bank) = (InMemorySessionStore(), Bank(.cancels))
    try await Self.atTheChallenge("s1", store, bank)
    let stored = try #require(await store.load("s1"))
    let early = try await Self.coordinator(store, bank, ahead: 30).abandonIdleCalls(in: stored, flow: Self.flow)
    #expect(early.steps.isEmpty)
    // Saved long ago, but the shopper's page read it 30 seconds ago: still there.
    let later = Self.coordinator(store, bank, ahead: 61)
    let read = try await later.abandonIdleCalls(in: stored, flow: Self.flow, readAt: Date().addingTimeInterval(31))
    #expect(read.steps.isEmpty)
    #expect(await bank.abandonments.isEmpty)
    #expect(try later.hasAbandonedActions(stored) && !later.hasAbandonedActions(stored, readAt: Date() + 31))
  }

  @Test func aShopperWhoCameBackWhileTheAPIWasAskedWins() async throws {
    let store = InMemorySessionStore()
    let shopper = Box<Bank>()
    let bank = Bank(.cancelsRegardless) {
      // The shopper confirms at the bank while the abandonment is asked.
      guard let bank = await shopper.value else { return }
      _ = try? await Self.coordinator(store, bank).handle(.tap("confirm"), to: "s1", flow: Self.flow)
    }
    try await Self.atTheChallenge("s1", store, Bank(.cancels))
    await shopper.set(bank)
    let stored = try #require(await store.load("s1"))
    let recovery = try await Self.coordinator(store, bank, ahead: 61).abandonIdleCalls(in: stored, flow: Self.flow)
    let session = try await Self.session("s1", in: store)
    #expect(session.finished == "placeOrder", "the continuation's answer stands")
    #expect(session.value(for: "order.number") == .string("N-1"))
    #expect(recovery.steps.count == 1, "the abandonment's answer was dropped: \(recovery.steps)")
    #expect(recovery.stored.version == (try #require(await store.load("s1"))).version)
    #expect(await bank.charges == 1)
  }

  @Test(arguments: [CallCheckpoint.beforeAbandonRequest, .beforeAbandonSave])
  func aCrashAsksAgainAndActsOnce(_ crash: CallCheckpoint) async throws {
    let (store, bank) = (InMemorySessionStore(), Bank(.finishedAtBank))
    try await Self.atTheChallenge("s1", store, bank)
    let stored = try #require(await store.load("s1"))
    await #expect(throws: Crash.self) {
      _ = try await Self.coordinator(store, bank, ahead: 61, crash: crash).abandonIdleCalls(in: stored, flow: Self.flow)
    }
    #expect(try #require(await store.load("s1")).version == stored.version, "nothing saved before the crash")
    #expect(await bank.abandonments.count == (crash == .beforeAbandonRequest ? 0 : 1))
    _ = try await Self.coordinator(store, bank, ahead: 61).abandonIdleCalls(in: stored, flow: Self.flow)
    #expect(await bank.abandonments.count == (crash == .beforeAbandonRequest ? 1 : 2))
    #expect(await bank.charges == 1, "acted on once")
    let session = try await Self.session("s1", in: store)
    #expect(session.finished == "placeOrder" && session.calls.isEmpty)
  }

  @Test func lostCallRecoveryNeverSendsTheContinuationOfAnAbandonedCall() async throws {
    let store = InMemorySessionStore()
    let sent = Box<Bank>()
    let bank = Bank(.throwsError) {
      // Another instance's recovery pass runs while the abandonment is asked.
      guard let bank = await sent.value else { return }
      let recovery = CallCoordinator(store: store, api: bank, callTimeout: 0, now: { Date() + 61 })
      _ = try? await recovery.recover("s1", flow: Self.flow)
    }
    await sent.set(bank)
    try await Self.atTheChallenge("s1", store, bank)
    let stored = try #require(await store.load("s1"))
    _ = try await Self.coordinator(store, bank, ahead: 61).abandonIdleCalls(in: stored, flow: Self.flow)
    // After the unknown answer too.
    let after = CallCoordinator(store: store, api: bank, callTimeout: 0, now: { Date() + 61 })
    let recovered = try await after.recover("s1", flow: Self.flow)
    #expect(recovered.steps.isEmpty)
    #expect(await bank.sent == ["placeOrder-1"], "only the first request: no continuation, no callAgain")
    #expect(try await Self.session("s1", in: store).waitingAction != nil)
  }

  /// A session `id` whose `placeOrder` was given up unanswered (a retry offered), stored.
  static func givenUp(_ id: SessionID, _ store: InMemorySessionStore) async throws {
    var session = CheckoutSession(flow: flow)
    AutoHost().send(.set(.row("email"), .string("ada@example.com")), to: &session)
    AutoHost().send(.tap("pay"), to: &session) { operation, _, _ in .apiExpired(operation) }
    #expect(session.unanswered["placeOrder"]?.key == "placeOrder-1" && session.calls.isEmpty)
    try await store.insert(session.snapshot(), id: id)
  }

  @Test func aCallGivenUpUnansweredThatWentThroughIsPlaced() async throws {
    let (store, bank) = (InMemorySessionStore(), Bank(.finishedAtBank))
    try await Self.givenUp("s1", store)
    let stored = try #require(await store.load("s1"))
    #expect(
      try await Self.coordinator(store, bank, ahead: 30).abandonIdleCalls(in: stored, flow: Self.flow).steps.isEmpty)
    let recovery = try await Self.coordinator(store, bank, ahead: 61).abandonIdleCalls(in: stored, flow: Self.flow)
    #expect(await bank.abandonments == ["placeOrder-1"], "under the key it was given up with")
    let session = try await Self.session("s1", in: store)
    #expect(session.finished == "placeOrder" && session.unanswered.isEmpty && session.calls.isEmpty)
    #expect(recovery.steps.contains { if case .effect(.navigate(.reset("receipt"))) = $0 { true } else { false } })
    #expect(await bank.charges == 1)
  }

  @Test func aCallGivenUpUnansweredThatFailedIsForgotten() async throws {
    let (store, bank) = (InMemorySessionStore(), Bank(.cancels))
    try await Self.givenUp("s1", store)
    let stored = try #require(await store.load("s1"))
    let recovery = try await Self.coordinator(store, bank, ahead: 61).abandonIdleCalls(in: stored, flow: Self.flow)
    #expect(recovery.stored.version == stored.version + 1)
    let session = try await Self.session("s1", in: store)
    #expect(session.unanswered.isEmpty && session.calls.isEmpty && session.finished == nil)
    // The shopper's retry is a new call under a new key: the old one was cancelled.
    var retried = session
    AutoHost().send(.accept, to: &retried)
    let effects = retried.send(.tap("pay"))
    #expect(effects.contains { if case .callAPI(_, _, key: "placeOrder-2") = $0 { true } else { false } }, "\(effects)")
  }

  @Test func theSessionDropsAnAnswerForAnotherKeyOrAnotherAction() throws {
    var session = CheckoutSession(flow: Self.flow)
    AutoHost().send(.set(.row("email"), .string("ada@example.com")), to: &session)
    AutoHost().send(.tap("pay"), to: &session) { operation, _, _ in
      .apiActionRequired(operation, "three_d_secure", [:])
    }
    let before = session.snapshot()
    #expect(session.abandonedAction("placeOrder", requestKey: "placeOrder-1", answer: .failed([])) == nil)
    #expect(
      session.abandonedAction(
        "placeOrder", requestKey: "placeOrder-1/three_d_secure-1", answer: .actionRequired("three_d_secure", [:]))
        == nil)
    #expect(session.snapshot() == before)
    let answered = session.abandonedAction(
      "placeOrder", requestKey: "placeOrder-1/three_d_secure-1", answer: .failed([]))
    let failed = try #require(answered)
    #expect(failed.contains { $0.kind == .offer } && session.calls.isEmpty)
  }
}

/// A value set once after the closure that reads it was made.
actor Box<Value: Sendable> {
  private(set) var value: Value?
  func set(_ value: Value) { self.value = value }
}
