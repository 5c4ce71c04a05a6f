import CheckoutEngine
import Foundation

/// `checkout generate FLOW... [--out DIR] [--today DATE] [--seed N] [--check] [--accept-infeasible FILE] [--json]`:
/// turns each flow into a suite of replayable error stories.
package enum GenerateCommand {
  static let out = OptionSpec.value(
    "--out", "DIR", help: "where the scenario files go (default ./generated/<flow id>/)")
  static let today = OptionSpec.value(
    "--today", "DATE", help: "the session date the stories run on (YYYY-MM-DD; default today)")
  static let seed = OptionSpec.value(
    "--seed", "N", help: "the seed for synthesised values (a whole number; default 1)")
  static let check = OptionSpec.flag(
    "--check", help: "write nothing: generate in memory, replay every story, print N passed, N failed")
  static let json = OptionSpec.flag("--json", help: "print the stories and the infeasible pairs as JSON")
  static let acceptInfeasible = OptionSpec.value(
    "--accept-infeasible", "FILE",
    help: "pairs the flow makes impossible on purpose, one 'STEP × MATCHER: REASON' a line; --check fails on any other")

  /// `generate`'s arguments, typed.
  package struct Options: Sendable, Equatable {
    /// The flow files, in order.
    package var flows: [String]
    /// `--out`: where the scenario files go.
    package var out: String?
    /// `--today`; nil for the host's date today.
    package var today: CalendarDate?
    /// `--seed`: 1 unless given.
    package var seed: UInt64 = 1
    /// `--check`: generate in memory and replay, write nothing.
    package var check = false
    /// `--json`.
    package var json = false
    /// `--accept-infeasible`: the file of pairs declared impossible, each with its reason.
    package var acceptInfeasible: String?
  }

  static func parse(_ arguments: ParsedArguments) throws(CommandLineError) -> Command {
    let options = Options(
      flows: arguments.positionals, out: arguments.value(out), today: try arguments.date(today),
      seed: try arguments.wholeNumber(seed) ?? 1, check: arguments.has(check), json: arguments.has(json),
      acceptInfeasible: arguments.value(acceptInfeasible))
    if options.check, options.out != nil {
      throw .badValue("--check writes nothing, so it takes no --out; drop one of them")
    }
    return .generate(options)
  }

  static let spec = CommandSpec(
    name: "generate",
    summary: "generate a replayable scenario for every failing step x every error",
    positionals: [PositionalSpec(name: "FLOW", help: "flow files", isRepeating: true)],
    options: [out, today, seed, check, acceptInfeasible, json],
    discussion: """
      Stories: one per step where a submit can fail x error matcher (walk there with
      every guard met, the API fails, accept the offer, follow the route, enter a new
      valid value, submit again); one with several errors in one response; one per
      validated row x rule (caught before any call); for each action a submit
      declares, the action completed then success, completed then each error of
      the call, and cancelled then a new call; and edge tours. Every pair that
      gets no story is listed with its reason. The same flow, date and seed give
      byte-identical files. With several flows, --out DIR holds one folder per flow id.
      A story's first line says generate wrote it: a rerun rewrites those and removes
      the ones the suite no longer has, and leaves any other .scenario file alone; one
      where a story goes (a hand-written story of the same name) is refused, nothing
      written.
      Works on any flow that loads, lint errors or not; a row whose rules no value
      passes together (lint's contradictory-rules error) is printed as lint prints
      it, and fails --check unless an infeasible pair of its flow is accepted.

      An infeasible pair is one no shopper can live through: the flow makes it so
      (a guard that can never hold, a step that can never be reached). --check fails
      on each unless --accept-infeasible FILE lists it with the author's reason, one
      a line as generate prints it: "bag × slot_taken: the restaurant picks the slot".
      A listed pair that is not infeasible fails --check too (the list is stale).

      exit status: 0 generated; 1 --check with a row whose rules no value passes
      together, a failing story, an infeasible pair
      not accepted, an accepted pair that is not infeasible, or an action story that
      could not be written; 2 bad usage, a flow or --accept-infeasible file that
      cannot be read or loaded, or a file where a story goes that generate did not write.
      """,
    parse: parse)

  static func run(_ options: Options, _ terminal: Terminal) -> ExitStatus {
    guard let today = options.today ?? CalendarDate.today else {
      terminal.errorLine("error: the host's clock gives no date; give one with --today YYYY-MM-DD")
      return .usage
    }
    var accepted = AcceptedInfeasiblePairs()
    if let file = options.acceptInfeasible {
      do {
        let bytes = try InputFile.read(terminal.resolve(file))
        accepted = try AcceptedInfeasiblePairs.parse(String(decoding: bytes, as: UTF8.self), file: file)
      } catch let error as CommandLineError {
        if case .badValue(let message) = error { terminal.errorLine("error: \(message)") }
        return .usage
      } catch {
        terminal.errorLine("error: --accept-infeasible: \(file): \(error)")
        return .usage
      }
    }
    var reports: [FlowReport] = []
    var unusable = false
    for path in options.flows {
      let bytes: [UInt8]
      do {
        bytes = try InputFile.read(terminal.resolve(path))
      } catch {
        terminal.errorLine("error: \(path): \(error)")
        unusable = true
        continue
      }
      // `generate Flows/*.json` also matches the format's own JSON Schema: it is not a flow.
      if options.flows.count > 1, LintCommand.isJSONSchema(bytes) {
        if !options.json { terminal.line("\(path): skipped (a JSON Schema, not a flow)") }
        continue
      }
      let report = FlowLoader().lint(bytes: bytes, file: path)
      guard let flow = report.flow else {
        for diagnostic in report.diagnostics { terminal.errorLine(terminal.render(diagnostic, file: path)) }
        terminal.errorLine("error: \(path) cannot be loaded; run 'checkout lint \(path)' for details")
        unusable = true
        continue
      }
      let contradictory = report.diagnostics.filter { $0.severity == .error && $0.code == "contradictory-rules" }
      for diagnostic in contradictory { terminal.errorLine(terminal.render(diagnostic, file: path)) }
      let started = Date()
      let compiled = CompiledFlow(flow)
      let suite = StoryGenerator(flow: compiled, today: today, seed: options.seed).generate()
      let generatedIn = Date().timeIntervalSince(started)
      var flowReport = FlowReport(path: path, suite: suite, seconds: generatedIn, accepted: accepted)
      if options.check {
        let replayer = StoryReplayer(flow: compiled)
        flowReport.failures = suite.stories.compactMap { story in
          replayer.replay(story.text(flowPath: path, today: suite.today)).map { (story.fileName, $0) }
        }
        flowReport.seconds = Date().timeIntervalSince(started)
      } else {
        let directory = outputDirectory(for: flow, options: options, several: options.flows.count > 1, terminal)
        // Before anything is written: a hand-written story is never overwritten.
        if let problem = storyFileProblem(suite, in: directory, terminal) {
          terminal.errorLine("error: \(problem)")
          unusable = true
          continue
        }
        do {
          try write(suite, flowPath: terminal.resolve(path), to: directory)
          flowReport.directory = directory
        } catch {
          terminal.errorLine("error: cannot write the stories to \(directory): \(error.localizedDescription)")
          unusable = true
          continue
        }
      }
      flowReport.contradictions = contradictory.count
      reports.append(flowReport)
    }
    let stale = accepted.entries.filter { entry in
      !reports.contains { $0.suite.infeasible.contains { entry.names($0.pair) } }
    }
    if options.json {
      terminal.write(JSONText.encode(GenerateJSON(reports, check: options.check, terminal: terminal)))
    } else {
      for report in reports { printSummary(report, check: options.check, terminal) }
    }
    // A check vouches for the flow: rules no value passes fail it unless the author
    // accepted the pairs they make infeasible.
    let contradictions = reports.filter { !$0.acceptsContradictions }.map(\.contradictions).reduce(0, +)
    if contradictions > 0 {
      let rows = LintCommand.count(contradictions, "row")
      terminal.errorLine(
        "\(options.check ? "error" : "note"): \(rows) \(contradictions == 1 ? "has" : "have") rules no value passes together (above): no shopper can finish the flow; change or remove one of the rules each names"
      )
    }
    if options.check {
      let failed = reports.map(\.failures.count).reduce(0, +)
      let passed = reports.map(\.suite.stories.count).reduce(0, +) - failed
      let unaccepted = reports.map(\.unaccepted.count).reduce(0, +)
      let noActionStory = reports.map(\.suite.unwrittenActions.count).reduce(0, +)
      if !options.json {
        if unaccepted > 0 {
          terminal.errorLine(
            "error: \(LintCommand.count(unaccepted, "infeasible pair")) the flow makes impossible; fix the flow, or list each with its reason in --accept-infeasible FILE"
          )
        }
        if noActionStory > 0 {
          terminal.errorLine(
            "error: \(LintCommand.count(noActionStory, "action story", plural: "action stories")) could not be written; each is listed above with the reason"
          )
        }
        for entry in stale {
          terminal.errorLine(
            "error: \(options.acceptInfeasible ?? ""):\(entry.line): \(entry.origin) × \(entry.matcher) is accepted as infeasible, but no flow here makes it so; remove the line"
          )
        }
        terminal.line("\(passed) passed, \(failed) failed")
      }
      if unusable { return .usage }
      return failed > 0 || unaccepted > 0 || noActionStory > 0 || !stale.isEmpty || contradictions > 0
        ? .failure : .success
    }
    return unusable ? .usage : .success
  }

  /// What was generated for one flow.
  struct FlowReport {
    var path: String
    var suite: StorySuite
    var seconds: Double
    var directory: String?
    var failures: [(file: String, failure: StoryReplayer.Failure)] = []
    /// The pairs the author declared impossible.
    var accepted = AcceptedInfeasiblePairs()

    init(path: String, suite: StorySuite, seconds: Double, accepted: AcceptedInfeasiblePairs) {
      (self.path, self.suite, self.seconds, self.accepted) = (path, suite, seconds, accepted)
    }

    /// Rows whose rules no value passes together (lint's `contradictory-rules` errors).
    var contradictions = 0

    /// Whether the author accepted what the flow's contradictory rows block: an
    /// `--accept-infeasible` line names one of its infeasible pairs.
    var acceptsContradictions: Bool { suite.infeasible.contains { accepted.entry(for: $0.pair) != nil } }

    /// The infeasible pairs no `--accept-infeasible` line names.
    var unaccepted: [InfeasiblePair] { suite.infeasible.filter { accepted.entry(for: $0.pair) == nil } }
  }

  private static func outputDirectory(for flow: Flow, options: Options, several: Bool, _ terminal: Terminal) -> String {
    guard let out = options.out else { return terminal.resolve("generated/\(flow.id)") }
    let base = terminal.resolve(out)
    return several ? base + "/\(flow.id)" : base
  }

  /// Where a story may be written: nowhere but a new path, an empty file or a
  /// story an earlier run wrote (``Story/isGenerated(_:)``).
  static let storyFiles = OverwriteRule { Story.isGenerated($0) }

  /// Why the suite must not be written to `directory`, naming the first file a
  /// story's name needs that ``storyFiles`` refuses (a hand-written story), or nil.
  static func storyFileProblem(_ suite: StorySuite, in directory: String, _ terminal: Terminal) -> String? {
    let another = "move or rename it, or generate into another directory with --out"
    for name in suite.stories.map(\.fileName) {
      let shown = display(directory, terminal) + name
      switch storyFiles.refusal(at: directory + "/" + name) {
      case nil: continue
      case .directory?: return "\(shown) is a directory, where a story goes; \(another)"
      case .unreadable(let reason)?:
        return
          "\(shown) cannot be read to check that checkout generate wrote it (\(reason)), so it is not overwritten; \(another)"
      case .input?, .otherFile?:
        return
          "\(shown) was not written by checkout generate (its first line is not \"\(Story.generatedLine)\"), so it is not overwritten; \(another)"
      }
    }
    return nil
  }

  /// Writes every story, and removes the stories an earlier run wrote that the
  /// suite no longer has; any other file is left alone.
  static func write(_ suite: StorySuite, flowPath: String, to directory: String) throws {
    let manager = FileManager.default
    try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let relative = relativePath(from: directory, to: flowPath)
    let names = Set(suite.stories.map(\.fileName))
    for old in (try? manager.contentsOfDirectory(atPath: directory)) ?? []
    where old.hasSuffix(".scenario") && !names.contains(old) {
      let path = directory + "/" + old
      guard let data = manager.contents(atPath: path), Story.isGenerated(data) else { continue }
      try manager.removeItem(atPath: path)
    }
    for story in suite.stories {
      try story.text(flowPath: relative, today: suite.today).write(
        toFile: directory + "/" + story.fileName, atomically: true, encoding: .utf8)
    }
  }

  /// The path of `file` relative to `directory` (both absolute).
  static func relativePath(from directory: String, to file: String) -> String {
    let from = URL(fileURLWithPath: directory).standardizedFileURL.pathComponents
    let to = URL(fileURLWithPath: file).standardizedFileURL.pathComponents
    var common = 0
    while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
    let ups = Array(repeating: "..", count: from.count - common)
    return (ups + to[common...]).joined(separator: "/")
  }

  private static func printSummary(_ report: FlowReport, check: Bool, _ terminal: Terminal) {
    let suite = report.suite
    terminal.line(
      "\(report.path): \(suite.pairs.count) \(suite.pairs.count == 1 ? "pair" : "pairs") (\(pairShape(suite.pairs))): "
        + "\(suite.pairs.count - suite.infeasible.count) with a story, \(suite.infeasible.count) infeasible")
    let kinds = suite.counts.map { "\($0.count) \(label($0.kind))" }.joined(separator: ", ")
    let stories = "\(suite.stories.count) \(suite.stories.count == 1 ? "story" : "stories")"
    if let directory = report.directory {
      terminal.line("  wrote \(stories) to \(display(directory, terminal))\(kinds.isEmpty ? "" : ": " + kinds)")
    } else {
      terminal.line("  generated \(stories)\(kinds.isEmpty ? "" : ": " + kinds)")
    }
    for pair in suite.infeasible {
      if let entry = report.accepted.entry(for: pair.pair) {
        terminal.line("  \(terminal.styled("accepted:", .yellow)) \(pair.pair): \(entry.reason)")
      } else {
        terminal.line("  \(terminal.styled("infeasible:", .yellow)) \(pair)")
      }
    }
    for move in suite.untoured {
      terminal.line("  \(terminal.styled("untoured:", .yellow)) \(move)")
    }
    for story in suite.unwritten {
      terminal.line("  \(terminal.styled("no local story:", .yellow)) \(story)")
    }
    for story in suite.unwrittenActions {
      terminal.line("  \(terminal.styled("no action story:", .yellow)) \(story)")
    }
    for story in suite.unwrittenLocales {
      terminal.line("  \(terminal.styled("no locale story:", .yellow)) \(story)")
    }
    for (file, failure) in report.failures {
      terminal.line("  \(terminal.styled("failed:", .red)) \(file):\(failure.line): \(failure.text)")
      terminal.line("    \(failure.message)")
    }
    if check {
      terminal.line(
        "  replayed: \(suite.stories.count - report.failures.count) passed, \(report.failures.count) failed")
    }
    terminal.line("  time: \(String(format: "%.2f", report.seconds)) s")
  }

  /// `2 failing steps x 20 error matchers`, or, when matchers are scoped to
  /// operations, each failing step and operation with its count:
  /// `travelers: holdSeats x 5 error matchers, review: book x 6 error matchers`.
  static func pairShape(_ pairs: [StoryPair]) -> String {
    func matchers(_ count: Int) -> String { "\(count) error \(count == 1 ? "matcher" : "matchers")" }
    var origins: [(name: String, count: Int)] = []
    for pair in pairs {
      let name = "\(pair.origin): \(pair.operation)"
      if let index = origins.firstIndex(where: { $0.name == name }) {
        origins[index].count += 1
      } else {
        origins.append((name, 1))
      }
    }
    let all = Set(pairs.map(\.matcher)).count
    guard origins.contains(where: { $0.count != all }) else {
      return "\(origins.count) failing \(origins.count == 1 ? "step" : "steps") x \(matchers(all))"
    }
    return origins.map { "\($0.name) x \(matchers($0.count))" }.joined(separator: ", ")
  }

  private static func label(_ kind: Story.Kind) -> String {
    switch kind {
    case .apiError: return "API error"
    case .queuedErrors: return "several errors"
    case .action: return "action"
    case .localValidation: return "local validation"
    case .tour: return "edge tour"
    case .guardRefusal: return "guard"
    case .rules: return "rules"
    case .condition: return "condition"
    case .locale: return "locale"
    }
  }

  /// A directory as the user would type it: relative to the current directory when inside it.
  static func display(_ directory: String, _ terminal: Terminal) -> String {
    let prefix = terminal.currentDirectory.hasSuffix("/") ? terminal.currentDirectory : terminal.currentDirectory + "/"
    return directory.hasPrefix(prefix) ? String(directory.dropFirst(prefix.count)) + "/" : directory + "/"
  }
}

