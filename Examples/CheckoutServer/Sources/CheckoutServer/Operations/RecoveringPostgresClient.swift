import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// PostgresNIO's connection pool, replaced when it lags behind the database.
///
/// After the database goes away, the pool retries one connection at a time,
/// 100 ms × 1.25ⁿ apart (up to a minute, and not configurable): the longer the
/// outage, the longer the pool goes on failing after the database is back (4 to
/// 18 s after a minute's outage). This client watches for that: once an
/// operation fails, it asks its pool for `SELECT 1` every ``probeInterval``;
/// while the pool does not answer within ``poolProbeLimit`` it starts a fresh
/// pool beside it, and if that one answers within ``candidateLimit`` (the
/// database is back) it serves every operation from then on. The old pool is
/// left to finish what it was doing and shut down ``retirement`` later; until
/// then no other pool replaces the new one, so that an overloaded pool (slow to
/// answer, though the database is up) costs at most one extra pool at a time. So
/// the server is ready again within about a second of the database.
final class RecoveringPostgresClient: Service, Sendable {
  /// How often a failing pool is probed.
  static let probeInterval = Duration.milliseconds(100)
  /// How long the pool in use may take to answer a probe.
  static let poolProbeLimit = Duration.milliseconds(250)
  /// How long a fresh pool may take to connect and answer.
  static let candidateLimit = Duration.seconds(1)
  /// How long a replaced pool keeps running for the operations it holds.
  static let retirement = Duration.seconds(10)

  /// How often, at most, a failing database is diagnosed with a connection of its own.
  static let diagnosisInterval = Duration.seconds(5)

  private let configuration: PostgresClient.Configuration
  /// The database the pools connect to, which failures name (nil: a test's bare configuration).
  let target: DatabaseTarget?
  private let logger: Logger
  private let state: Mutex<State>

  private struct State {
    var current: PostgresClient
    /// Set by a failed operation; cleared when the pool answers a probe.
    var suspect = false
    /// Each pool's `run()`, by pool.
    var runs: [ObjectIdentifier: Task<Void, Never>] = [:]
    /// When a pool was last replaced.
    var replaced: ContinuousClock.Instant?
    /// Why a connection could not be made, at the last diagnosis (nil: none failed since the pool answered).
    var problem: String?
    /// When the database was last diagnosed.
    var diagnosed: ContinuousClock.Instant?
  }

  init(configuration: PostgresClient.Configuration, target: DatabaseTarget? = nil, logger: Logger) {
    self.configuration = configuration
    self.target = target
    self.logger = logger
    self.state = Mutex(State(current: PostgresClient(configuration: configuration, backgroundLogger: logger)))
  }

  /// Why the database could not be reached at the last diagnosis (`nothing listens
  /// there (connection refused)`): PostgresNIO's pool says only that it could not
  /// get a connection. Nil once the pool answers again.
  var connectionProblem: String? { state.withLock { $0.problem } }

  /// The pool operations go to now.
  var current: PostgresClient { state.withLock { $0.current } }

  /// `PostgresClient.query` on the current pool.
  @discardableResult
  func query(_ query: PostgresQuery, logger: Logger? = nil, file: String = #fileID, line: Int = #line)
    async throws -> PostgresRowSequence
  {
    do {
      return try await current.query(query, logger: logger, file: file, line: line)
    } catch {
      markSuspect()
      throw error
    }
  }

  /// `PostgresClient.execute` on the current pool: a prepared statement, parsed
  /// once per connection of the pool (a fresh pool prepares it again).
  func execute<Statement: PostgresPreparedStatement>(
    _ statement: Statement, logger: Logger? = nil, file: String = #fileID, line: Int = #line
  ) async throws -> AsyncThrowingMapSequence<PostgresRowSequence, Statement.Row> {
    do {
      return try await current.execute(statement, logger: logger, file: file, line: line)
    } catch {
      markSuspect()
      throw error
    }
  }

  /// `PostgresClient.withConnection` on the current pool.
  func withConnection<Result: Sendable>(_ closure: (PostgresConnection) async throws -> Result) async throws -> Result {
    do {
      return try await current.withConnection(closure)
    } catch {
      markSuspect()
      throw error
    }
  }

  /// Runs the pools and the watch until cancelled or shut down gracefully.
  func run() async {
    start(current)
    await cancelWhenGracefulShutdown { await self.watch() }
    let runs = state.withLock { state in
      defer { state.runs = [:] }
      return Array(state.runs.values)
    }
    for run in runs { run.cancel() }
    for run in runs { await run.value }
  }

  private func markSuspect() {
    state.withLock { $0.suspect = true }
  }

  private func start(_ client: PostgresClient) {
    let run = Task { await client.run() }
    state.withLock { $0.runs[ObjectIdentifier(client)] = run }
  }

  private func stop(_ client: PostgresClient) async {
    let run = state.withLock { $0.runs.removeValue(forKey: ObjectIdentifier(client)) }
    run?.cancel()
    await run?.value
  }

  private func watch() async {
    while !Task.isCancelled {
      try? await Task.sleep(for: Self.probeInterval)
      guard state.withLock({ $0.suspect }), !Task.isCancelled else { continue }
      let pool = current
      if await Self.answers(pool, within: Self.poolProbeLimit) {
        state.withLock { state in
          state.suspect = false
          state.problem = nil
        }
        continue
      }
      await diagnose()
      let replacedLately = state.withLock { state in
        state.replaced.map { ContinuousClock.now - $0 < Self.retirement } ?? false
      }
      guard !replacedLately else { continue }
      // Quieter than the first pool: during an outage a candidate a second fails to connect.
      var quiet = logger
      quiet.logLevel = max(logger.logLevel, .warning)
      let candidate = PostgresClient(configuration: configuration, backgroundLogger: quiet)
      start(candidate)
      guard await Self.answers(candidate, within: Self.candidateLimit) else {
        await stop(candidate)
        continue
      }
      state.withLock { state in
        state.current = candidate
        state.suspect = false
        state.replaced = .now
      }
      logger.notice("the database answers again: a fresh connection pool replaces the one still backing off")
      Task {
        try? await Task.sleep(for: Self.retirement)
        await self.stop(pool)
      }
    }
  }

  /// Records why a connection cannot be made (``connectionProblem``), by making
  /// one, at most every ``diagnosisInterval``.
  func diagnose() async {
    guard let target else { return }
    let due = state.withLock { state in
      guard state.diagnosed.map({ ContinuousClock.now - $0 >= Self.diagnosisInterval }) ?? true else { return false }
      state.diagnosed = .now
      return true
    }
    guard due else { return }
    var problem: String?
    do {
      let connection = try await PostgresConnection.connect(
        configuration: try target.connectionConfiguration(timeout: .seconds(1)), id: 0, logger: logger)
      try? await connection.close()
      problem = "it connects, but the connection pool does not answer in time (too many requests?)"
    } catch {
      problem = ConnectionFailure(error).text
    }
    state.withLock { $0.problem = problem }
  }

  /// Whether `client` answers `SELECT 1` within `limit`.
  private static func answers(_ client: PostgresClient, within limit: Duration) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        do {
          for try await _ in try await client.query("SELECT 1") {}
          return true
        } catch {
          return false
        }
      }
      group.addTask {
        try? await Task.sleep(for: limit)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }
}
