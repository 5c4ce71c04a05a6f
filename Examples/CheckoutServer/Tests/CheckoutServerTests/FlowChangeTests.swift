import CheckoutEngine
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import CheckoutServer

/// A deploy: sessions start on PLNDR v1, the server restarts serving v1 and v2 (the
/// same store: PostgreSQL when `CHECKOUT_TEST_DATABASE_URL` names one, as
/// `Examples/server-postgres-check.sh` does, else memory), and every session
/// continues: pinned ones unchanged on v1, migrated ones on v2 with the report in
/// the response.
@Suite struct FlowChangeTests {
  static let evolution = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../evolution").standardizedFileURL
  static let logger = Logger(label: "flow-change-test") { _ in SwiftLogNoOpLogHandler() }

  /// A new folder holding these example files (the caller removes it).
  static func flows(_ names: [String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flows-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in names {
      try FileManager.default.copyItem(
        at: evolution.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    return folder.path
  }

  /// The store both servers use.
  static func withStore(_ body: @Sendable (AppDependencies) async throws -> Void) async throws {
    if let url = ProcessInfo.processInfo.environment["CHECKOUT_TEST_DATABASE_URL"], !url.isEmpty {
      try await body(
        AppDependencies(logger: logger, environment: ["DATABASE_URL": url, "CHECKOUT_DATA_KEY": testDataKey]))
    } else {
      try await body(AppDependencies(logger: logger, store: SecretKeepingMemoryStore(), environment: [:]))
    }
  }

  /// Three sessions on v1: at Step One, at Discount, at Step Two with a ZIP+4.
  static func startOnV1(_ client: any TestClientProtocol) async throws -> [String] {
    let atStepOne = try await client.createSession()
    try await client.open(atStepOne, "checkout", "stepOne")
    let atDiscount = try await client.createSession()
    try await client.open(atDiscount, "discount", "discount")
    let atStepTwo = try await client.createSession()
    try await client.open(atStepTwo, "checkout", "stepOne")
    try await client.open(atStepTwo, "shippingAddress", "address")
    for (row, value) in [
      ("name", "Ada Lovelace"), ("street", "1 Main St"), ("city", "Portland"), ("state", "OR"), ("zip", "97201-1234"),
    ] {
      #expect(try await client.set(atStepTwo, row, value).status == .ok)
    }
    return [atStepOne, atDiscount, atStepTwo]
  }

  @Test(arguments: FlowChangePolicy.allCases)
  func sessionsContinueAcrossADeploy(_ policy: FlowChangePolicy) async throws {
    try await Self.withStore { dependencies in
      let v1Only = try Self.flows(["plndr-v1.json"])
      defer { try? FileManager.default.removeItem(atPath: v1Only) }
      let ids = try await withApp(arguments: TestArguments(flows: v1Only), dependencies: dependencies) { client in
        try await Self.startOnV1(client)
      }
      let both = try Self.flows(["plndr-v1.json", "plndr-v2.json"])
      defer { try? FileManager.default.removeItem(atPath: both) }
      try await withApp(arguments: TestArguments(flows: both, onFlowChange: policy), dependencies: dependencies) {
        client in
        // New sessions start on the newest version.
        let fresh = try await client.createSession()
        let tapped = try await client.tap(fresh, "checkout")
        #expect(tapped["effects"]?.effectLines == ["navigate push shipping"])
        let views = [
          try await client.send(.get, "/sessions/\(ids[0])"), try await client.send(.get, "/sessions/\(ids[1])"),
          try await client.send(.get, "/sessions/\(ids[2])"),
        ]
        if policy == .pin {
          #expect(views.map { $0["state"]?.string } == ["cart>stepOne", "cart|discount", "cart>stepOne|address"])
          #expect(views.allSatisfy { $0["migration"] == nil })
          // A pinned session goes on on v1: Step One still holds the card row.
          #expect(try await client.tap(ids[0], "creditCard")["effects"]?.effectLines == ["navigate present creditCard"])
          #expect(try await client.tap(ids[1], "cancel").status == .ok)
        } else {
          #expect(views.map { $0["state"]?.string } == ["cart>shipping", "cart", "cart>shipping|address"])
          #expect(views[0]["migration"]?["changes"]?[0]?["detail"]?.string == "-> shipping")
          #expect(views[1]["migration"]?["changes"]?[0]?["kind"]?.string == "cutNavigation")
          // The report the server's README shows.
          #expect(views[1]["migration"]?["changes"]?.array.count == 1)
          #expect(views[1]["migration"]?["changes"]?[0]?["subject"]?.string == "cart|discount")
          #expect(
            views[1]["migration"]?["changes"]?[0]?["detail"]?.string
              == "-> cart: step \"discount\" is not in v2; cut back to cart")
          #expect(views[1]["migration"]?["fromVersion"]?.int == 1)
          let zip = views[2]["migration"]?["changes"]?.array.first { $0["kind"]?.string == "rejectedValue" }
          #expect(zip?["detail"]?.string == "kept, shown on address.zip: Enter a 5-digit ZIP code.")
          #expect(views[2]["screen"]?.row("zip")?["error"]?.string == "Enter a 5-digit ZIP code.")
          // A refused event saves nothing: the session is still on v1 and the next
          // request migrates it again.
          let refused = try await client.tap(ids[0], "continue")
          #expect(refused.status == .unprocessableContent, "\(refused.text)")
          // The next accepted event carries the report and saves the migrated session.
          let first = try await client.tap(ids[0], "shippingAddress")
          #expect(first["effects"]?.effectLines == ["navigate present address"], "\(first.text)")
          #expect(first["migration"]?["fromVersion"]?.int == 1, "\(first.text)")
          #expect(first["migration"]?["toVersion"]?.int == 2, "\(first.text)")
          #expect(try await client.appeared(ids[0], "address")["migration"] == nil)
          let fixed = try await client.set(ids[2], "zip", "97201")
          #expect(fixed.status == .ok)
          #expect(fixed["migration"] != nil)
          let again = try await client.send(.get, "/sessions/\(ids[2])")
          #expect(again["migration"] == nil)
          #expect(again["screen"]?.row("zip")?["error"] == nil)
        }
      }
    }
  }

  /// A rolling deploy seen from an instance still on v1: a session already on v2 is
  /// refused, never carried back (which would cut its steps and drop its values).
  @Test func anInstanceOnAnOlderVersionRefusesANewerSession() async throws {
    try await Self.withStore { dependencies in
      let both = try Self.flows(["plndr-v1.json", "plndr-v2.json"])
      defer { try? FileManager.default.removeItem(atPath: both) }
      let id = try await withApp(arguments: TestArguments(flows: both), dependencies: dependencies) { client in
        let id = try await client.createSession()
        try await client.open(id, "checkout", "shipping")
        return id
      }
      let v1Only = try Self.flows(["plndr-v1.json"])
      defer { try? FileManager.default.removeItem(atPath: v1Only) }
      try await withApp(arguments: TestArguments(flows: v1Only), dependencies: dependencies) { client in
        let shown = try await client.send(.get, "/sessions/\(id)")
        #expect(shown.status == .gone, "\(shown.text)")
        #expect(shown["error"]?.string == "flow_changed")
        #expect(shown["detail"]?.string?.contains("never carried back to an older version") == true, "\(shown.text)")
        let tapped = try await client.tap(id, "continue")
        #expect(tapped.status == .gone)
      }
      // Served v2 again, it carries on where it was.
      try await withApp(arguments: TestArguments(flows: both), dependencies: dependencies) { client in
        let again = try await client.send(.get, "/sessions/\(id)")
        #expect(again["state"]?.string == "cart>shipping", "\(again.text)")
      }
    }
  }

  /// The repository's `Flows/plndr.json` has no `version`: it is older than v2 (as the
  /// catalog sorts it), so an old instance serving it refuses a session a new instance
  /// migrated to v2 instead of carrying it back (and cutting it on every switch).
  @Test func anInstanceOnAFlowWithoutAVersionRefusesAVersionedSession() async throws {
    try await Self.withStore { dependencies in
      let repository = try Self.flows([])
      defer { try? FileManager.default.removeItem(atPath: repository) }
      try FileManager.default.copyItem(
        atPath: FlowCatalog.defaultDirectory + "/plndr.json", toPath: repository + "/plndr.json")
      let id = try await withApp(arguments: TestArguments(flows: repository), dependencies: dependencies) { client in
        try await client.createSession()
      }
      let both = try Self.flows(["plndr-v2.json"])
      defer { try? FileManager.default.removeItem(atPath: both) }
      try FileManager.default.copyItem(atPath: repository + "/plndr.json", toPath: both + "/plndr.json")
      try await withApp(arguments: TestArguments(flows: both, onFlowChange: .migrate), dependencies: dependencies) {
        client in
        try await client.open(id, "checkout", "shipping")
      }
      try await withApp(arguments: TestArguments(flows: repository), dependencies: dependencies) { client in
        let tapped = try await client.set(id, key: "shipping.method", "express")
        #expect(tapped.status == .gone, "\(tapped.text)")
        #expect(tapped["error"]?.string == "flow_changed")
        #expect(tapped["migration"] == nil)
        #expect(
          tapped["detail"]?.string
            == "the snapshot was made on plndr v2, newer than this flow (which has no \"version\"); a session is never carried back to an older version (serve v2 here too)"
        )
      }
      try await withApp(arguments: TestArguments(flows: both, onFlowChange: .migrate), dependencies: dependencies) {
        client in
        let again = try await client.send(.get, "/sessions/\(id)")
        #expect(again["state"]?.string == "cart>shipping", "\(again.text)")
      }
    }
  }

  @Test func twoFilesWithTheSameVersionOfAFlowAreRefused() async throws {
    let folder = try Self.flows(["plndr-v1.json"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.copyItem(atPath: folder + "/plndr-v1.json", toPath: folder + "/plndr-v1-copy.json")
    // The later file (in name order) is reported at its "version", naming the earlier.
    let error = #expect(throws: FlowCatalogError.self) { try FlowCatalog.load(directory: folder, logger: Self.logger) }
    #expect(
      error?.lines == [
        "\(folder)/plndr-v1.json:6:14: error: version: version 1 of the flow \"plndr\" is also in \(folder)/plndr-v1-copy.json; give each file its own \"version\"",
        "1 error: the server does not start with a flow that fails lint",
      ])
  }
}