/// `generate --json`: the stories (without their lines) and the infeasible pairs of each flow.
struct GenerateJSON: Encodable {
  struct FlowEntry: Encodable {
    var file: String
    var flow: String
    var today: String
    var seed: UInt64
    var directory: String?
    var pairs: Int
    var stories: [StoryEntry]
    var infeasible: [InfeasibleEntry]
    var untoured: [String]
    var unwritten: [String]
    var unwrittenActions: [String]
    var unwrittenLocales: [String]
    var check: CheckEntry?
    var seconds: Double
  }

  struct StoryEntry: Encodable {
    var name: String
    var file: String
    var kind: String
    var summary: String
    var pair: PairEntry?
    var lines: Int
  }

  struct PairEntry: Encodable {
    var origin: String
    var operation: String
    var matcher: Int
    var matcherText: String
    var resolution: String
  }

  struct InfeasibleEntry: Encodable {
    var pair: PairEntry
    var reason: String
    /// The author's reason from `--accept-infeasible`, when the pair is accepted.
    var accepted: String?
  }

  struct CheckEntry: Encodable {
    var passed: Int
    var failed: Int
    var failures: [FailureEntry]
  }

  struct FailureEntry: Encodable {
    var file: String
    var line: Int
    var text: String
    var message: String
  }

