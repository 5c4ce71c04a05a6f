import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutScenarios

/// How a line is cut into words: a comment starts only at a `#` that begins a
/// word, curly quotes are not quotes, and mistakes a line cannot mean are errors
/// at their column that say what to write.
@Suite struct ScenarioWordsTests {
  // MARK: `#`

  @Test(arguments: [
    ("set street 1#Main", ScenarioCommand.set(.row("street"), "1#Main")),
    ("set code SAVE#10 # the discount", .set(.row("code"), "SAVE#10")),
    ("tap checkout # go on", .tap("checkout")),
    ("tap checkout\t# a tab before it", .tap("checkout")),
    (#"set name "Ada # Lovelace"  # quoted: text"#, .set(.row("name"), "Ada # Lovelace")),
    ("set shipping.street No.#5", .set(.key("shipping.street"), "No.#5")),
  ])
  func aHashStartsACommentOnlyWhereAWordBegins(_ line: String, _ expected: ScenarioCommand) throws {
    #expect(try ScenarioParser.parse(line, line: 1) == expected)
  }

  @Test func aLineThatStartsWithAHashIsAComment() throws {
    #expect(try ScenarioParser.parse("# tap checkout", line: 1) == nil)
    #expect(try ScenarioParser.parse("   #tap checkout", line: 1) == nil)
  }

  /// The words a report shows are cut the same way (a value with `#` is shown whole).
  @Test func theLineAReportShowsKeepsAHashInsideAWord() {
    let shown = TypedLine("set street 1#Main # a comment", flow: ShippedFlows.plndrCompiled).shown
    #expect(shown == "set street 1#Main")
  }

  @Test func aValueWithAHashInsideAWordIsSetWhole() throws {
    let outcomes = try ExpectTitleTests.run([
      "tap checkout", "tap shippingAddress", "set street 1#Main", #"expect value shipping.street "1#Main""#,
    ])
    #expect(outcomes[3].passed, "\(String(describing: outcomes[3].failure))")
  }

  // MARK: Curly quotes

  @Test(arguments: [
    (
      "set name “Ada Lovelace”", 10,
      #"curly quotes (“ ”) are not quotes here; write straight double quotes: "Ada Lovelace""#
    ),
    ("set cvv “7415”", 9, #"curly quotes (“ ”) are not quotes here; write straight double quotes: "7415""#),
    (
      "set name „Hallo Welt“", 10,
      #"curly quotes („ “) are not quotes here; write straight double quotes: "Hallo Welt""#
    ),
    ("set name ‘Ada’", 10, #"curly quotes (‘ ’) are not quotes here; write straight double quotes: "Ada""#),
    ("set name Lovelace”", 18, #"curly quotes (“ ”) are not quotes here; write straight double quotes: "Lovelace""#),
    (
      "api placeOrder ok order.note=“leave it”", 30,
      #"curly quotes (“ ”) are not quotes here; write straight double quotes: order.note="leave it""#
    ),
    (
      "expect value shipping.name “Ada Lovelace”", 28,
      #"curly quotes (“ ”) are not quotes here; write straight double quotes: "Ada Lovelace""#
    ),
  ])
  func curlyQuotesAreAnErrorAtTheirColumn(_ line: String, _ column: Int, _ message: String) {
    do {
      _ = try ScenarioParser.parse(line, line: 4)
      Issue.record("\(line) parsed")
    } catch {
      #expect(error.message == message)
      #expect(error.line == 4)
      #expect(error.column == column)
    }
  }

  /// Inside straight quotes they are text, and an apostrophe ends a word.
  @Test(arguments: [
    (#"set name "„Hallo“""#, ScenarioCommand.set(.row("name"), "„Hallo“")),
    (#"set name "“Ada”""#, .set(.row("name"), "“Ada”")),
    ("set name James’", .set(.row("name"), "James’")),
    ("set name O’Brien", .set(.row("name"), "O’Brien")),
  ])
  func curlyQuotesInsideStraightOnesAreText(_ line: String, _ expected: ScenarioCommand) throws {
    #expect(try ScenarioParser.parse(line, line: 1) == expected)
  }

  /// The error of a secret in curly quotes never quotes it.
  @Test func aSecretInCurlyQuotesIsNotInItsError() throws {
    let line = "set cvv “7415”"
    do {
      _ = try ScenarioParser.parse(line, line: 2)
      Issue.record("parsed")
    } catch {
      let redacted = error.redacted(line: line, flow: ShippedFlows.plndrCompiled)
      #expect(redacted.message == #"curly quotes (“ ”) are not quotes here; write straight double quotes: "•••""#)
    }
  }

  // MARK: expect error ROW ""

  @Test(arguments: [#"expect error zip """#, #"expect error zip "  ""#, #"expect error 4 """#])
  func anEmptyErrorTextIsAnErrorSayingWhatToWrite(_ line: String) {
    do {
      _ = try ScenarioParser.parse(line, line: 5)
      Issue.record("\(line) parsed")
    } catch {
      let row = line.split(separator: " ")[2]
      #expect(
        error.message
          == "expect error needs words the error contains, like expect error \(row) \"required\"; for a value that fails one of its rules write 'expect invalid \(row)', for one that passes them all 'expect valid \(row)'"
      )
      #expect(error.column == line.count - (line.hasSuffix(#"  ""#) ? 3 : 1))
    }
  }

  // MARK: One flow a scenario

  @Test func aSecondFlowLineIsAnErrorAtItsLine() {
    let text = "flow a.json\ntap checkout\n  flow b.json\nexpect at cart\nflow c.json\n"
    #expect(throws: ScenarioSyntaxError(line: 3, column: 3, message: Self.secondFlow(first: 1))) {
      try ScenarioParser.parseScript(text)
    }
    #expect(ScenarioParser.syntaxErrors(in: text).map(\.line) == [3, 5])
    #expect(ScenarioParser.syntaxErrors(in: text).last?.message == Self.secondFlow(first: 1))
    guard case .failure(let failure) = StoryReplayer.parse(text) else {
      Issue.record("a generated story with two flow lines parsed")
      return
    }
    #expect(failure.line == 3)
  }

  static func secondFlow(first: Int) -> String {
    "a scenario names its flow once (line \(first)); write another scenario file for another flow"
  }

  @Test func oneFlowLineAndParsingALineAloneAreAsBefore() throws {
    #expect(try ScenarioParser.parseScript("# a story\nflow a.json\ntap checkout\n").count == 2)
    #expect(try ScenarioParser.parse("flow b.json", line: 7) == .flow("b.json"))
  }

  // MARK: Usage of each expectation

  @Test(arguments: [
    ("expect at stepOne extra", "expect at", "expect at STEP"),
    ("expect stack cart extra", "expect stack", "expect stack STATE"),
    ("expect offer none extra", "expect offer", "expect offer STEP[.ROW] | none"),
    ("expect focus cvv extra", "expect focus", "expect focus ROW"),
    (#"expect error cvv "code" extra"#, "expect error", #"expect error ROW "text""#),
    (#"expect title cvv "CVV" extra"#, "expect title", #"expect title [ROW] "text""#),
    (#"expect detail items "3" extra"#, "expect detail", #"expect detail ROW "text""#),
    ("expect value shipping.zip 97201 extra", "expect value", "expect value KEY VALUE"),
    ("expect valid cvv extra", "expect valid", "expect valid ROW"),
    ("expect invalid cvv extra", "expect invalid", "expect invalid ROW"),
  ])
  func extraWordsAfterAnExpectationShowItsOwnUsage(_ line: String, _ form: String, _ usage: String) {
    expectSyntaxError(line, at: 2, startingWith: "unexpected \"extra\" after '\(form)'; usage: \(usage)")
  }

  @Test func aMissingWordNamesTheForm() {
    expectSyntaxError("expect at", at: 2, startingWith: "'expect at' needs a step id")
    expectSyntaxError("expect", at: 2, startingWith: "'expect' needs what to expect")
  }
}
