// libFuzzer target: random events on a random flow. After every event the
// session's invariants must hold, and no secret may show anywhere.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionEvents(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard bytes.count >= 2 else { return 0 }
  var random = SeededRandom(seed: UInt64(bytes[0]) << 8 | UInt64(bytes[1]))
  var flow = FlowGenerator(steps: 2 + Int(bytes[0] % 7)).flow(using: &random)
  // A secret row on the start step, so that secrecy is checked too.
  flow.steps[0].rows.append(
    Row(id: "pin", cell: .secure(TextEntry(bind: "secret.pin")), title: "PIN", rules: [Rule(.required)], secret: true))
  flow.steps[0].rows.append(
    Row(id: "send", cell: .button(.submit(Submit(operation: "send", then: flow.steps.last?.id))), title: "Send")
  )
  let compiled = CompiledFlow(flow)
  var session = CheckoutSession(flow: compiled, today: ShippedFlows.today)
  let secret = "s3cr3t-\(bytes[1])"
  for byte in bytes.dropFirst(2).prefix(400) {
    let steps = flow.steps
    let rows = session.currentStep?.rows ?? []
    let pick = Int(byte >> 3)
    let event: SessionEvent
    switch byte & 7 {
    case 0: event = rows.isEmpty ? .back : .tap(rows[pick % rows.count].id)
    case 1:
      // The secret goes only into the secret row; other rows get plain values.
      event =
        pick % 2 == 0
        ? .set(.row("pin"), .string(secret))
        : .set(rows.isEmpty ? .key("form.any") : .row(rows[pick % rows.count].id), .string("x\(pick)"))
    case 2: event = .back
    case 3: event = .appeared(steps[pick % steps.count].id)
    case 4: event = .apiFailed("send", [APIError(code: "error_s\(pick % steps.count)"), APIError(code: "zzz")])
    case 5: event = .apiSucceeded("send", [:])
    case 6: event = .accept
    default: event = .decline
    }
    _ = session.send(event)
    check(session, secret: secret)
  }
  return 0
}

private func check(_ session: CheckoutSession, secret: String) {
  guard session.compiled.step(session.navigation.top) != nil else {
    fatalError("the step on top, \(session.navigation.top), is not in the flow")
  }
  if case .awaiting(let expected, let pending, let remaining) = session.driver.state {
    guard var state = try? session.navigation.applying(pending), state.top == expected else {
      fatalError("the route's pending command does not lead to the step it awaits")
    }
    for command in remaining {
      guard (try? state.apply(command)) != nil else { fatalError("the rest of the route cannot be applied") }
    }
    if let target = session.driver.resolution?.step, state.top != target {
      fatalError("the route in progress does not lead to its target")
    }
  }
  let texts = [session.description, session.debugDescription, "\(session.snapshot())", "\(session.screen)"]
  if texts.contains(where: { $0.contains(secret) }) { fatalError("a secret was shown") }
  guard let restored = try? CheckoutSession(restoring: session.snapshot(revealSensitive: true), flow: session.compiled),
    restored.snapshot(revealSensitive: true) == session.snapshot(revealSensitive: true)
  else { fatalError("a snapshot did not restore to itself") }
}
