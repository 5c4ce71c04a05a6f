import Logging
import ServiceLifecycle
import Synchronization

/// The process's service group, with a deadline on its stop that ends the process
/// cleanly instead of crashing it.
///
/// A graceful stop (SIGTERM, SIGINT) not finished in `maximumGracefulShutdown` is
/// cancelled; a cancellation not finished ``cancellationLimit`` later is left
/// behind: ``leftBehind`` is called with the names of the services still running
/// (the process's: logs them at error and exits with status 1). Service-lifecycle's
/// own bound on cancellation ends the process with a fatal error (SIGILL, exit 132)
/// naming nothing, so the group runs without it.
struct ProcessGroup: Sendable {
  /// How long a cancelled stop may take before it is left behind.
  static let cancellationLimit = Duration.seconds(5)

  let group: ServiceGroup
  let running: RunningServices
  /// Given once, when a graceful stop begins.
  private let begun: AsyncStream<Void>
  private let deadline: Duration
  private let leftBehind: @Sendable ([String]) -> Void

  /// `services` run in this order and stop last to first; `leftBehind` is told the
  /// names of those still running when a stop has overrun its deadline.
  init(
    services: [any Service], logger: Logger, stopsOnSignals: Bool, maximumGracefulShutdown: Duration,
    cancellationLimit: Duration = ProcessGroup.cancellationLimit, running: RunningServices = RunningServices(),
    leftBehind: @escaping @Sendable ([String]) -> Void
  ) {
    let (begun, stopping) = AsyncStream.makeStream(of: Void.self)
    var configuration = ServiceGroupConfiguration(
      services: services.map { running.track($0) }
        + [StopNotice(logger: logger, onStop: { stopping.yield() })],
      gracefulShutdownSignals: stopsOnSignals ? [.sigterm, .sigint] : [],
      logger: logger)
    configuration.maximumGracefulShutdownDuration = maximumGracefulShutdown
    configuration.maximumCancellationDuration = nil
    self.group = ServiceGroup(configuration: configuration)
    self.running = running
    self.begun = begun
    self.deadline = maximumGracefulShutdown + cancellationLimit
    self.leftBehind = leftBehind
  }

  func triggerGracefulShutdown() async {
    await group.triggerGracefulShutdown()
  }

  /// Runs the group until its services end; a stop that overruns its deadline is
  /// handed to `leftBehind` (which, for the process, does not return).
  func run() async throws {
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await group.run() }
      tasks.addTask { [begun, deadline, leftBehind, running] in
        for await _ in begun { break }
        guard !Task.isCancelled else { return }
        try? await Task.sleep(for: deadline)
        guard !Task.isCancelled else { return }
        leftBehind(running.names)
      }
      try await tasks.next()
      tasks.cancelAll()
    }
  }
}

/// The services of a group still running, by name (their description), for the
/// line that names what did not stop.
final class RunningServices: Sendable {
  private let running = Mutex<[String]>([])

  /// Those still running, in the order they started.
  var names: [String] { running.withLock { $0 } }

  func track(_ service: any Service) -> any Service { TrackedService(base: service, running: self) }

  fileprivate func started(_ name: String) { running.withLock { $0.append(name) } }

  fileprivate func finished(_ name: String) {
    running.withLock { names in
      if let index = names.firstIndex(of: name) { names.remove(at: index) }
    }
  }
}

/// A service whose run is recorded in ``RunningServices``; logged by its service's name.
private struct TrackedService: Service, CustomStringConvertible {
  let base: any Service
  let running: RunningServices

  var description: String { "\(base)" }

  func run() async throws {
    running.started(description)
    defer { running.finished(description) }
    try await base.run()
  }
}
