import CheckoutEngine
import Foundation
import Logging
import PostgresNIO

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
  /// Keys other than the current one that a running instance recorded as its own
  /// recently (``RecentDataKey/window``): that instance still seals with it, so
  /// what it writes after this reseal is not under the current key.
  var stillSealing: [RecentDataKey] = []
  /// The id of the current key, which the others are named beside.
  var currentKey = ""

  var description: String {
    "resealed \(resealed), already current \(current), unreadable (left as they are) \(unreadable), "
      + "changed meanwhile \(conflicts)"
  }

  /// The exit status of `--reseal`: 1 when a session could not be opened or kept
  /// changing, else 3 when an instance still seals with another key, else 0.
  var exitStatus: Int32 {
    if unreadable > 0 || conflicts > 0 { return 1 }
    return stillSealing.isEmpty ? 0 : 3
  }

  /// One `warning:` line per key another instance still seals with (none when all is clear).
  var warnings: [String] {
    let (beat, window) = (DataKeyHeartbeat.standardInterval.components.seconds, RecentDataKey.window.components.seconds)
    return stillSealing.map { key in
      "warning: data key \(key.id) is not the current key \(currentKey), yet a running instance recorded it as its "
        + "own \(key.secondsAgo) s ago (each records its current key every \(beat) s): that instance still seals card "
        + "numbers with \(key.id), which this reseal could not cover; restart it with \(DataKeyMaterial.variable) "
        + "set to the current key and run --reseal again (a key stops counting \(window) s after its last record)"
    }
  }
}

/// A data key a running instance recorded as its current one (``DataKeyHeartbeat``)
/// within ``window``, and how long ago.
struct RecentDataKey: Sendable, Equatable {
  /// The key's id.
  var id: String
  /// Seconds since an instance last recorded it.
  var secondsAgo: Int

  /// Recently: within two heartbeats, so that a running instance whose beat is a
  /// little late still counts.
  static let window: Duration = DataKeyHeartbeat.standardInterval * 2

  /// The keys other than `current` recorded within ``window``, the latest first.
  static func others(than current: String, on connection: PostgresConnection, logger: Logger) async throws
    -> [RecentDataKey]
  {
    let window = Int(Self.window.components.seconds)
    let rows = try await connection.query(
      """
      SELECT id, floor(extract(epoch FROM now() - seen_at))::int FROM checkout_data_keys
      WHERE id <> \(current) AND seen_at > now() - interval '\(unescaped: "\(window)") seconds' ORDER BY seen_at DESC
      """, logger: logger)
    var keys: [RecentDataKey] = []
    for try await (id, seconds) in rows.decode((String, Int).self) {
      keys.append(RecentDataKey(id: id, secondsAgo: max(0, seconds)))
    }
    return keys
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
/// nothing to reseal), every session re-sealed with the current key; then the
/// keys other instances still seal with (``ResealReport/stillSealing``). The pool
/// is sized and timed by `arguments.database` (``DatabaseOptions``); `logger`
/// (nil: the process's) is where its lines go, a test's to read them.
func resealStore(
  _ arguments: some AppArguments,
  environment: [String: String] = ProcessInfo.processInfo.environment,
  logger given: Logger? = nil
) async throws -> ResealReport {
  var logger = given ?? Logger(label: "checkout-server")
  logger.logLevel = arguments.logLevel ?? .info
  let options = try arguments.database.validated()
  let catalog = try FlowCatalog.load(directory: arguments.flows ?? FlowCatalog.defaultDirectory, logger: logger)
  guard let url = try DatabaseURL.given(in: environment) else {
    throw UsageError(description: "--reseal needs DATABASE_URL: the memory store ends with its process")
  }
  let keys = try dataKeyring(in: environment, persistent: true)
  let target = try DatabaseURL.target(url)
  var startup = DatabaseStartup(target: target, logger: logger)
  startup.poolSize = options.dbPoolSize
  _ = try await startup.prepare(keys: keys, sweep: nil)
  let postgres = PostgresSessionStore(target: target, options: options, logger: logger)
  let sealing = SealingSessionStore(base: postgres, catalog: catalog, keys: keys, logger: logger)
  logger.info(
    "resealing",
    metadata: ["dataKey": "\(keys.current.id)", "oldDataKeys": "\(keys.old.map(\.id).joined(separator: ","))"])
  var report = try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask { await postgres.client.run() }
    defer { group.cancelAll() }
    // The pool's run() first: a query before it made PostgresNIO warn that run()
    // had not been called, in every reseal's output.
    await postgres.client.started()
    return try await reseal(postgres, sealing: sealing, logger: logger)
  }
  // After the pass: an instance still on another key writes under it meanwhile.
  report.currentKey = keys.current.id
  report.stillSealing = try await DatabaseStartup(target: target, logger: logger).withConnection {
    [logger] connection in
    try await RecentDataKey.others(than: keys.current.id, on: connection, logger: logger)
  }
  return report
}
