import Dispatch

/// One benchmark figure: median, min and max of repeated samples, its target,
/// and the baseline measured in the same run.
struct Metric: Encodable {
  var name: String
  var unit: String
  var median: Double
  var min: Double
  var max: Double
  var target: String
  var baseline: Double?
  var baselineName: String?
}

/// Runs a body repeatedly after a warm-up and reports per-iteration figures.
enum Measure {
  /// Nanoseconds per iteration for each sample of `iterations` calls.
  static func samples(warmUp: Int = 3, count: Int = 15, iterations: Int, _ body: () -> Void) -> [Double] {
    for _ in 0..<warmUp { for _ in 0..<iterations { body() } }
    return (0..<count).map { _ in
      let start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<iterations { body() }
      let elapsed = DispatchTime.now().uptimeNanoseconds - start
      return Double(elapsed) / Double(iterations)
    }
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }
}

/// Keeps a value alive so the optimiser cannot drop the work that made it: not
/// optimised, so whole-module optimisation cannot see that it ignores its argument.
@inline(never) @_optimize(none) func blackHole<T>(_ value: T) { _ = value }
