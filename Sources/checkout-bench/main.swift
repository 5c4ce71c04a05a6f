import CheckoutEngine
import Foundation

// checkout-bench [--json] | checkout-bench generate --steps N --seed S [--matchers N] [--out FILE]
// The engine's figures, each beside a baseline measured in the same run.
// Build with -c release: swift run -c release checkout-bench
let arguments = Array(CommandLine.arguments.dropFirst())
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()
let binaryDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("checkout-bench: \(message)\n".utf8))
  exit(2)
}

func option(_ name: String) -> String? {
  arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}

if arguments.first == "--help" || arguments.first == "-h" {
  print(
    """
    usage: checkout-bench [--json] [--only GROUP]
           checkout-bench generate --steps N --seed S [--matchers N] [--out FILE]
           checkout-bench profile-GROUP [LOOPS]   (plan, story, set, navigation, snapshot, screen)

    Runs the benchmarks (medians of repeated runs after warm-up, with min, max,
    target and a baseline measured in the same run), or writes a generated flow.
    --only runs one group: plan, load, session (events, story, screens, snapshot,
    memory), process, generate (generated error stories: make and replay) or
    migrate (10,000 stored PLNDR v1 snapshots carried to v2) or mutate
    (checkout mutate on PLNDR with generated stories, the whole run).
    generate --matchers N gives the flow N error matchers and a submit row on
    every tenth step.
    profile-GROUP only loops (PLNDR plans, whole error stories, events.set or
    events.navigation rounds, snapshot JSON round trips, screen.render
    rounds), to run under a
    profiler: perf record, or valgrind --tool=callgrind.
    """)
  exit(0)
}

if arguments.first == "generate" {
  guard let stepsText = option("--steps"), let steps = Int(stepsText), steps > 0 else {
    fail("generate needs --steps N (a whole number above 0)")
  }
  guard let seedText = option("--seed"), let seed = UInt64(seedText) else {
    fail("generate needs --seed S (a whole number)")
  }
  var matchers: Int?
  if let text = option("--matchers") {
    guard let count = Int(text), count > 0 else { fail("generate --matchers takes a whole number above 0") }
    matchers = count
  }
  let json = FlowWriter.json(LoadBenchmarks.generatedFlow(steps: steps, seed: seed, matchers: matchers))
  if let out = option("--out") {
    do { try json.write(toFile: out, atomically: true, encoding: .utf8) } catch {
      fail("cannot write \(out): \(error)")
    }
  } else {
    print(json, terminator: "")
  }
  exit(0)
}

/// `profile-plan 1000` runs fewer loops (for callgrind's instruction counts).
let profileLoops = arguments.count == 2 && arguments[0].hasPrefix("profile-") ? Int(arguments[1]) : nil
if let loops = profileLoops, loops < 0 {
  fail("\(arguments[0]) takes a number of loops, 0 or more, not \(loops)")
}
let groups = ["plan", "load", "session", "process", "generate", "migrate", "mutate"]
let only = option("--only")
if arguments.contains("--only"), only.map(groups.contains) != true {
  fail("--only takes one of \(groups.joined(separator: ", ")); see checkout-bench --help")
}
if let unknown = arguments.enumerated().first(where: { index, word in
  ![
    "--json", "--only", "profile-plan", "profile-story", "profile-set", "profile-navigation", "profile-snapshot",
    "profile-screen",
  ]
  .contains(word)
    && !(index > 0 && arguments[index - 1] == "--only")
})?.element, profileLoops == nil {
  fail("unknown argument '\(unknown)'; see checkout-bench --help")
}

let plndr: Flow
do {
  plndr = try FlowLoader().load(contentsOf: root.appendingPathComponent("Flows/plndr.json").path)
} catch {
  fail("\(error)")
}

if arguments.first == "profile-plan" {
  // A loop of PLNDR plans only, to run under a profiler (perf record).
  let planner = RoutePlanner(plndr)
  let queries = PlanBenchmarks.plndrQueries(plndr, count: 512)
  for index in 0..<(profileLoops ?? 20_000_000) {
    let query = queries[index & 511]
    blackHole(planner.plan(from: query.state, to: query.target))
  }
  exit(0)
}

