import CheckoutEngine
import Foundation
import Hummingbird
import Logging
import Testing

@testable import CheckoutServer

/// Flows are loaded and linted at start; a lint error stops the server with the
/// lint output.
@Suite struct StartupTests {
  static func temporaryDirectory(_ files: [String: String]) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "checkout-server-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (name, text) in files {
      try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return directory.path
  }

  @Test func theRepositorysFlowsLoadAndTheSchemaIsSkipped() throws {
    let catalog = try FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: Logger(label: "test"))
    #expect(catalog.ids == ["express", "plndr", "tickets"])
    #expect(FileManager.default.fileExists(atPath: FlowCatalog.defaultDirectory + "/flow.schema.json"))
  }

  @Test func aFlowWithLintErrorsStopsTheServerWithTheLintOutput() async throws {
    let broken = """
      {
        "format": 1, "id": "broken", "title": "Broken", "start": "cart",
        "steps": [
          { "id": "cart", "title": "Cart", "rows": [
            { "id": "pay", "cell": "button", "title": "Pay", "opens": "creditCrd" } ] },
          { "id": "creditCard", "title": "Card", "presentation": "modal", "rows": [] }
        ],
        "errors": []
      }
      """
    let directory = try Self.temporaryDirectory([
      "broken.json": broken, "flow.schema.json": #"{"$schema": "https://json-schema.org/draft/2020-12/schema"}"#,
    ])
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var arguments = TestArguments()
    arguments.flows = directory
    do {
      _ = try await buildApplication(arguments, dependencies: AppDependencies(environment: [:]))
      Issue.record("the server started with a broken flow")
    } catch let error as FlowCatalogError {
      let text = error.description
      #expect(text.contains("broken.json:5:"), "\(text)")
      #expect(
        text.contains(#"steps[0].rows[0].opens: unknown step "creditCrd"; did you mean "creditCard"?"#), "\(text)")
      #expect(text.contains("the server does not start with a flow that fails lint"))
      #expect(!text.contains("flow.schema.json"))
    }
  }

  @Test func aMissingFlowsDirectoryIsReported() async throws {
    var arguments = TestArguments()
    arguments.flows = "/nonexistent/flows"
    await #expect(throws: FlowCatalogError.self) {
      _ = try await buildApplication(arguments, dependencies: AppDependencies(environment: [:]))
    }
  }

  @Test func databaseURLsAreParsed() throws {
    let tcp = try DatabaseURL.configuration("postgres://checkout:s%40cret@127.0.0.1:55432/checkout?sslmode=disable")
    #expect(tcp.host == "127.0.0.1")
    #expect(tcp.port == 55432)
    #expect(tcp.username == "checkout")
    #expect(tcp.password == "s@cret")
    #expect(tcp.database == "checkout")
    let socket = try DatabaseURL.configuration("postgresql://me@localhost/db?host=/tmp/pg")
    #expect(socket.unixSocketPath == "/tmp/pg/.s.PGSQL.5432")
    #expect(throws: DatabaseURLError.self) { try DatabaseURL.configuration("mysql://x@y/z") }
    #expect(throws: DatabaseURLError.self) { try DatabaseURL.configuration("postgres://127.0.0.1/db") }
  }
}
