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
    hex = Self.lowercaseHex(Self.sha256(secret))
  }

  /// The SHA-256 of the secret's UTF-8 bytes.
  private static func sha256(_ secret: String) -> SHA256.Digest {
    var text = secret
    return text.withUTF8 { SHA256.hash(data: UnsafeRawBufferPointer($0)) }
  }

  /// Bytes as lowercase hex, two digits each: what `String(format: "%02x")` per byte
  /// writes, without formatting a string per byte (the guard hashes on every request).
  static func lowercaseHex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = hexDigits
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
    let digits = Self.hexDigits
    let stored = hex.utf8
    guard stored.count == 64 else { return false }
    var difference: UInt8 = 0
    var index = stored.startIndex
    // The presented secret's digest, written as hex digit by digit against the
    // stored one (no string made for it).
    for byte in Self.sha256(presented) {
      difference |= digits[Int(byte >> 4)] ^ stored[index]
      stored.formIndex(after: &index)
      difference |= digits[Int(byte & 0x0f)] ^ stored[index]
      stored.formIndex(after: &index)
    }
    return difference == 0
  }

  /// The lowercase hex digits, by value.
  private static let hexDigits = Array("0123456789abcdef".utf8)
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
