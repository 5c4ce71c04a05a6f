import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutPlanning

/// The planner conformance suite: every (flow, state, target) in
/// `PlanningFixtures/routes.golden` with its route or reason. A change to planning
/// shows up here as a reviewed diff.
@Suite struct PlanningGoldenTests {
  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
  static let goldenFile = testsDirectory.appendingPathComponent("PlanningFixtures/routes.golden")

  @Test func routesMatchTheGoldenFile() throws {
    let golden = try String(contentsOf: Self.goldenFile, encoding: .utf8)
    var flows: [String: Flow] = [:]
    var produced: [String] = []
    for line in golden.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      guard !line.hasPrefix("#"), let arrow = line.range(of: " =>") else {
        produced.append(line)
        continue
      }
      let parsed = try parse(line)
      if flows[parsed.flow] == nil { flows[parsed.flow] = try load(parsed.flow) }
      let flow = try #require(flows[parsed.flow])
      let complete = parsed.complete
      let result = RoutePlanner(flow).plan(
        from: parsed.state, to: parsed.target, isComplete: complete.map { set in { set.contains($0) } })
      let outcome: String
      switch result {
      case .success(let route): outcome = route.description
      case .failure(let noRoute): outcome = "error: \(noRoute)"
      }
      produced.append(String(line[..<arrow.lowerBound]) + " => " + outcome)
    }
    let expected = produced.joined(separator: "\n")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
      try expected.write(to: Self.goldenFile, atomically: true, encoding: .utf8)
      return
    }
    #expect(golden == expected, "routes changed:\n\(LineDiff.render(expected: golden, actual: expected))")
  }

  private func parse(_ line: String) throws -> (
    flow: String, state: NavigationState, target: StepID, complete: Set<StepID>?
  ) {
    let left = line[..<(line.range(of: " =>")?.lowerBound ?? line.endIndex)]
    let fields = left.split(separator: "|", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    // The state itself may contain '|': the flow is the first field, the target the
    // last (or the one before a complete= field), the state everything between.
    var rest = Array(fields.dropFirst())
    var complete: Set<StepID>?
    if let last = rest.last, last.hasPrefix("complete=") {
      let names = last.dropFirst("complete=".count)
      complete = names == "-" ? [] : Set(names.split(separator: ",").map { StepID(String($0)) })
      rest.removeLast()
    }
    let target = StepID(rest.removeLast())
    let state = try NavigationState(parsing: rest.joined(separator: "|"))
    return (fields[0], state, target, complete)
  }

  private func load(_ path: String) throws -> Flow {
    let base = path.hasPrefix("Flows/") ? Self.packageRoot : Self.testsDirectory
    return try FlowLoader().load(contentsOf: base.appendingPathComponent(path).path)
  }
}
