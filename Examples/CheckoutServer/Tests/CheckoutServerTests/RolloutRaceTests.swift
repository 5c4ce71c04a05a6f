import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import CheckoutServer

/// A memory store in which another instance carries a session to PLNDR v2 at a
/// chosen moment, as `--on-flow-change migrate` does during a rolling deploy:
/// just before this instance's next save of an armed session, or when asked. It
/// keeps the sessions' secret digests, so that each instance started on it opens them.
final class MigratingStore: SessionStore, SessionSecretStore {
  let base = InMemorySessionStore()
  private let migrator: SnapshotMigrator
  private let armed = Mutex(Set<SessionID>())
  private let digests = Mutex([SessionID: SecretDigest]())

  init() throws {
    let catalog = try FlowCatalog.load(
      directory: try FlowChangeTests.flows(["plndr-v1.json", "plndr-v2.json"]), logger: FlowChangeTests.logger)
    guard let newest = catalog["plndr"] else { throw FlowCatalogError(lines: ["no plndr flow"]) }
    migrator = SnapshotMigrator(to: newest, history: catalog.olderVersions(of: "plndr"))
  }

  /// Migrates `id` just before the next save of it.
  func arm(_ id: String) {
    _ = armed.withLock { $0.insert(SessionID(id)) }
  }

  /// Carries the stored session to v2 and saves it, as another instance would.
  func migrateNow(_ id: SessionID) async throws {
    guard let stored = await base.load(id) else { return }
    _ = try await base.save(migrator.migrate(stored.snapshot).snapshot, id: id, expectedVersion: stored.version)
  }

  func recordSecret(_ digest: SecretDigest, for id: SessionID) async throws { digests.withLock { $0[id] = digest } }
  func secretDigest(for id: SessionID) async throws -> SecretDigest? { digests.withLock { $0[id] } }
  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws { try await base.insert(snapshot, id: id) }
  func load(_ id: SessionID) async throws -> StoredSession? { await base.load(id) }
  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
    await base.deleteSessions(savedBefore: cutoff)
  }
  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
    if armed.withLock({ $0.remove(id) != nil }) { try await migrateNow(id) }
    return try await base.save(snapshot, id: id, expectedVersion: expectedVersion)
  }
}

/// An API that, while it is called, lets another instance carry the session to
/// v2; it counts its calls.
final class MigratingDuringCallAPI: CheckoutAPI {
  let store: MigratingStore
  private let count = Mutex(0)
  var calls: Int { count.withLock { $0 } }

  init(store: MigratingStore) { self.store = store }

  func perform(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome {
    count.withLock { $0 += 1 }
    try await store.migrateNow(request.session)
    return .succeeded([:])
  }
  func abandon(_ request: CheckoutAPIRequest) async throws -> CheckoutAPIOutcome { .failed([]) }
}

/// Rollouts without 500s: an event on a session that another instance carries to a
/// newer version of its flow between this instance's read and its save answers
/// 200 (applied again on the version the fresh read holds), 410 (a version this
/// instance does not serve) or 409 (its call was made; it is never applied twice).
/// `Examples/server-rollout.sh` races the same on PostgreSQL with real instances.
@Suite struct RolloutRaceTests {
  static func dependencies(_ store: MigratingStore, api: (any CheckoutAPI)? = nil) -> AppDependencies {
    AppDependencies(logger: FlowChangeTests.logger, api: api, store: store, environment: [:])
  }

  /// Sessions made on v1, by an instance that serves only v1.
  static func sessionsOnV1(_ store: MigratingStore, count: Int) async throws -> [String] {
    let v1Only = try FlowChangeTests.flows(["plndr-v1.json"])
    return try await withApp(arguments: TestArguments(flows: v1Only), dependencies: dependencies(store)) { client in
      var ids: [String] = []
      for _ in 0..<count { ids.append(try await client.createSession()) }
      return ids
    }
  }

  @Test func anInstanceServingOnlyV1AnswersGoneWhenTheSessionIsMigratedUnderItsEvent() async throws {
    let store = try MigratingStore()
    let id = try await Self.sessionsOnV1(store, count: 1)[0]
    let v1Only = try FlowChangeTests.flows(["plndr-v1.json"])
    try await withApp(arguments: TestArguments(flows: v1Only), dependencies: Self.dependencies(store)) { client in
      store.arm(id)
      let reply = try await client.set(id, "quantity", "2")
      #expect(reply.status == .gone, "\(reply.text)")
      #expect(reply["error"]?.string == "flow_changed")
      #expect(reply["detail"]?.string?.contains("never carried back") == true, "\(reply.text)")
    }
    let stored = try #require(await store.base.load(SessionID(id)))
    #expect(stored.snapshot.flowVersion == 2)
    #expect(stored.version == 2, "made, then migrated by the other instance: the v1 instance saved nothing")
  }

  @Test(arguments: FlowChangePolicy.allCases)
  func anInstanceServingBothVersionsAppliesTheEventOnTheFreshRead(_ policy: FlowChangePolicy) async throws {
    let store = try MigratingStore()
    let id = try await Self.sessionsOnV1(store, count: 1)[0]
    let both = try FlowChangeTests.flows(["plndr-v1.json", "plndr-v2.json"])
    try await withApp(
      arguments: TestArguments(flows: both, onFlowChange: policy), dependencies: Self.dependencies(store)
    ) { client in
      store.arm(id)
      let reply = try await client.set(id, "quantity", "3")
      #expect(reply.status == .ok, "\(reply.text)")
      #expect(reply["version"]?.int == 3, "created, migrated by the other instance, then this event")
      let tapped = try await client.tap(id, "checkout")
      #expect(tapped["effects"]?.effectLines == ["navigate push shipping"], "on v2 now: \(tapped.text)")
    }
    let stored = try #require(await store.base.load(SessionID(id)))
    #expect(stored.snapshot.flowVersion == 2)
    #expect(stored.snapshot.data["cart.quantity"] == .string("3"))
  }

  @Test func aCallWhoseSessionIsMigratedMeanwhileIsAnsweredConflictAndNeverMadeTwice() async throws {
    let store = try MigratingStore()
    let api = MigratingDuringCallAPI(store: store)
    let id = try await Self.sessionsOnV1(store, count: 1)[0]
    let v1Only = try FlowChangeTests.flows(["plndr-v1.json"])
    try await withApp(arguments: TestArguments(flows: v1Only), dependencies: Self.dependencies(store, api: api)) {
      client in
      try await client.open(id, "discount", "discount")
      #expect(try await client.set(id, "code", "SAVE10").status == .ok)
      let reply = try await client.tap(id, "apply")
      #expect(reply.status == .conflict, "\(reply.text)")
      #expect(reply["error"]?.string == "flow_version_changed")
      #expect(reply["detail"]?.string?.contains("its API call made") == true, "\(reply.text)")
    }
    #expect(api.calls == 1, "the event was not applied again")
    let stored = try #require(await store.base.load(SessionID(id)))
    #expect(stored.snapshot.flowVersion == 2)
    #expect(stored.snapshot.calls.count == 1, "the call still waits for its answer: a later request recovers it")
  }
}
