import CheckoutEngine
import Crypto
import Foundation

/// A session's secret: 32 random bytes in base64url (no padding), answered once by
/// `POST /sessions` beside the id, like a payment provider's client secret. Every
/// request on the session presents it (``SessionCredential``); the server keeps
/// only its ``SecretDigest``, so neither a stored record nor the id opens a session.
struct SessionSecret: Sendable {
  /// The secret as the client sends it. Never logged, never stored.
  let text: String

  /// A fresh secret from the system's random source.
  static func random() -> SessionSecret {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return SessionSecret(text: base64url(bytes))
  }

  /// What the server stores in its place.
  var digest: SecretDigest { SecretDigest(of: text) }

  /// Base64url without padding (RFC 4648 §5).
  static func base64url(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}

/// The SHA-256 of a session's secret, in lowercase hex: what a session's stored
/// record holds instead of the secret.
struct SecretDigest: Hashable, Sendable {
  /// 64 lowercase hex digits.
  let hex: String

  init(hex: String) { self.hex = hex }

  /// The digest of a presented secret.
  init(of secret: String) {
    hex = Self.lowercaseHex(SHA256.hash(data: Data(secret.utf8)))
  }

  /// Bytes as lowercase hex, two digits each: what `String(format: "%02x")` per byte
  /// writes, without formatting a string per byte (the guard hashes on every request).
  static func lowercaseHex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Whether `presented` is the secret this is the digest of, compared in constant
  /// time (the presented text is hashed first, then every byte of both digests is
  /// compared whatever differs).
  func matches(_ presented: String) -> Bool {
    let given = Array(SecretDigest(of: presented).hex.utf8)
    let stored = Array(hex.utf8)
    guard given.count == stored.count else { return false }
    var difference: UInt8 = 0
    for index in given.indices { difference |= given[index] ^ stored[index] }
    return difference == 0
  }
}

/// Where the digests of session secrets are kept: beside each session in its
/// store (a column of the PostgreSQL `sessions` row, a map beside the memory
/// store), deleted with the session.
protocol SessionSecretStore: Sendable {
  /// Records the digest of a new session's secret.
  func recordSecret(_ digest: SecretDigest, for id: SessionID) async throws
  /// The digest recorded for a session; nil when none is (an unknown session, or
  /// one made before sessions had secrets).
  func secretDigest(for id: SessionID) async throws -> SecretDigest?
}
