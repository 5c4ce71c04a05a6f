import Foundation
import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// A store that does not say when a session was saved (`savedAt` nil) cannot tell
/// the coordinator how long a waiting call has waited: the coordinator says so at
/// once instead of making the call again beside one still in flight.
@Suite struct StoreSaveTimeTests {
  /// A store that records no save time, as a host's first store might.
  actor TimelessStore: SessionStore {
    let base = InMemorySessionStore()
    func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws { try await base.insert(snapshot, id: id) }
    func load(_ id: SessionID) async throws -> StoredSession? {
      guard var stored = await base.load(id) else { return nil }
      stored.savedAt = nil
      return stored
    }
    func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
      try await base.save(snapshot, id: id, expectedVersion: expectedVersion)
    }
    func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] { [] }
  }

  /// An API that counts the requests it was sent.
  actor CountingAPI: CheckoutAPI {
    private(set) var requests = 0
    func perform(_ request: CheckoutAPIRequest) -> CheckoutAPIOutcome {
      requests += 1
      return .succeeded([:])
    }
    func abandon(_ request: CheckoutAPIRequest) -> CheckoutAPIOutcome {
      requests += 1
      return .failed([])
    }
  }

  struct Stop: Error {}

  static let flow = fixture("a one-call shop") {
    CompiledFlow(
      try FlowLoader().load(
        json: #"""
          {"format": 1, "id": "shop", "title": "Shop", "start": "cart", "steps": [
            {"id": "cart", "title": "Cart", "rows": [
              {"id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "receipt"}]},
            {"id": "receipt", "title": "Thanks", "presentation": "reset", "rows": []}]}
          """#))
  }

  /// A call in flight elsewhere (its intent saved, its answer not yet): the next
  /// request on a store without save times must not send it again.
  @Test func aWaitingCallIsNotSentAgainWhenTheStoreGivesNoSaveTime() async throws {
    let (store, api) = (TimelessStore(), CountingAPI())
    try await store.insert(CheckoutSession(flow: Self.flow).snapshot(), id: "s1")
    // The first instance saved the intent and is still waiting for the API (`send`
    // looks for no lost call, so it does not read the save time).
    let inFlight = CallCoordinator(
      store: store, api: api, checkpoint: { if $0 == .afterIntentSave { throw Stop() } })
    await #expect(throws: Stop.self) { try await inFlight.send(.tap("pay"), to: "s1", flow: Self.flow) }
    #expect(try await store.load("s1")?.snapshot.calls.count == 1)
    // Another request, well within the call timeout.
    let other = CallCoordinator(store: store, api: api, callTimeout: 10)
    let error = await #expect(throws: SessionStoreError.self) {
      try await other.handle(.appeared("cart"), to: "s1", flow: Self.flow)
    }
    #expect(await api.requests == 0, "the call still in flight was sent again")
    #expect(error?.id == "s1")
    #expect(
      error?.description
        == "the session store failed: session s1 was loaded without the time it was saved (savedAt is nil): "
        + "a store used with a CallCoordinator must return, with each session, when its version was saved, so "
        + "that a waiting call is made again only once callTimeout has passed, never while it may still be in flight")
    await #expect(throws: SessionStoreError.self) { try await other.recover("s1", flow: Self.flow) }
    #expect(await api.requests == 0)
  }

  /// The same store with save times: the call is recovered once it has waited the timeout.
  @Test func withSaveTimesTheCallIsRecoveredOnlyAfterTheTimeout() async throws {
    let (store, api) = (InMemorySessionStore(), CountingAPI())
    try await store.insert(CheckoutSession(flow: Self.flow).snapshot(), id: "s1")
    let inFlight = CallCoordinator(
      store: store, api: api, checkpoint: { if $0 == .afterIntentSave { throw Stop() } })
    await #expect(throws: Stop.self) { try await inFlight.handle(.tap("pay"), to: "s1", flow: Self.flow) }
    let soon = CallCoordinator(store: store, api: api, callTimeout: 10)
    #expect(try await soon.recover("s1", flow: Self.flow).steps.isEmpty)
    #expect(await api.requests == 0)
    let later = CallCoordinator(store: store, api: api, callTimeout: 10, now: { Date().addingTimeInterval(11) })
    #expect(try await later.recover("s1", flow: Self.flow).steps.count > 0)
    #expect(await api.requests == 1)
  }

  /// A session with no call waiting, from a store without save times: the store is
  /// still told, at the first request, rather than at the first crash.
  @Test func theMissingSaveTimeIsReportedAtTheFirstRequest() async throws {
    let store = TimelessStore()
    try await store.insert(CheckoutSession(flow: Self.flow).snapshot(), id: "s1")
    let host = CallCoordinator(store: store, api: CountingAPI())
    await #expect(throws: SessionStoreError.self) { try await host.handle(.tap("pay"), to: "s1", flow: Self.flow) }
  }
}
