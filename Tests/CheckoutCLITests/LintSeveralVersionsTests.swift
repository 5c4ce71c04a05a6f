import CheckoutCLI
import CheckoutTestSupport
import Foundation
import Testing

/// `checkout lint` over several files checks them as the set a server serves: one
/// file per version of a flow, as the example server requires.
@Suite struct LintSeveralVersionsTests {
  static func flow(version: Int?) -> String {
    LintAndGraphCommandTests.good.replacingOccurrences(
      of: #""id": "mini","#, with: #""id": "mini","# + (version.map { #" "version": \#($0),"# } ?? ""))
  }

  @Test func twoFilesWithOneFlowVersionAreAnErrorAtTheLaterFilesVersion() throws {
    let result = try run(
      ["lint", "v2.json", "v2-copy.json", "v3.json"],
      files: [
        "v2.json": Self.flow(version: 2), "v2-copy.json": Self.flow(version: 2), "v3.json": Self.flow(version: 3),
      ])
    #expect(result.status == 1)
    #expect(
      result.output == """
        v2.json: ok (3 steps, 4 rows, 1 error matcher)
        v2-copy.json:2:41: error: version: version 2 of the flow "mini" is also in v2.json; give each file its own "version"
        v3.json: ok (3 steps, 4 rows, 1 error matcher)
        1 error, 0 warnings in 3 files

        """)
  }

  @Test func twoFilesOfOneFlowWithoutAVersionAreAnErrorAtTheLaterFilesID() throws {
    let result = try run(
      ["lint", "--json", "a.json", "b.json"],
      files: ["a.json": Self.flow(version: nil), "b.json": Self.flow(version: nil)])
    #expect(result.status == 1)
    #expect(result.output.contains(#""message" : "the flow id \"mini\" (without a version) is also in a.json""#))
    #expect(result.output.contains(#""path" : "id""#))
  }

  /// Runs the command line in a fresh directory holding `files`.
  func run(_ arguments: [String], files: [String: String]) throws -> RunResult {
    try withFlowDirectory(files) { runCheckout(arguments, in: $0) }
  }
}
