import ArgumentParser
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOPosix
import Testing

@testable import CheckoutServer

/// Slow clients cost nothing, on a real socket (`.live`): a header block or a body
/// that dribbles in is answered 408 and closed at its timeout, a connection past
/// the cap is answered 503 with `Retry-After` and closed, and the options are on
/// the command line.
@Suite struct SlowClientTests {
  /// Runs `test` with the port of a live server with short read timeouts and a
  /// cap of three connections.
  func withLiveServer(_ test: @Sendable (Int) async throws -> Void) async throws {
    var arguments = TestArguments()
    arguments.connections = ConnectionOptions(headerTimeout: 0.5, bodyTimeout: 0.5, maxConnections: 3)
    let app = try await buildApplication(
      arguments,
      dependencies: AppDependencies(logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, environment: [:]))
    try await app.test(.live) { client in
      try await test(try #require(client.port))
    }
  }

  @Test func headersThatDribbleInAreA408AtTheHeaderTimeout() async throws {
    try await withLiveServer { port in
      let start = ContinuousClock.now
      // A header line every 0.3 s for 3 s: the block never ends in time.
      let drip = (0..<10).map { RawHTTP.request("X-Slow-\($0): a\r\n") }
      let answer = try await RawHTTP.exchange(
        port: port, [RawHTTP.request("GET /health HTTP/1.1\r\nHost: x\r\n")] + drip, pause: .milliseconds(300),
        wait: .seconds(6))
      let elapsed = ContinuousClock.now - start
      #expect(answer.status == 408, "\(answer.text)")
      #expect(answer.body.contains(#""error":"request_timeout""#))
      #expect(answer.closed)
      #expect(elapsed < .seconds(3.5), "closed after \(elapsed)")
    }
  }

  @Test func aBodyThatDribblesInIsA408AtTheBodyTimeout() async throws {
    try await withLiveServer { port in
      let start = ContinuousClock.now
      let head = RawHTTP.request("POST /sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 60000\r\n\r\n{")
      let answer = try await RawHTTP.exchange(
        port: port, [head] + Array(repeating: RawHTTP.request(" "), count: 10), pause: .milliseconds(300),
        wait: .seconds(6))
      let elapsed = ContinuousClock.now - start
      #expect(answer.status == 408, "\(answer.text)")
      #expect(answer.body.contains(#""error":"request_timeout""#))
      #expect(answer.header("connection") == "close")
      #expect(answer.closed)
      #expect(elapsed < .seconds(3.5), "closed after \(elapsed)")
    }
  }

  @Test func aRequestThatArrivesInTimeIsServedOnTheSameConnectionAfterAPause() async throws {
    try await withLiveServer { port in
      // Idle between requests is not slow: the header clock starts at the first byte.
      let answer = try await RawHTTP.exchange(
        port: port,
        [
          RawHTTP.request("GET /health HTTP/1.1\r\nHost: x\r\n\r\n"),
          RawHTTP.request("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
        ], pause: .milliseconds(900))
      #expect(answer.text.components(separatedBy: "HTTP/1.1 200").count == 3, "\(answer.text)")
    }
  }

  @Test func aConnectionPastTheCapIsA503WithRetryAfterAndClosed() async throws {
    try await withLiveServer { port in
      // Three connections held open (the cap), then a fourth.
      var held: [NIOAsyncChannel<ByteBuffer, ByteBuffer>] = []
      for _ in 0..<3 {
        held.append(try await Self.connect(port: port))
      }
      try await Task.sleep(for: .milliseconds(200))
      let refused = try await RawHTTP.exchange(
        port: port, [RawHTTP.request("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")], wait: .seconds(3))
      #expect(refused.status == 503, "\(refused.text)")
      #expect(refused.header("retry-after") == "2")
      #expect(refused.body.contains(#""error":"too_many_connections""#))
      #expect(refused.closed)
      for channel in held { try? await channel.channel.close() }
      try await Task.sleep(for: .milliseconds(200))
      let served = try await RawHTTP.exchange(
        port: port, [RawHTTP.request("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")])
      #expect(served.status == 200, "\(served.text)")
    }
  }

  @Test func theOptionsAreOnTheCommandLineWithTheirDefaults() throws {
    let help = CheckoutServerCommand.helpMessage(columns: 400)
    for option in ["--header-timeout", "--body-timeout", "--max-connections", "--no-raise-descriptor-limit"] {
      #expect(help.contains(option), "\(option) is not in --help")
    }
    let parsed = try CheckoutServerCommand.parse([])
    #expect(parsed.connections.headerTimeout == 5)
    #expect(parsed.connections.bodyTimeout == 10)
    #expect(parsed.connections.maxConnections == 4096)
    #expect(parsed.connections.raiseDescriptorLimit)
    let given = try CheckoutServerCommand.parse(["--header-timeout", "2", "--max-connections", "10"])
    #expect(given.connections.headerTimeout == 2)
    #expect(given.connections.maxConnections == 10)
  }

  @Test(arguments: [
    ConnectionOptions(headerTimeout: 0), ConnectionOptions(bodyTimeout: -1), ConnectionOptions(bodyTimeout: .infinity),
    ConnectionOptions(maxConnections: 0),
  ])
  func aTimeoutOrCapOutOfRangeIsRefused(options: ConnectionOptions) {
    #expect(throws: UsageError.self) { _ = try options.validated() }
  }

  @Test func theDescriptorLimitIsRaisedToTheHardLimit() throws {
    let before = try #require(DescriptorLimit.read())
    guard before.maximum > 2048, before.maximum < Int.max else { return }
    // Lowered as a distribution starts a process, then raised as the server does.
    #expect(DescriptorLimit.lower(to: 2048))
    #expect(DescriptorLimit.read()?.current == 2048)
    let raised = try #require(DescriptorLimit.raised())
    #expect(raised.current == before.maximum)
    #expect(raised.connectionsThatFit(1_000_000) == before.maximum - DescriptorLimit.reserve)
    #expect(DescriptorLimit(current: 1024, maximum: 1024).connectionsThatFit(4096) == 1024 - DescriptorLimit.reserve)
  }

  static func connect(port: Int) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
    try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connect(host: "127.0.0.1", port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
      }
  }
}
