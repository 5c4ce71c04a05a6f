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
///
/// Nothing of a pool is awaited without a limit, so that a stop ends: after the
/// database restarted under load, a SIGTERM was seen to wait in this service
/// until service-lifecycle's cancellation deadline ended the process with a fatal
/// error (the watch awaited a `SELECT 1` probe that PostgresNIO 1.33.2 never
/// returned, even cancelled). A probe is given up at its limit, not awaited; a
/// pool whose `run()` has not returned ``stopLimit`` after its stop is left
/// behind with a warning naming it.
final class RecoveringPostgresClient: Service, Sendable {
  /// How often a failing pool is probed.
  static let probeInterval = Duration.milliseconds(100)
  /// How long the pool in use may take to answer a probe.
  static let poolProbeLimit = Duration.milliseconds(250)
  /// How long a fresh pool may take to connect and answer: its connect timeout
  /// (`--db-connect-timeout`) and a probe's limit, and at least a second, so that a
  /// database that takes longer to connect to than a second can still replace a
  /// pool that lags behind it.
  var candidateLimit: Duration {
    max(.seconds(1), configuration.options.connectTimeout + Self.poolProbeLimit)
  }
  /// How long a replaced pool keeps running for the operations it holds.
  static let retirement = Duration.seconds(10)

  /// How often, at most, a failing database is diagnosed with a connection of its own.
  static let diagnosisInterval = Duration.seconds(5)

  /// How long a pool's `run()` may take to return once cancelled.
  static let stopLimit = Duration.seconds(2)

  /// The configuration of every pool it starts.
  let configuration: PostgresClient.Configuration
  /// The database the pools connect to, which failures name (nil: a test's bare configuration).
  let target: DatabaseTarget?
  private let logger: Logger
  private let state: Mutex<State>
  /// Whether ``run()`` has started the first pool, and the callers of ``started()`` waiting for it.
  private let gate = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

  private struct State {
    var current: PostgresClient
    /// Set by a failed operation; cleared when the pool answers a probe.
    var suspect = false
    /// Each pool's `run()` and name (`pool 1`, the first), by pool.
    var runs: [ObjectIdentifier: (name: String, task: Task<Void, Never>)] = [:]
    /// How many pools were started.
    var started = 0
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

  /// Returns once ``run()`` has started the first pool's `run()`: an operation
  /// before that makes PostgresNIO warn "`PostgresClient.run()` hasn't been called
  /// yet" (`--reseal` printed it: its first query raced the task running the pool).
  /// Call it beside a ``run()`` already begun or about to be, as a task group does.
  func started() async {
    await withCheckedContinuation { continuation in
      let open = gate.withLock { gate in
        if !gate.open { gate.waiting.append(continuation) }
        return gate.open
      }
      if open { continuation.resume() }
    }
  }

  /// Runs the pools and the watch until cancelled or shut down gracefully.
  func run() async {
    start(current)
    let waiting = gate.withLock { gate in
      gate.open = true
      defer { gate.waiting = [] }
      return gate.waiting
    }
    for continuation in waiting { continuation.resume() }
    await cancelWhenGracefulShutdown { await self.watch() }
    let runs = state.withLock { state in
      defer { state.runs = [:] }
      return Array(state.runs.values)
    }
    for run in runs { run.task.cancel() }
    for run in runs { await end(run) }
  }

  /// Waits for a cancelled pool's `run()` to return, at most ``stopLimit``.
  private func end(_ run: (name: String, task: Task<Void, Never>)) async {
    guard await !Self.ends(run.task, within: Self.stopLimit) else { return }
    logger.warning(
      "a connection pool did not stop in time (PostgresNIO); left behind",
      metadata: ["pool": "\(run.name)", "waited": "\(Self.stopLimit)"])
  }

  /// Whether `task` ends within `limit`; a task that does not is not waited for further.
  static func ends(_ task: Task<Void, Never>, within limit: Duration) async -> Bool {
    await answer(
      of: Task {
        await task.value; return true
      }, within: limit)
  }

  /// What `task` answers, or false if it has not within `limit` (or the caller
  /// is cancelled): a task that does not end, even cancelled, is not waited for.
  static func answer(of task: Task<Bool, Never>, within limit: Duration) async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let first = FirstAnswer(continuation)
        let timer = Task {
          try? await Task.sleep(for: limit)
          first.give(false)
        }
        Task {
          let answer = await task.value
          timer.cancel()
          first.give(answer)
        }
      }
    } onCancel: {
      task.cancel()
    }
  }

  private func markSuspect() {
    state.withLock { $0.suspect = true }
  }

  /// Starts `client`'s `run()`. Where the platform has `Task.immediate` (Linux,
  /// macOS 26), the pool's `run()` has begun (PostgresNIO counts it as running)
  /// when this returns, so no operation after it makes PostgresNIO warn.
  private func start(_ client: PostgresClient) {
    let run: Task<Void, Never>
    if #available(macOS 26, *) {
      run = Task.immediate { await client.run() }
    } else {
      run = Task { await client.run() }
    }
    state.withLock { state in
      state.started += 1
      state.runs[ObjectIdentifier(client)] = (name: "pool \(state.started)", task: run)
    }
  }

  private func stop(_ client: PostgresClient) async {
    guard let run = state.withLock({ $0.runs.removeValue(forKey: ObjectIdentifier(client)) }) else { return }
    run.task.cancel()
    await end(run)
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
      guard await Self.answers(candidate, within: candidateLimit) else {
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

  /// Whether `client` answers `SELECT 1` within `limit`. The probe is not awaited
  /// past `limit`: a query on a pool whose connections broke has been seen never to
  /// return, even cancelled, and awaiting it held the watch, and so the stop, for good.
  private static func answers(_ client: PostgresClient, within limit: Duration) async -> Bool {
    let probe = Task {
      do {
        for try await _ in try await client.query("SELECT 1") {}
        return true
      } catch {
        return false
      }
    }
    defer { probe.cancel() }
    return await answer(of: probe, within: limit)
  }
}

/// The first of two answers, given to a continuation once (the other is dropped).
private final class FirstAnswer: Sendable {
  private let waiting: Mutex<CheckedContinuation<Bool, Never>?>

  init(_ continuation: CheckedContinuation<Bool, Never>) { waiting = Mutex(continuation) }

  func give(_ answer: Bool) {
    waiting.withLock { $0.take() }?.resume(returning: answer)
  }
}
