import CheckoutEngine
import Foundation
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// Carrying a session to another version of its flow is logged once, when it is
/// saved: the session, the versions and the counts of each kind of change, never a value.
@Suite struct MigrationLogTests {
  @Test func aSavedMigrationIsLoggedOnceWithTheVersionsAndCountsNeverAValue() async throws {
    let store = SecretKeepingMemoryStore()
    let quiet = AppDependencies(logger: FlowChangeTests.logger, store: store, environment: [:])
    let v1Only = try FlowChangeTests.flows(["plndr-v1.json"])
    defer { try? FileManager.default.removeItem(atPath: v1Only) }
    let ids = try await withApp(arguments: TestArguments(flows: v1Only), dependencies: quiet) { client in
      try await FlowChangeTests.startOnV1(client)
    }
    let both = try FlowChangeTests.flows(["plndr-v1.json", "plndr-v2.json"])
    defer { try? FileManager.default.removeItem(atPath: both) }
    let handler = InMemoryLogHandler()
    let logged = AppDependencies(
      logger: Logger(label: "migration-log-test") { _ in handler }, store: store, environment: [:])
    let atStepTwo = ids[2]
    try await withApp(arguments: TestArguments(flows: both, onFlowChange: .migrate), dependencies: logged) { client in
      // A GET shows the migration without saving it: debug only.
      let shown = try await client.send(.get, "/sessions/\(atStepTwo)")
      #expect(shown["migration"] != nil)
      #expect(!LogTests.lines(handler).contains { $0.hasPrefix("info session carried") })
      #expect(LogTests.lines(handler).contains { $0.hasPrefix("debug session shown on another flow version") })
      // The event saves it: one info line; the next event carries nothing.
      #expect(try await client.set(atStepTwo, "zip", "97201")["migration"] != nil)
      #expect(try await client.set(atStepTwo, "city", "Salem")["migration"] == nil)
    }
    let carried = LogTests.lines(handler).filter { $0.hasPrefix("info session carried to another flow version") }
    #expect(carried.count == 1, "\(carried)")
    let line = try #require(carried.first)
    #expect(line.contains("session=\(atStepTwo)"), "\(line)")
    #expect(line.contains("flow=plndr"), "\(line)")
    #expect(line.contains("fromVersion=1"), "\(line)")
    #expect(line.contains("toVersion=2"), "\(line)")
    #expect(line.contains("rejectedValue:1"), "\(line)")
    #expect(line.contains("renamedStep:"), "\(line)")
    // Counts only: no value (the ZIP+4 entered), no rule's message, no subject.
    #expect(!line.contains("97201"), "\(line)")
    #expect(!line.contains("ZIP"), "\(line)")
    #expect(!line.contains("shipping.zip"), "\(line)")
  }

  @Test func theSummaryCountsEachKindInTheKindsOrder() throws {
    let changes = try [
      MigrationReport.Change.Kind.renamedKey, .cutNavigation, .renamedKey, .renamedStep,
    ].map { kind in
      // A change's subject and detail never reach the summary.
      try MigrationReport.Change.decoded(kind, subject: "payment.card.cvv", detail: "4242 4242 4242 4242")
    }
    #expect(MigrationLog.summary(changes) == "renamedStep:1,renamedKey:2,cutNavigation:1")
    #expect(MigrationLog.summary([]) == "none")
  }
}

extension MigrationReport.Change {
  /// A change as a report's JSON holds it (its initializer is the library's own).
  static func decoded(_ kind: Kind, subject: String, detail: String) throws -> Self {
    let json = #"{"kind":"\#(kind.rawValue)","subject":"\#(subject)","detail":"\#(detail)"}"#
    return try JSONDecoder().decode(Self.self, from: Data(json.utf8))
  }
}
