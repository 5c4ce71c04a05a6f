import CheckoutCLI
import CheckoutTestSupport
import Foundation
import Testing

/// `checkout lint` and `checkout graph` on files, byte for byte.
@Suite struct LintAndGraphCommandTests {
  static let good = """
    {
      "format": 1, "id": "mini", "title": "Mini", "start": "cart",
      "steps": [
        { "id": "cart", "title": "Cart", "rows": [
          { "id": "card", "cell": "disclosure", "title": "Card", "opens": "creditCard" },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "thanks" } ] },
        { "id": "creditCard", "title": "Credit card", "presentation": "modal", "rows": [
          { "id": "number", "cell": "text", "title": "Number", "bind": "payment.card.number", "rules": ["required"] },
          { "id": "done", "cell": "button", "title": "Done", "action": "close" } ] },
        { "id": "thanks", "title": "Thank you", "presentation": "reset", "rows": [] }
      ],
      "errors": [{ "code": "*", "step": "creditCard", "row": "number" }]
    }
    """

  static var typo: String { good.replacingOccurrences(of: #""opens": "creditCard""#, with: #""opens": "creditCrd""#) }
  static var noFallback: String { good.replacingOccurrences(of: #""code": "*""#, with: #""code": "card_*""#) }

  @Test func lintOfAGoodFlow() throws {
    let result = try run(["lint", "good.json"], files: ["good.json": Self.good])
    #expect(result.status == 0)
    #expect(result.output == "good.json: ok (3 steps, 4 rows, 1 error matcher)\n")
    #expect(result.error == "")
  }

  @Test func lintOfAFlowWithATypoInOpens() throws {
    let result = try run(["lint", "typo.json"], files: ["typo.json": Self.typo])
    #expect(result.status == 1)
    #expect(
      result.output == """
        typo.json:5:71: error: steps[0].rows[0].opens: unknown step "creditCrd"; did you mean "creditCard"?
        1 error, 0 warnings in 1 file

        """)
    #expect(result.error == "")
  }

  @Test func lintWithOnlyWarningsSucceeds() throws {
    let result = try run(["lint", "warn.json"], files: ["warn.json": Self.noFallback])
    #expect(result.status == 0)
    #expect(
      result.output == """
        warn.json:12:13: warning: errors: no fallback matcher: an API error no matcher knows is reported to the host unresolved; end "errors" with { "code": "*", "step": …, "message": … }
        warn.json: ok (3 steps, 4 rows, 1 error matcher)
        0 errors, 1 warning in 1 file

        """)
  }

  @Test func lintOfSeveralFilesOneMissing() throws {
    let result = try run(
      ["lint", "good.json", "missing.json", "typo.json"], files: ["good.json": Self.good, "typo.json": Self.typo])
    #expect(result.status == 2)
    #expect(
      result.output == """
        good.json: ok (3 steps, 4 rows, 1 error matcher)
        missing.json: error: cannot read the file: No such file or directory
        typo.json:5:71: error: steps[0].rows[0].opens: unknown step "creditCrd"; did you mean "creditCard"?
        2 errors, 0 warnings in 3 files

        """)
  }

  @Test func lintOfAMissingFileExitsTwo() throws {
    let result = try run(["lint", "nowhere.json"], files: [:])
    #expect(result.status == 2)
    #expect(
      result.output
        == "nowhere.json: error: cannot read the file: No such file or directory\n1 error, 0 warnings in 1 file\n")
  }

