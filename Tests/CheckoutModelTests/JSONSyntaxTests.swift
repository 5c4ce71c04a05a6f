import CheckoutTestSupport
import Testing
import CheckoutModel

/// `JSONSyntax.check`, the strict reader hosts use before `JSONDecoder`: what it
/// refuses, where it says the fault is, and that it never echoes more than one
/// character of the text.
@Suite struct JSONSyntaxTests {
  func failure(_ text: String, depth: Int = 256) -> JSONSyntax.Failure? {
    do {
      try JSONSyntax.check(Array(text.utf8), maximumDepth: depth, documentName: "body")
      return nil
    } catch {
      return error
    }
  }

  @Test func namesTheTopLevelValue() throws {
    #expect(try JSONSyntax.check(Array(#" {"a": [1, -2.5e3, true, null], "b": "x\"é😀"} "#.utf8)) == .object)
    #expect(try JSONSyntax.check(Array("[1]".utf8)) == .array)
    #expect(try JSONSyntax.check(Array(#""x""#.utf8)) == .string)
    #expect(try JSONSyntax.check(Array("null".utf8)).phrase == "null")
    #expect(try JSONSyntax.check(Array("3".utf8)).phrase == "a number")
  }

  @Test(arguments: [
    ("{\"a\":1,}", 1, 7),
    ("[1,]", 1, 3),
    ("{\"a\" 1}", 1, 6),
    ("{'a':1}", 1, 2),
    ("{\"a\":01}", 1, 7),
    ("{\"a\":1}x", 1, 8),
    ("{\"é\":\"\u{01}\"}", 1, 7),
    ("\n\n  {\"a\":tru}", 3, 8),
    ("{\"a\":\"\\x\"}", 1, 8),
    ("{\"a\":1e999}", 1, 6),
    ("", 1, 1),
    ("{\"a\":1,\"b\":2,\"a\":3}", 1, 14),
    ("{\"x\":{\"k\":1,\"k\":2}}", 1, 13),
  ])
  func refusesWhatIsNotStrictJSONAndSaysWhere(text: String, line: Int, column: Int) throws {
    let found = try #require(failure(text), "accepted \(text)")
    #expect(found.location == SourceLocation(line: line, column: column), "\(text): \(found)")
  }

  @Test func boundsTheNesting() throws {
    let deep = try #require(failure(String(repeating: "[", count: 10_000), depth: 32))
    #expect(deep.location == SourceLocation(line: 1, column: 33))
    #expect(deep.message.contains("32"))
    #expect(failure(String(repeating: "[", count: 32) + String(repeating: "]", count: 32), depth: 32) == nil)
  }

  @Test func speaksOfTheDocumentByItsName() throws {
    #expect(try #require(failure("")).message == "the body is empty; expected a JSON object")
    #expect(try #require(failure("{\"a\":")).message.contains("end of body"))
  }

  /// A value (a card number sent as a number, or in a string) is never repeated.
  @Test func neverEchoesAValue() throws {
    for text in [#"{"value": 04242424242424242}"#, "{\"a\":\"4242\u{01}\"}", "[4242 4242]", #"{"a": 4242 "b"}"#] {
      let found = try #require(failure(text))
      #expect(!found.message.contains("42"), "\(text): \(found.message)")
    }
  }
}
