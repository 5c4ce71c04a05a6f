import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// Data keys rotate: values name the key that sealed them; an instance opens
/// with its current or old keys and seals with the current one; a value no held
/// key opens is refused and kept, never erased; `--reseal` moves all to the current key.
@Suite struct KeyRotationTests {
  static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
  static let k1 = testDataKey
  static let k2 = "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVowMTIzNDU="
  static let number = "4242 4242 4242 4242"

  static func catalog() throws -> FlowCatalog {
    try FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: quiet)
  }

  /// A plndr session holding a card number.
  static func snapshotWithCard(_ catalog: FlowCatalog) throws -> SessionSnapshot {
    var session = CheckoutSession(flow: try #require(catalog["plndr"]), today: try CalendarDate.parse("2026-11-21"))
    session.send(.set(.key("payment.card.number"), .string(number)))
    return session.snapshot(revealSensitive: true)
  }

  static func sealing(
    _ base: any SessionStore, _ catalog: FlowCatalog, current: String, old: [String] = [],
    metrics: ServerMetrics = ServerMetrics()
  ) throws -> SealingSessionStore {
    let keys = try dataKeyring(
      in: [DataKeyMaterial.variable: current, DataKeyring.oldVariable: old.joined(separator: ",")], persistent: true)
    return SealingSessionStore(base: base, catalog: catalog, keys: keys, metrics: metrics, logger: quiet)
  }

  /// Gives a session inserted below the server a secret, as `POST /sessions` does,
  /// that the tests' client then presents.
  static func giveSecret(_ store: MemorySessionStore, _ id: SessionID) async throws {
    let secret = SessionSecret.random()
    try await store.recordSecret(secret.digest, for: id)
    TestSessionSecrets.shared.record(secret.text, for: id.rawValue)
  }

  static func storedNumber(_ base: any SessionStore, _ id: SessionID) async throws -> String? {
    try await base.load(id)?.snapshot.data["payment.card.number"]?.displayText
  }

  @Test func valuesSealedWithK1OpenUnderK2WithK1OldAndAreWrittenUnderK2() async throws {
    let catalog = try Self.catalog()
    let base = MemorySessionStore()
    let k1 = try Self.sealing(base, catalog, current: Self.k1)
    try await k1.insert(try Self.snapshotWithCard(catalog), id: "s1")
    let k1ID = try DataKeyMaterial(base64: Self.k1).id
    let k2ID = try DataKeyMaterial(base64: Self.k2).id
    #expect(k1ID != k2ID)
    #expect(try await Self.storedNumber(base, "s1")?.hasPrefix("sealed:v2:\(k1ID):") == true)

    let rotated = try Self.sealing(base, catalog, current: Self.k2, old: [Self.k1])
    let stored = try #require(try await rotated.load("s1"))
    #expect(stored.snapshot.data["payment.card.number"] == .string(Self.number))
    _ = try await rotated.save(stored.snapshot, id: "s1", expectedVersion: stored.version)
    #expect(try await Self.storedNumber(base, "s1")?.hasPrefix("sealed:v2:\(k2ID):") == true)
    #expect(try await rotated.load("s1")?.snapshot.data["payment.card.number"] == .string(Self.number))
  }

  /// The healthy instance of a pair whose other one had a mistyped key: the
  /// session sealed with the other key is refused, the value kept, the log names
  /// the key, and the instance stays ready (the load balancer keeps it).
  @Test func anInstanceWithoutTheKeyRefusesTheSessionKeepsTheValueAndStaysReady() async throws {
    let catalog = try Self.catalog()
    let base = MemorySessionStore()
    let k1 = try Self.sealing(base, catalog, current: Self.k1)
    let id = SessionID(UUID().uuidString.lowercased())
    try await k1.insert(try Self.snapshotWithCard(catalog), id: id)
    let before = try #require(await base.load(id))
    let metrics = ServerMetrics()
    let logs = InMemoryLogHandler()
    let dependencies = AppDependencies(
      logger: Logger(label: "test") { _ in logs }, store: base, environment: [DataKeyMaterial.variable: Self.k2],
      metrics: metrics)
    try await withApp(dependencies: dependencies) { client in
      #expect(try await client.send(.get, "/ready").status == .ok)
      for _ in 0..<3 {
        let refused = try await client.set(id.rawValue, key: "payment.card.number", "5555 5555 5555 4444")
        #expect(refused.status == .serviceUnavailable, "\(refused.text)")
        #expect(refused["error"]?.string == "sealed_with_unknown_key")
        let detail = try #require(refused["detail"]?.string)
        #expect(detail.contains(try DataKeyMaterial(base64: Self.k1).id))
        // Both fixes: an old key (in CHECKOUT_OLD_DATA_KEYS) and a new key this instance missed (as CHECKOUT_DATA_KEY).
        #expect(
          detail.contains("If it is an old key, start this instance with it in CHECKOUT_OLD_DATA_KEYS"), "\(detail)")
        #expect(
          detail.contains(
            "if it is the new key of a rotation this instance missed (other instances seal with it), start this instance with it as CHECKOUT_DATA_KEY and its current key in CHECKOUT_OLD_DATA_KEYS"
          ), "\(detail)")
        #expect(!detail.contains("4242") && !refused.text.contains("sealed:v2"))
        #expect(try await client.send(.get, "/sessions/\(id)").status == .serviceUnavailable)
      }
      let ready = try await client.send(.get, "/ready")
      #expect(ready.status == .ok, "one session sealed with another key does not take the instance out: \(ready.text)")
    }
    #expect(await base.load(id) == before, "the sealed value, version and snapshot are untouched")
    let k1ID = try DataKeyMaterial(base64: Self.k1).id
    let refusals = logs.entries.filter { $0.message.description.hasPrefix("a sealed value cannot be opened") }
    #expect(refusals.count == 6)
    #expect(refusals.allSatisfy { $0.metadata["dataKey"]?.description == k1ID }, "the log names the key id")
    let exposition = String(decoding: metrics.exposition(), as: UTF8.self)
    #expect(exposition.contains(#"checkout_sealed_values_unreadable_total{reason="unknown_key"} 6"#), "\(exposition)")
  }

  /// A card number stored in plain text (by a version before values were sealed)
  /// needs resealing: `--reseal` counted it "already current" and left it. Once
  /// saved through the sealing store it is sealed; a placed order's masked number
  /// needs nothing.
  @Test func aPlainCardNumberNeedsResealingAndIsSealedBySaving() async throws {
    let catalog = try Self.catalog()
    let base = MemorySessionStore()
    let plain = try Self.snapshotWithCard(catalog)
    try await base.insert(plain, id: "old-1")
    let sealing = try Self.sealing(base, catalog, current: Self.k1)
    #expect(sealing.needsResealing(plain))
    let stored = try #require(try await sealing.load("old-1"))
    #expect(stored.snapshot.data["payment.card.number"] == .string(Self.number))
    _ = try await sealing.save(stored.snapshot, id: "old-1", expectedVersion: stored.version)
    let resealed = try #require(await base.load("old-1"))
    #expect(resealed.snapshot.data["payment.card.number"]?.displayText.hasPrefix("sealed:v2:") == true)
    #expect(!sealing.needsResealing(resealed.snapshot))
    var masked = plain
    masked.data["payment.card.number"] = .string(Masking.masked(Self.number))
    #expect(!sealing.needsResealing(masked))
  }

  @Test func aTamperedOrCopiedSealedValueIsAnErrorNotDropped() async throws {
    let catalog = try Self.catalog()
    let base = MemorySessionStore()
    let sealing = try Self.sealing(base, catalog, current: Self.k1)
    try await sealing.insert(try Self.snapshotWithCard(catalog), id: "s1")
    let sealed = try #require(try await Self.storedNumber(base, "s1"))
    // Copied into another session: it names a held key but does not authenticate there.
    var copy = try Self.snapshotWithCard(catalog)
    copy.data["payment.card.number"] = .string(sealed)
    try await base.insert(copy, id: "s2")
    // Altered: one character of the box changed.
    var altered = copy
    var characters = Array(sealed)
    characters[characters.count - 6] = characters[characters.count - 6] == "A" ? "B" : "A"
    altered.data["payment.card.number"] = .string(String(characters))
    try await base.insert(altered, id: "s3")
    for id: SessionID in ["s2", "s3"] {
      do {
        _ = try await sealing.load(id)
        Issue.record("\(id) opened")
      } catch let error as ServerError {
        #expect(error.error == "sealed_value_tampered")
        #expect(error.status == .conflict)
      }
    }
    #expect(try await Self.storedNumber(base, "s3") == String(characters), "kept as it is")
    #expect(try await sealing.load("s1")?.snapshot.data["payment.card.number"] == .string(Self.number))
  }

  @Test func resealMovesEverySessionToTheCurrentKey() async throws {
    let catalog = try Self.catalog()
    let base = MemorySessionStore()
    let k1 = try Self.sealing(base, catalog, current: Self.k1)
    for index in 0..<3 { try await k1.insert(try Self.snapshotWithCard(catalog), id: SessionID("s\(index)")) }
    var plain = try Self.snapshotWithCard(catalog)
    plain.data["payment.card.number"] = nil
    try await base.insert(plain, id: "none")
    let rotated = try Self.sealing(base, catalog, current: Self.k2, old: [Self.k1])
    let report = try await reseal(base, sealing: rotated, logger: Self.quiet)
    #expect(report == ResealReport(resealed: 3, current: 1, unreadable: 0, conflicts: 0))
    #expect(
      try await reseal(base, sealing: rotated, logger: Self.quiet).resealed == 0, "a second run has nothing to do")
    let k2Only = try Self.sealing(base, catalog, current: Self.k2)
    for index in 0..<3 {
      #expect(
        try await k2Only.load(SessionID("s\(index)"))?.snapshot.data["payment.card.number"] == .string(Self.number))
    }
    // A session no held key opens is left as it is.
    let k3 = try Self.sealing(base, catalog, current: DataKeyMaterial.ephemeralBase64())
    try await k3.insert(try Self.snapshotWithCard(catalog), id: "k3")
    let before = await base.load("k3")
    #expect(try await reseal(base, sealing: k2Only, logger: Self.quiet).unreadable == 1)
    #expect(await base.load("k3") == before)
  }

  @Test func oldKeysAreReadFromTheEnvironmentAndABadOneSaysWhich() throws {
    let keys = try dataKeyring(
      in: [DataKeyMaterial.variable: Self.k2, DataKeyring.oldVariable: " \(Self.k1) , \(Self.k2)"], persistent: true)
    #expect(keys.old.map(\.id) == [try DataKeyMaterial(base64: Self.k1).id], "the current key is not an old one")
    do {
      _ = try dataKeyring(
        in: [DataKeyMaterial.variable: Self.k2, DataKeyring.oldVariable: "\(Self.k1),c2hvcnQ="], persistent: true)
      Issue.record("a short old key was accepted")
    } catch {
      #expect(error.description.hasPrefix("CHECKOUT_OLD_DATA_KEYS (key 2) holds 5 bytes"))
    }
  }
}

extension DataKeyMaterial {
  /// A random key in base64 (a key no other test holds).
  static func ephemeralBase64() -> String {
    Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
  }
}
