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

  static func run(plndr: Flow) -> [Metric] {
    var metrics: [Metric] = []
    let planner = RoutePlanner(plndr)
    let queries = plndrQueries(plndr, count: 512)
    var index = 0
    let plan = Measure.samples(iterations: 20_000) {
      let query = queries[index & 511]
      index &+= 1
      blackHole(planner.plan(from: query.state, to: query.target))
    }
    let search = ExhaustiveSearch(plndr)
    index = 0
    let exhaustive = Measure.samples(warmUp: 1, count: 7, iterations: 300) {
      let query = queries[index & 511]
      index &+= 1
      blackHole(search.shortest(from: query.state, to: query.target))
    }
    metrics.append(Metric(
      name: "plan.plndr", unit: "ns", median: Measure.median(plan), min: plan.min() ?? 0, max: plan.max() ?? 0,
      target: "<= 200", baseline: Measure.median(exhaustive), baselineName: "exhaustive BFS over navigation states"))

    var random = SeededRandom(seed: 7)
    let generated = FlowGenerator(steps: 1_000, maximumEdges: 3, modalChance: 0.2, resetChance: 0.02, guardChance: 0)
      .flow(using: &random)
    let bigPlanner = RoutePlanner(generated)
    let deep = deepQueries(generated, depth: 10, count: 256)
    index = 0
    let bigPlan = Measure.samples(iterations: 20_000) {
      let query = deep[index & 255]
      index &+= 1
      blackHole(bigPlanner.plan(from: query.state, to: query.target))
    }
    let bigSearch = ExhaustiveSearch(generated)
    index = 0
    let bigExhaustive = Measure.samples(warmUp: 1, count: 5, iterations: 20) {
      let query = deep[index & 255]
      index &+= 1
      blackHole(bigSearch.shortest(from: query.state, to: query.target))
    }
    metrics.append(Metric(
      name: "plan.generated1000", unit: "ns", median: Measure.median(bigPlan), min: bigPlan.min() ?? 0,
      max: bigPlan.max() ?? 0, target: "<= 1000", baseline: Measure.median(bigExhaustive),
      baselineName: "exhaustive BFS over navigation states"))
    let speedups = [Measure.median(exhaustive) / Measure.median(plan), Measure.median(bigExhaustive) / Measure.median(bigPlan)]
    metrics.append(Metric(
      name: "plan.speedupVsExhaustive", unit: "x", median: speedups.min() ?? 0, min: speedups.min() ?? 0,
      max: speedups.max() ?? 0, target: ">= 100", baseline: 1, baselineName: "exhaustive BFS (1x)"))
    return metrics
  }
}
