import CheckoutEngine
import Testing

@testable import CheckoutCLI

/// Every command's options read once into its typed `Options`, with their
/// defaults; and every kind of value refused the same way for every command,
/// before any file is read.
@Suite struct TypedOptionsTests {
  let parser = ArgumentParserTests()
  static let day = CalendarDate(year: 2026, month: 11, day: 21)

  @Test func everyCommandsOptionsAreTyped() throws {
    #expect(
      parser.command(["plan", "f.json", "--from", "cart>stepOne|creditCard", "--to", "creditCard.cvv", "--json"])
        == .plan(
          .init(
            flow: "f.json", fromText: "cart>stepOne|creditCard",
            from: try NavigationState(parsing: "cart>stepOne|creditCard"),
            to: RowReference(step: "creditCard", row: "cvv"), json: true, data: nil, today: nil)))
    #expect(
      parser.command(["plan", "f.json", "--from", "cart", "--to", "cart", "--data", "d.json", "--today", "2026-11-21"])
        == .plan(
          .init(
            flow: "f.json", fromText: "cart", from: try NavigationState(parsing: "cart"),
            to: RowReference(step: "cart"), json: false, data: "d.json", today: Self.day)))
    #expect(parser.command(["graph", "f.json"]) == .graph(.init(flow: "f.json", format: .dot)))
    #expect(
      parser.command(["replay", "a.scenario", "b.scenario"]) == .replay(.init(scenarios: ["a.scenario", "b.scenario"])))
    #expect(
      parser.command(["replay", "--verbose", "a.scenario"]) == .replay(.init(scenarios: ["a.scenario"], verbose: true)))
    #expect(
      parser.command(["replay", "a.scenario", "--flow", "v2.json", "--junit=r.xml"])
        == .replay(.init(scenarios: ["a.scenario"], flow: "v2.json", junit: "r.xml")))
    #expect(parser.command(["repl"]) == .repl(.init()))
    #expect(
      parser.command(["repl", "f.json", "--record", "r.scenario", "--today=2026-11-21"])
        == .repl(.init(flow: "f.json", record: "r.scenario", today: Self.day)))
    #expect(
      parser.command(["generate", "a.json", "b.json"]) == .generate(.init(flows: ["a.json", "b.json"], seed: 1)))
    #expect(
      parser.command(["generate", "a.json", "--out", "o", "--today", "2026-11-21", "--seed", "9", "--json"])
        == .generate(.init(flows: ["a.json"], out: "o", today: Self.day, seed: 9, check: false, json: true)))
    #expect(
      parser.command(["generate", "a.json", "--seed", "18446744073709551615", "--check"])
        == .generate(.init(flows: ["a.json"], seed: UInt64.max, check: true)))
    #expect(
      parser.command(["diff", "old.json", "new.json", "--json"])
        == .diff(.init(old: "old.json", new: "new.json", json: true)))
    #expect(
      parser.command(["migrate", "--to", "new.json", "a.json", "b.json", "--from", "old.json"])
        == .migrate(.init(snapshots: ["a.json", "b.json"], to: "new.json", from: "old.json")))
  }

  /// A date: malformed, or a day the month does not have, for each command that takes one.
  @Test(arguments: [
    (["repl", "--today", "2026-11-31"], #"--today: "2026-11-31" is not a date: November 2026 has 30 days"#),
    (["repl", "--today=2027-02-29"], #"--today: "2027-02-29" is not a date: February 2027 has 28 days"#),
    (
      ["plan", "f.json", "--from", "cart", "--to", "cart", "--today", "2026-13-01"],
      #"--today: "2026-13-01" is not a date: the month must be 01 to 12"#
    ),
    (
      ["generate", "f.json", "--today", "2026-11-31"],
      #"--today: "2026-11-31" is not a date: November 2026 has 30 days"#
    ),
    (
      ["generate", "f.json", "--today", "21/11/2026"],
      #"--today: "21/11/2026" is not a date; write YYYY-MM-DD, like 2026-11-21"#
    ),
    (["repl", "--today="], #"--today: "" is not a date; write YYYY-MM-DD, like 2026-11-21"#),
  ])
  func aDateThatIsNoDayIsRefusedNamingTheOption(_ arguments: [String], _ message: String) {
    #expect(parser.refusal(arguments) == .badValue(message))
  }

  /// A whole number: negative, not a number, too large, empty.
  @Test(arguments: [
    ("-1", #"--seed: "-1" is not a whole number from 0 to 18446744073709551615"#),
    ("nine", #"--seed: "nine" is not a whole number from 0 to 18446744073709551615"#),
    ("18446744073709551616", #"--seed: "18446744073709551616" is not a whole number from 0 to 18446744073709551615"#),
    ("1.5", #"--seed: "1.5" is not a whole number from 0 to 18446744073709551615"#),
    ("", #"--seed: "" is not a whole number from 0 to 18446744073709551615"#),
  ])
  func aSeedThatIsNoWholeNumberIsRefused(_ seed: String, _ message: String) {
    #expect(parser.refusal(["generate", "f.json", "--seed=\(seed)"]) == .badValue(message))
  }

  /// A navigation state and a step reference, refused by the engine's own parsers.
  @Test func aStateOrTargetThatDoesNotParseIsRefused() {
    #expect(
      parser.refusal(["plan", "f.json", "--from", "cart>>stepOne", "--to", "cart"])
        == .badValue(
          #"--from: invalid navigation state "cart>>stepOne": empty step name; write steps joined by '>' and layers joined by '|', like cart>stepOne|creditCard"#
        ))
    #expect(
      parser.refusal(["plan", "f.json", "--from", "", "--to", "cart"])
        == .badValue(#"--from: invalid navigation state "": a navigation state needs at least one step"#))
    guard case .badValue(let message)? = parser.refusal(["plan", "f.json", "--from", "cart", "--to", ".cvv"]) else {
      Issue.record("--to .cvv was not refused as a bad value")
      return
    }
    #expect(message.hasPrefix(#"--to: ".cvv" is not a step or step.row: a step id must come first (column 1)"#))
  }

  @Test func optionsThatContradictEachOtherAreRefused() {
    #expect(
      parser.refusal(["generate", "f.json", "--check", "--out", "x"])
        == .badValue("--check writes nothing, so it takes no --out; drop one of them"))
  }

  /// Parsing reads no file: a bad value is found before a missing flow.
  @Test func aBadValueIsFoundBeforeAnyFileIsRead() {
    let result = runCheckout(["plan", "nowhere.json", "--from", "cart", "--to", "cart", "--today", "2026-11-31"])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.error == "error: --today: \"2026-11-31\" is not a date: November 2026 has 30 days\n")
  }

  /// Each command's option specs and its help agree: the table is still the one source.
  @Test func theTableStillDrivesUsage() {
    #expect(
      GenerateCommand.spec.usage
        == "checkout generate FLOW... [--out DIR] [--today DATE] [--seed N] [--check] [--accept-infeasible FILE] [--json]"
    )
    #expect(
      PlanCommand.spec.usage == "checkout plan FLOW --from STATE --to STEP[.ROW] [--json] [--data FILE] [--today DATE]")
    #expect(ReplCommand.spec.usage == "checkout repl [FLOW] [--record FILE] [--today DATE] [--locale TAG]")
  }
}
