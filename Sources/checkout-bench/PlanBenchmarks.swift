import CheckoutEngine
import CheckoutTestSupport
import Foundation

/// Planning: the PLNDR flow from random states to every resolution, a generated
/// 1,000-step flow with stacks 10 deep, and exhaustive search on the same queries.
enum PlanBenchmarks {
  struct Query {
    var state: NavigationState
    var target: StepID
  }

  static func plndrQueries(_ flow: Flow, count: Int) -> [Query] {
    var random = SeededRandom(seed: 42)
    let targets = Array(Set(flow.errors.map(\.step))).sorted()
    return (0..<count).map { _ in
      let state = FlowGenerator.randomState(in: flow, commands: random.int(in: 0...8), using: &random)
      return Query(state: state, target: targets[random.int(in: 0..<targets.count)])
    }
  }

  /// States 10 steps deep, reached by walking forward edges from the start.
  static func deepQueries(_ flow: Flow, depth: Int, count: Int) -> [Query] {
    var random = SeededRandom(seed: 1_000)
    let graph = FlowGraph(flow)
    let targets = Array(Set(flow.errors.map(\.step))).sorted()
    let presentations = Dictionary(flow.steps.map { ($0.id, $0.presentation) }, uniquingKeysWith: { a, _ in a })
    var queries: [Query] = []
    while queries.count < count {
      var state = NavigationState(root: flow.start)
      for _ in 0..<depth * 3 where state.depth < depth {
        let edges = graph.edges(from: state.top).filter { $0.kind == .opens && presentations[$0.to] != .reset }
        guard let edge = edges.randomElement(using: &random), let presentation = presentations[edge.to] else { break }
        try? state.apply(.opening(edge.to, as: presentation))
      }
      if state.depth >= depth - 1 {
        queries.append(Query(state: state, target: targets[random.int(in: 0..<targets.count)]))
      }
    }
    return queries
  }

  /// Planner and exhaustive search on the same queries: nanoseconds per plan, each.
  static func measure(
    _ flow: Flow, _ queries: [Query], exhaustiveRuns: (count: Int, iterations: Int)
  ) -> (planner: [Double], exhaustive: [Double]) {
    let planner = RoutePlanner(flow)
    let search = ExhaustiveSearch(flow)
    // Both loops read the queries in place (no copy of a query per call) and keep
    // every answer alive past the call, so each pays for producing and dropping it.
    return queries.withUnsafeBufferPointer { queries in
      var index = 0
      let plans = Measure.samples(iterations: 20_000) {
        let query = index % queries.count
        index &+= 1
        blackHole(planner.plan(from: queries[query].state, to: queries[query].target))
      }
      index = 0
      let searches = Measure.samples(warmUp: 1, count: exhaustiveRuns.count, iterations: exhaustiveRuns.iterations) {
        let query = index % queries.count
        index &+= 1
        blackHole(search.shortest(from: queries[query].state, to: queries[query].target))
      }
      return (plans, searches)
    }
  }

  static func run(plndr: Flow) -> [Metric] {
    let small = measure(plndr, plndrQueries(plndr, count: 512), exhaustiveRuns: (7, 300))
    var random = SeededRandom(seed: 7)
    let generated = FlowGenerator(steps: 1_000, maximumEdges: 3, modalChance: 0.2, resetChance: 0.02, guardChance: 0)
      .flow(using: &random)
    let large = measure(generated, deepQueries(generated, depth: 10, count: 256), exhaustiveRuns: (5, 20))
    let baselineName = "exhaustive BFS over navigation states"
    func metric(_ name: String, _ samples: (planner: [Double], exhaustive: [Double]), target: String) -> Metric {
      Metric(
        name: name, unit: "ns", median: Measure.median(samples.planner), min: samples.planner.min() ?? 0,
        max: samples.planner.max() ?? 0, target: target, baseline: Measure.median(samples.exhaustive),
        baselineName: baselineName)
    }
    // The speed-up is measured on the generated 1,000-step flow: on PLNDR's 7 steps
    // exhaustive search is itself too cheap for the ratio to mean much, so that
    // ratio is printed beside it for information only.
    let plndrSpeedup = Measure.median(small.exhaustive) / Measure.median(small.planner)
    let speedup = Measure.median(large.exhaustive) / Measure.median(large.planner)
    return [
      metric("plan.plndr", small, target: "<= 500"),
      metric("plan.generated1000", large, target: "<= 2000"),
      Metric(
        name: "plan.speedupVsExhaustive", unit: "x", median: speedup, min: speedup, max: speedup, target: ">= 100",
        baseline: 1,
        baselineName: String(
          format: "exhaustive BFS = 1x, on the 1,000-step flow; on PLNDR %.1fx (for information)", plndrSpeedup)),
    ]
  }
}
