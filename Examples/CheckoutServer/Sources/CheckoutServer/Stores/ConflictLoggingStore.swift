import CheckoutEngine
import Foundation
import Logging

/// Wraps a store to log each write conflict (at debug level) and count it
/// (`checkout_store_conflicts_total`) before the library's `update` retries it, so
/// that a run can show how often writers raced.
final class ConflictLoggingStore: SessionStore {
  let base: any SessionStore
  let logger: Logger
  let metrics: ServerMetrics

  init(base: any SessionStore, logger: Logger, metrics: ServerMetrics) {
    (self.base, self.logger, self.metrics) = (base, logger, metrics)
  }

  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws {
    try await base.insert(snapshot, id: id)
  }

  func load(_ id: SessionID) async throws -> StoredSession? {
    try await base.load(id)
  }

  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
    do {
      return try await base.save(snapshot, id: id, expectedVersion: expectedVersion)
    } catch let error as SessionStoreError {
      if case .conflict(let current) = error.kind {
        metrics.storeConflicts.increment()
        logger.debug(
          "save conflict",
          metadata: ["session": "\(id)", "expectedVersion": "\(expectedVersion)", "current": "\(current)"])
      }
      throw error
    }
  }

  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
    try await base.deleteSessions(savedBefore: cutoff)
  }
}