  @Test func lintColoursTheSeverityOnlyWhenAsked() throws {
    let result = try run(
      ["lint", "typo.json", "good.json"], files: ["typo.json": Self.typo, "good.json": Self.good], colour: true)
    #expect(
      result.output == """
        typo.json:5:71: \u{1B}[31merror:\u{1B}[0m steps[0].rows[0].opens: unknown step "creditCrd"; did you mean "creditCard"?
        good.json: \u{1B}[32mok\u{1B}[0m (3 steps, 4 rows, 1 error matcher)
        1 error, 0 warnings in 2 files

        """)
  }

  @Test func lintJSONShape() throws {
    let result = try run(
      ["lint", "--json", "typo.json", "good.json"], files: ["good.json": Self.good, "typo.json": Self.typo])
    #expect(result.status == 1)
    #expect(result.output.hasSuffix("}\n"))
    let parsed = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    let root = try #require(parsed)
    #expect(Set(root.keys) == ["ok", "errors", "warnings", "files"])
    #expect(root["ok"] as? Bool == false)
    #expect(root["errors"] as? Int == 1)
    #expect(root["warnings"] as? Int == 0)
    let files = try #require(root["files"] as? [[String: Any]])
    #expect(files.map { $0["file"] as? String } == ["typo.json", "good.json"])
    #expect(files.map { $0["ok"] as? Bool } == [false, true])
    #expect(files.map { Set($0.keys) } == [["file", "ok", "diagnostics"], ["file", "ok", "diagnostics"]])
    #expect((files[1]["diagnostics"] as? [Any])?.isEmpty == true)
    let diagnostics = try #require(files[0]["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 1)
    let entry = try #require(diagnostics.first)
    #expect(entry["severity"] as? String == "error")
    #expect(entry["code"] as? String == "unknown-step")
    #expect(entry["message"] as? String == #"unknown step "creditCrd""#)
    #expect(entry["path"] as? String == "steps[0].rows[0].opens")
    #expect(entry["line"] as? Int == 5)
    #expect(entry["column"] as? Int == 71)
    #expect(entry["suggestion"] as? String == #"did you mean "creditCard"?"#)
  }

  @Test func matrixIsPrintedEvenForAFlowWithLintErrors() throws {
    let unreachable = Self.good.replacingOccurrences(
      of: #"{ "code": "*", "step": "creditCard", "row": "number" }"#,
      with: #"{ "code": "gift_*", "step": "gift" }, { "code": "*", "step": "cart" }"#
    ).replacingOccurrences(
      of: #""rows": [] }"#,
      with: #""rows": [{ "id": "gift", "cell": "disclosure", "title": "Gift", "opens": "gift" }] },"#
        + #" { "id": "gift", "title": "Gift", "rows": [] }"#)
    let result = try run(["lint", "--matrix", "gift.json"], files: ["gift.json": unreachable])
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(
      lines.first?.hasPrefix(
        "gift.json:12:42: error: errors[0].step: an error from placeOrder on cart cannot be fixed at gift") == true)
    #expect(lines.contains("gift.json: coverage 1/2 (1 failing step x 2 resolutions)"))
  }

  @Test func graphOfAGoodFlow() throws {
    let result = try run(["graph", "good.json", "--format", "mermaid"], files: ["good.json": Self.good])
    #expect(result.status == 0)
    #expect(
      result.output == """
        flowchart LR
          cart["Cart"]
          creditCard(["Credit card"])
          thanks[["Thank you"]]
          cart -->|"Card"| creditCard
          cart ==>|"Pay: placeOrder ok"| thanks
          cart -.->|"✗ *"| creditCard
          linkStyle 2 stroke:firebrick,color:firebrick
          classDef modal stroke-dasharray: 5 5
          class creditCard modal

        """)
    #expect(result.error == "")
    let dot = try run(["graph", "good.json"], files: ["good.json": Self.good])
    #expect(dot.status == 0)
    #expect(dot.output.hasPrefix("digraph \"mini\" {\n"))
  }

  /// Express's Pay may ask for 3-D Secure: the graph draws an edge of its own kind
  /// from the checkout to the challenge step, in both formats.
  @Test func graphDrawsTheEdgeToAnActionsStep() {
    let express = PackagePaths.flows.appendingPathComponent("express.json").path
    let dot = runCheckout(["graph", express])
    #expect(dot.status == 0)
    #expect(
      dot.output.contains(
        #"  "checkout" -> "challenge" [label="confirmPayment: three_d_secure", style=dotted, arrowhead=odot, color=steelblue, fontcolor=steelblue, class="action"];"#
          + "\n"))
    let mermaid = runCheckout(["graph", express, "--format", "mermaid"]).output
    let lines = mermaid.split(separator: "\n").map(String.init)
    let links = lines.filter { $0.contains("|") }
    let action = #"  checkout --o|"confirmPayment: three_d_secure"| challenge"#
    let index = links.firstIndex(of: action)
    #expect(index == 5, "after the five navigation and success links: \(links)")
    #expect(lines.contains("  linkStyle 5 stroke:steelblue,color:steelblue"))
    #expect(lines.contains { $0.hasPrefix("  linkStyle 6,7,") && $0.hasSuffix(" stroke:firebrick,color:firebrick") })
  }

  @Test func graphOfAnUnloadableFlowExitsTwoWithDiagnosticsOnStandardError() throws {
    let result = try run(["graph", "typo.json"], files: ["typo.json": Self.typo])
    #expect(result.status == 2)
    #expect(result.output == "")
    #expect(
      result.error == """
        typo.json:5:71: error: steps[0].rows[0].opens: unknown step "creditCrd"; did you mean "creditCard"?
        error: typo.json cannot be loaded; run 'checkout lint typo.json' for details

        """)
    let missing = try run(["graph", "missing.json"], files: [:])
    #expect(missing.status == 2)
    #expect(
      missing.error == """
        missing.json: error: cannot read the file: No such file or directory

        """)
  }

  @Test func absolutePathsAreUsedAsGiven() throws {
    try withFlowDirectory(["good.json": Self.good]) { directory in
      let path = directory + "/good.json"
      let result = runCheckout(["lint", path], in: "/")
      #expect(result.output == "\(path): ok (3 steps, 4 rows, 1 error matcher)\n")
    }
  }

  /// Runs the command line in a fresh directory holding `files`.
  func run(_ arguments: [String], files: [String: String], colour: Bool = false) throws -> RunResult {
    try withFlowDirectory(files) { runCheckout(arguments, in: $0, colour: colour) }
  }
}
