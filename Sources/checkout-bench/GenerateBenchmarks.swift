import CheckoutEngine
import Foundation
import CheckoutTestSupport

/// Generated error stories: making every story of a flow, and replaying them all.
/// Baselines in the same run: the coverage matrix of the same flow (what lint
/// proves without living the stories) for making, and parsing the same scenario
/// text without running it for replaying.
enum GenerateBenchmarks {
  static let today = fixture(CalendarDate(year: 2026, month: 11, day: 21), "the date 2026-11-21")

  static func run(plndr: Flow) -> [Metric] {
    var metrics: [Metric] = []
    let generated50 = LoadBenchmarks.generatedFlow(steps: 50, seed: 50, matchers: 40)
    metrics += measure(generated50, name: "generate.stories", samples: 5, targets: ("<= 2000", "<= 10000"))
    metrics += measure(plndr, name: "generate.plndr", samples: 5, targets: ("-", "-"))
    let generated1000 = LoadBenchmarks.generatedFlow(steps: 1_000, seed: 1_000, matchers: 40)
    metrics += measure(generated1000, name: "generate.1000steps", samples: 1, targets: ("-", "-"))
    return metrics
  }

  /// Three figures for a flow: making every story, replaying them, stories per second.
  static func measure(_ flow: Flow, name: String, samples: Int, targets: (make: String, replay: String)) -> [Metric] {
    let compiled = CompiledFlow(flow)
    var suite = StoryGenerator(flow: compiled, today: today).generate()
    let make = Measure.samples(warmUp: samples > 1 ? 1 : 0, count: samples, iterations: 1) {
      suite = StoryGenerator(flow: compiled, today: today).generate()
    }
    let matrix = Measure.samples(warmUp: 1, count: samples, iterations: 1) { blackHole(CoverageMatrix(flow)) }
    let texts = suite.stories.map { $0.text(flowPath: "flow.json", today: today) }
    let replayer = StoryReplayer(flow: compiled)
    var failed = 0
    let replay = Measure.samples(warmUp: samples > 1 ? 1 : 0, count: samples, iterations: 1) {
      failed = texts.reduce(0) { $0 + (replayer.replay($1) == nil ? 0 : 1) }
    }
    if failed > 0 {
      FileHandle.standardError.write(Data("checkout-bench: \(name): \(failed) stories failed to replay\n".utf8))
    }
    let parse = Measure.samples(warmUp: 1, count: samples, iterations: 1) {
      for text in texts { blackHole(try? ScenarioParser.parseScript(text)) }
    }
    let count = Double(suite.stories.count)
    let makeMedian = Measure.median(make) / 1e6
    let described = "\(suite.stories.count) stories, \(suite.pairs.count) pairs, \(suite.infeasible.count) infeasible"
    return [
      Metric(
        name: name, unit: "ms", median: makeMedian, min: (make.min() ?? 0) / 1e6, max: (make.max() ?? 0) / 1e6,
        target: targets.make, baseline: Measure.median(matrix) / 1e6,
        baselineName: "coverage matrix of the same flow (\(described))"),
      Metric(
        name: name + ".replay", unit: "ms", median: Measure.median(replay) / 1e6, min: (replay.min() ?? 0) / 1e6,
        max: (replay.max() ?? 0) / 1e6, target: targets.replay, baseline: Measure.median(parse) / 1e6,
        baselineName: "parsing the same \(suite.stories.count) scenarios without running them"),
      Metric(
        name: name + ".perSecond", unit: "stories/s", median: makeMedian > 0 ? count / (makeMedian / 1000) : 0,
        min: count / ((make.max() ?? 1) / 1e9), max: count / ((make.min() ?? 1) / 1e9), target: "-"),
    ]
  }
}
