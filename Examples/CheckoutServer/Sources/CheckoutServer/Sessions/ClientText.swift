import CheckoutEngine

/// The characters a client's text may hold where the server keeps it (a `set`
/// value, an action's result, a scripted answer): any but a control character
/// (Unicode's `Cc`: U+0000 to U+001F and U+007F to U+009F) other than tab, line
/// feed and carriage return, which a pasted address may carry.
///
/// U+0000 cannot be stored at all (PostgreSQL's `jsonb` refuses `\u0000`, so the
/// memory store and PostgreSQL would disagree); the other control characters are
/// invisible on a screen and in a payment provider's records, and no keyboard types
/// them. A refusal is 422 `control_character` at the field, naming the character
/// and where it is, never the text (it may be a secret).
enum ClientText {
  /// The control characters a text may hold.
  static let allowedControls: Set<Unicode.Scalar> = ["\t", "\n", "\r"]

  /// The first character of `text` a client's text may not hold, with its 1-based
  /// position in Unicode scalars; nil when there is none.
  static func firstForbidden(in text: String) -> (scalar: Unicode.Scalar, position: Int)? {
    for (offset, scalar) in text.unicodeScalars.enumerated() where isForbidden(scalar) {
      return (scalar, offset + 1)
    }
    return nil
  }

  /// Whether `scalar` is a control character other than tab, line feed and carriage return.
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) && !allowedControls.contains(scalar)
  }

  /// Passes when `value` holds no forbidden character; else 422
  /// `control_character` at `field`, `what` naming the text in the detail
  /// (`the value`, `"data" value three_d_secure.result`).
  static func check(_ value: Value, at field: String, what: String = "the value") throws(ServerError) {
    guard case .string(let text) = value else { return }
    try check(text, at: field, what: what)
  }

  /// ``check(_:at:what:)`` of a text.
  static func check(_ text: String, at field: String, what: String) throws(ServerError) {
    guard let (scalar, position) = firstForbidden(in: text) else { return }
    throw ServerError(
      .unprocessableContent, "control_character",
      "\(what) holds the control character \(name(scalar)) at character \(position); text may hold tab, line feed "
        + "and carriage return, but no other control character (U+0000 to U+001F, U+007F to U+009F)",
      at: field)
  }

  /// `U+0000`: a scalar as Unicode writes it.
  static func name(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
