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
  package init(_ payload: Payload) {
    var hash = FNV1a()
    for key in payload.values.keys.sorted(by: { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }) {
      guard let value = payload.values[key], !payload.secretKeys.contains(key) else { continue }
      hash.field(key.rawValue)
      if payload.sensitiveKeys.contains(key) {
        let text = value.displayText
        hash.field("masked")
        hash.field(Masking.masked(text))
        hash.field(text.hasPrefix("••••") ? "a mask" : "a value")
      } else {
        hash.field(Self.kind(of: value))
        hash.field(Self.canonical(value))
      }
    }
    rawValue = hash.hex
  }

  package var description: String { rawValue }

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

/// The FNV-1a 64-bit hash, field by field.
private struct FNV1a {
  private var state: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func field(_ text: String) {
    for byte in text.utf8 { add(byte) }
    add(0)
  }

  private mutating func add(_ byte: UInt8) {
    state ^= UInt64(byte)
    state = state &* 0x0000_0100_0000_01b3
  }

  var hex: String {
    let digits = String(state, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
