import CheckoutCLI
import CheckoutEngine
import Foundation
import Testing

/// `checkout generate`: files written and replayable, byte-identical reruns,
/// `--check`, `--json`, infeasible pairs (findings; failures of `--check` unless
/// accepted with a reason), and bad arguments.
@Suite struct GenerateCommandTests {
  static let plndr = ReplayAndReplTests.flowsDirectory + "/plndr.json"

  static let mini = """
    {
      "format": 1, "id": "mini", "title": "Mini", "start": "cart",
      "steps": [
        { "id": "cart", "title": "Cart", "rows": [
          { "id": "card", "cell": "disclosure", "title": "Card", "opens": "creditCard" },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "thanks",
            "validates": ["cart", "creditCard"] } ] },
        { "id": "creditCard", "title": "Credit card", "presentation": "modal", "rows": [
          { "id": "number", "cell": "text", "title": "Number", "bind": "payment.card.number", "sensitive": true, "rules": ["required", "luhn"] },
          { "id": "cvv", "cell": "secure", "title": "CVV", "bind": "payment.card.cvv", "secret": true,
            "rules": ["required", { "pattern": "^[0-9]{3}$" }] },
          { "id": "done", "cell": "button", "title": "Done", "action": "close" } ] },
        { "id": "thanks", "title": "Thank you", "presentation": "reset", "rows": [] }
      ],
      "errors": [
        { "code": "cvv_invalid", "step": "creditCard", "row": "cvv" },
        { "code": "card_*", "step": "creditCard", "row": "number" },
        { "code": "*", "step": "cart" }
      ]
    }
    """

