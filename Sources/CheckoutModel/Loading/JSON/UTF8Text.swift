/// Valid UTF-8 into text, on every platform the package supports.
///
/// The standard library's `String(validating:as:)` needs macOS 15 / iOS 18; this
/// needs nothing newer than the package's minimums. Decoding replaces every
/// ill-formed sequence with U+FFFD, which always changes the bytes, so the text is
/// valid exactly when it encodes back to the bytes it came from.
enum UTF8Text {
  /// The bytes as text, or nil when they are not valid UTF-8.
  static func validated<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
  }
}
