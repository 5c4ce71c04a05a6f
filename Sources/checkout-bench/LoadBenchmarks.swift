import CMallocStats
import CheckoutEngine
import CheckoutTestSupport
import Foundation

/// Loading and compiling generated flows, beside Foundation's plain JSON parse of
/// the same text (no checks, no model) as the baseline.
enum LoadBenchmarks {
  /// A generated flow of `steps` steps, about three rows a step.
  /// With `matchers`, that many error matchers and a submit row on every tenth step.
  static func generatedFlow(steps: Int, seed: UInt64, matchers: Int? = nil) -> Flow {
    var random = SeededRandom(seed: seed)
    return FlowGenerator(
      steps: steps, maximumEdges: 2, modalChance: 0.2, resetChance: 0.02, guardChance: 0.1, matchers: matchers
    )
    .flow(using: &random)
  }

  static func run() -> [Metric] {
    var metrics: [Metric] = []
    for (steps, name, target, samples) in [
      (1_000, "load.generated1000", "<= 100", 15), (10_000, "load.generated10000", "<= 1000", 5),
    ] {
      let json = FlowWriter.json(generatedFlow(steps: steps, seed: UInt64(steps)))
      let bytes = Array(json.utf8)
      let load = Measure.samples(warmUp: 1, count: samples, iterations: 1) {
        guard let flow = try? FlowLoader().load(bytes: bytes) else { fatalError("generated flow does not load") }
        blackHole(CompiledFlow(flow))
      }
      let data = Data(json.utf8)
      let parse = Measure.samples(warmUp: 1, count: samples, iterations: 1) {
        blackHole(try? JSONSerialization.jsonObject(with: data))
      }
      metrics.append(
        Metric(
          name: name, unit: "ms", median: Measure.median(load) / 1e6, min: (load.min() ?? 0) / 1e6,
          max: (load.max() ?? 0) / 1e6, target: target, baseline: Measure.median(parse) / 1e6,
          baselineName: "Foundation JSONSerialization parse of the same \(bytes.count / 1024) KiB"))
      if steps == 10_000 {
        let before = Memory.inUse()
        let flow = try? FlowLoader().load(bytes: bytes)
        let compiled = flow.map { CompiledFlow($0) }
        let retained = Double(Memory.inUse() - before) / 1_048_576
        blackHole(compiled)
        metrics.append(
          Metric(
            name: "load.generated10000.memory", unit: "MB", median: retained, min: retained, max: retained,
            target: "<= 100", baseline: Double(bytes.count) / 1_048_576, baselineName: "the flow file's size"))
      }
    }
    return metrics
  }
}

/// Heap bytes in use, from the allocator (glibc's mallinfo2): the growth while
/// objects are built and kept alive is what they cost.
enum Memory {
  static func inUse() -> Int { Int(checkout_heap_bytes_in_use()) }
}
