import Foundation

/// A lean JSON reader over UTF-8 bytes that the snapshot's decoding pulls values
/// from one at a time: no tree, no `Any`, member names matched without making
/// strings, values' strings made once. Strict RFC 8259 (no comments, no trailing
/// commas, no NaN); failures carry their JSON path, and syntax errors a line and
/// column.
///
/// `JSONParser` (the flow loader's) builds a positioned tree first, which costs
/// about as much as a whole snapshot round trip should; this reads straight into
/// the snapshot's types.
struct SnapshotJSONReader {
  /// What went wrong: a message, where, and for syntax errors the byte offset
  /// (turned into a line and column for the message).
  ///
  /// The path is not kept while reading (that would cost every member a push and a
  /// pop): each object and array adds its step as the failure passes through it on
  /// the way out, innermost first.
  struct Failure: Error {
    var message: String
    var offset: Int?
    /// The path, innermost step first.
    var reversedPath: [PathEntry] = []
    /// Set when the failure is about the object holding the member being read
    /// (`driver.state`, not `driver.state.waiting`): that object does not add the member.
    var aboutContainer = false

    /// The path from the root.
    var path: [PathEntry] { reversedPath.reversed() }
  }

  /// One step of the path being read: a member, by the offset of its name (the name
  /// is only read back for a message), or an array element.
  enum PathEntry {
    case member(nameOffset: Int)
    case index(Int)
  }

  /// A member's name, matched against the names the snapshot knows without making
  /// a `String` (`case "format":` in a `switch`); names with escapes or non-ASCII
  /// characters are decoded first.
  struct Key {
    /// The name's bytes as written (no escapes, all ASCII), or empty when `decoded`.
    let raw: UnsafeBufferPointer<UInt8>
    /// The name, when it had escapes or non-ASCII characters.
    let decoded: String?

    /// The name as a `String`.
    var text: String { decoded ?? String(decoding: raw, as: UTF8.self) }

    @inline(__always)
    static func ~= (pattern: StaticString, key: Key) -> Bool {
      guard key.decoded == nil else {
        return pattern.withUTF8Buffer { key.decoded?.utf8.elementsEqual($0) ?? false }
      }
      let count = pattern.utf8CodeUnitCount
      guard key.raw.count == count, let raw = key.raw.baseAddress else { return false }
      return memcmp(raw, pattern.utf8Start, count) == 0
    }
  }

  /// How deep arrays and objects may nest (in members the snapshot does not know,
  /// which are skipped) before the reader refuses, so that no input overflows the stack.
  static let maximumDepth = 128

