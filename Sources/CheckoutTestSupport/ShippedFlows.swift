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

  /// PLNDR with a language the engine has no table for added: listed after `en`
  /// and `de`, with the card number's title and the `rule.luhn` message written
  /// in it (`{title}` standing for the title), for tests of a shop's own language.
  package static func plndr(speaking locale: String, cardNumberTitle: String, luhnMessage: String) -> CompiledFlow {
    var flow = plndr
    flow.locales = ["en", "de", locale]
    flow.messages = ["rule.luhn": .localized(["en": "{title} is not a card number", locale: luhnMessage])]
    for step in flow.steps.indices where flow.steps[step].id == "creditCard" {
      for row in flow.steps[step].rows.indices where flow.steps[step].rows[row].id == "number" {
        flow.steps[step].rows[row].title.translations[locale] = cardNumberTitle
      }
    }
    return CompiledFlow(flow)
  }

  /// The day the tests' sessions take as today.
  package static let today = fixture("the date 2026-11-21") { try CalendarDate.parse("2026-11-21") }
}
