import CheckoutEngine
import CheckoutMutation
import Foundation

/// `checkout mutate` on PLNDR: making every mutant, generating the stories and
/// replaying them against each mutant in parallel, as the command does. Baseline:
/// replaying the same stories once on the original flow.
enum MutateBenchmarks {
  static func run(root: URL) -> [Metric] {
    let path = root.appendingPathComponent("Flows/plndr.json").path
    guard let bytes = FileManager.default.contents(atPath: path).map(Array.init),
      let tester = try? MutationTester(bytes: bytes, file: path)
    else {
      FileHandle.standardError.write(Data("checkout-bench: mutate.plndr: cannot load \(path)\n".utf8))
      return []
    }
    let today = GenerateBenchmarks.today
    var results: [MutantResult] = []
    let whole = Measure.samples(warmUp: 0, count: 3, iterations: 1) {
      let stories = tester.generatedStories(today: today)
      results = tester.runBlocking(stories)
    }
    let stories = tester.generatedStories(today: today)
    let once = Measure.samples(warmUp: 0, count: 3, iterations: 1) {
      blackHole(tester.failingOnOriginal(stories))
    }
    let score = MutationScore(results).percent ?? 0
    return [
      Metric(
        name: "mutate.plndr", unit: "s", median: Measure.median(whole) / 1e9, min: (whole.min() ?? 0) / 1e9,
        max: (whole.max() ?? 0) / 1e9, target: "<= 10", baseline: Measure.median(once) / 1e9,
        baselineName:
          "replaying the \(stories.count) stories once on the original (\(tester.mutants.count) mutants, score \(String(format: "%.1f", score))%)"
      )
    ]
  }
}
