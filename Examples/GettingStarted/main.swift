import CheckoutEngine

let flowPath = "Flows/plndr.json"
let flow = try FlowLoader().load(contentsOf: flowPath)
let compiled = CompiledFlow(flow)  // shared by every session of the flow
var session = CheckoutSession(flow: compiled, today: try CalendarDate.parse("2026-11-21"))

session.send(.tap("checkout"))  // [navigate push stepOne]: the host pushes Step One…
session.send(.appeared("stepOne"))  // …and says it appeared: []
print(session.navigation)  // cart>stepOne
print(session.screen.rows.map(\.title))  // ["Shipping address", "Credit card", "Shipping method", "Continue"]
print(session.send(.tap("continue")))  // [refused Continue: Complete "Shipping Address" first. …]

/// Sends an event to a session and does what it asks, as a host does. The auto-host
/// performs each navigation command at once and reports the step that appeared
/// (an app does it on screen), and answers API calls with `callAPI` (your
/// checkout API); this host shows the rest and accepts offers to fix an error.
func run(
  _ event: SessionEvent, on session: inout CheckoutSession,
  callAPI: (OperationName, Payload, IdempotencyKey) -> SessionEvent
) {
  var events = [event]
  while !events.isEmpty {
    for effect in AutoHost().send(events.removeFirst(), to: &session, answering: callAPI) {
      switch effect {
      case .navigate, .callAPI:
        break  // answered by the auto-host
      case .offer(let offer):
        print("offer \(offer)")  // the error, with a "Fix it" button
        events.append(.accept)
      case .focus(let step, let row, let message):
        print("focus \(step).\(row?.rawValue ?? "") \(message)")
      case .refused(let refusal):
        print(refusal.message)  // refusal.code and refusal.subject say what and where, as data
      case .routeCancelled(let reason), .notice(let reason):
        print(reason)
      case .unresolved(let error):
        print("unresolved \(error)")
      }
    }
  }
}

/// Your checkout API; this one refuses every card's security code.
func callAPI(_ operation: OperationName, _ payload: Payload, _ key: IdempotencyKey) -> SessionEvent {
  .apiFailed(operation, [APIError(code: "cvv_invalid", message: "Your card's security code is incorrect.")])
}

let shopper: [SessionEvent] = [
  .tap("creditCard"), .set(.row("name"), .string("Ada Lovelace")),
  .set(.row("number"), .string("4242 4242 4242 4242")), .set(.row("expiry"), .string("12/28")),
  .set(.row("cvv"), .string("123")), .tap("done"),
  .tap("shippingAddress"), .set(.row("name"), .string("Ada Lovelace")), .set(.row("street"), .string("1 Main St")),
  .set(.row("city"), .string("Portland")), .set(.row("state"), .string("OR")), .set(.row("zip"), .string("97201")),
  .tap("done"), .tap("continue"), .tap("placeOrder"),
]
for event in shopper { run(event, on: &session, callAPI: callAPI) }
print(session.navigation)  // cart>stepOne|creditCard: the card sheet, its CVV row focused
