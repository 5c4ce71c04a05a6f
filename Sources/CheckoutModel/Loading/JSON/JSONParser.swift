/// A strict JSON parser (RFC 8259) that records the position of every value.
///
/// Foundation's parser reports neither where a value was nor where a key was
/// repeated; this one does both, and stops at the first syntax error with a
/// line, a column and what was expected there.
package struct JSONParser {
  /// A syntax error at a UTF-8 offset.
  package struct SyntaxError: Error {
    package var offset: Int
    package var message: String
  }

  /// How deep arrays and objects may nest before the parser refuses (no stack overflow).
  package static let maximumDepth = 256

  private let bytes: [UInt8]
  private let depthLimit: Int
  /// What the text is called in messages: `file` (a flow), `body` (a request).
  private let documentName: String
  private var position = 0
  private var depth = 0

  package init(bytes: [UInt8], maximumDepth: Int = JSONParser.maximumDepth, documentName: String = "file") {
    self.bytes = bytes
    self.depthLimit = maximumDepth
    self.documentName = documentName
  }

  /// Parses one JSON document; anything but white space after it is an error.
  package mutating func parseDocument() throws(SyntaxError) -> JSONNode {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    skipWhitespace()
    guard position < bytes.count else { throw error("the \(documentName) is empty; expected a JSON object") }
    let node = try parseValue()
    skipWhitespace()
    if position < bytes.count {
      throw error("unexpected \(describeCurrent()) after the end of the JSON document")
    }
    return node
  }

  private mutating func parseValue() throws(SyntaxError) -> JSONNode {
    guard position < bytes.count else { throw error("unexpected end of \(documentName); expected a value") }
    let start = position
    switch bytes[position] {
    case UInt8(ascii: "{"): return JSONNode(kind: .object(try parseObject()), offset: start)
    case UInt8(ascii: "["): return JSONNode(kind: .array(try parseArray()), offset: start)
    case UInt8(ascii: "\""): return JSONNode(kind: .string(try parseString()), offset: start)
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return JSONNode(kind: .bool(true), offset: start)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return JSONNode(kind: .bool(false), offset: start)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return JSONNode(kind: .null, offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONNode(kind: .number(try parseNumber()), offset: start)
    default:
      throw error(
        "unexpected \(describeCurrent()); expected a value (object, array, string, number, true, false or null)")
    }
  }

  private mutating func parseObject() throws(SyntaxError) -> [JSONNode.Member] {
    try enterContainer()
    position += 1
    var members: [JSONNode.Member] = []
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      position += 1
      depth -= 1
      return members
    }
    var comma: Int?
    while true {
      skipWhitespace()
      guard peek(UInt8(ascii: "\"")) else {
        if let comma, peek(UInt8(ascii: "}")) { throw error("trailing comma before '}'; remove the comma", at: comma) }
        throw error("unexpected \(describeCurrent()); expected a member name in double quotes")
      }
      let keyOffset = position
      let key = try parseString()
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else {
        throw error("unexpected \(describeCurrent()); expected ':' after member name \(Quoting.quoted(key))")
      }
      position += 1
      skipWhitespace()
      let value = try parseValue()
      members.append(JSONNode.Member(key: key, keyOffset: keyOffset, value: value))
      let valueEnd = position
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        comma = position
        position += 1
        continue
      }
      if peek(UInt8(ascii: "}")) {
        position += 1
        depth -= 1
        return members
      }
      if peek(UInt8(ascii: "\"")) {
        throw error("missing ',' after the value of \(Quoting.quoted(key))", at: valueEnd)
      }
      throw error("unexpected \(describeCurrent()); expected ',' or '}' after the value of \(Quoting.quoted(key))")
    }
  }

  private mutating func parseArray() throws(SyntaxError) -> [JSONNode] {
    try enterContainer()
    position += 1
    var elements: [JSONNode] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      position += 1
      depth -= 1
      return elements
    }
    var comma: Int?
    while true {
      skipWhitespace()
      if let comma, peek(UInt8(ascii: "]")) { throw error("trailing comma before ']'; remove the comma", at: comma) }
      elements.append(try parseValue())
      let valueEnd = position
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        comma = position
        position += 1
        continue
      }
      if peek(UInt8(ascii: "]")) {
        position += 1
        depth -= 1
        return elements
      }
      if startsValue() { throw error("missing ',' between elements of an array", at: valueEnd) }
      throw error("unexpected \(describeCurrent()); expected ',' or ']' in an array")
    }
  }

  private mutating func enterContainer() throws(SyntaxError) {
    depth += 1
    if depth > depthLimit {
      throw error("nesting deeper than \(depthLimit) levels")
    }
  }

  private mutating func parseString() throws(SyntaxError) -> String {
    let start = position
    position += 1
    // Bytes are validated as they are scanned and decoded once at the end; escapes
    // are the slow path that copies into a buffer.
    var buffer: [UInt8]?
    var runStart = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        defer { position += 1 }
        guard var escaped = buffer else {
          return String(decoding: bytes[runStart..<position], as: UTF8.self)
        }
        escaped.append(contentsOf: bytes[runStart..<position])
        return String(decoding: escaped, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        var escaped = buffer ?? []
        escaped.append(contentsOf: bytes[runStart..<position])
        escaped.append(contentsOf: Array(String(try parseEscape()).utf8))
        buffer = escaped
        runStart = position
        continue
      }
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        throw error("unterminated string; a string cannot span lines (write \\n)", at: start)
      }
      if byte < 0x20 {
        let hex = hex4(UInt32(byte)).uppercased()
        throw error("control character U+\(hex) in a string; write it as the escape \\u\(hex)")
      }
      if byte >= 0x80 {
        try skipUTF8Sequence()
        continue
      }
      position += 1
    }
    position = start
    throw error("unterminated string; expected a closing '\"'")
  }

  private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
    position += 1
    guard position < bytes.count else { throw error("unterminated escape sequence") }
    let byte = bytes[position]
    position += 1
    if let simple = JSONEscapes.simple(byte) { return simple }
    switch byte {
    case UInt8(ascii: "u"):
      let high = try parseHex4()
      if (0xD800..<0xDC00).contains(high) {
        guard bytes.count >= position + 6, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else { throw error("unpaired surrogate \\u\(hex4(high)); expected a low surrogate") }
        position += 2
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low) else {
          throw error("invalid low surrogate \\u\(hex4(low))")
        }
        let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        return Unicode.Scalar(combined) ?? "\u{FFFD}"
      }
      guard let scalar = Unicode.Scalar(high) else {
        throw error("unpaired surrogate \\u\(hex4(high))")
      }
      return scalar
    default:
      position -= 1
      throw error(
        "invalid escape '\\\(describeByte(byte))'; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
    }
  }

  private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
    guard position + 4 <= bytes.count else { throw error("expected 4 hex digits after \\u") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("expected 4 hex digits after \\u")
      }
      value = value * 16 + UInt32(digit)
      position += 1
    }
    return value
  }

  private mutating func skipUTF8Sequence() throws(SyntaxError) {
    let lead = bytes[position]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: throw error("invalid UTF-8 byte 0x\(String(lead, radix: 16))")
    }
    guard position + length <= bytes.count else { throw error("truncated UTF-8 sequence") }
    for index in 1..<length where bytes[position + index] & 0xC0 != 0x80 {
      throw error("invalid UTF-8 sequence")
    }
    let scalarCheck = UTF8Text.validated(bytes[position..<position + length])
    guard scalarCheck != nil else { throw error("invalid UTF-8 sequence") }
    position += length
  }

  private mutating func parseNumber() throws(SyntaxError) -> Double {
    let start = position
    if peek(UInt8(ascii: "-")) { position += 1 }
    guard position < bytes.count, isDigit(bytes[position]) else {
      throw error("expected a digit in a number")
    }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count, isDigit(bytes[position]) {
        throw error("a number cannot start with 0 followed by digits")
      }
    } else {
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    if peek(UInt8(ascii: ".")) {
      position += 1
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw error("expected a digit after the decimal point")
      }
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      position += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw error("expected a digit in the exponent")
      }
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      position = start
      // Not quoted back: the number may be what a client sent for a secret.
      throw error("a number out of range: larger than a 64-bit floating-point number holds (about 1.8e308)")
    }
    return value
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(SyntaxError) {
    let expected = literal.withUTF8Buffer { Array($0) }
    guard bytes.count >= position + expected.count,
      Array(bytes[position..<position + expected.count]) == expected
    else {
      throw error("unexpected \(describeCurrent()); expected a value (did you mean \(literal)?)")
    }
    position += expected.count
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        position += 1
      default:
        return
      }
    }
  }

  /// Whether the current byte can begin a value (so a ',' before it is missing).
  private func startsValue() -> Bool {
    guard position < bytes.count else { return false }
    switch bytes[position] {
    case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      return true
    default:
      return false
    }
  }

  private func peek(_ byte: UInt8) -> Bool {
    position < bytes.count && bytes[position] == byte
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private func describeCurrent() -> String {
    guard position < bytes.count else { return "end of \(documentName)" }
    let byte = bytes[position]
    if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
      bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*")
    {
      return "comment (JSON has no comments)"
    }
    if byte == UInt8(ascii: "'") { return "single quote (JSON strings use double quotes)" }
    if byte >= 0x80, let character = currentCharacter() {
      if "\u{201C}\u{201D}\u{2018}\u{2019}".contains(character) {
        return "curly quote '\(character)' (JSON strings use straight double quotes)"
      }
      return "'\(character)'"
    }
    return "'\(describeByte(byte))'"
  }

  /// The character starting at the current byte, when it is valid UTF-8.
  private func currentCharacter() -> Character? {
    let lead = bytes[position]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    guard position + length <= bytes.count,
      let text = UTF8Text.validated(bytes[position..<position + length])
    else { return nil }
    return text.first
  }

  private func describeByte(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return String(UnicodeScalar(byte)) }
    return "\\u{\(String(byte, radix: 16))}"
  }

  /// Four hex digits, as written after `\u`.
  private func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  private func error(_ message: String, at offset: Int? = nil) -> SyntaxError {
    SyntaxError(offset: offset ?? position, message: message)
  }
}
