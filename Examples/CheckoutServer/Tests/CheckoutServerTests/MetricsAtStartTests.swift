import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing

@testable import CheckoutServer

/// `GET /metrics` shows every series whose labels are known at start, at 0, before
/// its first use (was: `checkout_api_calls_total`, `checkout_event_duration_seconds`
/// and `checkout_sealed_values_unreadable_total` were absent until first used, so an
/// alert rule needed `absent()`), and the open connections with their cap.
@Suite struct MetricsAtStartTests {
  /// The value of the sample `series` (name and labels) in `text`, if any.
  static func value(of series: String, in text: String) -> Double? {
    for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
      return Double(line.dropFirst(series.count + 1))
    }
    return nil
  }

  @Test func seriesKnownAtStartReadZeroBeforeTheirFirstUse() async throws {
    try await withApp { client in
      let reply = try await client.send(.get, "/metrics")
      #expect(reply.status == .ok)
      let text = reply.text
      for outcome in ["succeeded", "failed", "actionRequired", "unanswered"] {
        let series = #"checkout_api_calls_total{operation="placeOrder",outcome="\#(outcome)"}"#
        #expect(Self.value(of: series, in: text) == 0, "\(series): \(text)")
      }
      for kind in ["tap", "set", "appeared", "back", "accept"] {
        let series = #"checkout_event_duration_seconds_count{event="\#(kind)"}"#
        #expect(Self.value(of: series, in: text) == 0, "\(series): \(text)")
      }
      for reason in ["unknown_key", "tampered"] {
        let series = #"checkout_sealed_values_unreadable_total{reason="\#(reason)"}"#
        #expect(Self.value(of: series, in: text) == 0, "\(series): \(text)")
      }
      // The cap, which the descriptor limit may lower, and no connection in a router test.
      #expect((Self.value(of: "checkout_connections_limit", in: text) ?? 0) > 0, "\(text)")
      #expect(Self.value(of: "checkout_connections_open", in: text) == 0, "\(text)")
    }
  }

  @Test func theOpenConnectionsAreAGauge() async throws {
    var arguments = TestArguments()
    arguments.connections = ConnectionOptions(maxConnections: 10)
    let app = try await buildApplication(
      arguments,
      dependencies: AppDependencies(logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, environment: [:]))
    try await app.test(.live) { client in
      let port = try #require(client.port)
      let get = RawHTTP.request("GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      // The test client's connection and the one asking.
      let before = try #require(
        Self.value(of: "checkout_connections_open", in: try await RawHTTP.exchange(port: port, [get]).body))
      #expect(before >= 1)
      var held: [NIOAsyncChannel<ByteBuffer, ByteBuffer>] = []
      for _ in 0..<2 { held.append(try await SlowClientTests.connect(port: port)) }
      try await Task.sleep(for: .milliseconds(200))
      let during = try await RawHTTP.exchange(port: port, [get])
      #expect(Self.value(of: "checkout_connections_open", in: during.body) == before + 2, "\(during.body)")
      #expect(Self.value(of: "checkout_connections_limit", in: during.body) == 10, "\(during.body)")
      for channel in held { try? await channel.channel.close() }
      try await Task.sleep(for: .milliseconds(300))
      let after = try await RawHTTP.exchange(port: port, [get])
      #expect(Self.value(of: "checkout_connections_open", in: after.body) == before, "\(after.body)")
    }
  }
}
