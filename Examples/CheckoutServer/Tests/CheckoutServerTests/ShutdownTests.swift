import CheckoutEngine
import Foundation
import Hummingbird
import InMemoryLogging
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization
import Testing

@testable import CheckoutServer

/// A store whose insert waits first (a request that is still in flight): for
/// `delay`, or, gated, until the test opens its gate.
struct SlowStore: SessionStore {
  let base = InMemorySessionStore()
  /// What an insert waits for before it inserts.
  let waitBeforeInsert: @Sendable () async throws -> Void

  /// Inserts take `delay`.
  init(delay: Duration) { waitBeforeInsert = { try await Task.sleep(for: delay) } }

  /// Each insert tells `began`, then waits until `gate` opens: a request is
  /// surely in flight when the stop begins, however slow the machine (a fixed
  /// delay is not: a test's own sleep can outlast it).
  init(began: AsyncStream<Void>.Continuation, gate: Gate) {
    waitBeforeInsert = {
      began.yield()
      await gate.wait()
    }
  }

  func insert(_ snapshot: SessionSnapshot, id: SessionID) async throws {
    try await waitBeforeInsert()
    try await base.insert(snapshot, id: id)
  }
  func load(_ id: SessionID) async throws -> StoredSession? { await base.load(id) }
  func save(_ snapshot: SessionSnapshot, id: SessionID, expectedVersion: Int) async throws -> Int {
    try await base.save(snapshot, id: id, expectedVersion: expectedVersion)
  }
  func deleteSessions(savedBefore cutoff: Date) async throws -> [SessionID] {
    await base.deleteSessions(savedBefore: cutoff)
  }
}

/// SIGTERM (a graceful shutdown of the service group) lets in-flight requests finish.
@Suite struct ShutdownTests {
  /// The port the server of `dependencies` listens on, once it does: port 0, the
  /// system chooses a free one (a port picked at random may be in use by another
  /// test's connection).
  static func listeningPorts(_ dependencies: inout AppDependencies) -> AsyncStream<Int> {
    let (ports, listening) = AsyncStream.makeStream(of: Int.self)
    dependencies.onServerRunning = { channel in
      listening.yield(channel.localAddress?.port ?? 0)
      listening.finish()
    }
    return ports
  }

