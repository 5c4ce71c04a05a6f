import Foundation

// libFuzzer target: reading snapshot JSON (JSONDecoder through the snapshot's
// Codable conformance) and restoring it must never crash or hang on any bytes, and
// a snapshot that restores must be a session that works: it writes back to a
// snapshot that reads as the same, and takes events without trapping.

/// `Flows/plndr.json`, loaded once (the script runs from the repository's root).
private let compiled: CompiledFlow = {
  do {
    return CompiledFlow(try FlowLoader().load(contentsOf: "Flows/plndr.json"))
  } catch {
    fatalError("run from the repository's root: Flows/plndr.json does not load: \(error)")
  }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshotReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  if let snapshot = try? SessionSnapshot(json: bytes) {
    // Whatever reads writes back to bytes that read as the same snapshot.
    guard let again = try? SessionSnapshot(json: snapshot.jsonData()), again == snapshot else {
      fatalError("a snapshot that reads did not read the same after writing it back")
    }
  }
  guard var session = try? CheckoutSession(restoringJSON: bytes, flow: compiled) else { return 0 }
  // A restored session renders, plans and takes events like any other.
  _ = session.screen
  _ = session.snapshotJSON()
  let events: [SessionEvent] = [
    .appeared(session.navigation.top), .back, .accept, .decline, .tap("checkout"), .tap("placeOrder"),
    .set(.row("cvv"), .string("123")), .apiFailed("placeOrder", [APIError(code: "cvv_invalid")]),
    .apiSucceeded("placeOrder", [:]),
  ]
  for event in events {
    AutoHost().send(event, to: &session)
    if session.navigation.steps.isEmpty || compiled.step(session.navigation.top) == nil {
      fatalError("a restored session left the flow: \(session.navigation)")
    }
  }
  return 0
}
