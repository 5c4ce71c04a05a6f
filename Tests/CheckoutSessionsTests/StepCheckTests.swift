import CheckoutTestSupport
import Foundation
import Testing
@testable import CheckoutModel
@testable import CheckoutPlanning
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// A session keeps step checks between events and drops those a change can
/// affect: whatever it keeps must equal checking again from scratch.
@Suite struct StepCheckTests {
  static let today = ShippedFlows.today

  /// A generated flow with conditions and completion checks, so that keys read by
  /// `visibleWhen`, `enabledWhen` and `complete` change checks as well as bound keys.
  static func conditionalFlow(_ random: inout SeededRandom) -> Flow {
    var flow = FlowGenerator(steps: random.int(in: 3...7), modalChance: 0.3, resetChance: 0.05, guardChance: 0.4)
      .flow(using: &random)
    flow.steps[0].rows.append(Row(id: "gift", cell: .toggle(bind: "form.gift"), title: "Gift"))
    flow.steps[0].rows.append(
      Row(
        id: "message", cell: .text(TextEntry(bind: "form.message")), title: "Message",
        rules: [Rule(.required), Rule(.minLength(3))], visibleWhen: .equals("form.gift", .bool(true))))
    flow.steps[1].rows.append(
      Row(
        id: "code", cell: .text(TextEntry(bind: "form.code")), title: "Code",
        rules: [Rule(.required), Rule(.pattern("^[A-Z]{3}$"))], enabledWhen: .present("form.s0.name", true)))
    flow.steps[2].complete.append(
      CompletionCheck(when: .present("form.message", true), message: "Write a message first."))
    flow.steps[0].rows.append(
      Row(
        id: "send",
        cell: .button(.submit(Submit(operation: "send", then: flow.steps.last?.id, validates: flow.steps.map(\.id)))),
        title: "Send"))
    return flow
  }

  static func event(_ session: CheckoutSession, _ random: inout SeededRandom) -> SessionEvent {
    let rows = session.currentStep?.rows ?? []
    let values: [Value] = [.string(""), .string("ab"), .string("abcd"), .string("XYZ"), .bool(true), .bool(false)]
    switch random.int(in: 0...9) {
    case 0...2: return rows.isEmpty ? .back : .tap(rows[random.int(in: 0..<rows.count)].id)
    case 3...4:
      let key = ["form.gift", "form.message", "form.code", "form.s0.name", "form.s1.name"][random.int(in: 0...4)]
      return random.chance(0.5) && !rows.isEmpty
        ? .set(.row(rows[random.int(in: 0..<rows.count)].id), values[random.int(in: 0..<values.count)])
        : .set(.key(DataKey(key)), values[random.int(in: 0..<values.count)])
    case 5: return .appeared(session.driver.expectedStep ?? session.pendingStep ?? session.flow.steps[0].id)
    case 6: return .apiFailed("send", [APIError(code: "error_s\(random.int(in: 0..<session.flow.steps.count))")])
    case 7: return .apiSucceeded("send", ["form.s1.name": random.chance(0.5) ? .string("") : .string("Ada")])
    case 8: return .accept
    default: return .back
    }
  }

  /// Every step's kept (or computed) check equals a check made from scratch on the
  /// session's data, after every event of seeded random sessions.
  @Test func keptChecksEqualFreshChecks() {
    var random = SeededRandom(seed: 0xC4EC_0001)
    var kept = 0
    for _ in 0..<60 {
      let flow = Self.conditionalFlow(&random)
      let compiled = CompiledFlow(flow)
      var session = CheckoutSession(flow: compiled, today: Self.today)
      for _ in 0..<80 {
        let event = Self.event(session, &random)
        session.send(event)
        kept += session.stepChecks.count
        let fresh = StepCompleteness(flow: flow, data: session.data, rules: session.rules)
        for step in flow.steps {
          #expect(session.completeness.check(step) == fresh.check(step), "step \(step.id) after \(event)")
        }
      }
    }
    // The cache is used, or this test proves nothing.
    #expect(kept > 1_000)
  }

  /// A `set` drops the checks of the steps that read its key and keeps the others;
  /// a change of date drops them all.
  @Test func setDropsOnlyTheChecksOfStepsReadingTheKey() {
    var session = CheckoutSession(flow: CompiledFlow(ShippedFlows.plndr), today: Self.today)
    session.send(.tap("checkout"))
    session.send(.appeared("stepOne"))
    session.send(.tap("continue"))  // refused (guards), but address and creditCard are checked
    #expect(Set(session.keptCheckSteps) == ["address", "creditCard"])
    session.send(.tap("creditCard"))
    session.send(.appeared("creditCard"))
    session.send(.set(.row("cvv"), .string("123")))
    #expect(Set(session.keptCheckSteps) == ["address"])
    session.today = fixture(CalendarDate(year: 2027, month: 1, day: 1), "the date 2027-01-01")
    #expect(session.stepChecks.isEmpty)
  }
}
