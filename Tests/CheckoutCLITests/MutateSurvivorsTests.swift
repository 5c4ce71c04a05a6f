import CheckoutCLI
import Foundation
import Testing

/// `checkout mutate`'s survivors: all listed, under a heading per operator, each
/// with the hint of a story that would kill it.
@Suite struct MutateSurvivorsTests {
  @Test func survivorsAreGroupedByOperatorEachWithItsHint() throws {
    let directory = try MutateCommandTests.workspace()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let run = runCheckout(["mutate", "mini.json", "--stories", "stories", "--json", "report.json"], in: directory)
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let heading = try #require(lines.firstIndex { $0.hasPrefix("  shift-bound: ") && $0.hasSuffix(" survived") })
    let count = try #require(Int(lines[heading].dropFirst("  shift-bound: ".count).prefix { $0.isNumber }))
    let group = lines[(heading + 1)...].prefix(count * 2)
    // Every survivor of the operator is listed under it, none cut, each followed by its hint.
    for (index, line) in group.enumerated() {
      #expect(
        index.isMultiple(of: 2)
          ? line.hasPrefix("    survived: #") && line.contains(" shift-bound ")
          : line.hasPrefix("      hint: several lines: "), "\(line)")
    }
    #expect(
      lines.contains(
        "    survived: #9 shift-bound steps[1].rows[1].rules[1].pattern: pattern quantifier {3} becomes {4}"))
    let survivors = lines.filter { $0.hasPrefix("    survived: #") }.count
    #expect(run.output.contains("survived \(survivors),"))
    let report = try String(contentsOfFile: directory + "/report.json", encoding: .utf8)
    #expect(report.components(separatedBy: "\"hint\" : ").count - 1 == survivors)
  }
}
