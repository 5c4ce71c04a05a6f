import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import CheckoutEngine

@testable import CheckoutServer

/// `POST /load-baseline/events` and `/load-baseline/set-answer`: absent unless
/// `--load-baseline BYTES` is given; with it, an event body decoded as the events
/// route decodes it and an answer of exactly `BYTES` bytes, or a set's answer.
@Suite struct LoadBaselineTests {
  /// The test arguments with the baseline option (nil leaves it off).
  struct BaselineArguments: AppArguments {
    var hostname = "127.0.0.1"
    var port = 0
    var flows: String?
    var today: String? = "2026-11-21"
    var logLevel: Logger.Level? = .error
    var loadBaseline: Int?
  }

  func withBaselineApp(
    _ size: Int?, _ test: @Sendable (any TestClientProtocol) async throws -> Void
  ) async throws {
    let app = try await buildApplication(
      BaselineArguments(loadBaseline: size),
      dependencies: AppDependencies(
        logger: Logger(label: "checkout-server-test") { _ in SwiftLogNoOpLogHandler() }, environment: [:]))
    try await app.test(.router) { client in try await test(client) }
  }

  static let setBody = #"{"event":"set","row":"quantity","value":"3"}"#

  @Test func absentWithoutTheOption() async throws {
    try await withBaselineApp(nil) { client in
      for path in ["/load-baseline/events", "/load-baseline/set-answer"] {
        let reply = try await client.send(.post, path, body: LoadBaselineTests.setBody)
        #expect(reply.status == .notFound, "\(path): \(reply.text)")
      }
      // The server itself is there: the events route answers.
      let id = try await client.createSession()
      #expect(try await client.set(id, "quantity", "3").status == .ok)
    }
  }

  @Test(arguments: [16, 17, 27, 28, 29, 44, 869, 4096])
  func answersExactlyTheGivenSize(size: Int) async throws {
    try await withBaselineApp(size) { client in
      let reply = try await client.send(.post, "/load-baseline/events", body: LoadBaselineTests.setBody)
      #expect(reply.status == .ok, "\(reply.text)")
      #expect(reply.headers[.contentType]?.hasPrefix("application/json") == true)
      #expect(reply.text.utf8.count == size, "\(reply.text)")
      #expect(reply.headers[.contentLength] == "\(size)")
      let padding = try #require(reply["padding"]?.array)
      #expect(reply.json?.keys == ["padding"])
      #expect(padding.allSatisfy { value in value.string?.allSatisfy { $0 == "x" } == true })
    }
  }

  /// The set-answer baseline answers, byte for byte, what a set of the quantity to
  /// 5 on a new PLNDR cart answers (the same types through the same encoder),
  /// whatever the body's value: it is built once.
  @Test func theSetAnswerIsWhatASetOnANewCartAnswers() async throws {
    try await withBaselineApp(869) { client in
      let id = try await client.createSession()
      let real = try await client.set(id, "quantity", "5")
      #expect(real.status == .ok, "\(real.text)")
      for value in ["5", "3"] {
        let body = #"{"event":"set","row":"quantity","value":"\#(value)"}"#
        let baseline = try await client.send(.post, "/load-baseline/set-answer", body: body)
        #expect(baseline.status == .ok, "\(baseline.text)")
        #expect(baseline.text == real.text)
      }
      let refused = try await client.send(.post, "/load-baseline/set-answer", body: #"{"event":"sett"}"#)
      #expect(refused.status == .badRequest, "\(refused.text)")
    }
  }

  @Test func theSetAnswerNeedsAFlowWithAQuantityRow() throws {
    #expect(throws: UsageError.self) {
      try LoadBaselineController.setAnswer(on: nil, today: CalendarDate.parse("2026-11-21"))
    }
  }

  @Test func sizeOfEveryAnswerUpToFourKilobytes() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for size in LoadBaselineView.minimumSize...4096 {
      let view = try LoadBaselineView(size: size)
      #expect(try encoder.encode(view).count == size)
      // About one value per 15 bytes, as a set answer's JSON has.
      #expect(view.padding.count == max(1, (size - 13) / 15))
    }
  }

  @Test func decodesTheBodyAsTheEventsRouteDoes() async throws {
    try await withBaselineApp(869) { client in
      let id = try await client.createSession()
      for body in [#"{"event":"sett","row":"quantity","value":"3"}"#, #"{"event":"set","row":"quantity"}"#, "[1]"] {
        let baseline = try await client.send(.post, "/load-baseline/events", body: body)
        let real = try await client.send(.post, "/sessions/\(id)/events", body: body)
        #expect(baseline.status == .badRequest, "\(baseline.text)")
        #expect(baseline.status == real.status)
        #expect(baseline["error"] == real["error"], "\(baseline.text) vs \(real.text)")
        #expect(baseline["at"] == real["at"])
      }
    }
  }

  @Test func refusesASizeUnderTheSmallestAnswer() async throws {
    await #expect(throws: UsageError.self) {
      try await withBaselineApp(LoadBaselineView.minimumSize - 1) { _ in }
    }
  }
}
