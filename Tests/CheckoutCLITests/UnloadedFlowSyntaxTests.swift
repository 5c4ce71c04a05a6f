import CheckoutCLI
import Foundation
import Testing

/// A story with a syntax error whose flow cannot be loaded either: both are
/// reported, each at its line, and a word in an `api` line's answer position is a
/// keyword, shown as written (only values are hidden when no flow tells which are
/// secret).
@Suite struct UnloadedFlowSyntaxTests {
  @Test func theMissingFlowIsReportedAtItsLineBesideTheSyntaxError() throws {
    try withFlowDirectory(["u4.scenario": "flow nosuch.json\napi placeOrder expired\n"]) { directory in
      let result = runCheckout(["replay", "u4.scenario", "--junit", "r.xml"], in: directory)
      #expect(result.status == 2)
      let lines = result.error.split(separator: "\n").map(String.init)
      #expect(lines.count == 2, "\(lines)")
      #expect(lines.first?.hasPrefix("u4.scenario:1: error: cannot load the flow nosuch.json: ") == true)
      #expect(lines.last == #"u4.scenario:2:16: error: expected ok, fail or action, found "expired""#)
      let report = try JUnitDocument(path: directory + "/r.xml")
      let message = try #require(report.cases.first?.error?.message)
      #expect(message.hasPrefix("u4.scenario:1: cannot load the flow nosuch.json: "), "\(message)")
      #expect(message.hasSuffix(" (and 1 syntax error)"), "\(message)")
    }
  }

  /// Values stay hidden with no flow: the data after `ok`, a set's value.
  @Test func valuesAreStillHiddenWhenNoFlowIsKnown() throws {
    let story = "flow nosuch.json\napi placeOrder ok payment.card.cvv=9876 extra\ntap cvv 5432\n"
    try withFlowDirectory(["s.scenario": story]) { directory in
      let result = runCheckout(["replay", "s.scenario"], in: directory)
      #expect(result.status == 2)
      #expect(!result.error.contains("9876") && !result.error.contains("5432"), "\(result.error)")
      #expect(result.error.contains("s.scenario:1: error: cannot load the flow nosuch.json"))
    }
  }

  /// `api OP action NAME …`: the action's name is a keyword too.
  @Test func anActionNameIsShownWithNoFlow() throws {
    try withFlowDirectory(["a.scenario": "flow nosuch.json\napi book action three_d_secure bogus\n"]) { directory in
      let result = runCheckout(["replay", "a.scenario"], in: directory)
      #expect(result.error.contains("three_d_secure"), "\(result.error)")
      #expect(!result.error.contains("\"bogus\""), "\(result.error)")
    }
  }
}
