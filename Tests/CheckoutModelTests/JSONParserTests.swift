import CheckoutTestSupport
import Testing
@testable import CheckoutModel

/// The positioned JSON parser: the values it reads, and where it says they are.
@Suite struct JSONParserTests {
  /// A parsed value without positions, for comparing.
  indirect enum Plain: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Plain])
    case object([(String, Plain)])

    init(_ node: JSONNode) {
      switch node.kind {
      case .null: self = .null
      case .bool(let flag): self = .bool(flag)
      case .number(let number): self = .number(number)
      case .string(let text): self = .string(text)
      case .array(let elements): self = .array(elements.map(Plain.init))
      case .object(let members): self = .object(members.map { ($0.key, Plain($0.value)) })
      }
    }

    static func == (lhs: Plain, rhs: Plain) -> Bool {
      switch (lhs, rhs) {
      case (.null, .null): return true
      case (.bool(let a), .bool(let b)): return a == b
      case (.number(let a), .number(let b)): return a == b
      case (.string(let a), .string(let b)): return a == b
      case (.array(let a), .array(let b)): return a == b
      case (.object(let a), .object(let b)):
        return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
      default: return false
      }
    }
  }

  func parse(_ text: String) throws(JSONParser.SyntaxError) -> JSONNode {
    var parser = JSONParser(bytes: Array(text.utf8))
    return try parser.parseDocument()
  }

  func value(_ text: String) throws -> Plain {
    Plain(try parse(text))
  }

  @Test(arguments: [
    (#""a\"b\\c\/d""#, "a\"b\\c/d"),
    (#""\b\f\n\r\t""#, "\u{08}\u{0C}\n\r\t"),
    (#""\u0041\u00e9\u20AC""#, "Aé€"),
    (#""\ud83d\ude00 smile""#, "😀 smile"),
    (#""caf\u00e9 café""#, "café café"),
    (#""""#, ""),
    (#""日本語 ✓""#, "日本語 ✓"),
  ])
  func strings(_ json: String, _ expected: String) throws {
    #expect(try value(json) == .string(expected))
  }

  @Test(arguments: [
    ("0", 0.0), ("-0", -0.0), ("42", 42), ("-17", -17), ("3.25", 3.25), ("1e3", 1000), ("1E+2", 100),
    ("2.5e-1", 0.25), ("123456789012", 123_456_789_012),
  ])
  func numbers(_ json: String, _ expected: Double) throws {
    #expect(try value(json) == .number(expected))
  }

  @Test func literalsAndNestedStructuresKeepTheirOrder() throws {
    let parsed = try value(#" { "z": [true, false, null, {"b": [], "a": {}}], "a": "x" } "#)
    #expect(
      parsed
        == .object([
          ("z", .array([.bool(true), .bool(false), .null, .object([("b", .array([])), ("a", .object([]))])])),
          ("a", .string("x")),
        ]))
  }

  @Test func repeatedMembersAreKeptForTheLoaderToReport() throws {
    #expect(try value(#"{"a": 1, "a": 2}"#) == .object([("a", .number(1)), ("a", .number(2))]))
  }

  @Test func byteOrderMarkIsSkipped() throws {
    #expect(try value("\u{FEFF}{\"a\": 1}") == .object([("a", .number(1))]))
  }

  @Test func nestingUpToTheLimitIsAccepted() throws {
    let depth = JSONParser.maximumDepth
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    var node = try parse(text)
    var levels = 1
    while case .array(let elements) = node.kind, let first = elements.first {
      node = first
      levels += 1
    }
    #expect(levels == depth)
  }

  @Test func everyValueAndKeyRemembersItsOffset() throws {
    let node = try parse(#"{"id": "shop", "steps": [1, {"x": true}]}"#)
    guard case .object(let members) = node.kind else {
      Issue.record("not an object")
      return
    }
    #expect(node.offset == 0)
    #expect(members.map(\.keyOffset) == [1, 15])
    #expect(members.map(\.value.offset) == [7, 24])
    let path = JSONPath.root.appending("steps").appending(1).appending("x")
    #expect(node.offset(at: path) == 34)
    // A path that leads nowhere falls back to its deepest existing ancestor.
    #expect(node.offset(at: JSONPath.root.appending("steps").appending(7)) == 24)
  }

  @Test func columnsCountCharactersNotBytes() throws {
    let text = "{\n  \"title\": \"Café ☕️ 😀\", \"x\": tru }"
    do {
      _ = try parse(text)
      Issue.record("parsed a misspelt literal")
    } catch {
      let location = LineTable(Array(text.utf8)).location(ofOffset: error.offset)
      #expect(location == CheckoutModel.SourceLocation(line: 2, column: 29))
      #expect(error.message == "unexpected 't'; expected a value (did you mean true?)")
    }
  }

  @Test func lineTableLocatesOffsets() {
    let text = "ab\n\nçd\r\nx"
    let table = LineTable(Array(text.utf8))
    let locations = [0, 2, 3, 4, 6, 9, 100].map { table.location(ofOffset: $0).description }
    // "ç" is 2 bytes: offset 6 is "d"; offset 9 (after "\r\n") is "x"; offsets past the end clamp.
    #expect(locations == ["1:1", "1:3", "2:1", "3:1", "3:2", "4:1", "4:2"])
  }

  @Test func lineTableSkipsAByteOrderMarkOnTheFirstLine() {
    let table = LineTable(Array("\u{FEFF}{ x\n y".utf8))
    #expect(table.location(ofOffset: 3).description == "1:1")
    #expect(table.location(ofOffset: 5).description == "1:3")
    #expect(table.location(ofOffset: 0).description == "1:1")
    #expect(table.location(ofOffset: 8).description == "2:2")
  }

  @Test(arguments: [
    (#"{"a": "\ude00"}"#, "unpaired surrogate \\ude00"),
    (#"{"a": "\ud83d\u0041"}"#, "invalid low surrogate \\u0041"),
    (#"{"a": "\u12"}"#, "expected 4 hex digits after \\u"),
    (#"[1.]"#, "expected a digit after the decimal point"),
    (#"[1e]"#, "expected a digit in the exponent"),
    (#"[-]"#, "expected a digit in a number"),
    (#"[nul]"#, "unexpected 'n'; expected a value (did you mean null?)"),
    (#"{"a": 1"#, "unexpected end of file; expected ',' or '}' after the value of \"a\""),
    (#"[1"#, "unexpected end of file; expected ',' or ']' in an array"),
    (#"{"a":"#, "unexpected end of file; expected a value"),
    (#"{,}"#, "unexpected ','; expected a member name in double quotes"),
  ])
  func syntaxErrorMessages(_ json: String, _ message: String) {
    do {
      _ = try parse(json)
      Issue.record("parsed \(json)")
    } catch {
      #expect(error.message == message)
    }
  }
}