  /// The mini flow with a step no row opens (a lint error) and a guard no value meets.
  static var broken: String {
    mini.replacingOccurrences(of: #""id": "mini""#, with: #""id": "broken""#)
      .replacingOccurrences(
        of: #""rules": ["required", "luhn"]"#, with: #""rules": ["required", "luhn", { "pattern": "^[a-z]+$" }]"#
      )
      .replacingOccurrences(
        of: #"{ "id": "thanks", "title": "Thank you", "presentation": "reset", "rows": [] }"#,
        with:
          #"{ "id": "thanks", "title": "Thank you", "presentation": "reset", "rows": [] }, { "id": "lost", "title": "Lost", "rows": [] }"#
      )
  }

  @Test func writesOneReplayableFilePerStory() throws {
    try withFlowDirectory(["mini.json": Self.mini]) { directory in
      let result = runCheckout(["generate", "mini.json", "--today", "2026-11-21"], in: directory)
      #expect(result.status == 0, "\(result.error)")
      let out = directory + "/generated/mini"
      let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
      #expect(files.contains("cart--cvv_invalid.scenario"))
      #expect(files.contains("cart--card_declined.scenario"))
      #expect(files.contains("local--creditCard.number--luhn.scenario"))
      #expect(files.contains("tour-1.scenario"))
      let story = try String(contentsOfFile: out + "/cart--cvv_invalid.scenario", encoding: .utf8)
      #expect(story.hasPrefix(Story.generatedLine + "\n# placeOrder on cart fails with cvv_invalid"))
      #expect(story.contains("\nflow ../../mini.json\ntoday 2026-11-21\n"))
      #expect(
        result.output.hasPrefix(
          "mini.json: 3 pairs (1 failing step x 3 error matchers): 3 with a story, 0 infeasible\n"))
      #expect(
        result.output.contains(
          "  wrote \(files.count) stories to generated/mini/: 3 API error, 1 several errors, 4 local validation, 1 edge tour"
        ))
      // The files replay with the ordinary replayer too.
      let replay = runCheckout(["replay"] + files.map { "generated/mini/" + $0 }, in: directory)
      #expect(replay.status == 0, "\(replay.output)\(replay.error)")
      #expect(replay.output.hasSuffix(" 0 failed\n"))
    }
  }

  @Test func rerunsAreByteIdenticalAndStaleFilesGo() throws {
    try withFlowDirectory(["mini.json": Self.mini]) { directory in
      let out = directory + "/stories"
      #expect(
        runCheckout(
          ["generate", "mini.json", "--out", "stories", "--today", "2026-11-21", "--seed", "9"], in: directory
        ).status == 0)
      let first = try Self.contents(of: out)
      // A story an earlier run wrote (its first line says so) that this run does not write.
      try (Story.generatedLine + "\nstale\n").write(toFile: out + "/old.scenario", atomically: true, encoding: .utf8)
      #expect(
        runCheckout(
          ["generate", "mini.json", "--out", "stories", "--today", "2026-11-21", "--seed", "9"], in: directory
        ).status == 0)
      #expect(try Self.contents(of: out) == first)
    }
  }

  @Test func checkReplaysInMemoryAndCounts() throws {
    let result = runCheckout(["generate", Self.plndr, "--check", "--today", "2026-11-21"])
    #expect(result.status == 0, "\(result.output)\(result.error)")
    let suite = StoryGenerator(
      flow: CompiledFlow(try FlowLoader().load(contentsOf: Self.plndr)),
      today: CalendarDate(year: 2026, month: 11, day: 21)!
    ).generate()
    #expect(result.output.hasSuffix("\(suite.stories.count) passed, 0 failed\n"))
    #expect(result.output.contains("40 pairs (2 failing steps x 20 error matchers): 40 with a story, 0 infeasible"))
  }

  /// Counts read as words: `1 pair`, and `2 action stories` (it printed `storys`).
  @Test func countsAreSingularForOneAndPluralOtherwise() throws {
    let onePair = Self.mini.replacingOccurrences(
      of: #"{ "code": "cvv_invalid", "step": "creditCard", "row": "cvv" },"#, with: ""
    ).replacingOccurrences(of: #"{ "code": "card_*", "step": "creditCard", "row": "number" },"#, with: "")
    // Two actions whose step has no resume row: neither gets a story.
    let actions = """
      {"format": 1, "id": "acts", "title": "Acts", "start": "pay", "steps": [
        {"id": "pay", "title": "Pay", "rows": [
          {"id": "book", "cell": "button", "title": "Book", "submit": "book", "then": "done",
           "actions": {"three_d_secure": "challenge", "otp": "challenge"}}]},
        {"id": "challenge", "title": "Your bank", "presentation": "modal", "rows": [
          {"id": "cancel", "cell": "button", "title": "Cancel", "action": "close"}]},
        {"id": "done", "title": "Booked", "presentation": "reset", "rows": []}],
       "errors": [{"code": "*", "step": "pay"}]}
      """
    try withFlowDirectory(["one.json": onePair, "acts.json": actions]) { directory in
      let one = runCheckout(["generate", "one.json", "--check", "--today", "2026-11-21"], in: directory)
      #expect(
        one.output.hasPrefix("one.json: 1 pair (1 failing step x 1 error matcher): 1 with a story"), "\(one.output)")
      let acts = runCheckout(["generate", "acts.json", "--check", "--today", "2026-11-21"], in: directory)
      #expect(acts.status == 1)
      #expect(
        acts.error.contains("error: 2 action stories could not be written; each is listed above with the reason"),
        "\(acts.error)")
    }
  }

  @Test func checkOfSeveralFlowsSkipsTheSchema() throws {
    try withFlowDirectory([
      "mini.json": Self.mini,
      "other.json": Self.mini.replacingOccurrences(of: #""id": "mini""#, with: #""id": "other""#),
      "flow.schema.json": #"{ "$schema": "https://json-schema.org/draft/2020-12/schema" }"#,
    ]) { directory in
      let result = runCheckout(["generate", "mini.json", "other.json", "flow.schema.json", "--check"], in: directory)
      #expect(result.status == 0, "\(result.error)")
      #expect(result.output.contains("flow.schema.json: skipped (a JSON Schema, not a flow)"))
      #expect(result.output.contains("mini.json: 3 pairs") && result.output.contains("other.json: 3 pairs"))
    }
  }

  @Test func infeasiblePairsFailTheCheckUnlessAcceptedWithAReason() throws {
    let accepted = """
      # creditCard.number takes no value its rules accept: no order is ever placed.
      cart × cvv_invalid -> creditCard.cvv: the card rows are being rewritten
      cart x card_*: the card rows are being rewritten
      cart × *: the card rows are being rewritten

      """
    try withFlowDirectory(["broken.json": Self.broken, "accepted.txt": accepted]) { directory in
      #expect(runCheckout(["lint", "broken.json"], in: directory).status == 1, "the flow has lint errors")
      let result = runCheckout(["generate", "broken.json", "--check"], in: directory)
      #expect(result.status == 1, "the flow makes 3 pairs infeasible")
      #expect(result.output.contains("3 pairs (1 failing step x 3 error matchers): 0 with a story, 3 infeasible"))
      #expect(
        result.output.contains(
          "infeasible: cart × cvv_invalid -> creditCard.cvv: no value satisfies the rules of creditCard.number"))
      #expect(result.output.hasSuffix(" passed, 0 failed\n"))
      #expect(
        result.error.contains(
          "error: 3 infeasible pairs the flow makes impossible; fix the flow, or list each with its reason in --accept-infeasible FILE"
        ))
      let written = runCheckout(["generate", "broken.json", "--out", "out"], in: directory)
      #expect(written.status == 0, "without --check infeasible pairs are findings: \(written.error)")
      let passing = runCheckout(
        ["generate", "broken.json", "--check", "--accept-infeasible", "accepted.txt"], in: directory)
      #expect(passing.status == 0, "\(passing.error)")
      #expect(
        passing.output.contains("accepted: cart × card_* -> creditCard.number: the card rows are being rewritten"))
      #expect(!passing.output.contains("infeasible: "))
    }
  }

  /// A row no value can fill is lint's error (located at its rules, naming the rules
  /// that exclude each other): generate prints it as lint does, and `--check` fails
  /// on it even when it blocks no pair; the summary has no dangling colon.
  @Test func rulesNoValuePassesArePrintedAsLintDoesAndFailTheCheck() throws {
    let flow = """
      {
        "format": 1, "id": "w", "title": "W", "start": "a",
        "steps": [ { "id": "a", "title": "A", "rows": [
          { "id": "r", "cell": "text", "title": "R", "bind": "a.r", "rules": ["required", { "pattern": "^x.*$" }, "digits"] } ] } ]
      }
      """
    try withFlowDirectory(["w.json": flow]) { directory in
      let lint = runCheckout(["lint", "w.json"], in: directory)
      let located = "w.json:4:72: error: steps[0].rows[0].rules: no value satisfies pattern ^x.*$ and digits together"
      #expect(lint.status == 1)
      #expect(lint.output.contains(located), "\(lint.output)")
      let written = runCheckout(["generate", "w.json", "--out", "out", "--today", "2026-11-21"], in: directory)
      #expect(written.status == 0, "without --check it is a finding")
      #expect(written.error.contains(located), "\(written.error)")
      #expect(written.output.contains("  wrote 0 stories to out/\n"), "\(written.output)")
      let check = runCheckout(["generate", "w.json", "--check", "--today", "2026-11-21"], in: directory)
      #expect(check.status == 1)
      #expect(check.error.contains(located))
      #expect(
        check.error.contains(
          "error: 1 row has rules no value passes together (above): no shopper can finish the flow; change or remove one of the rules each names"
        ), "\(check.error)")
    }
  }

  @Test func anAcceptedPairThatIsNotInfeasibleOrAMalformedLineFails() throws {
    let files = [
      "mini.json": Self.mini, "stale.txt": "cart × cvv_invalid: not any more\n", "bad.txt": "cart × cvv_invalid\n",
    ]
    try withFlowDirectory(files) { directory in
      let stale = runCheckout(["generate", "mini.json", "--check", "--accept-infeasible", "stale.txt"], in: directory)
      #expect(stale.status == 1)
      #expect(
        stale.error.contains(
          "error: stale.txt:1: cart × cvv_invalid is accepted as infeasible, but no flow here makes it so; remove the line"
        ))
      let bad = runCheckout(["generate", "mini.json", "--check", "--accept-infeasible", "bad.txt"], in: directory)
      #expect(bad.status == 2)
      #expect(
        bad.error
          == "error: --accept-infeasible: bad.txt:1: no reason after the pair; write STEP × MATCHER: REASON, as generate prints the pair\n"
      )
    }
  }

  /// The measured case: a guard comparing the slot with a value its picker never
  /// offers. Lint, the matrix and the generator give one answer, in one wording.
  @Test func aGuardThatCanNeverHoldFailsLintTheMatrixAndTheCheck() throws {
    let food = """
      { "format": 1, "id": "food", "title": "Food", "start": "bag",
        "steps": [
          { "id": "bag", "title": "Bag", "rows": [
            { "id": "delivery", "cell": "disclosure", "title": "Delivery", "opens": "delivery" },
            { "id": "pay", "cell": "button", "title": "Pay", "submit": "pay", "then": "done",
              "enabledWhen": { "key": "delivery.slot", "equals": "now" } } ] },
          { "id": "delivery", "title": "Delivery", "rows": [
            { "id": "slot", "cell": "picker", "title": "Slot", "bind": "delivery.slot", "options": [
              { "value": "asap", "label": "As soon as possible" }, { "value": "1900", "label": "19:00" },
              { "value": "1930", "label": "19:30" } ] } ] },
          { "id": "done", "title": "Done", "presentation": "reset", "rows": [] } ],
        "errors": [{ "code": "slot_taken", "step": "delivery", "row": "slot" }, { "code": "*", "step": "bag" }] }
      """
    let reason =
      #""delivery.slot" is never "now": it takes only "asap", "1900" or "1930", or no value (the options of picker "slot" on step "delivery")"#
    try withFlowDirectory(["food.json": food]) { directory in
      let lint = runCheckout(["lint", "--matrix", "food.json"], in: directory)
      #expect(lint.status == 1)
      #expect(lint.output.contains(#"row "pay" is never enabled: its enabledWhen can never hold; \#(reason)"#))
      #expect(lint.output.contains("food.json: coverage 0/2 (1 failing step x 2 resolutions)"))
      let check = runCheckout(["generate", "food.json", "--check", "--today", "2026-11-21"], in: directory)
      #expect(check.status == 1)
      #expect(check.output.contains("2 pairs (1 failing step x 2 error matchers): 0 with a story, 2 infeasible"))
      #expect(
        check.output.contains(
          #"infeasible: bag × slot_taken -> delivery.slot: bag.pay enabledWhen Slot is now can never hold: no session data makes "Slot is now" hold: \#(reason)"#
        ))
    }
  }

  @Test func jsonHasTheStoriesAndInfeasiblePairsButNoValues() throws {
    try withFlowDirectory(["mini.json": Self.mini, "broken.json": Self.broken]) { directory in
      let result = runCheckout(
        ["generate", "mini.json", "broken.json", "--json", "--out", "out", "--today", "2026-11-21"], in: directory)
      #expect(result.status == 0, "\(result.error)")
      let root = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
      let flows = try #require(root["flows"] as? [[String: Any]])
      #expect(flows.map { $0["flow"] as? String } == ["mini", "broken"])
      for flow in flows {
        let stories = try #require(flow["stories"] as? [[String: Any]])
        let infeasible = try #require(flow["infeasible"] as? [[String: Any]])
        #expect(stories.filter { $0["pair"] != nil }.count + infeasible.count == flow["pairs"] as? Int)
      }
      #expect(flows[1]["directory"] as? String == "out/broken/")
      // The values the stories typed (a CVV among them) are in the files only.
      let cvvs = try FileManager.default.contentsOfDirectory(atPath: directory + "/out/mini").flatMap { file in
        try String(contentsOfFile: directory + "/out/mini/" + file, encoding: .utf8).split(separator: "\n")
          .filter { $0.hasPrefix("set cvv ") }.map { String($0.split(separator: " ")[2]) }
      }
      #expect(!cvvs.isEmpty)
      // Numbers (timings, line counts) are no values typed; a short CVV (a bound's
      // "12") could be part of one, so only the text around them is searched.
      let text = result.output.replacing(/: [0-9.]+/, with: ": N")
      for cvv in Set(cvvs) { #expect(!text.contains(cvv), "\(cvv)") }
    }
  }

  @Test func badArgumentsExitTwoWithAMessage() throws {
    try withFlowDirectory(["mini.json": Self.mini]) { directory in
      let date = runCheckout(["generate", "mini.json", "--today", "21/11/2026"], in: directory)
      #expect(date.status == 2 && date.error.contains("--today: \"21/11/2026\" is not a date; write YYYY-MM-DD"))
      let seed = runCheckout(["generate", "mini.json", "--seed", "-1"], in: directory)
      #expect(seed.status == 2 && seed.error.contains("--seed: \"-1\" is not a whole number"))
      let both = runCheckout(["generate", "mini.json", "--check", "--out", "x"], in: directory)
      #expect(both.status == 2 && both.error.contains("--check writes nothing, so it takes no --out"))
      let missing = runCheckout(["generate", "nowhere.json"], in: directory)
      #expect(missing.status == 2 && missing.error.contains("nowhere.json"))
      let none = runCheckout(["generate"], in: directory)
      #expect(none.status == 2)
    }
  }

  @Test func helpDescribesTheCommand() {
    let result = runCheckout(["generate", "--help"])
    #expect(result.status == 0)
    #expect(
      result.output.contains(
        "checkout generate FLOW... [--out DIR] [--today DATE] [--seed N] [--check] [--accept-infeasible FILE] [--json]")
    )
    #expect(runCheckout(["--help"]).output.contains("generate"))
  }

  static func contents(of directory: String) throws -> [String: String] {
    var contents: [String: String] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: directory) {
      contents[file] = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
    }
    return contents
  }
}
