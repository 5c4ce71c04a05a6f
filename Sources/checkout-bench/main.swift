import CheckoutEngine
import Foundation

// checkout-bench [--json]: the engine's speed figures, each beside a baseline
// measured in the same run. Build with -c release for meaningful numbers.
let arguments = Array(CommandLine.arguments.dropFirst())
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let plndr: Flow
do {
  plndr = try FlowLoader().load(contentsOf: root.appendingPathComponent("Flows/plndr.json").path)
} catch {
  FileHandle.standardError.write(Data("checkout-bench: \(error)\n".utf8))
  exit(2)
}
if arguments.first == "profile-plan" {
  // A loop of PLNDR plans only, to run under a profiler (perf record).
  let planner = RoutePlanner(plndr)
  let queries = PlanBenchmarks.plndrQueries(plndr, count: 512)
  for index in 0..<20_000_000 {
    let query = queries[index & 511]
    blackHole(planner.plan(from: query.state, to: query.target))
  }
  exit(0)
}
let metrics = PlanBenchmarks.run(plndr: plndr)
if arguments.contains("--json") {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  let data = (try? encoder.encode(["metrics": metrics])) ?? Data()
  print(String(decoding: data, as: UTF8.self))
} else {
  print("metric".padding(toLength: 28, withPad: " ", startingAt: 0), "median", "min", "max", "target", "baseline", separator: "\t")
  for metric in metrics {
    let baseline = metric.baseline.map { String(format: "%.1f %@ (%@)", $0, metric.unit, metric.baselineName ?? "") } ?? "-"
    print(
      metric.name.padding(toLength: 28, withPad: " ", startingAt: 0),
      String(format: "%.1f %@", metric.median, metric.unit), String(format: "%.1f", metric.min),
      String(format: "%.1f", metric.max), metric.target, baseline, separator: "\t")
  }
}
