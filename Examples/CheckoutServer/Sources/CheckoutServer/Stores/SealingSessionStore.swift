import CheckoutEngine
import Crypto
import Foundation
import Logging

/// Wraps a store so that `sensitive` values (a card number) are never stored in
/// plain text: each is sealed with AES-GCM under the current data key before it
/// is written (`sealed:v2:KEYID:…`, naming the key), and opened when it is read
/// with whichever key it names, current or old (``DataKeyring``). The sealed text
/// names the session and field it belongs to (as authenticated data), so it
/// cannot be moved to another session or field. Once the order is placed (the
/// session is on a `reset` step, such as a confirmation), the values are dropped:
/// only their masked form (`•••• 4242`) is stored. Secrets (a CVV) never reach a
/// store at all.
///
/// A value no held key opens (another key, or altered) is never dropped: reading
/// the session throws ``SealedValueError`` (the request is refused, so nothing
/// overwrites it), counted and logged with the key id; `/ready` stays 200.
final class SealingSessionStore: SessionStore {
  let base: any SessionStore
  let catalog: FlowCatalog
  let keys: DataKeyring
  let metrics: ServerMetrics
  let logger: Logger

  init(
    base: any SessionStore, catalog: FlowCatalog, keys: DataKeyring, metrics: ServerMetrics = ServerMetrics(),
    logger: Logger
  ) {
    (self.base, self.catalog, self.keys, self.metrics, self.logger) = (base, catalog, keys, metrics, logger)
  }

  /// A store with one key and nothing else to report to.
  convenience init(base: any SessionStore, catalog: FlowCatalog, key: DataKeyMaterial, logger: Logger) {
    self.init(base: base, catalog: catalog, keys: DataKeyring(current: key), logger: logger)
  }

  /// What a sealed value starts with in the stored snapshot, followed by the
  /// key's id, a colon and the sealed box in base64.
  static let prefix = "sealed:v2:"
  /// Values sealed before they named their key: every held key is tried.
  static let unnamedPrefix = "sealed:v1:"

  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws {
    try await base.insert(seal(snapshot, id: id), id: id)
  }

  /// The session with its values opened; throws ``SealedValueError`` (answered as
  /// its ``SealedValueError/serverError``) when one cannot be.
  func load(_ id: SessionID) async throws -> StoredSession? {
    try opened(try await base.load(id), id: id)
  }

  /// The session and its secret's digest as the wrapped store reads them together
  /// (``GuardedRead/read(_:from:)``), the session's values opened as ``load(_:)`` opens them.
  func loadGuarded(_ id: SessionID) async throws -> GuardedRead {
    var read = try await GuardedRead.read(id, from: base)
    read.stored = try opened(read.stored, id: id)
    return read
  }

