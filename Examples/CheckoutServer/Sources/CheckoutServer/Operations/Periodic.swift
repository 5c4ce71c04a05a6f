import ServiceLifecycle

/// The loop every periodic service of the server runs (``SessionSweeper``,
/// ``LostCallRecovery``, ``DataKeyHeartbeat``): wait `interval`, do one pass, again,
/// until the service group shuts down gracefully; a shutdown during the wait ends
/// it at once, a pass under way is finished first.
enum Periodic {
  /// Runs `pass` every `interval` until graceful shutdown.
  static func every(_ interval: Duration, _ pass: () async -> Void) async {
    while !Task.isShuttingDownGracefully {
      do {
        try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
      } catch {
        return
      }
      await pass()
    }
  }
}
