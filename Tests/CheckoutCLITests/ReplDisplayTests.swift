import CheckoutCLI
import CheckoutEngine
import Foundation
import Testing

/// What the REPL and `replay --verbose` print: picker labels, disabled reasons
/// wrapped to the terminal, the screen on `show`, and help with every form.
@Suite struct ReplDisplayTests {
  func repl(_ lines: [String], width: Int = Terminal.defaultWidth) -> String {
    let capture = CapturedTerminal(width: width)
    var reader: any LineReader = ReplayAndReplTests.ScriptedReader(lines: lines)
    _ = ReplCommand.run(.onTheTestDay, capture.terminal, reader: &reader)
    return capture.output
  }

  /// The lines after the last `disabled:` heading, up to the next row or the end.
  func disabledBlock(_ output: String) -> [String] {
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.lastIndex(where: { $0.hasPrefix("      disabled:") }) else { return [] }
    return Array(lines[start...].prefix { $0.hasPrefix("      ") })
  }

  @Test func aPickerShowsItsLabelOnItsRowAndOnTheReview() {
    let output = repl(["tap checkout", "set shippingMethod express", "show"])
    #expect(output.contains("  3. Shipping method   Express (2 business days)\n"))
    #expect(!output.contains("Shipping method   express"))
  }

  /// An empty picker says so in the shopper's language, in the page's own word
  /// (`host.picker.choose`). Was: `(choose)` in every language.
  @Test func anEmptyPickerSaysChooseInTheShoppersLanguage() {
    // An empty value clears the flow's default choice.
    #expect(repl(["tap checkout", "set shippingMethod \"\""]).contains("  3. Shipping method   (Choose…)\n"))
    let german = repl(["locale de", "tap checkout", "set shippingMethod \"\""])
    #expect(german.contains("  3. Versandart     (Bitte wählen…)\n"), "\(german)")
    #expect(!german.contains("(choose)"))
  }

