import CheckoutEngine
import Foundation
import Logging
import ServiceLifecycle

/// Deletes sessions that nothing has changed for `idleTimeout` (finished orders and
/// abandoned checkouts alike), every `interval`, and forgets their secrets. Runs as
/// a service beside the server and stops at graceful shutdown.
struct SessionSweeper: Service, CustomStringConvertible {
  let store: any SessionStore
  let vault: SecretVault
  let idleTimeout: Duration
  let interval: Duration
  let metrics: ServerMetrics
  let logger: Logger

  /// What service-lifecycle logs name it by (not its stored properties: the store,
  /// the flows and the metrics registry).
  var description: String { "SessionSweeper(every \(interval), idle timeout \(idleTimeout))" }

  func run() async throws {
    while !Task.isShuttingDownGracefully {
      do {
        try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
      } catch {
        return
      }
      await sweep()
    }
  }

  /// One pass: deletes what has been idle past the timeout; returns how many.
  @discardableResult
  func sweep(now: Date = Date()) async -> Int {
    let cutoff = now.addingTimeInterval(-Double(idleTimeout.nanoseconds) / 1e9)
    do {
      let deleted = try await store.deleteSessions(savedBefore: cutoff)
      for id in deleted { await vault.forget(id) }
      if !deleted.isEmpty {
        metrics.sessionsSwept.increment(by: deleted.count)
        logger.info("sessions swept", metadata: ["count": "\(deleted.count)"])
      }
      return deleted.count
    } catch {
      logger.warning("session sweep failed; trying again later", metadata: ["error.type": "\(type(of: error))"])
      return 0
    }
  }
}