  /// Whether `GET /health` answers 200 on `port` within some 5 s.
  static func healthAnswers(port: Int) async throws -> Bool {
    for _ in 0..<100 {
      let health = RawHTTP.request("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      if (try? await RawHTTP.exchange(port: port, [health]))?.status == 200 { return true }
      try await Task.sleep(for: .milliseconds(50))
    }
    return false
  }

  /// Opens a kept-alive connection to `port` and asks `/health` on it; the task
  /// answers true once the server closes it (the stop's quiesce event reached the
  /// server's connections: it closes an idle one at once), false after 20 s.
  static func idleConnection(port: Int) async throws -> Task<Bool, Never> {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connect(host: "127.0.0.1", port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
      }
    return Task {
      await withTaskGroup(of: Bool.self) { group in
        group.addTask {
          try? await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: "GET /health HTTP/1.1\r\nHost: x\r\n\r\n"))
            for try await _ in inbound {}
          }
          return true
        }
        group.addTask {
          try? await Task.sleep(for: .seconds(20))
          return false
        }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
      }
    }
  }

  /// A gated store, and the stream its inserts say they began on.
  static func gatedStore() -> (store: SlowStore, gate: Gate, began: AsyncStream<Void>) {
    let (began, beginning) = AsyncStream.makeStream(of: Void.self)
    let gate = Gate()
    return (SlowStore(began: beginning, gate: gate), gate, began)
  }

  /// A server's dependencies with `store`, which may hold a request at its gate
  /// for as long as a loaded machine takes (the store limit, 1.5 s by default,
  /// would answer it 503).
  static func gatedDependencies(_ store: SlowStore, logger: Logger) -> AppDependencies {
    var dependencies = AppDependencies(logger: logger, store: store, environment: [:])
    dependencies.storeTimeout = .seconds(120)
    return dependencies
  }

  @Test func aGracefulShutdownAnswersTheRequestInFlightThenStops() async throws {
    let handler = InMemoryLogHandler()
    let logged = Logger(label: "test") { _ in handler }
    let stopping = { handler.entries.filter { $0.level == .info && "\($0.message)".hasPrefix("stopping:") } }
    let (store, gate, began) = Self.gatedStore()
    var dependencies = Self.gatedDependencies(store, logger: logged)
    let ports = Self.listeningPorts(&dependencies)
    let app = try await buildApplication(TestArguments(), dependencies: dependencies)
    let group = processServiceGroup(app, stopsOnSignals: false)
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await group.run() }
      var portsIterator = ports.makeAsyncIterator()
      let port = try #require(await portsIterator.next())
      #expect(port > 0)
      #expect(try await Self.healthAnswers(port: port))
      let body = #"{"flow":"plndr"}"#
      async let inFlight = RawHTTP.exchange(
        port: port,
        [
          RawHTTP.request(
            "POST /sessions HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
          )
        ], wait: .seconds(30))
      var beginnings = began.makeAsyncIterator()
      await beginnings.next()  // the request waits at the store's gate: in flight
      #expect(stopping().isEmpty, "no stop announced while serving")
      await group.triggerGracefulShutdown()
      // Announced at once, while the request is still in flight (held at the gate).
      for _ in 0..<250 where stopping().isEmpty { try await Task.sleep(for: .milliseconds(20)) }
      #expect(stopping().count == 1, "the stop is announced before the request in flight is answered")
      gate.open()
      let answer = try await inFlight
      #expect(answer.status == 201, "\(answer.text)")
      try await tasks.waitForAll()
      // The stop was announced at info, once.
      #expect(stopping().map { "\($0.message)" } == ["stopping: no new connections; finishing the requests in flight"])
      // Stopped: nothing listens any more.
      await #expect(throws: (any Error).self) {
        _ = try await RawHTTP.exchange(port: port, [RawHTTP.request("GET /health HTTP/1.1\r\n\r\n")])
      }
    }
  }

  /// The answer to a request in flight on a kept-alive connection when the stop
  /// begins says `Connection: close` (the server closes the connection after it),
  /// so a proxy does not reuse the connection.
  @Test func theAnswerInFlightAtTheStopSaysConnectionClose() async throws {
    let (store, gate, began) = Self.gatedStore()
    var dependencies = Self.gatedDependencies(store, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    let ports = Self.listeningPorts(&dependencies)
    let app = try await buildApplication(TestArguments(), dependencies: dependencies)
    let group = processServiceGroup(app, stopsOnSignals: false)
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await group.run() }
      var portsIterator = ports.makeAsyncIterator()
      let port = try #require(await portsIterator.next())
      #expect(try await Self.healthAnswers(port: port))
      let idle = try await Self.idleConnection(port: port)
      // Kept alive (no `Connection: close` asked for): the server closes it after the answer, and says so.
      let body = #"{"flow":"plndr"}"#
      let post = RawHTTP.request(
        "POST /sessions HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
      async let inFlight = RawHTTP.exchange(port: port, [post], wait: .seconds(30))
      var beginnings = began.makeAsyncIterator()
      await beginnings.next()  // the request waits at the store's gate: in flight
      await group.triggerGracefulShutdown()
      // The idle connection closed: the stop's quiesce event was sent to every connection, the one in
      // flight included (its answer, written after the gate opens, comes after it on its event loop).
      let idleClosed = await idle.value
      gate.open()
      #expect(idleClosed, "the server closed the idle connection when the stop began")
      let answer = try await inFlight
      #expect(answer.status == 201, "\(answer.text)")
      #expect(answer.header("connection") == "close", "\(answer.text)")
      #expect(answer.closed, "the server closed the connection after the answer")
      try await tasks.waitForAll()
    }
  }

  /// A stop that does not finish (a request stuck past any call timeout) is
  /// cancelled at the group's bound, and the process's group returns: the process
  /// exits rather than hang.
  @Test func aStopThatDoesNotFinishIsCutAtItsBound() async throws {
    var dependencies = AppDependencies(
      logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, store: SlowStore(delay: .seconds(120)),
      environment: [:])
    let ports = Self.listeningPorts(&dependencies)
    let app = try await buildApplication(TestArguments(), dependencies: dependencies)
    let group = processServiceGroup(app, stopsOnSignals: false, maximumGracefulShutdown: .milliseconds(500))
    let clock = ContinuousClock()
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try? await group.run() }
      var portsIterator = ports.makeAsyncIterator()
      let port = try #require(await portsIterator.next())
      let body = #"{"flow":"plndr"}"#
      tasks.addTask {
        _ = try? await RawHTTP.exchange(
          port: port,
          [RawHTTP.request("POST /sessions HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")])
      }
      try await Task.sleep(for: .milliseconds(300))
      let stopped = clock.now
      await group.triggerGracefulShutdown()
      try await tasks.next()  // the group's run, or the stuck request: whichever ends first
      try await tasks.next()
      #expect(clock.now - stopped < .seconds(20), "the stop ended at its bound, not after the request's 120 s")
    }
  }
}

