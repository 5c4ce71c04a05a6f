import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel

/// Bad files at any size: past ``Diagnostic/reportLimit`` problems are counted,
/// not kept; columns of many problems on one line are found in one pass; long
/// input is cut in messages. (Timing is measured by hand, never asserted here.)
@Suite struct LargeInputTests {
  /// One step with `count` unknown fields, all on one line.
  static func flowWithUnknownFields(_ count: Int, prefix: String = "") -> String {
    let members = (0..<count).map { "\"\(prefix)x\($0)\":1" }.joined(separator: ",")
    return #"{"format":1,"id":"big","title":"Big","start":"a","steps":[{"id":"a","title":"A","rows":[],"#
      + members + #"}],"errors":[]}"#
  }

  @Test func pastTheLimitProblemsAreCountedNotKept() {
    let json = Self.flowWithUnknownFields(5_000)
    do {
      _ = try FlowLoader().load(json: json, file: "big.json")
      Issue.record("a flow with 5,000 unknown fields loaded")
    } catch {
      #expect(error.diagnostics.count == Diagnostic.reportLimit)
      #expect(error.omitted == OmittedProblems(errors: 4_800))
      #expect(error.description.hasSuffix("\n… and 4,800 more errors"))
      #expect(
        error.diagnostics.first?.rendered(file: "big.json")
          == #"big.json:1:91: error: steps[0].x0: unknown field "x0" in a step; valid fields are "id", "title", "presentation", "rows" and "complete""#
      )
    }
    let report = FlowLoader().lint(bytes: Array(json.utf8), file: "big.json")
    #expect(report.diagnostics.count == Diagnostic.reportLimit)
    #expect(report.omitted.errors == 4_800)
    #expect(report.hasErrors)
    // Lint's own problems come in the same run: this flow has no fallback matcher.
    #expect(report.omitted.line == "… and 4,800 more errors and 1 more warning")
  }

  @Test func columnsOfManyProblemsOnOneLineAreThoseOfEachAlone() throws {
    // Multi-byte characters before and between the problems: columns count characters.
    let json = Self.flowWithUnknownFields(150, prefix: "é")
    let report = FlowLoader().lint(bytes: Array(json.utf8), file: nil)
    let errors = report.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 150)
    #expect(report.diagnostics.filter { $0.severity == .warning }.map(\.code) == ["no-fallback"])
    for (index, diagnostic) in errors.enumerated() {
      let name = "\"éx\(index)\""
      let range = try #require(json.range(of: name + ":"))
      let column = json.distance(from: json.startIndex, to: range.lowerBound) + 1
      #expect(diagnostic.location == SourceLocation(line: 1, column: column))
    }
  }

  @Test func longInputIsCutInMessagesWithItsLength() {
    let long = String(repeating: "a", count: 1_048_576)
    let json = FlowFixtures.flow(rows: #"{ "id": "go", "cell": "button", "title": "Go", "opens": "\#(long)" }"#)
    do {
      _ = try FlowLoader().load(json: json)
      Issue.record("a 1 MB row id loaded")
    } catch {
      let message = error.diagnostics.map(\.message).joined(separator: "\n")
      #expect(message.contains("unknown step \"\(String(repeating: "a", count: 60))…\" (1,048,576 characters)"))
      #expect(message.count < 1_000)
    }
    #expect(Quoting.quoted("creditCrd") == "\"creditCrd\"")
    #expect(
      Quoting.quoted(String(repeating: "b", count: 61)) == "\"\(String(repeating: "b", count: 60))…\" (61 characters)")
    #expect(Quoting.grouped(1_234_567) == "1,234,567")
  }
}

/// The library's own file reading (`FlowLoader.load(contentsOf:)`, and scenario
/// hosts by default): what cannot be read is said, and nothing blocks.
@Suite struct FlowFileReadingTests {
  static func reason(_ path: String) -> String? {
    do {
      _ = try FlowLoader().load(contentsOf: path)
      return nil
    } catch {
      return error.diagnostics.first?.message
    }
  }

  @Test func specialFilesAreRefusedWithWhatTheyAre() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("FlowFileReading-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(Self.reason(folder) == "cannot read the file: it is a directory, not a file")
    #expect(Self.reason("/dev/zero") == "cannot read the file: it is a device, not a regular file")
    #expect(mkfifo(folder + "/pipe", 0o600) == 0)
    #expect(
      Self.reason(folder + "/pipe") == "cannot read the file: it is not a regular file (a FIFO or another special file)"
    )
    try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: "loop")
    #expect(Self.reason(folder + "/loop") == "cannot read the file: Too many levels of symbolic links")
    try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: "nowhere")
    #expect(Self.reason(folder + "/dangling") == "cannot read the file: No such file or directory")
    #expect(Self.reason(folder + "/missing.json") == "cannot read the file: No such file or directory")
  }
}

extension LargeInputTests {
  @Test func aLongMemberNameIsCutInThePathToo() {
    let long = String(repeating: "k", count: 100_000)
    let json = FlowFixtures.flow(top: #""\#(long)": 1"#)
    do {
      _ = try FlowLoader().load(json: json)
      Issue.record("a flow with an unknown 100,000-character field loaded")
    } catch {
      let line = error.diagnostics.first?.rendered(file: nil) ?? ""
      let cut = "\"\(String(repeating: "k", count: 60))…\" (100,000 characters)"
      #expect(line.hasPrefix("<flow>:3:3: error: [\(cut)]: unknown field \(cut) in a flow"))
      #expect(line.count < 600)
    }
  }
}