  var flows: [FlowEntry]

  init(_ reports: [GenerateCommand.FlowReport], check: Bool, terminal: Terminal) {
    flows = reports.map { report in
      let suite = report.suite
      return FlowEntry(
        file: report.path, flow: suite.flow.rawValue, today: suite.today.description, seed: suite.seed,
        directory: report.directory.map { GenerateCommand.display($0, terminal) }, pairs: suite.pairs.count,
        stories: suite.stories.map { story in
          StoryEntry(
            name: story.name, file: story.fileName, kind: story.kind.rawValue, summary: story.summary,
            pair: story.pair.map(Self.pair), lines: story.lines.count)
        },
        infeasible: suite.infeasible.map {
          InfeasibleEntry(
            pair: Self.pair($0.pair), reason: $0.reason, accepted: report.accepted.entry(for: $0.pair)?.reason)
        },
        untoured: suite.untoured, unwritten: suite.unwritten, unwrittenActions: suite.unwrittenActions,
        unwrittenLocales: suite.unwrittenLocales,
        check: check
          ? CheckEntry(
            passed: suite.stories.count - report.failures.count, failed: report.failures.count,
            failures: report.failures.map {
              FailureEntry(file: $0.file, line: $0.failure.line, text: $0.failure.text, message: $0.failure.message)
            })
          : nil,
        seconds: (report.seconds * 1000).rounded() / 1000)
    }
  }

  static func pair(_ pair: StoryPair) -> PairEntry {
    PairEntry(
      origin: pair.origin.rawValue, operation: pair.operation.rawValue, matcher: pair.matcher + 1,
      matcherText: pair.matcherText, resolution: pair.resolution)
  }
}