/// Something a task waits for, ignoring cancellation, until the test opens it.
final class Gate: Sendable {
  private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

  /// Waits until ``open()`` (at once if open already); cancellation does not end the wait.
  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resume = state.withLock { state in
        if state.open { return true }
        state.waiting.append(continuation)
        return false
      }
      if resume { continuation.resume() }
    }
  }

  func open() {
    let waiting = state.withLock { state in
      state.open = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }
}

/// A service that, once its stop begins, ignores cancellation until `gate` opens
/// (as PostgresNIO's probe query, which was seen never to return after the
/// database restarted).
struct StubbornService: Service, CustomStringConvertible {
  let gate: Gate
  var description: String { "StubbornService" }

  func run() async throws {
    try? await gracefulShutdown()
    await gate.wait()
  }
}

/// A stop that overruns even its cancellation is left behind naming what still
/// runs, instead of service-lifecycle's fatal error; a task that does not end is
/// not waited for further.
@Suite struct StopDeadlineTests {
  /// A group of one ``StubbornService`` held by `gate`, telling `tell` what it leaves behind.
  static func group(
    of gate: Gate, graceful: Duration, cancellation: Duration, tell: AsyncStream<[String]>.Continuation
  ) -> ProcessGroup {
    ProcessGroup(
      services: [StubbornService(gate: gate)], logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
      stopsOnSignals: false, maximumGracefulShutdown: graceful, cancellationLimit: cancellation,
      leftBehind: { tell.yield($0) })
  }

  /// Runs `group` in `tasks`, then a tenth of a second later begins its stop.
  static func stop(_ group: ProcessGroup, in tasks: inout ThrowingTaskGroup<Void, any Error>) async throws {
    tasks.addTask { try await group.run() }
    try await Task.sleep(for: .milliseconds(100))
    await group.triggerGracefulShutdown()
  }

  @Test func aStopThatOverrunsItsCancellationNamesWhatStillRuns() async throws {
    let (told, tell) = AsyncStream.makeStream(of: [String].self)
    let gate = Gate()
    let group = Self.group(of: gate, graceful: .milliseconds(200), cancellation: .milliseconds(300), tell: tell)
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      try await Self.stop(group, in: &tasks)
      var iterator = told.makeAsyncIterator()
      // Told while the service still ignores its cancellation (it ends only once the gate opens).
      #expect(await iterator.next() == ["StubbornService"])
      gate.open()
      try await tasks.waitForAll()
    }
    #expect(group.running.names.isEmpty)
  }

  @Test func aStopWithinItsBoundLeavesNothingBehind() async throws {
    let (told, tell) = AsyncStream.makeStream(of: [String].self)
    let gate = Gate()
    gate.open()
    let group = Self.group(of: gate, graceful: .seconds(20), cancellation: .seconds(20), tell: tell)
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      try await Self.stop(group, in: &tasks)
      try await tasks.waitForAll()
    }
    tell.finish()
    var iterator = told.makeAsyncIterator()
    #expect(await iterator.next() == nil, "nothing left behind")
    #expect(group.running.names.isEmpty)
  }

  @Test func aTaskThatDoesNotEndIsNotWaitedForFurther() async {
    let gate = Gate()
    let stuck = Task { await gate.wait() }
    stuck.cancel()
    // Returns (false) though the task has not ended: the gate opens only after.
    #expect(await RecoveringPostgresClient.ends(stuck, within: .milliseconds(200)) == false)
    gate.open()
    #expect(await RecoveringPostgresClient.ends(Task {}, within: .seconds(20)) == true)
    #expect(await RecoveringPostgresClient.answer(of: Task { true }, within: .seconds(20)) == true)
  }
}
