import CheckoutEngine
import Foundation
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// A flows directory that leaves out a version of a flow loses the renames that
/// version declares for every older session: the start warns, naming the flow and
/// the versions missing.
@Suite struct FlowVersionGapTests {
  /// A catalog of PLNDR's example versions, each compiled as `versions` says
  /// (the v2 file's content under another version number stands in for v3).
  static func catalog(_ versions: [(file: String, version: Int?)]) throws -> FlowCatalog {
    try FlowCatalog(
      entries: versions.map { file, version in
        var flow = try FlowLoader().load(contentsOf: FlowChangeTests.evolution.appendingPathComponent(file).path)
        flow.version = version
        return FlowCatalog.Entry(file: file, compiled: CompiledFlow(flow))
      })
  }

  @Test func aGapOrAMissingFirstVersionIsNamedAndEveryVersionServedIsNot() throws {
    let v3Only = try Self.catalog([("plndr-v2.json", 3)])
    #expect(
      v3Only.versionGaps.map(\.description) == [
        "plndr: versions 1, 2 are not served; sessions on them are carried to 3 without their renames: "
          + "keep every version's file deployed"
      ])
    let noV2 = try Self.catalog([("plndr-v1.json", 1), ("plndr-v2.json", 3)])
    #expect(
      noV2.versionGaps.map(\.description) == [
        "plndr: version 2 is not served; sessions on it are carried to 3 without its renames: "
          + "keep every version's file deployed"
      ])
    #expect(try Self.catalog([("plndr-v1.json", 1), ("plndr-v2.json", 2)]).versionGaps.isEmpty)
    #expect(try Self.catalog([("plndr-v1.json", 1)]).versionGaps.isEmpty)
    #expect(try Self.catalog([("plndr-v1.json", nil)]).versionGaps.isEmpty, "a flow without versions")
  }

  @Test func theStartWarnsAboutAMissingVersion() async throws {
    let v2Only = try FlowChangeTests.flows(["plndr-v2.json"])
    defer { try? FileManager.default.removeItem(atPath: v2Only) }
    let logs = InMemoryLogHandler()
    _ = try await buildApplication(
      TestArguments(flows: v2Only),
      dependencies: AppDependencies(logger: Logger(label: "test") { _ in logs }, environment: [:]))
    let warnings = LogTests.lines(logs).filter { $0.hasPrefix("warning plndr: ") }
    #expect(warnings.count == 1, "\(LogTests.lines(logs))")
    #expect(
      warnings.first?.hasPrefix(
        "warning plndr: version 1 is not served; sessions on it are carried to 2 without its renames: "
          + "keep every version's file deployed flow=plndr missingVersions=1 newestVersion=2") == true,
      "\(warnings)")
    // Every version served: no warning.
    let both = try FlowChangeTests.flows(["plndr-v1.json", "plndr-v2.json"])
    defer { try? FileManager.default.removeItem(atPath: both) }
    let quiet = InMemoryLogHandler()
    _ = try await buildApplication(
      TestArguments(flows: both),
      dependencies: AppDependencies(logger: Logger(label: "test") { _ in quiet }, environment: [:]))
    #expect(!LogTests.lines(quiet).contains { $0.contains("not served") })
  }
}
