import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutSynthesis
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutScenarios

/// Replays every error story in `Examples/scenarios/` through a `ScenarioHost`,
/// as `checkout replay` does, and fails with the scenario's file:line, what was
/// expected and what was found. Also checks that the replayer itself reports a
/// wrong expectation on exactly its line, and that the stories cover both flows.
@Suite struct ScenarioReplayTests {
  /// The package root, found from this file (`Tests/CheckoutScenariosTests/…`).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // CheckoutScenariosTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// `Examples/scenarios/`.
  static let scenarioFolder = packageRoot.appendingPathComponent("Examples/scenarios")

  /// The file names of every `*.scenario`, sorted.
  static var scenarioNames: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: scenarioFolder.path)) ?? []
    return names.filter { $0.hasSuffix(".scenario") }.sorted()
  }

  // MARK: Replaying

  /// One line of a scenario that did not hold: a failed expectation, a problem
  /// with the command (no flow, an unknown row number), or a syntax error.
  struct LineFailure: CustomStringConvertible {
    var file: String
    var line: Int
    var source: String
    var expected: String
    var actual: String

    var description: String {
      "\(file):\(line): failed: \(source)\n  - expected \(expected)\n  + actual   \(actual)"
    }
  }

  /// What replaying one scenario found.
  struct Report {
    var passed = 0
    var failures: [LineFailure] = []
    var flows: [URL] = []
  }

  /// Parses a scenario with `ScenarioParser.parseScript` and runs every command
  /// through a host whose base directory is the scenario's folder.
  static func replay(_ url: URL) throws -> Report {
    let text = try String(contentsOf: url, encoding: .utf8)
    let file = url.lastPathComponent
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var report = Report()
    let script: [(line: Int, command: ScenarioCommand)]
    do {
      script = try ScenarioParser.parseScript(text)
    } catch {
      let source = lines.indices.contains(error.line - 1) ? lines[error.line - 1] : ""
      report.failures.append(
        LineFailure(
          file: file, line: error.line, source: source.trimmingCharacters(in: .whitespaces),
          expected: "a line that parses", actual: "\(error.line):\(error.column): \(error.message)"))
      return report
    }
    let folder = url.deletingLastPathComponent()
    var host = ScenarioHost(baseDirectory: folder.path)
    for (line, command) in script {
      let source = lines[line - 1].trimmingCharacters(in: .whitespaces)
      if case .flow(let path) = command {
        report.flows.append(URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL)
      }
      let outcome = host.run(command)
      if let problem = outcome.problem {
        report.failures.append(
          LineFailure(file: file, line: line, source: source, expected: "a command that runs", actual: problem))
        if host.session == nil { return report }
        continue
      }
      if let failure = outcome.failure {
        report.failures.append(
          LineFailure(file: file, line: line, source: source, expected: failure.expected, actual: failure.actual))
      } else if outcome.passed {
        report.passed += 1
      }
    }
    if host.session == nil {
      report.failures.append(
        LineFailure(
          file: file, line: 1, source: lines.first ?? "", expected: "a 'flow PATH' line",
          actual: "the scenario names no flow"))
    }
    return report
  }

  /// A temporary folder holding one scenario, removed by the caller.
  static func temporaryScenario(_ text: String, name: String = "wrong.scenario") throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ScenarioReplayTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  // MARK: Tests

  @Test("every example scenario holds", arguments: ScenarioReplayTests.scenarioNames)
  func scenarioHolds(_ name: String) throws {
    let url = Self.scenarioFolder.appendingPathComponent(name)
    let report = try Self.replay(url)
    for failure in report.failures {
      Issue.record(
        Comment(rawValue: failure.description),
        sourceLocation: SourceLocation(
          fileID: "scenarios/\(name)", filePath: url.path, line: max(1, failure.line), column: 1))
    }
    #expect(report.passed > 0, "\(name) checks nothing: it has no expectation that held")
  }

  @Test func wrongExpectationIsReportedOnItsLine() throws {
    let plndr = Self.packageRoot.appendingPathComponent("Flows/plndr.json").path
    let url = try Self.temporaryScenario(
      """
      # line 1: a scenario with one deliberately wrong expectation
      flow \(plndr)
      today 2026-11-21
      tap checkout
      expect at stepOne
      expect at stepTwo
      expect stack cart>stepOne
      """)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let report = try Self.replay(url)
    #expect(report.passed == 2)
    #expect(report.failures.map(\.line) == [6])
    let failure = try #require(report.failures.first)
    #expect(failure.source == "expect at stepTwo")
    #expect(failure.expected == "at stepTwo")
    #expect(failure.actual == "at stepOne")
    #expect(failure.description.hasPrefix("wrong.scenario:6: failed: expect at stepTwo"))
  }

  @Test func wrongRouteAndProblemsAreReportedOnTheirLines() throws {
    let plndr = Self.packageRoot.appendingPathComponent("Flows/plndr.json").path
    let url = try Self.temporaryScenario(
      """
      flow \(plndr)
      tap checkout
      tap 99
      api placeOrder fail cvv_invalid
      tap creditCard
      tap done
      expect route pop, present creditCard
      expect stack cart>stepOne
      """)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let report = try Self.replay(url)
    #expect(report.failures.map(\.line) == [3, 7])
    #expect(report.failures.first?.actual.contains("rows are numbered 1 to") == true)
    #expect(report.failures.last?.actual == "route no route planned")
    #expect(report.passed == 1)
  }

  @Test func syntaxErrorIsReportedWithItsLine() throws {
    let url = try Self.temporaryScenario("flow ../x.json\n\nexpect rout pop\n")
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let report = try Self.replay(url)
    #expect(report.failures.map(\.line) == [3])
    #expect(report.failures.first?.actual.contains("did you mean") == true)
  }

  @Test func unmatchedErrorWithoutFallbackIsUnresolved() throws {
    // Both shipped flows end with a '*' fallback, so no example can show an
    // unresolved error; a flow without one can.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ScenarioReplayTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try """
    { "format": 1, "id": "mini", "title": "Mini", "start": "cart",
      "steps": [ { "id": "cart", "title": "Cart", "rows": [
        { "id": "pay", "cell": "button", "title": "Pay", "submit": "pay" } ] } ],
      "errors": [ { "code": "card_declined", "step": "cart", "message": "Declined." } ] }
    """.write(to: folder.appendingPathComponent("mini.json"), atomically: true, encoding: .utf8)
    let url = folder.appendingPathComponent("unresolved.scenario")
    try """
    flow mini.json
    api pay fail mystery_code ; card_declined
    tap pay
    expect effect callAPI pay
    expect effect unresolved mystery_code
    expect offer cart
    decline
    api pay fail mystery_code
    tap pay
    expect effect unresolved mystery_code
    expect offer none
    """.write(to: url, atomically: true, encoding: .utf8)
    let report = try Self.replay(url)
    #expect(report.failures.isEmpty, "\(report.failures.map(\.description).joined(separator: "\n"))")
    #expect(report.passed == 5)
  }

  @Test func theExamplesCoverBothFlows() throws {
    let names = Self.scenarioNames
    #expect(names.count >= 15, "only \(names.count) scenarios in Examples/scenarios")
    var flows: Set<String> = []
    for name in names {
      let report = try Self.replay(Self.scenarioFolder.appendingPathComponent(name))
      #expect(report.flows.count == 1, "\(name) names \(report.flows.count) flows")
      flows.formUnion(report.flows.map(\.lastPathComponent))
      for flow in report.flows {
        #expect(FileManager.default.fileExists(atPath: flow.path), "\(name): \(flow.path) does not exist")
      }
    }
    #expect(flows.isSuperset(of: ["plndr.json", "express.json"]), "flows used: \(flows.sorted())")
  }
}

/// Switching back to auto mode while a screen is still owed confirms it, as auto
/// mode would have: the session does not stay waiting for an `appear` no one types.
@Suite struct AutoModeSwitchTests {
  @Test func switchingToAutoConfirmsTheStepTheSessionWaitsFor() {
    let replayer = StoryReplayer(flow: ShippedFlows.plndrCompiled)
    let story = """
      manual
      tap checkout
      expect at cart
      auto
      expect at stepOne
      tap shippingAddress
      expect at address
      """
    #expect(replayer.replay(story) == nil)
  }

  @Test func aRouteWaitingMidWayGoesOnWhenAutoComesBack() {
    let replayer = StoryReplayer(flow: ShippedFlows.plndrCompiled)
    let story = """
      tap checkout
      tap creditCard
      set name "Ada Lovelace"
      set number "4242 4242 4242 4242"
      set expiry 12/28
      set cvv 123
      tap done
      tap shippingAddress
      set name "Ada Lovelace"
      set street "1 Main St"
      set city Portland
      set state OR
      set zip 97201
      tap done
      tap continue
      manual
      api placeOrder fail cvv_invalid
      tap placeOrder
      accept
      expect route pop, present creditCard
      appear stepOne
      expect stack cart>stepOne
      auto
      expect stack cart>stepOne|creditCard
      expect focus cvv
      """
    #expect(replayer.replay(story) == nil)
  }
}