  @Test func aDisabledReasonIsOneStepPerLineWrappedAt80() {
    let block = disabledBlock(repl(["tap checkout"]))
    #expect(
      block == [
        "      disabled: Continue",
        "        Complete \"Shipping Address\" first. Full name is required. Street address",
        "          is required. City is required. State is required. ZIP code is",
        "          required.",
        "        Complete \"Credit Card\" first. Name on card is required. Card number is",
        "          required. Expiry date is required. CVV is required.",
      ])
    #expect(block.allSatisfy { $0.count <= 80 })
  }

  @Test func aDisabledReasonIsWrappedAt40() {
    let block = disabledBlock(repl(["tap checkout", "tap creditCard", "set name Ada", "tap done"], width: 40))
    #expect(
      block == [
        "      disabled: Continue",
        "        Complete \"Shipping Address\"",
        "          first. Full name is required.",
        "          Street address is required.",
        "          City is required. State is",
        "          required. ZIP code is",
        "          required.",
        "        Complete \"Credit Card\" first.",
        "          Card number is required.",
        "          Expiry date is required. CVV",
        "          is required.",
      ])
    #expect(block.allSatisfy { $0.count <= 40 })
  }

  @Test func aDisabledReasonIsInTheSessionsLanguage() {
    let block = disabledBlock(repl(["locale de", "tap checkout"]))
    #expect(block.first == "      disabled: Weiter")
    #expect(
      block.contains { $0.hasPrefix("        Bitte zuerst „Lieferadresse“ vervollständigen. „Vollständiger Name“") })
    #expect(block.contains { $0.hasPrefix("        Bitte zuerst „Kreditkarte“ vervollständigen.") })
    #expect(!block.joined().contains("Complete"), "\(block)")
  }

  @Test func aRefusalIsWrappedToTheTerminal() {
    let output = repl(["tap checkout", "tap continue"], width: 40)
    let lines = output.split(separator: "\n").map(String.init)
    let start = lines.firstIndex { $0.hasPrefix("✗ Continue: Complete") }
    #expect(start != nil)
    let refusal = lines[(start ?? 0)...].prefix { $0.hasPrefix("✗") || $0.hasPrefix("  ") && !$0.hasPrefix("  1.") }
    #expect(refusal.count > 3)
    #expect(refusal.allSatisfy { $0.count <= 40 }, "\(refusal)")
    #expect(refusal.last == "  required. CVV is required.")
  }

  @Test func replayVerbosePrintsTheScreenOnShow() throws {
    let scenario = "flow \(ReplayAndReplTests.flowsDirectory)/plndr.json\ntap checkout\nshow\n"
    try withFlowDirectory(["show.scenario": scenario]) { directory in
      let result = runCheckout(["replay", "show.scenario", "--verbose"], in: directory)
      #expect(result.status == 0)
      #expect(
        result.output.contains(
          """
          show.scenario:3: show
              My Cart › Step One
              ━━ Step One ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
                1. Shipping address   ›
          """))
      #expect(result.output.contains("    disabled: Continue\n"))
      let quiet = runCheckout(["replay", "show.scenario"], in: directory)
      #expect(!quiet.output.contains("━━ Step One"), "without --verbose, no screen")
    }
  }

  @Test func helpApiShowsEveryFormWithAnExample() {
    let output = repl(["help api"])
    #expect(
      output.contains(
        "api OP ok [KEY=VALUE …] | api OP fail CODE [field=F] [\"message\"] [; CODE …] | api OP action NAME [KEY=VALUE …]\n"
      ))
    #expect(
      output.contains(
        "  api OP ok KEY=VALUE …              it succeeds with this data (values as in set)\n      e.g. api placeOrder ok order.number=PL-1\n"
      ))
    #expect(output.contains("e.g. api placeOrder fail cvv_invalid ; item_sold_out"))
    #expect(output.contains("e.g. api placeOrder action three_d_secure"))
  }

  /// Piped input is not echoed: a syntax error writes the line out, with the mark
  /// under the column at fault (under an echoed line it would stand under nothing).
  @Test func aSyntaxErrorInPipedInputShowsTheLineWithTheMarkUnderIt() {
    let output = repl(["tpa checkout", #"set quantity "3"#])
    #expect(
      output.contains("  tpa checkout\n  ^\nerror: unknown command \"tpa\"; did you mean \"tap\"?\n"), "\(output)")
    #expect(output.contains("  set quantity \"3\n               ^\nerror: unterminated string"), "\(output)")
  }

  /// A guard in the way is named once: the reason already says `no route to STEP`.
  @Test func planThroughAGuardNamesItOnce() {
    let output = repl(["tap checkout", "plan stepTwo"])
    #expect(
      output.contains(#"no route to stepTwo: stepOne.continue requires "address", "creditCard" complete"#), "\(output)")
    #expect(!output.contains("no route: no route"), "\(output)")
  }

  /// `plan STEP.ROW` to a row the step does not have says so, with the likely
  /// row, instead of printing the route to the step as if the row were there.
  @Test func planToARowTheStepDoesNotHaveSaysSo() {
    let output = repl(["plan creditCard.nmber", "plan creditCard.number"])
    #expect(
      output.contains(
        #"no route: step "creditCard" has no row "nmber" (did you mean "number"?); its rows are name, number, expiry, cvv, done"#
      ), "\(output)")
    #expect(!output.contains("route to creditCard.nmber"))
    #expect(output.contains("route to creditCard.number: push stepOne, present creditCard"))
  }

  /// `help` lists every command in 80 columns, each summary whole: a terminal
  /// would otherwise wrap a long one mid-word.
  @Test func helpFitsEightyColumnsAndKeepsEveryWord() {
    let output = repl(["help"])
    let listing = output.split(separator: "\n").drop { !$0.hasPrefix("commands:") }.dropFirst()
      .prefix { !$0.hasPrefix("type 'help") }
    #expect(listing.count > ScenarioLanguage.commands.count, "some summaries take two lines")
    for line in listing { #expect(line.count <= 80, "\(line)") }
    let words = listing.flatMap { $0.split(separator: " ") }.joined(separator: " ")
    for command in ScenarioLanguage.commands {
      #expect(words.contains(command.summary), "\(command.summary)")
    }
    // `expect` names every expectation, `detail` among them.
    let expect = ScenarioLanguage.commands.first { $0.name == "expect" }
    for expectation in ScenarioLanguage.expectations {
      #expect(expect?.summary.contains(expectation.name) == true, "\(expectation.name)")
    }
    #expect(words.contains("title, detail, value"))
  }

  @Test func everyFormOfEveryCommandHasAnExampleThatParses() throws {
    for command in ScenarioLanguage.commands {
      let forms = ScenarioLanguage.forms(of: command.name)
      #expect(!forms.isEmpty, "\(command.name) has no forms")
      // `set ROW` alone is the REPL-only form that asks for the value.
      for form in forms where form.syntax != "set ROW" {
        let example = form.example
        #expect(throws: Never.self, "\(example)") { _ = try ScenarioParser.parse(example) }
        #expect(example.hasPrefix(command.name), "\(example) is an example of \(command.name)")
      }
      #expect(ScenarioLanguage.help(command.name)?.contains("e.g. ") == true)
    }
  }
}
