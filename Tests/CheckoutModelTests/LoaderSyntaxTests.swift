import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
@testable import CheckoutModel

/// JSON syntax errors: one diagnostic each, at the marker, with no JSON path.
@Suite struct LoaderSyntaxTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var source: String
    var message: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "trailing comma in an object",
      source: #"{ "format": 1, "id": "shop"1️⃣, }"#,
      message: "trailing comma before '}'; remove the comma"),
    Case(
      name: "trailing comma in an array",
      source: "{ \"steps\": [\n  1,\n  21️⃣,\n] }",
      message: "trailing comma before ']'; remove the comma"),
    Case(
      name: "missing comma between members, at the end of the line",
      source: "{\n  \"format\": 11️⃣\n  \"id\": \"shop\"\n}",
      message: "missing ',' after the value of \"format\""),
    Case(
      name: "missing comma between array elements",
      source: #"{ "requires": ["cart"1️⃣ "address"] }"#,
      message: "missing ',' between elements of an array"),
    Case(
      name: "unterminated string at the end of the file",
      source: #"{ "title": 1️⃣"My Cart }"#,
      message: "unterminated string; expected a closing '\"'"),
    Case(
      name: "string across lines",
      source: "{ \"title\": 1️⃣\"My\nCart\" }",
      message: "unterminated string; a string cannot span lines (write \\n)"),
    Case(
      name: "line comment",
      source: "{\n  1️⃣// the flow\n  \"format\": 1\n}",
      message: "unexpected comment (JSON has no comments); expected a member name in double quotes"),
    Case(
      name: "block comment after a value",
      source: "{ \"format\": 1, \"id\": 1️⃣/* later */ \"shop\" }",
      message:
        "unexpected comment (JSON has no comments); expected a value (object, array, string, number, true, false or null)"
    ),
    Case(
      name: "single quotes",
      source: "{ 1️⃣'format': 1 }",
      message: "unexpected single quote (JSON strings use double quotes); expected a member name in double quotes"),
    Case(
      name: "curly quotes pasted from a document",
      source: "{ \"title\": 1️⃣“Shop” }",
      message:
        "unexpected curly quote '“' (JSON strings use straight double quotes); expected a value (object, array, string, number, true, false or null)"
    ),
    Case(name: "empty file", source: "1️⃣", message: "the file is empty; expected a JSON object"),
    Case(name: "only white space", source: "\n  1️⃣", message: "the file is empty; expected a JSON object"),
    Case(
      name: "garbage after the document",
      source: "{ \"format\": 1 }\n1️⃣x",
      message: "unexpected 'x' after the end of the JSON document"),
    Case(
      name: "a second document",
      source: "{ \"format\": 1 }\n1️⃣{ \"format\": 1 }",
      message: "unexpected '{' after the end of the JSON document"),
    Case(
      name: "missing colon",
      source: #"{ "format" 1️⃣1 }"#,
      message: "unexpected '1'; expected ':' after member name \"format\""),
    Case(
      name: "misspelt literal",
      source: #"{ "secret": 1️⃣tru }"#,
      message: "unexpected 't'; expected a value (did you mean true?)"),
    Case(
      name: "number with a leading zero",
      source: #"{ "priority": 01️⃣7 }"#,
      message: "a number cannot start with 0 followed by digits"),
    Case(
      name: "number out of range",
      source: #"{ "priority": 1️⃣1e999 }"#,
      message: "a number out of range: larger than a 64-bit floating-point number holds (about 1.8e308)"),
    Case(
      name: "invalid escape",
      source: #"{ "title": "a\1️⃣q" }"#,
      message: #"invalid escape '\q'; valid escapes are \" \\ \/ \b \f \n \r \t \uXXXX"#),
    Case(
      name: "unpaired high surrogate",
      source: #"{ "title": "\ud83d1️⃣" }"#,
      message: "unpaired surrogate \\ud83d; expected a low surrogate"),
    Case(
      name: "tab inside a string",
      source: "{ \"title\": \"a1️⃣\tb\" }",
      message: "control character U+0009 in a string; write it as the escape \\u0009"),
    Case(
      name: "nesting beyond the parser's limit",
      source: String(repeating: "[", count: 256) + "1️⃣" + String(repeating: "[", count: 44)
        + String(repeating: "]", count: 300),
      message: "nesting deeper than 256 levels"),
  ]

  @Test(arguments: cases)
  func syntaxError(_ test: Case) {
    let diagnostics = expectLoadDiagnostics(test.source, [.error("1️⃣", test.message)])
    #expect(diagnostics.allSatisfy { $0.code == "syntax" && $0.path == nil })
  }

  @Test func nestingFarBeyondTheLimitFailsWithoutCrashing() {
    let depth = 200_000
    let opening = String(repeating: "{\"a\":", count: 256) + "1️⃣" + String(repeating: "{\"a\":", count: depth - 256)
    expectLoadDiagnostics(
      opening + "1" + String(repeating: "}", count: depth),
      [.error("1️⃣", "nesting deeper than 256 levels")])
  }

  @Test(arguments: [
    ([0xE9] as [UInt8], "invalid UTF-8 sequence"),  // Latin-1 "é": a lead byte without its continuation
    ([0x80], "invalid UTF-8 byte 0x80"),
    ([0xF0, 0x9F, 0x98], "invalid UTF-8 sequence"),  // a truncated emoji
    ([0xC0, 0xAF], "invalid UTF-8 byte 0xc0"),  // an overlong "/"
  ])
  func invalidUTF8IsASyntaxErrorAtItsByte(_ bad: [UInt8], _ message: String) {
    let bytes = Array(#"{ "title": "caf"#.utf8) + bad + Array(#"" }"#.utf8)
    do {
      _ = try FlowLoader().load(bytes: bytes)
      Issue.record("loaded a file that is not UTF-8")
    } catch {
      #expect(error.diagnostics.map(\.description) == ["<flow>:1:16: error: \(message)"])
    }
  }

  @Test func byteOrderMarkIsSkippedAndNotCountedAsAColumn() {
    expectLoadDiagnostics(
      "\u{FEFF}{ \"format\": 1️⃣2 }",
      [
        .error(
          "1️⃣", "unsupported flow format 2; this version of CheckoutEngine reads format 1 only", path: "format")
      ])
  }
}
