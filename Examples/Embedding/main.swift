import CheckoutEngine

// A server's core: one compiled flow shared by every session (two steps built in
// Swift here; yours: FlowLoader().load(contentsOf:)), sessions in a store with optimistic
// concurrency, and each request an event whose effects go back to the client.
let flow = Flow(id: "mini", title: "Mini checkout", start: "cart") {
  Step("cart", title: "My Cart") { Button("checkout", title: "Checkout", opens: "stepOne") }
  Step("stepOne", title: "Step One") { TextField("zip", title: "ZIP", bind: "shipping.zip").rules(.required) }
}
let compiled = CompiledFlow(flow)
let store = InMemorySessionStore()
let vault = SecretVault()  // CVVs live here, in memory only, never in the store

func handle(_ event: SessionEvent, session id: SessionID) async throws -> [Effect] {
  let (effects, version) = try await store.update(id, flow: compiled, storeSensitive: true, secrets: vault) {
    $0.send(event)
  }
  print("\(id) v\(version): \(event) -> \(effects)")
  return effects
}

let today = try CalendarDate.parse("2026-11-21")
try await store.insert(CheckoutSession(flow: compiled, today: today).snapshot(), id: "s1")
_ = try await handle(.tap("checkout"), session: "s1")  // [navigate push stepOne]
_ = try await handle(.appeared("stepOne"), session: "s1")  // the client confirms the screen
