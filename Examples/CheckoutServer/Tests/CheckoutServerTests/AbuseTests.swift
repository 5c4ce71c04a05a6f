import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CheckoutServer

/// HTTP that costs nothing to abuse, on a real socket (`.live`): oversized bodies
/// refused before they are read and the connection closed, broken framing a 400
/// (never a 500), oversized headers a 431.
@Suite struct AbuseTests {
  /// Runs `test` with the port of a live server.
  func withLiveServer(_ test: @Sendable (Int) async throws -> Void) async throws {
    let app = try await buildApplication(
      TestArguments(),
      dependencies: AppDependencies(logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, environment: [:]))
    try await app.test(.live) { client in
      try await test(try #require(client.port))
    }
  }

  static let path = "/sessions/00000000-0000-0000-0000-000000000000/events"

  @Test func aDeclaredOversizedBodyIsRefusedUnreadAndTheConnectionClosed() async throws {
    try await withLiveServer { port in
      // The head alone: the answer comes without a byte of the body sent.
      let answer = try await RawHTTP.exchange(
        port: port, [RawHTTP.request("POST \(Self.path) HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n")])
      #expect(answer.status == 413, "\(answer.text)")
      #expect(answer.closed)
      #expect(answer.header("connection") == "close")
      #expect(answer.body.contains(#""error":"body_too_large""#))
      #expect(answer.body.contains(#""at":"body""#))
    }
  }

  @Test func anOversizedBodySentWholeIsRefusedAndTheConnectionClosed() async throws {
    try await withLiveServer { port in
      let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
      let answer = try await RawHTTP.exchange(
        port: port,
        [RawHTTP.request("POST /sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n")]
          + Array(repeating: chunk, count: 16), pause: .zero)
      #expect(answer.status == 413, "\(answer.text.prefix(300))")
      #expect(answer.closed)
    }
  }

  @Test func aChunkedBodyPastTheLimitIsCutAndTheConnectionClosed() async throws {
    try await withLiveServer { port in
      let chunk = RawHTTP.request("4000\r\n" + String(repeating: "y", count: 0x4000) + "\r\n")
      let answer = try await RawHTTP.exchange(
        port: port,
        [RawHTTP.request("POST /sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")]
          + Array(repeating: chunk, count: 8), pause: .zero)
      #expect(answer.status == 413, "\(answer.text.prefix(300))")
      #expect(answer.closed)
      #expect(answer.body.contains(#""error":"body_too_large""#))
    }
  }

  @Test func aBrokenChunkSizeIsA400NeverA500() async throws {
    try await withLiveServer { port in
      let answer = try await RawHTTP.exchange(
        port: port,
        [
          RawHTTP.request(
            "POST /sessions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"flo\r\nZZZ\r\nw\":1}\r\n0\r\n\r\n"
          )
        ])
      #expect(answer.status == 400, "\(answer.text)")
      #expect(answer.closed)
      #expect(answer.body.contains(#""error":"malformed_request""#))
    }
  }

  @Test func aBrokenRequestLineIsA400() async throws {
    try await withLiveServer { port in
      let answer = try await RawHTTP.exchange(port: port, [RawHTTP.request("THIS IS NOT HTTP\r\n\r\n")])
      #expect(answer.status == 400, "\(answer.text)")
      #expect(answer.closed)
      #expect(answer.body.contains(#""error":"malformed_request""#))
    }
  }

  @Test func headersOverTheLimitAreA431() async throws {
    try await withLiveServer { port in
      let filler = String(repeating: "a", count: 32 * 1024)
      let answer = try await RawHTTP.exchange(
        port: port, [RawHTTP.request("GET /health HTTP/1.1\r\nHost: x\r\nX-Filler: \(filler)\r\n\r\n")])
      #expect(answer.status == 431, "\(answer.text)")
      #expect(answer.closed)
      #expect(answer.body.contains(#""error":"headers_too_large""#))
    }
  }

  @Test func aGoodRequestAfterAGoodOneOnTheSameConnectionStillWorks() async throws {
    try await withLiveServer { port in
      let get = "GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
      let answer = try await RawHTTP.exchange(
        port: port,
        [RawHTTP.request(get), RawHTTP.request(get + "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")],
        pause: .milliseconds(50))
      #expect(answer.text.components(separatedBy: "HTTP/1.1 200 OK").count == 4, "\(answer.text)")
    }
  }

  @Test func anOversizedBodyAfterAKeptAliveRequestIsAnsweredInOrder() async throws {
    try await withLiveServer { port in
      let answer = try await RawHTTP.exchange(
        port: port,
        [
          RawHTTP.request(
            "GET /health HTTP/1.1\r\nHost: x\r\n\r\nPOST /sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 999999\r\n\r\n"
          )
        ])
      let first = try #require(answer.text.range(of: "HTTP/1.1 200 OK"))
      let second = try #require(answer.text.range(of: "HTTP/1.1 413"))
      #expect(first.lowerBound < second.lowerBound)
      #expect(answer.closed)
    }
  }
}
