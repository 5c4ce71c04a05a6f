import CheckoutEngine
import Foundation

/// The shipped PLNDR flow (`Flows/plndr.json`) and Express (`Flows/express.json`),
/// loaded once for the tests of every layer, with the day their sessions take as today.
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

  /// `Flows/express.json`: its words in English, German and French.
  package static let express: Flow = {
    let path = PackagePaths.flows.appendingPathComponent("express.json").path
    do {
      return try FlowLoader().load(contentsOf: path)
    } catch {
      fatalError("Flows/express.json does not load: \(error)")
    }
  }()

  /// `express`, compiled.
  package static let expressCompiled = CompiledFlow(express)

  /// The day the tests' sessions take as today.
  package static let today = fixture("the date 2026-11-21") { try CalendarDate.parse("2026-11-21") }
}