if arguments.first == "profile-story" {
  // Whole error stories only, to run under a profiler.
  let ready = SessionBenchmarks.readyToOrder(CompiledFlow(plndr))
  for _ in 0..<(profileLoops ?? 200_000) { blackHole(SessionBenchmarks.story(from: ready)) }
  exit(0)
}

if arguments.first == "profile-set" {
  // Rounds of events.set (four rows set, valid and invalid in turn) only, to run under a profiler.
  var card = SessionBenchmarks.onCreditCard(CompiledFlow(plndr))
  for index in 0..<(profileLoops ?? 2_000_000) { SessionBenchmarks.setRound(&card, valid: index & 1 == 0) }
  blackHole(card)
  exit(0)
}

if arguments.first == "profile-navigation" {
  // Rounds of events.navigation (tap, appeared, back on My Cart) only, to run under a profiler.
  var session = CheckoutSession(flow: CompiledFlow(plndr), today: SessionBenchmarks.today)
  for _ in 0..<(profileLoops ?? 2_000_000) { SessionBenchmarks.navigationRound(&session) }
  blackHole(session)
  exit(0)
}

if arguments.first == "profile-snapshot" {
  // Snapshot JSON round trips of a session mid-checkout only, to run under a profiler.
  let compiled = CompiledFlow(plndr)
  let middle = SessionBenchmarks.midCheckout(SessionBenchmarks.readyToOrder(compiled))
  if profileLoops == 1 { print(String(decoding: middle.snapshotJSON(), as: UTF8.self)) }
  for _ in 0..<(profileLoops ?? 20_000) {
    blackHole(try? CheckoutSession(restoringJSON: middle.snapshotJSON(), flow: compiled))
  }
  exit(0)
}

if arguments.first == "profile-screen" {
  // Rounds of screen.render (two German screens with formatted details) only, to run under a profiler.
  let shown = SessionBenchmarks.germanScreens(CompiledFlow(plndr))
  for _ in 0..<(profileLoops ?? 200_000) { SessionBenchmarks.renderScreens(shown) }
  exit(0)
}

var metrics: [Metric] = []
if only == nil || only == "plan" { metrics += PlanBenchmarks.run(plndr: plndr) }
if only == nil || only == "load" { metrics += LoadBenchmarks.run() }
if only == nil || only == "session" { metrics += SessionBenchmarks.run(plndr: plndr) }
if only == nil || only == "process" { metrics += ProcessBenchmarks.run(root: root, binaryDirectory: binaryDirectory) }
if only == nil || only == "generate" { metrics += GenerateBenchmarks.run(plndr: plndr) }
if only == nil || only == "migrate" { metrics += MigrateBenchmarks.run(root: root) }
if only == nil || only == "mutate" { metrics += MutateBenchmarks.run(root: root) }

if arguments.contains("--json") {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  let data = (try? encoder.encode(["metrics": metrics])) ?? Data()
  print(String(decoding: data, as: UTF8.self))
} else {
  func figure(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
  }
  // The name column fits the longest metric name, with two spaces after it.
  let nameWidth = max(28, (metrics.map(\.name.count).max() ?? 0) + 2)
  print(
    "metric".padding(toLength: nameWidth, withPad: " ", startingAt: 0)
      + "median".padding(toLength: 16, withPad: " ", startingAt: 0)
      + "min..max".padding(toLength: 24, withPad: " ", startingAt: 0)
      + "target".padding(toLength: 14, withPad: " ", startingAt: 0) + "baseline")
  for metric in metrics {
    let baseline = metric.baseline.map { "\(figure($0)) \(metric.unit) (\(metric.baselineName ?? ""))" } ?? "-"
    print(
      metric.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
        + "\(figure(metric.median)) \(metric.unit)".padding(toLength: 16, withPad: " ", startingAt: 0)
        + "\(figure(metric.min))..\(figure(metric.max))".padding(toLength: 24, withPad: " ", startingAt: 0)
        + metric.target.padding(toLength: 14, withPad: " ", startingAt: 0) + baseline)
  }
}
