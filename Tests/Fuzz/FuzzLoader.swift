// libFuzzer target: the flow loader must never crash, hang or half-load on any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let loader = FlowLoader(customRules: ["postalCode"])
  do {
    let flow = try loader.load(bytes: bytes, file: "fuzz.json")
    // A flow that loads is a flow that works: compile it, lint it, write it back.
    let compiled = CompiledFlow(flow)
    _ = flow.lint(customRules: ["postalCode"])
    let again = try loader.load(json: FlowWriter.json(flow))
    if again != flow { fatalError("writing and loading a flow changed it") }
    var session = CheckoutSession(flow: compiled)
    for step in flow.steps.prefix(4) {
      for row in step.rows.prefix(4) { _ = session.send(.tap(row.id)) }
      _ = compiled.planner.plan(from: session.navigation, to: step.id)
    }
  } catch {
    if error.diagnostics.isEmpty { fatalError("a load failed without saying why") }
  }
  _ = loader.lint(bytes: bytes, file: "fuzz.json")
  return 0
}
