import Testing
import CheckoutScenarios

/// A scenario file written on Windows (CRLF), on an old Mac (a lone CR) or with a
/// UTF-8 byte order mark reads as the same lines as one written with LF.
@Suite struct ScenarioLineEndingTests {
  static let story = ["flow f.json", "tap checkout", "", "set name \"Ada Lovelace\"", "expect at stepOne"]

  @Test(arguments: ["\n", "\r\n", "\r"])
  func eachLineEndingEndsALine(_ ending: String) throws {
    let text = Self.story.joined(separator: ending) + ending
    #expect(ScenarioParser.lines(of: text) == Self.story + [""])
    let lf = try ScenarioParser.parseScript(Self.story.joined(separator: "\n"))
    let script = try ScenarioParser.parseScript(text)
    #expect(script.map(\.line) == lf.map(\.line), "the same line numbers")
    #expect(script.map(\.command) == lf.map(\.command))
    #expect(ScenarioParser.syntaxErrors(in: text).isEmpty)
  }

  @Test func endingsMayBeMixed() {
    #expect(ScenarioParser.lines(of: "a\r\nb\rc\nd") == ["a", "b", "c", "d"])
    #expect(ScenarioParser.lines(of: "a\r\n\r\nb") == ["a", "", "b"], "a blank line between two CRLFs")
  }

  @Test func aByteOrderMarkBeforeTheFirstLineIsNoPartOfIt() throws {
    let text = "\u{FEFF}flow f.json\r\ntap checkout\r\n"
    #expect(ScenarioParser.lines(of: text) == ["flow f.json", "tap checkout", ""])
    #expect(try ScenarioParser.parseScript(text).map(\.command) == [.flow("f.json"), .tap("checkout")])
    #expect(ScenarioParser.lines(of: "a\n\u{FEFF}b") == ["a", "\u{FEFF}b"], "only at the start of the file")
  }

  @Test func aSyntaxErrorInACRLFFileIsAtItsOwnLineAndColumn() {
    let errors = ScenarioParser.syntaxErrors(in: "flow f.json\r\ntapp checkout\r\nexpect at cart\r\n")
    #expect(errors.map(\.description) == [#"2:1: unknown command "tapp"; did you mean "tap"?"#])
  }
}