  private let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  var position = 0
  private var depth = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    // A byte order mark is allowed before the document, as JSONDecoder allows it.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
  }

  // MARK: Errors

  /// A syntax error at the current position (or `offset`).
  func syntaxError(_ message: String, at offset: Int? = nil) -> Failure {
    Failure(message: message, offset: offset ?? position)
  }

  /// An error in what a well-formed value means (the path is added on the way out).
  func error(_ message: String) -> Failure {
    Failure(message: message, offset: nil)
  }

  /// `expected a string, found 12`: the value at the position does not have the
  /// type wanted. Reads the value to quote it (a syntax error there wins).
  mutating func mismatch(_ expected: String) -> Failure {
    do {
      return error("expected \(expected), found \(try describeValue())")
    } catch {
      return error
    }
  }

  /// The value at the position, as a message quotes it: `"waiting"`, `12`, `null`,
  /// `an object`. Consumes scalars (only ever called on the way to an error).
  mutating func describeValue() throws(Failure) -> String {
    skipWhitespace()
    switch current {
    case UInt8(ascii: "{"): return "an object"
    case UInt8(ascii: "["): return "an array"
    case UInt8(ascii: "\""): return SnapshotJSONReader.quoted(try readString())
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return try readBool() ? "true" : "false"
    case UInt8(ascii: "n"):
      try expectNull()
      return "null"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let start = position
      _ = try scanNumber()
      return position - start > 60 ? text(start..<start + 60) + "…" : text(start..<position)
    default: throw unexpected("a value")
    }
  }

  /// `"text"`, escaped as in JSON and shortened past 60 characters.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for (count, character) in text.enumerated() {
      if count == 60 {
        out += "…"
        break
      }
      switch character {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      default:
        if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) {
          out.append(character)
        } else {
          out += character.unicodeScalars.map { $0.value < 0x20 ? "\\u" + hex4($0.value) : String($0) }.joined()
        }
      }
    }
    return out + "\""
  }

  /// `unexpected '}'; expected a value`, `unexpected end of input; ...`.
  func unexpected(_ expected: String) -> Failure {
    syntaxError("unexpected \(describeCurrent()); expected \(expected)")
  }

  private func describeCurrent() -> String {
    guard position < bytes.count else { return "end of input" }
    let byte = bytes[position]
    if byte >= 0x21 && byte < 0x7F { return "'\(String(UnicodeScalar(byte)))'" }
    if byte >= 0x80 {
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
      if position + length <= bytes.count,
        let text = UTF8Text.validated(bytes[position..<position + length])
      {
        return "'\(text)'"
      }
      return "byte 0x\(String(byte, radix: 16, uppercase: true)) (not UTF-8)"
    }
    return "control character U+\(SnapshotJSONReader.hex4(UInt32(byte)).uppercased())"
  }

  static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The line and column of a byte offset: 1-based, columns in characters.
  func location(ofOffset offset: Int) -> SourceLocation {
    LineTable(Array(bytes)).location(ofOffset: offset)
  }

  /// A path as people write it (`driver.route.commands[2]`), member names read back.
  func jsonPath(_ entries: [PathEntry]) -> JSONPath {
    JSONPath(components: entries.map { entry in
      switch entry {
      case .index(let index): return .index(index)
      case .member(let offset):
        var reader = SnapshotJSONReader(bytes)
        reader.position = offset
        return .key((try? reader.readString()) ?? "?")
      }
    })
  }

  // MARK: Structure

  /// The byte at the position; 0 at the end (a 0 byte is never valid JSON outside
  /// a string, and strings check the end themselves).
  var current: UInt8 {
    position < bytes.count ? bytes[position] : 0
  }

  var isAtEnd: Bool { position >= bytes.count }

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
      default: return
      }
    }
  }

  /// Reads an object, calling `member` with each key to read its value (a failure
  /// there is placed at the member). Wrong type: `expected <expected>, found ...`.
  mutating func object(
    _ expected: String, _ member: (inout SnapshotJSONReader, Key) throws(Failure) -> Void
  ) throws(Failure) {
    skipWhitespace()
    guard current == UInt8(ascii: "{") else { throw mismatch(expected) }
    try enter()
    position += 1
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      position += 1
      depth -= 1
      return
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else {
        throw unexpected("a member name in double quotes")
      }
      let nameOffset = position
      let key = try readKey()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw unexpected("':' after the member name \(SnapshotJSONReader.quoted(key.text))") }
      position += 1
      do {
        try member(&self, key)
      } catch {
        var failure = error
        if failure.aboutContainer {
          failure.aboutContainer = false
        } else {
          failure.reversedPath.append(.member(nameOffset: nameOffset))
        }
        throw failure
      }
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","):
        position += 1
      case UInt8(ascii: "}"):
        position += 1
        depth -= 1
        return
      default:
        throw unexpected("',' or '}' after the value of \(SnapshotJSONReader.quoted(key.text))")
      }
    }
  }

  /// Reads an array, calling `element` with each index (a failure there is placed
  /// at the element).
  mutating func array(
    _ expected: String, _ element: (inout SnapshotJSONReader, Int) throws(Failure) -> Void
  ) throws(Failure) {
    skipWhitespace()
    guard current == UInt8(ascii: "[") else { throw mismatch(expected) }
    try enter()
    position += 1
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      position += 1
      depth -= 1
      return
    }
    var index = 0
    while true {
      skipWhitespace()
      do {
        try element(&self, index)
      } catch {
        var failure = error
        failure.reversedPath.append(.index(index))
        throw failure
      }
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","):
        position += 1
        index += 1
      case UInt8(ascii: "]"):
        position += 1
        depth -= 1
        return
      default:
        throw unexpected("',' or ']' in an array")
      }
    }
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    guard depth <= SnapshotJSONReader.maximumDepth else {
      throw syntaxError("nesting deeper than \(SnapshotJSONReader.maximumDepth) levels")
    }
  }

  /// Reads and drops any value (a member this version does not know).
  mutating func skipValue() throws(Failure) {
    skipWhitespace()
    switch current {
    case UInt8(ascii: "{"): try object("an object") { reader, _ throws(Failure) in try reader.skipValue() }
    case UInt8(ascii: "["): try array("an array") { reader, _ throws(Failure) in try reader.skipValue() }
    case UInt8(ascii: "\""): try skipString()
    case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
    case UInt8(ascii: "n"): try expectNull()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
    default: throw unexpected("a value (object, array, string, number, true, false or null)")
    }
  }

  /// Consumes `null` if it is next (optional members may be null).
  mutating func skipNull() throws(Failure) -> Bool {
    skipWhitespace()
    guard current == UInt8(ascii: "n") else { return false }
    try expectNull()
    return true
  }

  /// After the document: only white space may follow.
  mutating func expectEnd() throws(Failure) {
    skipWhitespace()
    guard isAtEnd else { throw syntaxError("unexpected \(describeCurrent()) after the end of the JSON document") }
  }

  // MARK: Literals

  mutating func readBool() throws(Failure) -> Bool {
    if matches("true") {
      position += 4
      return true
    }
    if matches("false") {
      position += 5
      return false
    }
    throw unexpected("a value (did you mean true or false?)")
  }

  private mutating func expectNull() throws(Failure) {
    guard matches("null") else { throw unexpected("a value (did you mean null?)") }
    position += 4
  }

  private func matches(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    return literal.withUTF8Buffer { expected in
      for index in 0..<count where bytes[position + index] != expected[index] { return false }
      return true
    }
  }

  // MARK: Numbers

  /// Scans a number (RFC 8259 grammar) and says whether it is an integer literal
  /// (no fraction, no exponent).
  mutating func scanNumber() throws(Failure) -> Bool {
    if current == UInt8(ascii: "-") { position += 1 }
    guard isDigit(current) else { throw unexpected("a digit in a number") }
    if current == UInt8(ascii: "0") {
      position += 1
      if isDigit(current) { throw syntaxError("a number cannot start with 0 followed by digits") }
    } else {
      while isDigit(current) { position += 1 }
    }
    var integer = true
    if current == UInt8(ascii: ".") {
      integer = false
      position += 1
      guard isDigit(current) else { throw unexpected("a digit after the decimal point") }
      while isDigit(current) { position += 1 }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      integer = false
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard isDigit(current) else { throw unexpected("a digit in the exponent") }
      while isDigit(current) { position += 1 }
    }
    return integer
  }

  /// A number as a `Double`, exactly as `Double(text)` reads it; out of range is an error.
  mutating func readDouble() throws(Failure) -> Double {
    let start = position
    let integer = try scanNumber()
    let negative = bytes[start] == UInt8(ascii: "-")
    let digitsStart = negative ? start + 1 : start
    // Up to 18 digits fit an Int64, whose conversion rounds like strtod.
    if integer, position - digitsStart <= 18 {
      var magnitude: Int64 = 0
      for index in digitsStart..<position { magnitude = magnitude &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0")) }
      return negative ? -Double(magnitude) : Double(magnitude)
    }
    let text = self.text(start..<position)
    guard let value = Double(text), value.isFinite else {
      position = start
      throw error("the number \(text) is out of range")
    }
    return value
  }

  /// A number that must be a whole number that fits an `Int` (`3.0` and `3e2`
  /// too, as JSONDecoder reads them).
  mutating func readInt() throws(Failure) -> Int {
    skipWhitespace()
    guard current == UInt8(ascii: "-") || isDigit(current) else { throw mismatch("an integer") }
    let start = position
    let integer = try scanNumber()
    if integer {
      let negative = bytes[start] == UInt8(ascii: "-")
      var value = 0
      var overflow = false
      for index in (negative ? start + 1 : start)..<position {
        let digit = Int(bytes[index] &- UInt8(ascii: "0"))
        let (times, o1) = value.multipliedReportingOverflow(by: 10)
        let (sum, o2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
        if o1 || o2 { overflow = true; break }
        value = sum
      }
      guard overflow else { return value }
    } else if let value = Double(text(start..<position)), value.rounded(.towardZero) == value,
      value >= -9_223_372_036_854_775_808.0, value < 9_223_372_036_854_775_808.0
    {
      return Int(value)
    }
    return try rejectInteger(start)
  }

  private func rejectInteger(_ start: Int) throws(Failure) -> Int {
    let text = self.text(start..<position)
    let whole = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) || (Double(text).map { $0.rounded() == $0 } ?? false)
    if whole { throw error("expected an integer from \(Int.min) to \(Int.max), found \(text)") }
    throw error("expected an integer, found \(text)")
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// ASCII bytes of the input as text.
  private func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  // MARK: Strings

  /// A string value. Wrong type: `expected <expected>, found ...`.
  mutating func readString(_ expected: String) throws(Failure) -> String {
    skipWhitespace()
    guard current == UInt8(ascii: "\"") else { throw mismatch(expected) }
    return try readString()
  }

  /// A member name, at the position (a `"`).
  mutating func readKey() throws(Failure) -> Key {
    let start = position
    if let end = scanPlainString() {
      return Key(raw: UnsafeBufferPointer(rebasing: bytes[start + 1..<end]), decoded: nil)
    }
    position = start
    return Key(raw: UnsafeBufferPointer(rebasing: bytes[0..<0]), decoded: try readString())
  }

  /// The string starting at the position (a `"`): escapes decoded, UTF-8 checked.
  mutating func readString() throws(Failure) -> String {
    let start = position
    if let end = scanPlainString() { return String(decoding: UnsafeBufferPointer(rebasing: bytes[start + 1..<end]), as: UTF8.self) }
    position = start
    return try readEscapedString()
  }

  /// The bytes inside the string at the position (a `"`) when it is plain
  /// (printable ASCII, no escapes), moving past it; nil (position unchanged) otherwise.
  mutating func readPlainString() -> UnsafeBufferPointer<UInt8>? {
    let start = position
    guard let end = scanPlainString() else { return nil }
    return UnsafeBufferPointer(rebasing: bytes[start + 1..<end])
  }

  /// The common case, fast: a string of printable ASCII without escapes. Moves past
  /// it and returns the offset of its closing quote; nil (position unchanged) when
  /// the string needs the general path.
  private mutating func scanPlainString() -> Int? {
    var index = position + 1
    let count = bytes.count
    // Eight bytes at a time: stop at the first quote, backslash, control
    // character or non-ASCII byte.
    if let start = bytes.baseAddress {
      while index + 8 <= count {
        let word = UInt64(littleEndian: UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self))
        let stops = SnapshotJSONReader.stopBytes(word)
        if stops == 0 {
          index += 8
          continue
        }
        index += stops.trailingZeroBitCount / 8
        guard bytes[index] == UInt8(ascii: "\"") else { return nil }
        position = index + 1
        return index
      }
    }
    while index < count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        position = index + 1
        return index
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
      index += 1
    }
    return nil
  }

  /// The high bit set in each of eight bytes (little-endian) that ends a plain
  /// string: `"`, `\`, a control character or a non-ASCII byte; exact per byte.
  static func stopBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let control = ~((word & ~high) &+ 0x6060_6060_6060_6060) & high
    return control | (word & high) | SnapshotJSONWriter.zeroBytes(word ^ (ones &* 0x22))
      | SnapshotJSONWriter.zeroBytes(word ^ (ones &* 0x5C))
  }

  /// The general path: escapes, non-ASCII text (checked as UTF-8), and the errors.
  private mutating func readEscapedString() throws(Failure) -> String {
    let start = position
    position += 1
    var runStart = position
    var ascii = true
    var escaped: [UInt8] = []
    var hasEscapes = false
    while true {
      guard position < bytes.count else { throw syntaxError("unterminated string; expected a closing '\"'", at: start) }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let run = UnsafeBufferPointer(rebasing: bytes[runStart..<position])
        position += 1
        guard hasEscapes else { return try makeString(run, ascii: ascii, quote: start, contentStart: runStart) }
        escaped.append(contentsOf: run)
        return try escaped.withUnsafeBufferPointer { (all) throws(Failure) -> String in try makeString(all, ascii: ascii, quote: start, contentStart: nil) }
      }
      if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        escaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
        escaped.append(contentsOf: try readEscape().utf8)
        runStart = position
        continue
      }
      if byte < 0x20 {
        throw syntaxError("control character U+\(SnapshotJSONReader.hex4(UInt32(byte)).uppercased()) in a string; write it as the escape \\u\(SnapshotJSONReader.hex4(UInt32(byte)))")
      }
      if byte >= 0x80 { ascii = false }
      position += 1
    }
  }

  /// Skips a string, checking it as `readString` does.
  private mutating func skipString() throws(Failure) {
    _ = try readString()
  }

  /// A string from its UTF-8 bytes, checked. `contentStart` is the offset of the
  /// first of them when they are the input's own (no escapes), so that an error can
  /// point at the bad byte; otherwise it points at the string's opening quote.
  private func makeString(
    _ utf8: UnsafeBufferPointer<UInt8>, ascii: Bool, quote: Int, contentStart: Int?
  ) throws(Failure) -> String {
    if ascii { return String(decoding: utf8, as: UTF8.self) }
    guard let text = UTF8Text.validated(utf8) else {
      var parser = Unicode.UTF8.ForwardParser()
      var iterator = utf8.makeIterator()
      var valid = 0
      while case .valid(let scalar) = parser.parseScalar(from: &iterator) { valid += scalar.count }
      throw syntaxError("invalid UTF-8 in a string", at: contentStart.map { $0 + valid } ?? quote)
    }
    return text
  }

  /// The escape after a `\`, which is at the position.
  private mutating func readEscape() throws(Failure) -> Unicode.Scalar {
    position += 1
    guard position < bytes.count else { throw syntaxError("unterminated string; expected a closing '\"'") }
    let byte = bytes[position]
    position += 1
    if let simple = JSONEscapes.simple(byte) { return simple }
    switch byte {
    case UInt8(ascii: "u"):
      let escapeStart = position - 2
      let high = try readHex4()
      if (0xDC00..<0xE000).contains(high) {
        throw syntaxError("unpaired low surrogate \\u\(SnapshotJSONReader.hex4(high))", at: escapeStart)
      }
      guard (0xD800..<0xDC00).contains(high) else { return Unicode.Scalar(high) ?? "\u{FFFD}" }
      guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
        throw syntaxError("unpaired high surrogate \\u\(SnapshotJSONReader.hex4(high)); expected a \\uDC00-\\uDFFF escape after it", at: escapeStart)
      }
      position += 2
      let low = try readHex4()
      guard (0xDC00..<0xE000).contains(low) else {
        throw syntaxError("unpaired high surrogate \\u\(SnapshotJSONReader.hex4(high)); expected a \\uDC00-\\uDFFF escape after it", at: escapeStart)
      }
      return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
    default:
      position -= 2
      throw syntaxError("invalid escape; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
    }
  }

  private mutating func readHex4() throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = current
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw syntaxError("expected 4 hex digits after \\u")
      }
      value = value * 16 + UInt32(digit)
      position += 1
    }
    return value
  }
}
