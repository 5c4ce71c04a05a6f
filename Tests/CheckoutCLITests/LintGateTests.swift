import CheckoutCLI
import CheckoutEngine
import Foundation
import Testing

/// Every command that runs a flow refuses one `checkout lint` finds errors in
/// (exit 2, each error as lint prints it, then one line saying so): a plan, a
/// replay or a mutation score on it would vouch for a flow the lint rejects.
/// Warnings never refuse a flow; `lint`, `diff` and `graph` still read it.
@Suite struct LintGateTests {
  /// The tiny flow with a step nothing opens: lint's only error.
  static let unreachable = tinyFlowJSON.replacingOccurrences(
    of: #""bind": "shipping.name"}]}]}"#,
    with: #""bind": "shipping.name"}]}, {"id": "lost", "title": "Lost", "rows": []}]}"#)

  /// The error, as `checkout lint lost.json` prints it.
  static let lintError =
    #"lost.json:5:88: error: steps[2].id: step "lost" cannot be reached from the start step "cart"; add a row that "opens" it, a submit whose "then" is it, or a submit that does an action on it ("actions"), on a reachable step"#

  /// The line after the errors.
  static let verdict = "error: lost.json has 1 lint error and is not run; run 'checkout lint lost.json' for details"

  /// The tiny flow in two languages with a title left untranslated and a
  /// condition on a key nothing holds: lint errors of other kinds than the graph's.
  static let untranslated = """
    {"format": 1, "id": "tiny", "title": {"en": "Tiny", "de": "Winzig"}, "locales": ["en", "de"],
     "start": "cart", "steps": [
      {"id": "cart", "title": {"en": "Cart", "de": "Warenkorb"}, "rows": [
        {"id": "checkout", "cell": "button", "title": {"en": "Checkout", "de": "Kasse"}, "opens": "stepOne"}]},
      {"id": "stepOne", "title": {"en": "Step One"}, "rows": [
        {"id": "name", "cell": "text", "title": {"en": "Name", "de": "Name"}, "bind": "shipping.name",
         "enabledWhen": {"key": "shipping.nmae", "present": true}}]}]}
    """

  static let story = "flow lost.json\ntap checkout\nexpect at stepOne\n"

  static let files = [
    "lost.json": unreachable, "tiny.json": tinyFlowJSON, "words.json": untranslated, "a.scenario": story,
    "b.scenario": story, "tiny.scenario": "flow tiny.json\ntap checkout\nexpect at stepOne\n",
  ]

  /// Checks a refusal: exit 2, the lint error, the verdict, nothing run.
  private func expectRefused(_ result: RunResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(result.status == 2, "\(result.output)", sourceLocation: sourceLocation)
    #expect(result.error == Self.lintError + "\n" + Self.verdict + "\n", sourceLocation: sourceLocation)
  }

  @Test func lintRejectsTheFlowAndCountsOneError() throws {
    try withFlowDirectory(Self.files) { directory in
      let lint = runCheckout(["lint", "lost.json"], in: directory)
      #expect(lint.status == 1)
      #expect(lint.output.contains(Self.lintError + "\n"))
      #expect(lint.output.contains("1 error, 1 warning in 1 file"))
    }
  }

  @Test func planRefusesAFlowLintRejects() throws {
    try withFlowDirectory(Self.files) { directory in
      let result = runCheckout(["plan", "lost.json", "--from", "cart", "--to", "stepOne"], in: directory)
      expectRefused(result)
      #expect(result.output.isEmpty, "no route is planned")
    }
  }

  @Test func mutateRefusesAFlowLintRejects() throws {
    try withFlowDirectory(Self.files) { directory in
      let result = runCheckout(["mutate", "lost.json", "--today", "2026-11-21"], in: directory)
      expectRefused(result)
      #expect(!result.output.contains("score"), "no score is given: \(result.output)")
    }
  }

  @Test func replayWithFlowRefusesAFlowLintRejects() throws {
    try withFlowDirectory(Self.files) { directory in
      let result = runCheckout(["replay", "--flow", "lost.json", "tiny.scenario"], in: directory)
      expectRefused(result)
      #expect(result.output.isEmpty, "no story runs")
    }
  }

  /// A story's `flow` line is refused at its line; the flow is linted once for
  /// every story that names it.
  @Test func replayRefusesAStoryWhoseFlowLintRejectsLintingItOnce() throws {
    try withFlowDirectory(Self.files) { directory in
      let capture = CapturedTerminal(directory: directory)
      let flows = AdmittedFlows()
      let options = ReplayCommand.Options(scenarios: ["a.scenario", "b.scenario", "tiny.scenario"])
      let status = ReplayCommand.run(options, capture.terminal, flows: flows)
      #expect(status.code == 2)
      let full = directory + "/lost.json"
      #expect(
        capture.error.contains(
          """
          a.scenario:1: error: cannot run the flow lost.json:
          \(Self.lintError.replacingOccurrences(of: "lost.json:", with: full + ":"))
          \(full) has 1 lint error and is not run; run 'checkout lint \(full)' for details
          b.scenario:1: error: cannot run the flow lost.json:
          """), "\(capture.error)")
      #expect(capture.output.hasSuffix("1 passed, 0 failed; 2 stories could not be run\n"), "\(capture.output)")
      #expect(flows.linted == 2, "lost.json and tiny.json, each once")
    }
  }

