import CheckoutEngine
import Foundation
import Testing

@testable import CheckoutCLI

/// The built-in flow is `Flows/plndr.json` itself: a SwiftPM resource of the
/// command line's target, embedded in its code, never a generated copy.
@Suite struct BuiltInFlowTests {
  static let shipped = ReplayAndReplTests.flowsDirectory + "/plndr.json"
  /// The resource inside the target's directory (SwiftPM takes resources only from there).
  static let resource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/CheckoutCLI/Resources/plndr.json").path

  @Test func theEmbeddedBytesAreFlowsPlndrJSONByteForByte() throws {
    let shipped = try #require(FileManager.default.contents(atPath: Self.shipped))
    #expect(PackageResources.plndr_json == Array(shipped), "rebuild: the embedded flow is not Flows/plndr.json")
    #expect(BuiltInFlow.plndrJSON == String(decoding: shipped, as: UTF8.self))
  }

  @Test func theTargetsResourceIsFlowsPlndrJSON() throws {
    let shipped = try #require(FileManager.default.contents(atPath: Self.shipped))
    let resource = try #require(FileManager.default.contents(atPath: Self.resource))
    #expect(resource == shipped, "Sources/CheckoutCLI/Resources/plndr.json is not Flows/plndr.json")
  }

  @Test func theBuiltInFlowLoadsAsTheShippedOne() throws {
    let builtIn = try FlowLoader().load(bytes: Array(BuiltInFlow.plndrJSON.utf8), file: BuiltInFlow.plndrName)
    let shipped = try FlowLoader().load(contentsOf: Self.shipped)
    #expect(builtIn == shipped)
  }

  @Test func replWithoutAFlowStartsOnTheBuiltInOne() {
    let capture = CapturedTerminal()
    var reader: any LineReader = ReplayAndReplTests.ScriptedReader(lines: ["stack", "quit"])
    let status = ReplCommand.run(.onTheTestDay, capture.terminal, reader: &reader)
    #expect(status.code == 0)
    #expect(capture.output.hasPrefix("CheckoutEngine \(CheckoutCommandLine.version): PLNDR checkout (built in)."))
    #expect(capture.output.contains("cart\n"))
  }
}
