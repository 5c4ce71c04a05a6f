import CheckoutModel

/// A short fingerprint of what a call sends, saved with the call's intent
/// (``APICall/digest``) so that a retry under the same idempotency key is known
/// to send the same body: a different body under the key is refused, never sent.
///
/// It is FNV-1a (64 bits, offset basis `0xcbf29ce484222325`, prime
/// `0x100000001b3`) over the payload written canonically: each key in byte order,
/// then its value's kind and text, each field ended by a zero byte. FNV is in no
/// library Foundation ships on Linux, is a dozen lines, and gives the same digest
/// on every machine. It guards against a changed body, not against an attacker:
/// anyone who can write the session can write its digest too.
///
/// What the digest covers, so that storing it reveals nothing a snapshot does not:
/// a `secret` value never (a CVV is sent but is no detail of the order: it may be
/// entered again, e.g. after another instance lost it, and the retry still sends
/// the same order); a `sensitive` value by its masked form (`•••• 4242`) and
/// whether it is itself a mask (a session restored with masked values would send
/// the mask, a different body); every other value in full.
///
/// ```swift
/// PayloadDigest(payload).rawValue   // "9f2c61e0a4b7d813"
/// ```
package struct PayloadDigest: Hashable, Sendable, CustomStringConvertible {
  /// Sixteen lowercase hex digits.
  package let rawValue: String

  /// The digest of a payload.
  ///
  /// The canonical text is written once into one buffer (each key's and value's
  /// bytes copied in bulk), then hashed: the same bytes in the same order as hashing
  /// field by field, with no sort of strings and no walk over characters.
  package init(_ payload: Payload) {
    // Every key's bytes, side by side; the keys sorted by their bytes there.
    var keyBytes: [UInt8] = []
    var entries: [(bytes: Range<Int>, key: DataKey, value: Value)] = []
    entries.reserveCapacity(payload.values.count)
    for (key, value) in payload.values where !Self.holds(payload.secretKeys, key) {
      let start = keyBytes.count
      keyBytes.append(contentsOf: key.rawValue.utf8)
      entries.append((start..<keyBytes.count, key, value))
    }
    entries.sort { keyBytes[$0.bytes].lexicographicallyPrecedes(keyBytes[$1.bytes]) }
    var text = CanonicalText(capacity: keyBytes.count * 3)
    for entry in entries {
      text.field(keyBytes[entry.bytes])
      if Self.holds(payload.sensitiveKeys, entry.key) {
        let shown = entry.value.displayText
        text.field("masked".utf8)
        text.field(Masking.masked(shown).utf8)
        text.field((Self.isMask(shown) ? "a mask" : "a value").utf8)
      } else {
        text.field(Self.kind(of: entry.value).utf8)
        text.field(Self.canonical(entry.value).utf8)
      }
    }
    rawValue = FNV1a.hex(of: text.bytes)
  }

  package var description: String { rawValue }

  /// Whether a set of keys holds the key: a few keys (a flow's secret or
  /// sensitive ones) are compared one by one, cheaper than hashing the key.
  private static func holds(_ keys: Set<DataKey>, _ key: DataKey) -> Bool {
    guard keys.count <= 4 else { return keys.contains(key) }
    for candidate in keys where candidate == key { return true }
    return false
  }

  /// Whether a shown value starts with the mask's four bullets (`text.hasPrefix("••••")`).
  /// A bullet has no other spelling, so text whose bytes do not start with four is
  /// not a mask; when they do and nothing or an ASCII character follows, the fourth
  /// bullet is a whole character and it is. Only a combining mark after it needs
  /// the character comparison.
  private static func isMask(_ text: String) -> Bool {
    let bullets = "••••".utf8
    guard text.utf8.starts(with: bullets) else { return false }
    guard let next = text.utf8.dropFirst(bullets.count).first, next >= 0x80 else { return true }
    return text.hasPrefix("••••")
  }

  private static func kind(of value: Value) -> String {
    switch value {
    case .string: return "string"
    case .number: return "number"
    case .bool: return "bool"
    case .options: return "options"
    }
  }

  /// A value's text, with a list of options written value and label each.
  private static func canonical(_ value: Value) -> String {
    guard case .options(let options) = value else { return value.displayText }
    return options.map { "\($0.value)\u{1}\($0.label)" }.joined(separator: "\u{2}")
  }
}

/// The canonical text of a payload: each field's bytes, ended by a zero byte.
private struct CanonicalText {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int) { bytes.reserveCapacity(capacity) }

  mutating func field<Bytes: Sequence<UInt8>>(_ field: Bytes) {
    bytes.append(contentsOf: field)
    bytes.append(0)
  }
}

/// The FNV-1a 64-bit hash.
private enum FNV1a {
  /// The hash of the bytes, as sixteen lowercase hex digits.
  static func hex(of bytes: [UInt8]) -> String {
    var state: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    let digits = Array("0123456789abcdef".utf8)
    var text = [UInt8](repeating: 0, count: 16)
    for position in 0..<16 { text[position] = digits[Int(truncatingIfNeeded: state >> (60 - 4 * position)) & 0xf] }
    return String(decoding: text, as: UTF8.self)
  }
}
