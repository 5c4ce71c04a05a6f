import CheckoutEngine
import Foundation
import Testing

/// The value synthesiser: every value it returns is checked by the engine's own
/// evaluator, invalid values fail their rule, unsatisfiable rules are reported,
/// and the same seed gives the same values.
@Suite struct ValueSynthesizerTests {
  static let today = CalendarDate(parsing: "2026-11-21")!
  let evaluator = RuleEvaluator(today: ValueSynthesizerTests.today)

  static func shippedFlow(_ name: String) throws -> Flow {
    try FlowLoader().load(contentsOf: PackagePaths.flows.appendingPathComponent(name).path)
  }

  /// A text row with these rules.
  static func row(_ rules: [RuleKind], cell: CellKind = .text, options: PickerOptions? = nil, placeholder: String? = nil) -> Row {
    Row(id: "field", cell: cell, title: "Field", bind: "form.field", placeholder: placeholder, options: options, rules: rules.map { Rule($0) })
  }

  static func flow(_ rows: [Row], data: [DataKey: Value] = [:]) -> Flow {
    Flow(id: "test", title: "Test", start: "form", data: data, steps: [Step(id: "form", title: "Form", rows: rows)])
  }

  // MARK: Shipped flows

  @Test(arguments: PackagePaths.shippedFlowNames)
  func everyRowOfTheShippedFlowsGetsVerifiedValues(_ name: String) throws {
    let flow = try Self.shippedFlow(name)
    for seed in [UInt64(1), 2, 3] {
      let synthesizer = ValueSynthesizer(flow: flow, today: Self.today, seed: seed)
      for step in flow.steps {
        for row in step.rows where row.cell.takesValue && row.bind != nil {
          let where_ = "\(name) \(step.id).\(row.id) seed \(seed)"
          let valid = try #require(try? synthesizer.validValue(for: row, data: flow.data).get(), "\(where_): no valid value")
          #expect(evaluator.firstFailure(of: row.rules, value: valid, title: row.title) == nil, "\(where_): \(valid)")
          #expect(valid.isPresent, "\(where_)")
          let invalid = synthesizer.invalidValues(for: row, data: flow.data)
          for rule in row.rules {
            if case .minLength(let minimum) = rule.kind, minimum <= 1 { continue }
            guard let value = invalid.first(where: { $0.rule == rule }) else {
              Issue.record("\(where_): no invalid value for \(rule.kind.name)")
              continue
            }
            if value.refused {
              #expect(row.cell == .picker, "\(where_): only pickers refuse values")
              continue
            }
            #expect(!evaluator.passes(rule.kind, value.value), "\(where_): \(value.value) passes \(rule.kind.name)")
            let message = evaluator.firstFailure(of: row.rules, value: value.value, title: row.title)
            #expect(message == value.message, "\(where_)")
            // On the shipped flows, each rule can be broken alone, so its own message shows.
            let own = rule.message ?? evaluator.defaultMessage(rule.kind, title: row.title)
            #expect(message == own, "\(where_): \(rule.kind.name) gave \(message ?? "nil") for \(value.value)")
          }
        }
      }
    }
  }
}
