import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// The in-memory store under load: many concurrent tasks drive 10,000 sessions,
/// and every stored session must equal replaying its own events alone (no lost
/// or crossed update). CI also runs this suite under the thread sanitizer.
@Suite struct SessionStoreConcurrencyTests {
  static let compiled = CompiledFlow(ShippedFlows.plndr)
  static let today = ShippedFlows.today

  /// A session's own events: a walk into the flow with values that name the session.
  static func events(for index: Int) -> [SessionEvent] {
    var random = SeededRandom(seed: UInt64(index))
    var events: [SessionEvent] = [.tap("checkout"), .appeared("stepOne")]
    if random.chance(0.5) {
      events += [
        .tap("shippingAddress"), .appeared("address"), .set(.row("name"), .string("Shopper \(index)")),
        .set(.row("zip"), .string(String(10_000 + index))), .set(.row("city"), .string("City \(index % 97)")),
      ]
      if random.chance(0.5) { events += [.tap("done"), .appeared("stepOne")] }
    } else {
      events += [
        .tap("creditCard"), .appeared("creditCard"), .set(.row("number"), .string("4242 4242 4242 4242")),
        .set(.row("name"), .string("Card \(index)")),
        .set(.row("expiry"), .string(random.chance(0.5) ? "12/28" : "01/20")),
      ]
    }
    if random.chance(0.3) { events.append(.back) }
    return events
  }

  static func replayAlone(_ events: [SessionEvent]) -> SessionSnapshot {
    var session = CheckoutSession(flow: compiled, today: today)
    for event in events { session.send(event) }
    return session.snapshot(revealSensitive: true)
  }

  @Test func tenThousandSessionsFromManyTasksEndAsTheirOwnReplays() async throws {
    let store = InMemorySessionStore()
    let count = 10_000
    let workers = 32
    for index in 0..<count {
      try await store.insert(
        CheckoutSession(flow: Self.compiled, today: Self.today).snapshot(), id: SessionID("s\(index)"))
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for worker in 0..<workers {
        group.addTask {
          let mine = Array(stride(from: worker, to: count, by: workers))
          let scripts = mine.map(Self.events(for:))
          let rounds = scripts.map(\.count).max() ?? 0
          for round in 0..<rounds {
            for (slot, index) in mine.enumerated() where round < scripts[slot].count {
              _ = try await store.update(SessionID("s\(index)"), flow: Self.compiled, storeSensitive: true) {
                $0.send(scripts[slot][round])
              }
            }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(await store.count == count)
    var mismatches: [String] = []
    for index in 0..<count {
      let stored = try #require(await store.load(SessionID("s\(index)")))
      let events = Self.events(for: index)
      #expect(stored.version == events.count + 1)
      if stored.snapshot != Self.replayAlone(events) { mismatches.append("s\(index)") }
    }
    #expect(mismatches.isEmpty, "sessions that differ from their own replay: \(mismatches.prefix(10))")
  }

  @Test func racingWritersOnOneSessionRetryAndLoseNothing() async throws {
    let store = InMemorySessionStore()
    let id: SessionID = "shared"
    try await store.insert(CheckoutSession(flow: Self.compiled, today: Self.today).snapshot(), id: id)
    // Each writer its own text key (only keys a row binds can be set).
    let keys: [DataKey] = [
      "shipping.name", "shipping.street", "shipping.city", "shipping.state", "shipping.zip", "payment.card.name",
      "payment.card.expiry", "discount.code",
    ]
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<8 {
        group.addTask {
          for step in 0..<25 {
            _ = try await store.update(id, flow: Self.compiled, attempts: 1_000) {
              $0.send(.set(.key(keys[writer]), .string("\(step)")))
            }
          }
        }
      }
      try await group.waitForAll()
    }
    let stored = try #require(await store.load(id))
    #expect(stored.version == 1 + 8 * 25)
    for key in keys { #expect(stored.snapshot.data[key.rawValue] == .string("24"), "\(key)") }
  }

  @Test func aStaleExpectedVersionIsAConflictNamingTheCurrentOne() async throws {
    let store = InMemorySessionStore()
    try await store.insert(CheckoutSession(flow: Self.compiled).snapshot(), id: "a")
    _ = try await store.update("a", flow: Self.compiled) { $0.send(.tap("checkout")) }
    await #expect(throws: SessionStoreError(.conflict(current: 2), id: "a")) {
      _ = try await store.update("a", flow: Self.compiled, expectedVersion: 1) { $0.send(.back) }
    }
    await #expect(throws: SessionStoreError(.notFound, id: "b")) {
      _ = try await store.update("b", flow: Self.compiled) { $0.send(.back) }
    }
    await #expect(throws: SessionStoreError(.duplicate, id: "a")) {
      try await store.insert(CheckoutSession(flow: Self.compiled).snapshot(), id: "a")
    }
  }

  @Test func sessionsNotSavedSinceACutoffAreDeletedAndNamed() async throws {
    let store = InMemorySessionStore()
    try await store.insert(CheckoutSession(flow: Self.compiled).snapshot(), id: "old")
    let between = Date()
    try await Task.sleep(for: .milliseconds(5))
    try await store.insert(CheckoutSession(flow: Self.compiled).snapshot(), id: "new")
    // Nothing was saved before the first insert.
    #expect(await store.deleteSessions(savedBefore: between.addingTimeInterval(-60)) == [])
    #expect(await store.deleteSessions(savedBefore: between) == ["old"])
    #expect(await store.load("old") == nil)
    #expect(await store.load("new")?.version == 1)
    // A save renews a session.
    _ = try await store.update("new", flow: Self.compiled) { $0.send(.tap("checkout")) }
    #expect(await store.deleteSessions(savedBefore: between) == [])
    #expect(await store.deleteSessions(savedBefore: Date().addingTimeInterval(1)) == ["new"])
    #expect(await store.count == 0)
  }

  @Test func secretsStayInTheVaultNeverInTheStore() async throws {
    let store = InMemorySessionStore()
    let vault = SecretVault()
    try await store.insert(CheckoutSession(flow: Self.compiled).snapshot(), id: "v")
    for event: SessionEvent in [
      .tap("checkout"), .appeared("stepOne"), .tap("creditCard"), .appeared("creditCard"),
      .set(.row("cvv"), .string("5678")),
    ] {
      _ = try await store.update("v", flow: Self.compiled, secrets: vault) { $0.send(event) }
    }
    let stored = try #require(await store.load("v"))
    #expect(stored.snapshot.data["payment.card.cvv"] == nil)
    #expect(!(await vault.secrets(for: "v")).isEmpty)
    #expect("\(await vault.secrets(for: "v"))" == "1 secret value")
    let (valid, _) = try await store.update("v", flow: Self.compiled, secrets: vault) { session in
      session.rules.firstFailure(
        of: [Rule(.required)], value: session.secretValues.isEmpty ? nil : .string("x"), title: "CVV") == nil
    }
    #expect(valid, "the secret came back from the vault for the next event")
  }
}
