import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutModel
@testable import CheckoutPlanning
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// Event paths find steps through the compiled flow's index (O(1)) instead of
/// `Flow.step(_:)` (a search); they must find exactly what `Flow.step(_:)` finds.
/// And planning checks only the guards it asks about.
@Suite struct StepLookupTests {
  static let today = ShippedFlows.today

  /// A generated flow with a second step reusing an earlier id (flows built in code
  /// are not validated) and rows with conditions and guards.
  static func flow(steps: Int, _ random: inout SeededRandom) -> Flow {
    var flow = FlowGenerator(steps: steps, guardChance: 0.5).flow(using: &random)
    flow.steps[1].rows.append(
      Row(
        id: "code", cell: .text(TextEntry(bind: "form.code")), title: "Code", rules: [Rule(.required)],
        enabledWhen: .present("form.s0.name", true)))
    flow.steps[0].rows.append(
      Row(id: "guarded", cell: .button(.opens("s1")), title: "Guarded", requires: ["s1", "s2"]))
    var duplicate = flow.steps[2]
    duplicate.title = "A second step with the id s2"
    duplicate.rows = [
      Row(id: "other", cell: .text(TextEntry(bind: "form.other")), title: "Other", rules: [Rule(.required)])
    ]
    flow.steps.append(duplicate)
    return flow
  }

  /// Small flows (ids compared directly) and large ones (the hashed index).
  @Test(arguments: [5, 40])
  func compiledLookupsAgreeWithFlowStep(steps: Int) {
    var random = SeededRandom(seed: 0x5EED_0000 + UInt64(steps))
    for _ in 0..<10 {
      let flow = Self.flow(steps: steps, &random)
      let compiled = CompiledFlow(flow)
      let ids = flow.steps.map(\.id) + ["missing", "s", "S1"]
      var data: [DataKey: Value] = [:]
      for index in 0..<steps where random.chance(0.5) { data[DataKey("form.s\(index).name")] = .string("Ada") }
      let rules = RuleEvaluator(today: Self.today)
      let plain = StepCompleteness(flow: flow, data: data, rules: rules)
      let fast = StepCompleteness(compiled: compiled, data: data, rules: rules)
      let plainRenderer = ScreenRenderer(flow: flow, rules: rules)
      let fastRenderer = ScreenRenderer(compiled: compiled, rules: rules)
      for id in ids {
        #expect(compiled.step(id) == flow.step(id), "step \(id)")
        #expect(fast.step(id) == flow.step(id), "step \(id)")
        #expect(compiled.stepIndex(of: id).map { flow.steps[$0] } == flow.step(id), "index of \(id)")
        #expect(fast.isComplete(id) == plain.isComplete(id), "isComplete \(id)")
        #expect(fastRenderer.render(id, data: data) == plainRenderer.render(id, data: data), "screen of \(id)")
      }
      for step in flow.steps {
        for row in step.rows {
          #expect(fastRenderer.disabledReason(row, fast) == plainRenderer.disabledReason(row, plain))
        }
      }
      let plainResolver = ErrorResolver(flow)
      for code in (0..<steps).map({ "error_s\($0)" }) + ["other"] {
        let error = APIError(code: code)
        #expect(compiled.resolver.resolve(error) == plainResolver.resolve(error), "resolution of \(code)")
      }
    }
  }

