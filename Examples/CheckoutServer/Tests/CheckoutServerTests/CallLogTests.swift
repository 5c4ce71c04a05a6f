import CheckoutEngine
import Foundation
import InMemoryLogging
import Logging
import Testing

@testable import CheckoutServer

/// A call's log line says what a success provided (the order number an operator
/// searches for), as the session's flow lets each value be shown.
@Suite struct CallLogTests {
  static func plndr() throws -> CompiledFlow {
    try #require(try FlowCatalog.load(directory: FlowCatalog.defaultDirectory, logger: SweepingTests.quiet)["plndr"])
  }

  /// The lines `CallLog` writes for `outcome`, a call of PLNDR's `placeOrder`.
  static func lines(for outcome: CheckoutAPIOutcome) throws -> [String] {
    let handler = InMemoryLogHandler()
    CallLog.log(
      .answered(operation: "placeOrder", key: "placeOrder-1", outcome: outcome), session: "s1", flow: try plndr(),
      to: Logger(label: "call-log-test") { _ in handler }, metrics: ServerMetrics())
    return LogTests.lines(handler)
  }

  @Test func aSuccessLogsWhatItProvidedMaskedAsTheFlowMasksIt() throws {
    let lines = try Self.lines(
      for: .succeeded([
        "order.number": .string("PLNDR-18528348"),
        // PLNDR's card number row is sensitive, its CVV row secret.
        "payment.card.number": .string("4242 4242 4242 4242"),
        "payment.card.cvv": .string("737"),
      ]))
    #expect(lines.count == 1)
    let line = try #require(lines.first)
    #expect(line.hasPrefix("info checkout API "), "\(line)")
    #expect(line.contains("outcome=succeeded"), "\(line)")
    #expect(line.contains("provided.order.number=PLNDR-18528348"), "\(line)")
    #expect(line.contains("provided.payment.card.number=•••• 4242"), "the sensitive value masked: \(line)")
    #expect(!line.contains("4242 4242"), "\(line)")
    #expect(!line.contains("payment.card.cvv"), "the secret value's key left out: \(line)")
    #expect(!LogTests.contains(line, token: "737"), "the secret value left out: \(line)")
  }

  @Test func aProvidedValueHoldingACardNumberIsMaskedAndOneWithNewlinesEscaped() throws {
    let line = try #require(
      try Self.lines(
        for: .succeeded([
          "order.receipt": .string("paid with 4000 0566 5566 5556"), "order.note": .string("a\ninfo forged=1"),
        ])
      ).first)
    #expect(line.contains("provided.order.receipt=paid with [16 digits]"), "\(line)")
    #expect(line.contains(#"provided.order.note=a\u{a}info forged\u{3d}1"#), "\(line)")
  }

  @Test func aSuccessWithNothingProvidedLogsNoProvidedEntry() throws {
    let line = try #require(try Self.lines(for: .succeeded([:])).first)
    #expect(line.contains("outcome=succeeded"))
    #expect(!line.contains("provided."), "\(line)")
  }
}
