import Foundation

/// `checkout lint Flows/plndr.json` as a whole process, beside starting `/bin/true`.
enum ProcessBenchmarks {
  static func run(root: URL, binaryDirectory: URL) -> [Metric] {
    let checkout = binaryDirectory.appendingPathComponent("checkout").path
    guard FileManager.default.isExecutableFile(atPath: checkout) else {
      FileHandle.standardError.write(Data("checkout-bench: \(checkout) is missing; build it with swift build -c release\n".utf8))
      return []
    }
    let flow = root.appendingPathComponent("Flows/plndr.json").path
    let lint = Measure.samples(warmUp: 2, count: 15, iterations: 1) { spawn(checkout, ["lint", flow]) }
    let baseline = Measure.samples(warmUp: 2, count: 15, iterations: 1) { spawn("/bin/true", []) }
    return [Metric(name: "lint.process", unit: "ms", median: Measure.median(lint) / 1e6, min: (lint.min() ?? 0) / 1e6,
      max: (lint.max() ?? 0) / 1e6, target: "<= 50", baseline: Measure.median(baseline) / 1e6,
      baselineName: "starting /bin/true")]
  }

  private static func spawn(_ path: String, _ arguments: [String]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      process.waitUntilExit()
    } catch {
      FileHandle.standardError.write(Data("checkout-bench: cannot run \(path): \(error)\n".utf8))
    }
  }
}
