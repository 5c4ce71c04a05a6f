import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions

/// Seeded random flows and random event sequences keep the session's invariants.
@Suite struct SessionPropertyTests {
  static let secret = "9s3cr3t9"

  /// A random flow with a secret row and a submit on its start step.
  static func flow(_ random: inout SeededRandom) -> Flow {
    var flow = FlowGenerator(steps: random.int(in: 2...9), modalChance: 0.4, resetChance: 0.1, guardChance: 0.2)
      .flow(using: &random)
    flow.steps[0].rows.append(
      Row(id: "pin", cell: .secure(TextEntry(bind: "secret.pin")), title: "PIN", rules: [Rule(.required)], secret: true)
    )
    flow.steps[0].rows.append(
      Row(id: "send", cell: .button(.submit(Submit(operation: "send", then: flow.steps.last?.id))), title: "Send")
    )
    return flow
  }

  /// A random event, mostly about what is on screen.
  static func event(_ session: CheckoutSession, _ random: inout SeededRandom) -> SessionEvent {
    let rows = session.currentStep?.rows ?? []
    let steps = session.flow.steps
    switch random.int(in: 0...9) {
    case 0...2: return rows.isEmpty ? .back : .tap(rows[random.int(in: 0..<rows.count)].id)
    case 3:
      if random.chance(0.4) { return .set(.row("pin"), .string(secret)) }
      return .set(
        rows.isEmpty ? .key("form.any") : .row(rows[random.int(in: 0..<rows.count)].id),
        .string("v\(random.int(in: 0...9))"))
    case 4: return .back
    case 5:
      return .appeared(
        random.chance(0.7)
          ? session.driver.expectedStep ?? session.pendingStep ?? steps[0].id
          : steps[random.int(in: 0..<steps.count)].id)
    case 6:
      return .apiFailed("send", [APIError(code: "error_s\(random.int(in: 0..<steps.count))"), APIError(code: "other")])
    case 7: return .apiSucceeded("send", [:])
    case 8: return .accept
    default: return .decline
    }
  }

  @Test func invariantsHoldAfterEveryEvent() throws {
    var random = SeededRandom(seed: 20_261_121)
    let decoder = JSONDecoder()
    for _ in 0..<100 {
      let flow = Self.flow(&random)
      let compiled = CompiledFlow(flow)
      decoder.userInfo[.checkoutFlow] = compiled
      var session = CheckoutSession(flow: compiled, today: ShippedFlows.today)
      var log: [SessionEvent] = []
      for index in 0..<100 {
        let event = Self.event(session, &random)
        log.append(event)
        let effects = session.send(event)
        // The navigation state is never empty and its top step exists.
        #expect(compiled.step(session.navigation.top) != nil, "top \(session.navigation.top) after \(event)")
        // A route in progress always leads to its target.
        if case .awaiting(let expected, let pending, let remaining) = session.driver.state {
          var state = try session.navigation.applying(pending)
          #expect(state.top == expected)
          for command in remaining { try state.apply(command) }
          #expect(state.top == session.driver.resolution?.step, "route \(session.driver)")
        }
        // A secret never appears in a snapshot, a screen, effects or a printout
        // (every fourth event: encoding is the slow part of this test).
        guard index % 4 == 0 else { continue }
        let encoded = String(decoding: try JSONEncoder().encode(session), as: UTF8.self)
        for text in [encoded, "\(session.screen)", "\(effects)", session.description, session.debugDescription] {
          #expect(!text.contains(Self.secret))
        }
        // Encoding then decoding a snapshot is the identity.
        let decoded = try decoder.decode(CheckoutSession.self, from: Data(encoded.utf8))
        #expect(decoded.snapshot() == session.snapshot())
      }
      // Replaying the event log reproduces the session exactly.
      var replayed = CheckoutSession(flow: compiled, today: ShippedFlows.today)
      for event in log { replayed.send(event) }
      #expect(replayed.snapshot(revealSensitive: true) == session.snapshot(revealSensitive: true))
      #expect(replayed.secretValues == session.secretValues)
    }
  }
}

extension RouteDriver {
  /// The step the driver waits for, if any.
  var expectedStep: StepID? {
    if case .awaiting(let expected, _, _) = state { return expected }
    return nil
  }
}

extension CheckoutSession {
  /// The step a tap's command waits for, if any.
  var pendingStep: StepID? { pending?.expected }
}
