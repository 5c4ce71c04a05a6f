import CheckoutEngine
import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// A store whose every operation answers within `limit`: one that takes longer
/// (a database that is down, restarting or overloaded) fails with
/// ``SessionStoreError`` `.unavailable`, which the server answers 503 with
/// `Retry-After`, instead of holding the request until a connection times out.
///
/// The operation is not awaited past the limit: it goes on in the background,
/// cancelled, and its late answer is dropped (a save that lands late is a version
/// the next load sees, as if another writer had saved it). The limit is a timer
/// of the server's event loops (``MultiThreadedEventLoopGroup/singleton``, which
/// Hummingbird serves on), cancelled when the operation answers first: no task
/// sleeps through the limit for every operation.
final class TimeLimitedStore: SessionStore {
  let base: any SessionStore
  /// How long an operation may take; nil for the server's memory store
  /// (``MemorySessionStore``), which waits on nothing outside this process: its
  /// operations are called directly, without a task and a timer each.
  let limit: Duration?
  let metrics: ServerMetrics

  init(base: any SessionStore, limit: Duration?, metrics: ServerMetrics) {
    (self.base, self.limit, self.metrics) = (base, limit, metrics)
  }

  /// The digests of session secrets in `secrets`, read and recorded within the
  /// same limit: the session guard reads one before anything else, so a database
  /// that does not answer is a 503 there too, not a request held open.
  func limiting(_ secrets: any SessionSecretStore) -> any SessionSecretStore {
    TimeLimitedSecrets(base: secrets, limited: self)
  }

  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws {
    try await withinLimit(id) { [base] in try await base.insert(snapshot, id: id) }
  }

  func load(_ id: SessionID) async throws -> StoredSession? {
    try await withinLimit(id) { [base] in try await base.load(id) }
  }

  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
    try await withinLimit(id) { [base] in try await base.save(snapshot, id: id, expectedVersion: expectedVersion) }
  }

  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
    try await withinLimit(SessionID("(sweep)")) { [base] in try await base.deleteSessions(savedBefore: cutoff) }
  }

  /// Runs `operation`, or throws `.unavailable` once `limit` has passed.
  func withinLimit<T: Sendable>(
    _ id: SessionID, _ operation: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    guard let limit else { return try await operation() }
    let race = Race<T>()
    let metrics = self.metrics
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        race.start(continuation)
        let work = Task {
          do {
            race.finish(with: .success(try await operation()))
          } catch {
            race.finish(with: .failure(error))
          }
        }
        let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: .nanoseconds(limit.nanoseconds)) {
          let reason = "the store did not answer within \(limit.nanoseconds / 1_000_000) ms"
          if race.finish(with: .failure(SessionStoreError(.unavailable(reason), id: id))) {
            metrics.storeTimeouts.increment()
            work.cancel()
          }
        }
        race.onFinish { timer.cancel() }
      }
    } onCancel: {
      race.finish(with: .failure(CancellationError()))
    }
  }
}

/// The first of an operation and its deadline to finish resumes the waiting request.
private final class Race<T: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<T, any Error>?
    var result: Result<T, any Error>?
    var cleanup: (@Sendable () -> Void)?
  }

  private let state = Mutex(State())

  func start(_ continuation: CheckedContinuation<T, any Error>) {
    let early = state.withLock { state -> Result<T, any Error>? in
      guard let result = state.result else {
        state.continuation = continuation
        return nil
      }
      return result
    }
    if let early { continuation.resume(with: early) }
  }

  /// Resumes the request with `result` unless another finished first; returns
  /// whether this one did.
  @discardableResult
  func finish(with result: Result<T, any Error>) -> Bool {
    let (won, continuation, cleanup) = state.withLock {
      state -> (Bool, CheckedContinuation<T, any Error>?, (@Sendable () -> Void)?) in
      guard state.result == nil else { return (false, nil, nil) }
      state.result = result
      defer {
        state.continuation = nil
        state.cleanup = nil
      }
      return (true, state.continuation, state.cleanup)
    }
    continuation?.resume(with: result)
    cleanup?()
    return won
  }

  /// Runs `cleanup` when the race is decided (at once if it is).
  func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
    let decided = state.withLock { state -> Bool in
      guard state.result == nil else { return true }
      state.cleanup = cleanup
      return false
    }
    if decided { cleanup() }
  }
}

/// Session-secret digests read and recorded within a ``TimeLimitedStore``'s limit.
private struct TimeLimitedSecrets: SessionSecretStore {
  let base: any SessionSecretStore
  let limited: TimeLimitedStore

  func recordSecret(_ digest: SecretDigest, for id: SessionID) async throws {
    try await limited.withinLimit(id) { [base] in try await base.recordSecret(digest, for: id) }
  }

  func secretDigest(for id: SessionID) async throws -> SecretDigest? {
    try await limited.withinLimit(id) { [base] in try await base.secretDigest(for: id) }
  }
}
