import Foundation

/// `checkout lint Flows/plndr.json` as a whole process, beside starting `/bin/true`.
enum ProcessBenchmarks {
  static func run(root: URL, binaryDirectory: URL) -> [Metric] {
    let checkout = binaryDirectory.appendingPathComponent("checkout").path
    guard FileManager.default.isExecutableFile(atPath: checkout) else {
      FileHandle.standardError.write(
        Data("checkout-bench: \(checkout) is missing; build it with swift build -c release\n".utf8))
      return []
    }
    let flow = root.appendingPathComponent("Flows/plndr.json").path
    let lint = Measure.samples(warmUp: 2, count: 15, iterations: 1) { spawn(checkout, ["lint", flow]) }
    let baseline = Measure.samples(warmUp: 2, count: 15, iterations: 1) { spawn("/bin/true", []) }
    return [
      Metric(
        name: "lint.process", unit: "ms", median: Measure.median(lint) / 1e6, min: (lint.min() ?? 0) / 1e6,
        max: (lint.max() ?? 0) / 1e6, target: "<= 50", baseline: Measure.median(baseline) / 1e6,
        baselineName: "starting /bin/true")
    ]
  }

  /// Starts a process with posix_spawn (standard output and error to /dev/null) and
  /// waits for it: what a shell does, without Foundation's run-loop overhead.
  private static func spawn(_ path: String, _ arguments: [String]) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
      FileHandle.standardError.write(Data("checkout-bench: cannot run \(path)\n".utf8))
      return
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
  }
}
