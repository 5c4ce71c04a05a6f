import CheckoutEngine
import Foundation
import Logging

/// What `checkout-server --reseal` did: counts only, never a value.
struct ResealReport: Sendable, Equatable, CustomStringConvertible {
  /// Sessions written again with their values sealed under the current key.
  var resealed = 0
  /// Sessions already sealed under the current key (or holding nothing sealed).
  var current = 0
  /// Sessions left as they are because a value opens under no held key (their key ids are logged).
  var unreadable = 0
  /// Sessions that changed under every attempt (another writer won; run it again).
  var conflicts = 0

  var description: String {
    "resealed \(resealed), already current \(current), unreadable (left as they are) \(unreadable), "
      + "changed meanwhile \(conflicts)"
  }
}

/// Re-seals every stored session's values under the current key: each is read,
/// opened with whichever held key sealed it, and saved sealed with the current
/// key (a save like any other: its version grows). A session a value of which no
/// held key opens is left byte for byte as it is and counted.
func reseal(
  _ store: any SweepableSessionStore, sealing: SealingSessionStore, logger: Logger, attempts: Int = 3
) async throws -> ResealReport {
  var report = ResealReport()
  for id in try await store.sessionIDs() {
    var done = false
    for _ in 0..<attempts {
      guard let stored = try await store.load(id) else {
        done = true
        break
      }
      guard sealing.needsResealing(stored.snapshot) else {
        report.current += 1
        done = true
        break
      }
      let opened: SessionSnapshot
      do {
        opened = try sealing.open(stored.snapshot, id: id)
      } catch {
        logger.error(
          "a session cannot be resealed; left as it is",
          metadata: ["session": "\(id)", "key": "\(error.field)", "reason": "\(error.description)"])
        report.unreadable += 1
        done = true
        break
      }
      do {
        _ = try await store.save(sealing.seal(opened, id: id), id: id, expectedVersion: stored.version)
        report.resealed += 1
        done = true
        break
      } catch let error as SessionStoreError {
        if case .conflict = error.kind { continue }
        if case .notFound = error.kind {
          done = true
          break
        }
        throw error
      }
    }
    if !done { report.conflicts += 1 }
  }
  return report
}

/// `checkout-server --reseal`: the store of `DATABASE_URL` (the memory store holds
/// nothing to reseal), every session re-sealed with the current key.
func resealStore(
  _ arguments: some AppArguments,
  environment: [String: String] = ProcessInfo.processInfo.environment
) async throws -> ResealReport {
  var logger = Logger(label: "checkout-server")
  logger.logLevel = arguments.logLevel ?? .info
  let catalog = try FlowCatalog.load(directory: arguments.flows ?? FlowCatalog.defaultDirectory, logger: logger)
  guard let url = try DatabaseURL.given(in: environment) else {
    throw UsageError(description: "--reseal needs DATABASE_URL: the memory store ends with its process")
  }
  let keys = try dataKeyring(in: environment, persistent: true)
  let target = try DatabaseURL.target(url)
  _ = try await DatabaseStartup(target: target, logger: logger).prepare(keys: keys, sweep: nil)
  let postgres = PostgresSessionStore(target: target, logger: logger)
  let sealing = SealingSessionStore(base: postgres, catalog: catalog, keys: keys, logger: logger)
  logger.info(
    "resealing",
    metadata: ["dataKey": "\(keys.current.id)", "oldDataKeys": "\(keys.old.map(\.id).joined(separator: ","))"])
  return try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask { await postgres.client.run() }
    defer { group.cancelAll() }
    return try await reseal(postgres, sealing: sealing, logger: logger)
  }
}
