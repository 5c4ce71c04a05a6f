import Foundation
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutSynthesis
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutScenarios

/// Every session state the scenarios of a flow pass through, snapshotted as a store
/// keeps it, restored on the flow's v2 in `Examples/evolution` and driven to a
/// completed order with the values the story generator synthesises for v2: PLNDR
/// and Express.
@Suite struct FlowEvolutionScenarioTests {
  static let scenarios = PackagePaths.root.appendingPathComponent("Examples/scenarios")

  /// A shipped example pair and how an order is placed on its v2.
  struct Pair: Sendable, CustomTestStringConvertible {
    var flow: String
    /// The step holding the order's submit row, the row, and the step it opens.
    var orderStep: StepID
    var orderRow: RowID
    var done: StepID
    /// The kinds of change its scenarios' sessions must go through.
    var kinds: Set<MigrationReport.Change.Kind>
    /// Values a shopper typed on v1 that the scenarios never set, stored in every
    /// snapshot before it is migrated (v2 renames, drops or rejects them).
    var typed: [String: Value] = [:]
    var testDescription: String { flow }
  }

  static let pairs = [
    Pair(
      flow: "plndr", orderStep: "stepTwo", orderRow: "placeOrder", done: "confirmation",
      kinds: [.renamedStep, .cutNavigation, .droppedValue, .reresolvedError]),
    Pair(
      flow: "express", orderStep: "checkout", orderRow: "pay", done: "receipt",
      kinds: [.renamedStep, .renamedKey, .droppedValue, .rejectedValue],
      typed: [
        "shipping.company": .string("Acme Outfitters"), "shipping.phone": .string("555 0100"),
        "order.note": .string("Leave it at the door"),
      ]),
  ]

  /// The snapshot after every command of every scenario of `Flows/FLOW.json`, each state once.
  static func snapshots(of flow: String) throws -> [Data] {
    var seen: Set<Data> = []
    var snapshots: [Data] = []
    let files = try FileManager.default.contentsOfDirectory(atPath: scenarios.path).filter { $0.hasSuffix(".scenario") }
      .sorted()
    for file in files {
      let text = try String(contentsOf: scenarios.appendingPathComponent(file), encoding: .utf8)
      guard text.contains("Flows/\(flow).json") else { continue }
      var host = ScenarioHost(baseDirectory: scenarios.path)
      for (_, command) in try ScenarioParser.parseScript(text) {
        _ = host.run(command)
        guard let json = host.session?.snapshotJSON(revealSensitive: true), seen.insert(json).inserted else { continue }
        snapshots.append(json)
      }
    }
    return snapshots
  }

  @Test(arguments: pairs)
  func everyScenarioSessionMigratesToV2AndCompletesAnOrder(_ pair: Pair) throws {
    let snapshots = try Self.snapshots(of: pair.flow)
    #expect(snapshots.count > 50, "the scenarios pass through many states")
    let v2 = FlowEvolutionTests.load("\(pair.flow)-v2.json")
    let migrator = SnapshotMigrator(to: CompiledFlow(v2))
    let today = FlowEvolutionTests.today
    let values = ValueSynthesizer(flow: v2, today: today, seed: 1)
    var kinds: Set<MigrationReport.Change.Kind> = []
    for json in snapshots {
      var snapshot = try SessionSnapshot(json: json)
      snapshot.data.merge(pair.typed) { _, typed in typed }
      let migrated = try migrator.restore(snapshot)
      kinds.formUnion(migrated.report?.changes.map(\.kind) ?? [])
      var driver = OrderDriver(session: migrated.session, values: values, pair: pair)
      let failure = driver.completeOrder()
      #expect(failure == nil, "\(failure ?? ""): from \(String(decoding: json, as: UTF8.self))")
      #expect(driver.session.navigation.description == pair.done.rawValue)
    }
    // The scenarios exercise the pair's kinds of change (renames, cuts, dropped and rejected values, re-resolved errors).
    #expect(kinds.isSuperset(of: pair.kinds), "\(kinds)")
  }
}

/// Plays the host and the shopper on a restored session: settles what is waiting,
/// fills in every value the rules reject or that is missing, walks to the order's
/// step and places the order.
struct OrderDriver {
  var session: CheckoutSession
  let values: ValueSynthesizer
  let pair: FlowEvolutionScenarioTests.Pair
  private var steps = 0

  init(session: CheckoutSession, values: ValueSynthesizer, pair: FlowEvolutionScenarioTests.Pair) {
    self.session = session
    self.values = values
    self.pair = pair
  }

  /// Nil when the order completed; otherwise what stopped it.
  mutating func completeOrder() -> String? {
    settle()
    if session.navigation.top == pair.done { return nil }
    if let problem = fillIn() { return problem }
    guard case .success(let route) = session.compiled.planner.plan(from: session.navigation, to: pair.orderStep) else {
      return "no route to \(pair.orderStep) from \(session.navigation)"
    }
    for command in route.commands {
      if command.isBackward {
        if let problem = send(.back) { return problem }
        continue
      }
      guard let target = command.opened,
        let row = session.currentStep?.rows.first(where: { $0.opens == target })
      else { return "nothing on \(session.navigation.top) opens \(command)" }
      if let problem = send(.tap(row.id)) { return problem }
    }
    if let problem = send(.tap(pair.orderRow)) { return problem }
    return session.navigation.top == pair.done ? nil : "placing the order left the session at \(session.navigation)"
  }

  /// Confirms a command waiting for its step and a route in progress, declines an
  /// offer, and answers the calls waiting.
  private mutating func settle() {
    while steps < 100 {
      steps += 1
      if let pending = session.pending {
        play(.appeared(pending.expected))
      } else if session.driver.isDriving, case .awaiting(let expected, _, _) = session.driver.state {
        play(.appeared(expected))
      } else if session.offer != nil {
        play(.decline)
      } else if let operation = session.calls.keys.sorted().first {
        play(.apiSucceeded(operation, ["order.number": .string("PL-1")]))
      } else {
        return
      }
    }
  }

  /// Every visible value row whose value is missing, masked or rejected gets the
  /// synthesiser's valid value, set through its key.
  private mutating func fillIn() -> String? {
    let rules = session.rules
    for step in session.flow.steps {
      for row in step.rows where row.kind.takesValue {
        guard let key = row.bind else { continue }
        let data = session.redactedData(revealSensitive: true)
        guard row.visibleWhen?.holds(in: data) ?? true else { continue }
        let current = session.value(for: key)
        if let current, !current.displayText.contains("•"),
          rules.firstFailure(of: row.rules, value: current, title: row.title) == nil
        {
          continue
        }
        guard case .success(let value) = values.validValue(for: row, data: data) else {
          return "no valid value for \(step.id).\(row.id)"
        }
        let effects = session.send(.set(.key(key), value))
        if case .refused(let reason)? = effects.first { return "set \(key) refused: \(reason)" }
      }
    }
    return nil
  }

  private mutating func send(_ event: SessionEvent) -> String? {
    settle()  // an error queued behind a fixed one is offered once its row changes: declined
    let effects = play(event)
    if case .refused(let reason)? = effects.first { return "\(event) refused: \(reason)" }
    if case .offer(let offer)? = effects.first { return "\(event) offered \(offer)" }
    return nil
  }

  /// The host's part: every command appears, every call succeeds.
  @discardableResult
  private mutating func play(_ event: SessionEvent) -> [Effect] {
    AutoHost().send(event, to: &session) { operation, _, _ in
      .apiSucceeded(operation, ["order.number": .string("PL-1")])
    }
  }
}
