import Crypto
import Foundation

/// One data key: 32 bytes, given base64-encoded (`openssl rand -base64 32`), and
/// the id sealed values name it by.
struct DataKeyMaterial: Sendable {
  let symmetricKey: SymmetricKey
  /// Eight hex digits: the start of SHA-256 over a fixed label and the key. It
  /// names the key in sealed values and in messages, and reveals nothing of it.
  let id: String

  /// The environment variable that holds the current key.
  static let variable = "CHECKOUT_DATA_KEY"

  /// Reads a key from base64 text; the text is never repeated in the error, which
  /// names `variable`.
  init(base64 text: String, variable: String = DataKeyMaterial.variable) throws(UsageError) {
    guard let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw UsageError(
        description: "\(variable) is not base64; give 32 random bytes in base64, e.g. $(openssl rand -base64 32)")
    }
    guard bytes.count == 32 else {
      throw UsageError(
        description:
          "\(variable) holds \(bytes.count) bytes; it must hold 32 (AES-256), e.g. $(openssl rand -base64 32)")
    }
    self.init(bytes: bytes)
  }

  /// A random key for this process only: enough for the memory store, whose
  /// sessions end with the process.
  static func ephemeral() -> DataKeyMaterial {
    var generator = SystemRandomNumberGenerator()
    return DataKeyMaterial(bytes: Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }))
  }

  private init(bytes: Data) {
    symmetricKey = SymmetricKey(data: bytes)
    let digest = SHA256.hash(data: Data("checkout-data-key-id\n".utf8) + bytes)
    id = digest.prefix(4).map { String(format: "%02x", $0) }.joined()
  }
}

/// The keys an instance holds: the current one, which seals every value written,
/// and old ones, which only open values sealed before a rotation.
struct DataKeyring: Sendable {
  /// Seals what is written.
  let current: DataKeyMaterial
  /// Open what was sealed under them; never used to seal.
  let old: [DataKeyMaterial]
  /// The ids of old keys given more than once, or given as the current key too:
  /// each is held once (the start warns).
  let repeated: [String]

  /// The environment variable of the old keys: base64 keys separated by commas.
  static let oldVariable = "CHECKOUT_OLD_DATA_KEYS"

  init(current: DataKeyMaterial, old: [DataKeyMaterial] = []) {
    self.current = current
    var seen: Set<String> = [current.id]
    var kept: [DataKeyMaterial] = []
    var repeated: [String] = []
    for key in old {
      if seen.insert(key.id).inserted {
        kept.append(key)
      } else if !repeated.contains(key.id) {
        repeated.append(key.id)
      }
    }
    self.old = kept
    self.repeated = repeated
  }

  /// The key with `id`, current or old.
  func key(id: String) -> DataKeyMaterial? {
    current.id == id ? current : old.first { $0.id == id }
  }

  /// Every key, the current one first.
  var all: [DataKeyMaterial] { [current] + old }
}

/// The keys card numbers are sealed with: `CHECKOUT_DATA_KEY` (current) and
/// `CHECKOUT_OLD_DATA_KEYS` (old, comma-separated) when given. Without a current
/// key, a store that outlives the process (PostgreSQL) is refused: its instances
/// must share keys the operator keeps; the memory store, whose sessions end with
/// the process, uses a random key of its own.
func dataKeyring(in environment: [String: String], persistent: Bool) throws(UsageError) -> DataKeyring {
  var old: [DataKeyMaterial] = []
  for (index, text) in (environment[DataKeyring.oldVariable] ?? "").split(separator: ",").enumerated() {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty { continue }
    old.append(try DataKeyMaterial(base64: trimmed, variable: "\(DataKeyring.oldVariable) (key \(index + 1))"))
  }
  guard let text = environment[DataKeyMaterial.variable], !text.isEmpty else {
    guard !persistent else {
      throw UsageError(
        description:
          "DATABASE_URL is set but \(DataKeyMaterial.variable) is not: card numbers are stored sealed with that key, never in plain text; give every instance the same key, e.g. \(DataKeyMaterial.variable)=$(openssl rand -base64 32)"
      )
    }
    return DataKeyring(current: .ephemeral(), old: old)
  }
  return DataKeyring(current: try DataKeyMaterial(base64: text), old: old)
}

/// The current key alone (``dataKeyring(in:persistent:)`` without old keys).
func dataKey(in environment: [String: String], persistent: Bool) throws(UsageError) -> DataKeyMaterial {
  try dataKeyring(in: environment, persistent: persistent).current
}
