/// A JSON value read from a request body, members in the order they were written.
enum JSONValue: Hashable, Sendable {
  case object([(key: String, value: JSONValue)])
  case array([JSONValue])
  case string(String)
  case number(Double, text: String)
  case bool(Bool)
  case null

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.array(let a), .array(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.number(let a, _), .number(let b, _)): return a == b
    case (.bool(let a), .bool(let b)): return a == b
    case (.null, .null): return true
    default: return false
    }
  }

  func hash(into hasher: inout Hasher) {
    switch self {
    case .object(let members):
      hasher.combine(0)
      for member in members {
        hasher.combine(member.key)
        hasher.combine(member.value)
      }
    case .array(let items): hasher.combine(1); hasher.combine(items)
    case .string(let text): hasher.combine(2); hasher.combine(text)
    case .number(let number, _): hasher.combine(3); hasher.combine(number)
    case .bool(let flag): hasher.combine(4); hasher.combine(flag)
    case .null: hasher.combine(5)
    }
  }

  /// `a string`, `a number`, … for messages.
  var typeName: String {
    switch self {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .number: return "a number"
    case .bool: return "a boolean"
    case .null: return "null"
    }
  }
}

/// Why a body is not JSON, and where: the line and column (1-based, in characters).
struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  var message: String
  var line: Int
  var column: Int

  /// `line 1, column 12`.
  var location: String { "line \(line), column \(column)" }
  var description: String { "\(message) at \(location)" }
}

/// A strict RFC 8259 reader for request bodies. Foundation's reader accepts
/// trailing commas and reports only byte offsets; this one rejects anything that
/// is not JSON, duplicate keys included, and says where. Nesting is bounded so
/// that no body can exhaust the stack.
struct RequestJSONReader {
  static let maximumDepth = 32

  private let bytes: [UInt8]
  private var index = 0

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Reads one JSON document (surrounding whitespace allowed, nothing else).
  static func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    var reader = RequestJSONReader(bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
    reader.skipWhitespace()
    guard reader.index < bytes.count else { throw reader.error("the body is empty; send a JSON object") }
    let value = try reader.value(depth: 0)
    reader.skipWhitespace()
    guard reader.index == bytes.count else {
      throw reader.error("unexpected \(reader.describeCurrent()) after the JSON value; send exactly one JSON object")
    }
    return value
  }

  private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard depth < RequestJSONReader.maximumDepth else {
      throw error("the JSON is nested more than \(RequestJSONReader.maximumDepth) levels deep")
    }
    guard index < bytes.count else { throw error("the body ends where a value was expected") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): try literal("true"); return .bool(true)
    case UInt8(ascii: "f"): try literal("false"); return .bool(false)
    case UInt8(ascii: "n"): try literal("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    case UInt8(ascii: "'"): throw error("strings take double quotes (\"), not single quotes")
    default: throw error("expected a value (an object, array, string, number, true, false or null), found \(describeCurrent())")
    }
  }

  private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    index += 1  // {
    var members: [(key: String, value: JSONValue)] = []
    var seen: Set<String> = []
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw error("the body ends inside an object; expected a member name") }
      guard bytes[index] == UInt8(ascii: "\"") else {
        if bytes[index] == UInt8(ascii: "}"), !members.isEmpty {
          throw error("trailing comma before '}'")
        }
        throw error("expected a member name in double quotes, found \(describeCurrent())")
      }
      let keyStart = (line: lineNumber(at: index), column: columnNumber(at: index))
      let key = try string()
      guard seen.insert(key).inserted else {
        throw JSONSyntaxError(message: "duplicate member \"\(key)\"", line: keyStart.line, column: keyStart.column)
      }
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the member name \"\(key)\", found \(describeCurrent())") }
      index += 1
      skipWhitespace()
      let member = try value(depth: depth + 1)
      members.append((key, member))
      skipWhitespace()
      guard index < bytes.count else { throw error("the body ends inside an object; expected ',' or '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      throw error("expected ',' or '}' after the member \"\(key)\", found \(describeCurrent())")
    }
  }

  private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    index += 1  // [
    var items: [JSONValue] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      index += 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      if peek(UInt8(ascii: "]")), !items.isEmpty { throw error("trailing comma before ']'") }
      items.append(try value(depth: depth + 1))
      skipWhitespace()
      guard index < bytes.count else { throw error("the body ends inside an array; expected ',' or ']'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(items)
      }
      throw error("expected ',' or ']' in an array, found \(describeCurrent())")
    }
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    let start = index
    index += 1  // "
    var scalars = String.UnicodeScalarView()
    var run = [UInt8]()
    func flush() {
      if !run.isEmpty {
        scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
        run.removeAll(keepingCapacity: true)
      }
    }
    while true {
      guard index < bytes.count else {
        index = start
        throw error("unterminated string: no closing '\"'")
      }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush()
        index += 1
        guard index < bytes.count else { throw error("unterminated escape sequence") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          let high = try hex4()
          if (0xD800...0xDBFF).contains(high) {
            guard peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
              throw error("a high surrogate \\u escape must be followed by a low surrogate")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate in a \\u escape") }
            let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            scalars.append(Unicode.Scalar(combined)!)
          } else if (0xDC00...0xDFFF).contains(high) {
            throw error("a lone low surrogate in a \\u escape")
          } else {
            scalars.append(Unicode.Scalar(high)!)
          }
        default:
          index -= 2
          throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
        }
      case 0x00..<0x20:
        throw error("control character (U+\(String(byte, radix: 16, uppercase: true))) in a string; escape it")
      default:
        run.append(byte)
        index += 1
      }
    }
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("a \\u escape needs four hex digits")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  private mutating func number() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    if peek(UInt8(ascii: "-")) { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs a digit after '-'") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        throw error("numbers cannot have leading zeros; send digits like a card number or a code as a string")
      }
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if peek(UInt8(ascii: ".")) {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs digits after '.'") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      index += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs digits in its exponent") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let number = Double(text), number.isFinite else {
      index = start
      throw error("the number is out of range")
    }
    return .number(number, text: text)
  }

  private mutating func literal(_ word: String) throws(JSONSyntaxError) {
    let expected = Array(word.utf8)
    guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
      throw error("expected a value, found \(describeCurrent()); strings take double quotes")
    }
    index += expected.count
  }

  private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

  private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  private mutating func skipWhitespace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
    {
      index += 1
    }
  }

  /// What is at the current position, for messages: a quoted printable ASCII
  /// character or its kind (the body may hold a secret, so never more than that).
  private func describeCurrent() -> String {
    guard index < bytes.count else { return "the end of the body" }
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return "a digit"
    case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
    case 0x20, 0x09, 0x0A, 0x0D: return "whitespace"
    case 0x00..<0x20: return "a control character"
    default: return "a non-ASCII character"
    }
  }

  private func error(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(message: message, line: lineNumber(at: index), column: columnNumber(at: index))
  }

  private func lineNumber(at offset: Int) -> Int {
    1 + bytes[..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
  }

  /// Columns count characters (UTF-8 lead bytes), not bytes.
  private func columnNumber(at offset: Int) -> Int {
    let end = min(offset, bytes.count)
    var lineStart = end
    while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
    return 1 + bytes[lineStart..<end].reduce(0) { $0 + (($1 & 0xC0) == 0x80 ? 0 : 1) }
  }
}