  /// `read` with its values opened; a value that cannot be is counted, logged
  /// (the session, the field, the id of the key it names; never the value) and thrown.
  private func opened(_ read: StoredSession?, id: SessionID) throws(ServerError) -> StoredSession? {
    guard var stored = read else { return nil }
    do {
      stored.snapshot = try open(stored.snapshot, id: id)
    } catch {
      metrics.recordUnreadableSealedValue(reason: error.metricReason)
      logger.error(
        "a sealed value cannot be opened; the request is refused and the value kept",
        metadata: [
          "session": "\(id)", "key": "\(error.field)", "reason": "\(error.metricReason)",
          "dataKey": "\(error.keyID ?? "(unnamed, sealed:v1)")",
          "heldDataKeys": "\(keys.all.map(\.id).joined(separator: ","))",
        ])
      throw error.serverError
    }
    return stored
  }

  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
    try await base.save(seal(snapshot, id: id), id: id, expectedVersion: expectedVersion)
  }

  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
    try await base.deleteSessions(savedBefore: cutoff)
  }

  /// The snapshot with its sensitive values sealed under the current key, or
  /// masked once the order is placed.
  func seal(_ snapshot: SessionSnapshot, id: SessionID) -> SessionSnapshot {
    guard let compiled = catalog.version(of: snapshot) ?? catalog[snapshot.flow] else { return snapshot }
    let placed = Self.isFinished(snapshot, in: compiled)
    var sealed = snapshot
    for dataKey in compiled.masking.sensitiveKeys {
      guard let value = snapshot.data[dataKey.rawValue] else { continue }
      let text = value.displayText
      if text.isEmpty { continue }
      if placed {
        sealed.data[dataKey.rawValue] = .string(Masking.masked(text))
        continue
      }
      do {
        let box = try AES.GCM.seal(
          Data(text.utf8), using: keys.current.symmetricKey, authenticating: Self.context(id, dataKey))
        guard let combined = box.combined else { throw CryptoKitError.incorrectParameterSize }
        sealed.data[dataKey.rawValue] = .string(Self.prefix + keys.current.id + ":" + combined.base64EncodedString())
      } catch {
        // Never store it in plain text: the masked form, and the shopper enters it again.
        logger.error(
          "a sensitive value could not be sealed; stored masked", metadata: ["session": "\(id)", "key": "\(dataKey)"])
        sealed.data[dataKey.rawValue] = .string(Masking.masked(text))
      }
    }
    return sealed
  }

  /// The snapshot with its sealed values opened, each with the key it names (a
  /// `sealed:v1:` value with any held key). Throws for the first that no held key
  /// opens; nothing is dropped.
  func open(_ snapshot: SessionSnapshot, id: SessionID) throws(SealedValueError) -> SessionSnapshot {
    // Most reads hold no sealed value (no card number entered yet, or the order
    // placed): nothing to sort or open.
    let holdsSealed = snapshot.data.values.contains { value in
      guard case .string(let text) = value else { return false }
      return Self.isSealed(text)
    }
    guard holdsSealed else { return snapshot }
    var opened = snapshot
    for (name, value) in snapshot.data.sorted(by: { $0.key < $1.key }) {
      guard case .string(let text) = value, Self.isSealed(text) else { continue }
      opened.data[name] = .string(try openValue(text, field: name, id: id))
    }
    return opened
  }

  /// Whether a stored snapshot holds a value sealed under a key other than the
  /// current one, or a sensitive value in plain text (stored by a version before
  /// values were sealed): `--reseal` seals it, where it used to count it current.
  func needsResealing(_ snapshot: SessionSnapshot) -> Bool {
    let sensitive = (catalog.version(of: snapshot) ?? catalog[snapshot.flow])?.masking.sensitiveKeys ?? []
    return snapshot.data.contains { name, value in
      guard case .string(let text) = value else { return false }
      if Self.isSealed(text) { return !text.hasPrefix(Self.prefix + keys.current.id + ":") }
      return sensitive.contains(DataKey(name)) && !text.isEmpty && Masking.masked(text) != text
    }
  }

  static func isSealed(_ text: String) -> Bool { text.hasPrefix(prefix) || text.hasPrefix(unnamedPrefix) }

  private func openValue(_ text: String, field: String, id: SessionID) throws(SealedValueError) -> String {
    let candidates: [DataKeyMaterial]
    let encoded: Substring
    if text.hasPrefix(Self.prefix) {
      let rest = text.dropFirst(Self.prefix.count)
      let keyID = String(rest.prefix { $0 != ":" })
      guard let key = keys.key(id: keyID) else {
        throw SealedValueError(reason: .unknownKey(keyID), session: id, field: field)
      }
      candidates = [key]
      encoded = rest.dropFirst(keyID.count + 1)
    } else {
      candidates = keys.all
      encoded = text.dropFirst(Self.unnamedPrefix.count)
    }
    let context = Self.context(id, DataKey(field))
    if let combined = Data(base64Encoded: String(encoded)), let box = try? AES.GCM.SealedBox(combined: combined) {
      for key in candidates {
        if let plain = try? AES.GCM.open(box, using: key.symmetricKey, authenticating: context) {
          return String(decoding: plain, as: UTF8.self)
        }
      }
    }
    // A named key that fails is tampering; an unnamed value no key opens may be either.
    if text.hasPrefix(Self.prefix), let key = candidates.first {
      throw SealedValueError(reason: .tampered(keyID: key.id), session: id, field: field)
    }
    throw SealedValueError(reason: .unknownKey(nil), session: id, field: field)
  }

  /// Whether the order is placed: the session rests on a `reset` step (a
  /// confirmation) other than the flow's start.
  static func isFinished(_ snapshot: SessionSnapshot, in compiled: CompiledFlow) -> Bool {
    guard let root = snapshot.navigation.steps.first, root != compiled.flow.start else { return false }
    return compiled.step(root)?.presentation == .reset
  }

  private static func context(_ id: SessionID, _ key: DataKey) -> Data {
    Data("checkout-session \(id.rawValue) \(key.rawValue)".utf8)
  }
}
