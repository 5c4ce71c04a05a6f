import CheckoutEngine
import Foundation
import Logging
import ServiceLifecycle

/// Deletes sessions nobody uses any more, every `interval`, and forgets their
/// secrets. Runs as a service beside the server and stops at graceful shutdown.
///
/// A session with a call in flight, waiting for an action or unanswered is never
/// swept (its order may be charged); a lost call is finished beside the sweeper,
/// on its schedule, by ``LostCallRecovery``, and its order then swept as finished. Otherwise a *finished* order, one resting on
/// a `reset` step other than its flow's start (a confirmation), goes once nothing
/// has saved or read it for `finishedRetention`; any other session once nothing
/// has for `idleTimeout`. Reads count (``ReadActivity`` records them). On
/// PostgreSQL one instance sweeps at a time (an advisory lock); the others skip
/// the pass. A store that is not a ``SweepableSessionStore`` is swept by its last
/// save alone (`deleteSessions(savedBefore:)`, idle timeout only).
///
/// Each session deleted is logged (info, `session swept`) with its id and why
/// (``SweptSession``): `reason=idle`, or `reason=finished` with the operation that
/// placed its order (`finishedBy=placeOrder`), so a shopper who comes back to a
/// 404 can be told what became of the checkout; then the pass's count.
struct SessionSweeper: Service, CustomStringConvertible {
  let store: any SessionStore
  let catalog: FlowCatalog
  let vault: SecretVault
  let idleTimeout: Duration
  let finishedRetention: Duration
  let interval: Duration
  let metrics: ServerMetrics
  let logger: Logger
  /// How many sessions one batch of a pass lists at most (the oldest first); a
  /// pass goes on with another batch while one is full and deletes something.
  var batch = 1000
  /// The clock each pass is timed by.
  var now: @Sendable () -> Date = { Date() }

  /// What service-lifecycle logs name it by (not its stored properties: the store,
  /// the flows and the metrics registry).
  var description: String {
    "SessionSweeper(every \(interval), idle timeout \(idleTimeout), finished retention \(finishedRetention))"
  }

  func run() async throws {
    await Periodic.every(interval) {
      await sweep(now: now())
    }
  }

  /// One pass: deletes what has been inactive past its retention; returns how
  /// many (0 when another instance holds the sweep).
  @discardableResult
  func sweep(now: Date = Date()) async -> Int {
    let idleCutoff = now.addingTimeInterval(-Self.seconds(idleTimeout))
    let finishedCutoff = now.addingTimeInterval(-Self.seconds(finishedRetention))
    do {
      let deleted: [SweptSession]
      if let sweepable = store as? any SweepableSessionStore {
        let catalog = catalog
        let batch = batch
        guard
          let swept = try await sweepable.asOnlySweeper({
            try await Self.passes(
              sweepable, catalog: catalog, idleCutoff: idleCutoff, finishedCutoff: finishedCutoff, batch: batch)
          })
        else {
          logger.debug("another instance is sweeping; this pass is skipped")
          return 0
        }
        deleted = swept
      } else {
        deleted = try await store.deleteSessions(savedBefore: idleCutoff).map { SweptSession(id: $0, reason: .idle) }
      }
      for swept in deleted {
        await vault.forget(swept.id)
        logger.info("session swept", metadata: swept.metadata)
      }
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

  /// The sessions of one pass: batches of ``batch`` (the oldest first) until a
  /// batch is not full or deletes nothing. One batch a pass capped what a pass
  /// could delete (1,000 a minute at the defaults, some 17 new checkouts a second),
  /// so a store taking more kept growing until `--max-sessions` refused new ones.
  /// Every batch but the last deletes at least one session, so the pass ends.
  private static func passes(
    _ store: any SweepableSessionStore, catalog: FlowCatalog, idleCutoff: Date, finishedCutoff: Date, batch: Int
  ) async throws -> [SweptSession] {
    var deleted: [SweptSession] = []
    while true {
      let (listed, swept) = try await pass(
        store, catalog: catalog, idleCutoff: idleCutoff, finishedCutoff: finishedCutoff, batch: batch)
      deleted += swept
      if listed < batch || swept.isEmpty || Task.isCancelled { return deleted }
    }
  }

  /// One batch: at most `batch` sessions listed inactive before the later cutoff,
  /// each deleted if its own cutoff has passed and nothing saved it since it was
  /// listed; how many were listed, and those deleted.
  private static func pass(
    _ store: any SweepableSessionStore, catalog: FlowCatalog, idleCutoff: Date, finishedCutoff: Date, batch: Int
  ) async throws -> (listed: Int, deleted: [SweptSession]) {
    var deleted: [SweptSession] = []
    let latest = max(idleCutoff, finishedCutoff)
    let candidates = try await store.inactiveSessions(before: latest, limit: batch)
    for candidate in candidates {
      if candidate.snapshot.hasCalls { continue }
      let finished = isFinished(candidate.snapshot, in: catalog)
      let cutoff = finished ? finishedCutoff : idleCutoff
      guard candidate.lastActive < cutoff else { continue }
      if try await store.delete(candidate.id, version: candidate.version, inactiveSince: cutoff) {
        deleted.append(
          SweptSession(
            id: candidate.id, reason: finished ? .finished(by: candidate.snapshot.finished) : .idle))
      }
    }
    return (candidates.count, deleted)
  }

  /// A finished order: no call, resting on a `reset` step other than its flow's
  /// start (the confirmation a placed order reaches).
  static func isFinished(_ snapshot: SessionSnapshot, in catalog: FlowCatalog) -> Bool {
    guard !snapshot.hasCalls, let compiled = catalog.version(of: snapshot) ?? catalog[snapshot.flow] else {
      return false
    }
    return SealingSessionStore.isFinished(snapshot, in: compiled)
  }

  static func seconds(_ duration: Duration) -> Double { Double(duration.nanoseconds) / 1e9 }
}