  /// A completeness check handed out by a session forgets the session's kept checks
  /// when its data, rules or flow change.
  @Test func changedCompletenessDoesNotUseKeptChecks() {
    var session = CheckoutSession(flow: CompiledFlow(ShippedFlows.plndr), today: Self.today)
    session.send(.tap("checkout"))
    session.send(.appeared("stepOne"))
    session.send(.tap("continue"))  // refused (guards), but address and creditCard are checked and kept
    var completeness = session.completeness
    #expect(!completeness.isComplete("address"))
    for (key, value) in [
      ("name", "Ada"), ("street", "1 Main St"), ("city", "Portland"), ("state", "OR"), ("zip", "97201"),
    ] {
      completeness.data[DataKey("shipping.\(key)")] = .string(value)
    }
    #expect(completeness.isComplete("address"))
    #expect(
      completeness.isComplete("address")
        == StepCompleteness(flow: completeness.flow, data: completeness.data).isComplete("address"))
  }

  /// Accepting an offer checks only the steps whose guards planning asks about,
  /// not every guarded step of the flow; the route is the same either way.
  @Test func acceptChecksOnlyTheGuardsPlanningNeeds() {
    // cart opens fix (unguarded); 200 other steps each have a guarded row.
    var steps = [
      Step(
        id: "cart", title: "Cart",
        rows: [
          Row(id: "fix", cell: .disclosure(opens: "fix"), title: "Fix"),
          Row(id: "pay", cell: .button(.submit(Submit(operation: "pay"))), title: "Pay"),
        ]),
      Step(
        id: "fix", title: "Fix", presentation: .modal,
        rows: [
          Row(id: "code", cell: .text(TextEntry(bind: "form.code")), title: "Code", rules: [Rule(.required)])
        ]),
    ]
    for index in 0..<200 {
      steps[0].rows.append(
        Row(id: RowID("open\(index)"), cell: .disclosure(opens: StepID("g\(index)")), title: "Open \(index)"))
      steps.append(
        Step(
          id: StepID("g\(index)"), title: "G\(index)",
          rows: [
            Row(
              id: "name", cell: .text(TextEntry(bind: DataKey("form.g\(index)"))), title: "Name",
              rules: [Rule(.required)]),
            Row(id: "next", cell: .button(.opens("fix")), title: "Next", requires: [StepID("g\((index + 1) % 200)")]),
          ]))
    }
    let flow = Flow(
      id: "guards", title: "Guards", start: "cart", steps: steps,
      errors: [ErrorMatcher(code: "*", step: "fix", row: "code")])
    var session = CheckoutSession(flow: CompiledFlow(flow), today: Self.today)
    session.send(.tap("pay"))
    session.send(.apiFailed("pay", [APIError(code: "bad")]))
    let effects = session.send(.accept)
    #expect(effects == [.navigate(.present("fix"))])
    #expect(session.keptCheckSteps == ["cart"])  // the submit's check; planning asked about nothing

    // Planning from a guarded step that must ask: only what it asked is kept.
    var guarded = CheckoutSession(flow: CompiledFlow(flow), today: Self.today)
    guarded.send(.tap("open5"))
    guarded.send(.appeared("g5"))
    guarded.send(.set(.row("name"), .string("Ada")))
    guarded.mode.offer(
      Offer(resolution: Resolution(step: "fix", row: "code", message: "Code?"), from: "g5"), queued: [])
    guarded.send(.accept)
    #expect(guarded.keptCheckSteps.count <= 2)
    #expect(!guarded.keptCheckSteps.contains("g100"))
  }

  /// A session's screen, whose guards read the kept checks, equals the screen a
  /// plain renderer makes from scratch, after every event of seeded random sessions.
  @Test func sessionScreenEqualsAFreshRender() {
    var random = SeededRandom(seed: 0x5C7E_E400)
    var kept = 0
    for _ in 0..<40 {
      let flow = StepCheckTests.conditionalFlow(&random)
      var session = CheckoutSession(flow: CompiledFlow(flow), today: Self.today)
      let renderer = ScreenRenderer(flow: flow, rules: session.rules)
      for _ in 0..<60 {
        let event = StepCheckTests.event(session, &random)
        session.send(event)
        kept += session.stepChecks.count
        let top = session.navigation.top
        let errors = Dictionary(
          session.rowErrors.filter { $0.key.step == top }.map { ($0.key.row, $0.value) },
          uniquingKeysWith: { a, _ in a })
        let focused = session.focus?.step == top ? session.focus?.row : nil
        let fresh = renderer.render(top, data: session.data, errors: errors, focused: focused)
        #expect(session.screen == fresh, "screen of \(top) after \(event)")
      }
    }
    #expect(kept > 500)
  }

  /// The kept checks stay sorted by step index through inserts, updates and drops.
  @Test func keptStepChecksBehaveLikeADictionary() {
    var random = SeededRandom(seed: 0xC0FF_EE00)
    var kept = KeptStepChecks()
    var reference: [Int: StepCheck] = [:]
    for _ in 0..<2_000 {
      let step = random.int(in: 0..<40)
      let check =
        random.chance(0.3) ? nil : StepCheck(rowFailures: [], checkFailures: random.chance(0.5) ? [] : ["x\(step)"])
      kept[step] = check
      reference[step] = check
      #expect(kept[step] == reference[step])
      #expect(kept.steps == reference.keys.sorted())
    }
    kept.removeAll()
    #expect(kept.isEmpty && kept.count == 0)
  }
}
