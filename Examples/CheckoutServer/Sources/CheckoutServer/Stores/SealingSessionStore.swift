import CheckoutEngine
import Crypto
import Foundation
import Logging

/// Wraps a store so that `sensitive` values (a card number) are never stored in
/// plain text: each is sealed with AES-GCM under the operator's data key before it
/// is written, and opened when it is read. The sealed text names the session and
/// the key it belongs to (as authenticated data), so it cannot be moved to another
/// session or field. Once the order is placed (the session is on a `reset` step,
/// such as a confirmation), the values are dropped: only their masked form
/// (`•••• 4242`) is stored. Secrets (a CVV) never reach a store at all.
struct SealingSessionStore: SessionStore {
  let base: any SessionStore
  let catalog: FlowCatalog
  let key: DataKeyMaterial
  let logger: Logger

  /// What a sealed value starts with in the stored snapshot.
  static let prefix = "sealed:v1:"

  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws {
    try await base.insert(seal(snapshot, id: id), id: id)
  }

  func load(_ id: SessionID) async throws -> StoredSession? {
    guard var stored = try await base.load(id) else { return nil }
    stored.snapshot = open(stored.snapshot, id: id)
    return stored
  }

  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
    try await base.save(seal(snapshot, id: id), id: id, expectedVersion: expectedVersion)
  }

  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
    try await base.deleteSessions(savedBefore: cutoff)
  }

  /// The snapshot with its sensitive values sealed, or masked once the order is placed.
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
        let box = try AES.GCM.seal(Data(text.utf8), using: key.symmetricKey, authenticating: Self.context(id, dataKey))
        guard let combined = box.combined else { throw CryptoKitError.incorrectParameterSize }
        sealed.data[dataKey.rawValue] = .string(Self.prefix + combined.base64EncodedString())
      } catch {
        // Never store it in plain text: the masked form, and the shopper enters it again.
        logger.error(
          "a sensitive value could not be sealed; stored masked", metadata: ["session": "\(id)", "key": "\(dataKey)"])
        sealed.data[dataKey.rawValue] = .string(Masking.masked(text))
      }
    }
    return sealed
  }

  /// The snapshot with its sealed values opened. A value that cannot be opened
  /// (sealed under another data key, or altered) is left out and logged, so its
  /// row asks for it again; a session is never refused for it.
  func open(_ snapshot: SessionSnapshot, id: SessionID) -> SessionSnapshot {
    var opened = snapshot
    for (name, value) in snapshot.data {
      guard case .string(let text) = value, text.hasPrefix(Self.prefix) else { continue }
      do {
        guard let combined = Data(base64Encoded: String(text.dropFirst(Self.prefix.count))) else {
          throw CryptoKitError.incorrectParameterSize
        }
        let plain = try AES.GCM.open(
          AES.GCM.SealedBox(combined: combined), using: key.symmetricKey,
          authenticating: Self.context(id, DataKey(name)))
        opened.data[name] = .string(String(decoding: plain, as: UTF8.self))
      } catch {
        logger.warning(
          "a sealed value could not be opened (another data key, or altered); the shopper enters it again",
          metadata: ["session": "\(id)", "key": "\(name)"])
        opened.data[name] = nil
      }
    }
    return opened
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

/// The operator's data key: 32 bytes, given base64-encoded in `CHECKOUT_DATA_KEY`
/// (`openssl rand -base64 32`), the same on every instance sharing a database.
struct DataKeyMaterial: Sendable {
  let symmetricKey: SymmetricKey

  /// The environment variable that holds the key.
  static let variable = "CHECKOUT_DATA_KEY"

  /// Reads the key from base64 text; the text is never repeated in the error.
  init(base64 text: String) throws(UsageError) {
    guard let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw UsageError(
        description: "\(Self.variable) is not base64; give 32 random bytes in base64, e.g. $(openssl rand -base64 32)")
    }
    guard bytes.count == 32 else {
      throw UsageError(
        description:
          "\(Self.variable) holds \(bytes.count) bytes; it must hold 32 (AES-256), e.g. $(openssl rand -base64 32)")
    }
    symmetricKey = SymmetricKey(data: bytes)
  }

  /// A random key for this process only: enough for the memory store, whose
  /// sessions end with the process.
  static func ephemeral() -> DataKeyMaterial { DataKeyMaterial(symmetricKey: SymmetricKey(size: .bits256)) }

  private init(symmetricKey: SymmetricKey) { self.symmetricKey = symmetricKey }
}
