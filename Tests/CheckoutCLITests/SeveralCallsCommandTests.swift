import CheckoutCLI
import CheckoutTestSupport
import Foundation
import Testing

/// The commands on a flow that makes two calls in sequence (`Flows/tickets.json`:
/// hold the seats, then pay): the matrix pairs each call with its own matchers and
/// says which, `plan` routes through the hold, `graph` draws the call's success
/// as its own edge.
@Suite struct SeveralCallsCommandTests {
  static let tickets = PackagePaths.flows.appendingPathComponent("tickets.json").path

  @Test func theMatrixPairsEachCallWithItsOwnMatchers() {
    let result = runCheckout(["lint", "--matrix", Self.tickets])
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(
      lines.contains {
        $0.hasSuffix("coverage 10/10 (2 failing steps x 9 resolutions, each x those of its operation)")
      })
    #expect(
      lines.contains(
        "resolution      seats: holdSeats (seats)  attendee: pay (seats>attendee, after holdSeats)"))
    #expect(lines.contains("seats.quantity  -                         ·"))
    #expect(lines.contains("payment.cvc     ·                         1: present payment"))
  }

  @Test func theMatrixAsJSONNamesTheOperationOfEachCell() throws {
    let result = runCheckout(["lint", "--matrix", "--json", Self.tickets])
    #expect(result.status == 0)
    struct Output: Decodable {
      struct File: Decodable { var coverage: [Cell] }
      struct Cell: Decodable, Equatable {
        var from: String
        var operation: String
        var to: String
      }
      var files: [File]
    }
    let cells = try JSONDecoder().decode(Output.self, from: Data(result.output.utf8)).files[0].coverage
    #expect(cells.count == 10)
    #expect(cells.filter { $0.operation == "holdSeats" }.map(\.to) == ["seats.section", "seats.quantity", "seats"])
    #expect(cells.contains(Output.Cell(from: "attendee", operation: "pay", to: "seats.section")))
  }

  @Test func planRoutesThroughTheCallAndSaysWhich() {
    let result = runCheckout(["plan", Self.tickets, "--from", "seats", "--to", "payment.cvc"])
    #expect(result.status == 0)
    #expect(
      result.output == """
        route from seats to payment.cvc: 2 commands, through the call holdSeats
          1. push attendee    -> seats>attendee          (when holdSeats succeeds)
          2. present payment  -> seats>attendee|payment

        """)
    let json = runCheckout(["plan", Self.tickets, "--from", "seats", "--to", "payment", "--json"])
    #expect(json.output.contains(#""command" : 1,"#) && json.output.contains(#""operation" : "holdSeats""#))
    // A route the engine can drive without a call names none.
    let plain = runCheckout(["plan", Self.tickets, "--from", "seats>attendee", "--to", "payment", "--json"])
    #expect(!plain.output.contains("calls"))
  }

  /// The REPL's `plan` answers as `checkout plan` does: a step behind a call is
  /// reached through it, each command the call performs saying so.
  @Test func replPlanRoutesThroughTheCallAsThePlanCommandDoes() {
    let capture = CapturedTerminal()
    var reader: any LineReader = ReplayAndReplTests.ScriptedReader(lines: ["plan payment.cvc", "plan seats"])
    var options = ReplCommand.Options.onTheTestDay
    options.flow = Self.tickets
    _ = ReplCommand.run(options, capture.terminal, reader: &reader)
    #expect(
      capture.output.contains("route to payment.cvc: push attendee (when holdSeats succeeds), present payment\n"),
      "\(capture.output)")
    #expect(capture.output.contains("route to seats: (already there)\n"))
    #expect(!capture.output.contains("no route"))
    let cli = runCheckout(["plan", Self.tickets, "--from", "seats", "--to", "payment.cvc"])
    #expect(cli.output.hasPrefix("route from seats to payment.cvc: 2 commands, through the call holdSeats\n"))
  }

  @Test func graphDrawsACallsSuccessAsABoldEdgeWithItsOperation() {
    let dot = runCheckout(["graph", Self.tickets])
    #expect(dot.output.contains(#""seats" -> "attendee" [label="Hold these seats: holdSeats ok", style=bold];"#))
    let mermaid = runCheckout(["graph", Self.tickets, "--format", "mermaid"])
    #expect(mermaid.output.contains(#"attendee ==>|"Pay: pay ok"| confirmation"#))
  }

  @Test func graphDrawsEachStepsErrorEdgesToItsOperationsMatchersOnly() {
    let mermaid = runCheckout(["graph", Self.tickets, "--format", "mermaid"])
    let errorEdges = mermaid.output.split(separator: "\n").filter { $0.contains("-.->") }
    // The hold's errors are fixed on the seats alone; the payment's card errors
    // never come from the hold, so no error edge runs from seats to payment.
    #expect(
      errorEdges == [
        #"  seats -.->|"✗ seats_unavailable, quantity_limit_exceeded, *"| seats"#,
        #"  attendee -.->|"✗ hold_expired"| seats"#,
        #"  attendee -.->|"✗ incorrect_cvc, expired_card, incorrect_zip, card_*"| payment"#,
        #"  attendee -.->|"✗ email_invalid, *"| attendee"#,
      ])
    #expect(mermaid.output.contains("  linkStyle 3,4,5,6 stroke:firebrick,color:firebrick\n"))
  }

  @Test func generateSummarisesEachCallWithItsMatchers() {
    let result = runCheckout(["generate", Self.tickets, "--check", "--today", "2026-11-21"])
    #expect(result.status == 0)
    #expect(
      result.output.contains(
        "10 pairs (seats: holdSeats x 3 error matchers, attendee: pay x 7 error matchers): 10 with a story, 0 infeasible"
      ))
    #expect(result.output.hasSuffix("29 passed, 0 failed\n"))
  }
}
