/// An `X-Request-ID` a client or load balancer sent, kept as the request's id
/// (`hb.request.id`, on every log line and in the answer) when it is well formed,
/// so that the balancer's log and the server's correlate; otherwise the server's
/// own id stands.
///
/// Well formed: 1 to 128 characters, ASCII letters, digits and `-`, `_`, `.`, `:`
/// (UUIDs, nginx's 32 hex digits, `Root=`-free trace ids), and no run of 12 or
/// more digits (separators between them ignored): a request id is logged as is,
/// so one that could be a card number is not taken.
enum IncomingRequestID {
  /// The longest id kept.
  static let maximumLength = 128
  /// Digits in a row (separators ignored) that make an id look like a card number.
  static let longestDigitRun = 11

  /// The id to log for this header value; nil to keep the server's own.
  static func accepted(_ value: String?) -> String? {
    guard let value, (1...maximumLength).contains(value.utf8.count) else { return nil }
    var digits = 0
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        digits += 1
        if digits > longestDigitRun { return nil }
      case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"):
        continue
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
        digits = 0
      default:
        return nil
      }
    }
    return value
  }
}