  @Test func replRefusesAFlowLintRejects() throws {
    try withFlowDirectory(Self.files) { directory in
      let capture = CapturedTerminal(directory: directory)
      var reader: any LineReader = ReplayAndReplTests.ScriptedReader(lines: ["tap checkout"])
      let status = ReplCommand.run(ReplCommand.Options(flow: "lost.json"), capture.terminal, reader: &reader)
      #expect(status.code == 2)
      #expect(capture.error == Self.lintError + "\n" + Self.verdict + "\n")
      #expect(capture.output.isEmpty, "no session starts")
    }
  }

  /// A `flow` line typed at the prompt: refused, and the session goes on.
  @Test func replFlowLineRefusesAFlowLintRejectsAndGoesOn() throws {
    try withFlowDirectory(Self.files) { directory in
      let capture = CapturedTerminal(directory: directory)
      var reader: any LineReader = ReplayAndReplTests.ScriptedReader(lines: ["flow lost.json", "stack"])
      let status = ReplCommand.run(.onTheTestDay, capture.terminal, reader: &reader)
      #expect(status.code == 0)
      #expect(capture.output.contains("error: cannot run the flow lost.json:\n"), "\(capture.output)")
      #expect(capture.output.hasSuffix("cart\n"), "the built-in session goes on: \(capture.output)")
    }
  }

  @Test func migrateRefusesANewFlowLintRejectsButReadsAnOldOne() throws {
    try withFlowDirectory(Self.files) { directory in
      let tiny = CompiledFlow(try FlowLoader().load(json: tinyFlowJSON))
      try CheckoutSession(flow: tiny).snapshotJSON().write(to: URL(fileURLWithPath: directory + "/s.json"))
      expectRefused(runCheckout(["migrate", "--to", "lost.json", "s.json"], in: directory))
      // OLD is only compared with the snapshot's fingerprint, as diff reads it.
      let fromBroken = runCheckout(["migrate", "--to", "tiny.json", "--from", "lost.json", "s.json"], in: directory)
      #expect(fromBroken.status == 0, "\(fromBroken.error)")
      #expect(fromBroken.output.hasPrefix("s.json: unchanged\n"), "made on NEW already: \(fromBroken.output)")
    }
  }

  /// The lint errors the QA lead measured besides the graph's: an untranslated
  /// title and a condition on a key nothing holds.
  @Test func everyKindOfLintErrorRefuses() throws {
    try withFlowDirectory(Self.files) { directory in
      let result = runCheckout(["plan", "words.json", "--from", "cart", "--to", "stepOne"], in: directory)
      #expect(result.status == 2)
      #expect(
        result.error.contains(#"words.json:5:30: error: steps[1].title: "title" has no "de" text"#), "\(result.error)")
      #expect(result.error.contains(#"unknown key "shipping.nmae""#))
      #expect(
        result.error.hasSuffix(
          "error: words.json has 3 lint errors and is not run; run 'checkout lint words.json' for details\n"))
      #expect(!result.error.contains("warning:"), "warnings are lint's to list")
    }
  }

  /// The tiny flow has a warning (no fallback matcher) and no error: every command runs it.
  @Test func aFlowWithWarningsOnlyStillRuns() throws {
    try withFlowDirectory(Self.files) { directory in
      let lint = runCheckout(["lint", "tiny.json"], in: directory)
      #expect(lint.status == 0 && lint.output.contains("0 errors, 1 warning in 1 file"))
      let plan = runCheckout(["plan", "tiny.json", "--from", "cart", "--to", "stepOne"], in: directory)
      #expect(plan.status == 0 && plan.error.isEmpty, "\(plan.error)")
      let replay = runCheckout(["replay", "tiny.scenario"], in: directory)
      #expect(replay.status == 0, "\(replay.error)")
      let mutate = runCheckout(["mutate", "tiny.json", "--today", "2026-11-21"], in: directory)
      #expect(mutate.status == 0 && mutate.output.contains("score"), "\(mutate.error)")
    }
  }

  /// `graph` and `diff` review a flow: they still read one lint rejects.
  @Test func graphAndDiffStillReadAFlowLintRejects() throws {
    try withFlowDirectory(Self.files) { directory in
      let graph = runCheckout(["graph", "lost.json"], in: directory)
      #expect(graph.status == 0 && graph.output.contains("lost"), "\(graph.error)")
      let diff = runCheckout(["diff", "tiny.json", "lost.json"], in: directory)
      #expect(diff.status == 0, "a step added is safe: \(diff.error)")
      #expect(diff.output.contains("safe     step added: lost"), "\(diff.output)")
    }
  }
}
