import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import NIOCore
import Testing

@testable import CheckoutServer

/// The answers written below the router are logged and counted like a route's
/// (was: a 503 `too_many_connections`, the header timeout's 408, a 400
/// `malformed_request` or `bad_host`, a 431 and a declared body's 413 wrote no
/// line and no count): one `request` line each, info for the 4xx and warning for
/// the 503, and `checkout_connections_refused_total` by reason, every reason at 0
/// from the start. No line holds a card number or a CVV the request carried.
@Suite struct ConnectionRefusalTests {
  static let card = "4242424242424242"
  static let cvv = "9714"

  /// Runs `test` with the port of a live server (header timeout 0.5 s, three
  /// connections at most) whose log is captured; returns the log's lines and the metrics.
  func withLiveServer(_ test: @Sendable (Int) async throws -> Void) async throws -> (
    lines: [String], metrics: String
  ) {
    let handler = InMemoryLogHandler()
    let metrics = ServerMetrics()
    var arguments = TestArguments()
    arguments.logLevel = .info
    arguments.connections = ConnectionOptions(headerTimeout: 0.5, bodyTimeout: 0.5, maxConnections: 3)
    let app = try await buildApplication(
      arguments,
      dependencies: AppDependencies(
        logger: Logger(label: "checkout-server-test") { _ in handler }, environment: [:], metrics: metrics))
    try await app.test(.live) { client in
      try await test(try #require(client.port))
    }
    return (LogTests.lines(handler), String(decoding: metrics.exposition(), as: UTF8.self))
  }

  /// The captured lines of refusals made below the router.
  static func refusals(_ lines: [String]) -> [String] {
    lines.filter { $0.contains(" request ") && $0.contains("route=connection") }
  }

  @Test func everyRefusalBelowTheRouterIsOneLineAndOneCount() async throws {
    let (lines, metrics) = try await withLiveServer { port in
      let card = Self.card
      let cvv = Self.cvv
      // 503: a fourth connection while three are open: the test client's (it connects
      // at start) and two held (first: no other connection lingers).
      var held: [NIOAsyncChannel<ByteBuffer, ByteBuffer>] = []
      for _ in 0..<2 { held.append(try await SlowClientTests.connect(port: port)) }
      try await Task.sleep(for: .milliseconds(200))
      let refused = try await RawHTTP.exchange(
        port: port, [RawHTTP.request("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")], wait: .seconds(3))
      #expect(refused.status == 503, "\(refused.text)")
      for channel in held { try? await channel.channel.close() }
      try await Task.sleep(for: .milliseconds(200))
      // 413: a declared body over 64 KiB, its path and query holding a card number and a CVV.
      let tooLarge = try await RawHTTP.exchange(
        port: port,
        [
          RawHTTP.request(
            "POST /sessions/\(card)/events?cvv=\(cvv) HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n")
        ])
      #expect(tooLarge.status == 413, "\(tooLarge.text)")
      // 400 malformed_request: a broken request line holding them.
      let broken = try await RawHTTP.exchange(
        port: port, [RawHTTP.request("THIS \(card) IS NOT HTTP \(cvv)\r\n\r\n")])
      #expect(broken.status == 400, "\(broken.text)")
      // 400 bad_host: no Host, a header holding them.
      let noHost = try await RawHTTP.exchange(
        port: port, [RawHTTP.request("GET /health HTTP/1.1\r\nX-Card: \(card) \(cvv)\r\n\r\n")])
      #expect(noHost.status == 400, "\(noHost.text)")
      #expect(noHost.body.contains(#""error":"bad_host""#))
      // 431: headers over the limits, holding them.
      let filler = String(repeating: "\(card) \(cvv) ", count: 2000)
      let tooMany = try await RawHTTP.exchange(
        port: port, [RawHTTP.request("GET /health HTTP/1.1\r\nHost: x\r\nX-Filler: \(filler)\r\n\r\n")])
      #expect(tooMany.status == 431, "\(tooMany.text)")
      // 408: headers that never end.
      let slow = try await RawHTTP.exchange(
        port: port, [RawHTTP.request("GET /health HTTP/1.1\r\nHost: x\r\nX-Card: \(card)\r\n")], wait: .seconds(4))
      #expect(slow.status == 408, "\(slow.text)")
    }
    let refusals = Self.refusals(lines)
    for (status, error, at, level) in [
      (413, "body_too_large", "body", "info"), (400, "malformed_request", "request", "info"),
      (400, "bad_host", "Host", "info"), (431, "headers_too_large", "headers", "info"),
      (408, "request_timeout", "headers", "info"), (503, "too_many_connections", "connection", "warning"),
    ] {
      let found = refusals.filter { $0.contains("error=\(error) ") }
      #expect(found.count == 1, "\(error): \(refusals)")
      #expect(found.first?.hasPrefix("\(level) request ") == true, "\(found)")
      #expect(found.first?.contains("status=\(status) ") == true, "\(found)")
      #expect(found.first?.contains("at=\(at) ") == true, "\(found)")
      #expect(metrics.contains(#"checkout_connections_refused_total{reason="\#(error)"} 1"#), "\(metrics)")
    }
    #expect(refusals.count == 6, "\(refusals)")
    // The declared body's line names the request, its path masked and without its query.
    #expect(
      refusals.contains { $0.contains("method=POST ") && $0.contains("path=/sessions/[16 digits]/events ") },
      "\(refusals)")
    for line in lines {
      #expect(!line.contains(Self.card), "a card number is in a log line: \(line)")
      #expect(!LogTests.contains(line, token: Self.cvv), "a CVV is in a log line: \(line)")
    }
  }

  @Test func everyReasonReadsZeroBeforeItsFirstRefusal() async throws {
    let (lines, metrics) = try await withLiveServer { port in
      let served = try await RawHTTP.exchange(
        port: port, [RawHTTP.request("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")])
      #expect(served.status == 200)
    }
    #expect(Self.refusals(lines).isEmpty, "\(lines)")
    for reason in ServerMetrics.connectionRefusalReasons {
      #expect(metrics.contains(#"checkout_connections_refused_total{reason="\#(reason)"} 0"#), "\(metrics)")
    }
  }

  @Test func aBodyThatDribblesInIsLoggedOnceByItsRoute() async throws {
    let (lines, metrics) = try await withLiveServer { port in
      let head = RawHTTP.request("POST /sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 60000\r\n\r\n{")
      let answer = try await RawHTTP.exchange(
        port: port, [head] + Array(repeating: RawHTTP.request(" "), count: 6), pause: .milliseconds(300),
        wait: .seconds(4))
      #expect(answer.status == 408, "\(answer.text)")
    }
    #expect(Self.refusals(lines).isEmpty, "\(lines)")
    #expect(lines.filter { $0.contains(" request ") && $0.contains("status=408") }.count == 1, "\(lines)")
    #expect(metrics.contains(#"checkout_connections_refused_total{reason="request_timeout"} 0"#))
  }
}
