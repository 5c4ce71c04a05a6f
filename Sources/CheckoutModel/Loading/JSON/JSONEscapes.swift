/// The one-character JSON string escapes (RFC 8259 section 7), shared by the flow
/// loader's parser and the snapshot reader.
enum JSONEscapes {
  /// The character a `\` followed by `byte` stands for; nil for `u` (four hex
  /// digits follow) and for anything that is not an escape.
  static func simple(_ byte: UInt8) -> Unicode.Scalar? {
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    default: return nil
    }
  }
}
