import CheckoutEngine
import Foundation

/// The shipped PLNDR flow (`Flows/plndr.json`), loaded once for the tests of
/// every layer, with the day its sessions take as today.
package enum ShippedFlows {
  /// `Flows/plndr.json`.
  package static let plndr: Flow = {
    let path = PackagePaths.flows.appendingPathComponent("plndr.json").path
    do {
      return try FlowLoader().load(contentsOf: path)
    } catch {
      fatalError("Flows/plndr.json does not load: \(error)")
    }
  }()

  /// `plndr`, compiled.
  package static let plndrCompiled = CompiledFlow(plndr)

  /// The day the tests' sessions take as today.
  package static let today = fixture("the date 2026-11-21") { try CalendarDate.parse("2026-11-21") }
}
