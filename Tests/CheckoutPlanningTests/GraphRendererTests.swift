import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning

/// The whole text of both graph formats for a small flow with every kind of node and
/// edge: navigation, guards (`requires` and `enabledWhen`), a submit, an action its
/// call may ask for, and where each error is fixed.
@Suite struct GraphRendererTests {
  static let source = #"""
    {
      "format": 1, "id": "mini", "title": "Mini \"checkout\"", "start": "cart",
      "steps": [
        { "id": "cart", "title": "Cart", "rows": [
          { "id": "address", "cell": "disclosure", "title": "Address", "opens": "address" },
          { "id": "card", "cell": "disclosure", "title": "Card", "opens": "creditCard", "requires": ["address"] },
          { "id": "gift", "cell": "disclosure", "title": "Gift", "opens": "creditCard",
            "enabledWhen": { "key": "shipping.zip", "present": true } },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "thanks",
            "actions": { "three_d_secure": "challenge" } } ] },
        { "id": "address", "title": "Shipping address", "rows": [
          { "id": "zip", "cell": "text", "title": "Zip", "bind": "shipping.zip", "rules": ["required"] } ] },
        { "id": "creditCard", "title": "Credit \"card\"", "presentation": "modal", "rows": [
          { "id": "done", "cell": "button", "title": "Done", "action": "close" } ] },
        { "id": "challenge", "title": "Confirm", "presentation": "modal", "rows": [
          { "id": "confirm", "cell": "button", "title": "Confirm", "action": "resume" } ] },
        { "id": "thanks", "title": "Thank you", "presentation": "reset", "rows": [] }
      ],
      "errors": [
        { "code": "card_*", "step": "creditCard" }, { "field": "shipping.zip", "step": "address", "row": "zip" },
        { "code": "zip_invalid", "field": "shipping.zip", "step": "address", "row": "zip" },
        { "code": "*", "step": "cart" } ]
    }
    """#

  static func flow() throws -> Flow {
    try FlowLoader().load(json: source)
  }

  @Test func dot() throws {
    let expected = #"""
      digraph "mini" {
        label="Mini \"checkout\"";
        labelloc=t;
        rankdir=LR;
        node [shape=box, fontname="Helvetica"];
        edge [fontname="Helvetica", fontsize=10];
        "cart" [label="Cart", penwidth=2];
        "address" [label="Shipping address"];
        "creditCard" [label="Credit \"card\"", style="rounded,dashed"];
        "challenge" [label="Confirm", style="rounded,dashed"];
        "thanks" [label="Thank you", peripheries=2];
        "cart" -> "address" [label="Address"];
        "cart" -> "creditCard" [label="Card 🔒 requires address", color=darkorange];
        "cart" -> "creditCard" [label="Gift 🔒 when Zip is filled in", color=darkorange];
        "cart" -> "thanks" [label="Pay: placeOrder ok", style=bold];
        "cart" -> "challenge" [label="placeOrder: three_d_secure", style=dotted, arrowhead=odot, color=steelblue, fontcolor=steelblue, class="action"];
        "cart" -> "creditCard" [label="✗ card_*", style=dashed, color=firebrick, fontcolor=firebrick, constraint=false, class="error"];
        "cart" -> "address" [label="✗ field shipping.zip, zip_invalid on shipping.zip", style=dashed, color=firebrick, fontcolor=firebrick, constraint=false, class="error"];
        "cart" -> "cart" [label="✗ *", style=dashed, color=firebrick, fontcolor=firebrick, constraint=false, class="error"];
      }

      """#
    let actual = GraphRenderer.render(try Self.flow(), as: .dot)
    #expect(actual == expected, "\(LineDiff.render(expected: expected, actual: actual))")
  }

  @Test func mermaid() throws {
    let expected = #"""
      flowchart LR
        cart["Cart"]
        address["Shipping address"]
        creditCard(["Credit #quot;card#quot;"])
        challenge(["Confirm"])
        thanks[["Thank you"]]
        cart -->|"Address"| address
        cart -->|"Card 🔒 requires address"| creditCard
        cart -->|"Gift 🔒 when Zip is filled in"| creditCard
        cart ==>|"Pay: placeOrder ok"| thanks
        cart --o|"placeOrder: three_d_secure"| challenge
        linkStyle 4 stroke:steelblue,color:steelblue
        cart -.->|"✗ card_*"| creditCard
        cart -.->|"✗ field shipping.zip, zip_invalid on shipping.zip"| address
        cart -.->|"✗ *"| cart
        linkStyle 5,6,7 stroke:firebrick,color:firebrick
        classDef modal stroke-dasharray: 5 5
        class creditCard,challenge modal

      """#
    let actual = GraphRenderer.render(try Self.flow(), as: .mermaid)
    #expect(actual == expected, "\(LineDiff.render(expected: expected, actual: actual))")
  }

  /// A row shown only on a condition is marked with an eye and the condition, and
  /// drawn as guarded, as a disabled one is with a lock.
  @Test func aHiddenRowsEdgeIsMarkedWithItsCondition() throws {
    let flow = try FlowLoader().load(
      json: Self.source.replacingOccurrences(
        of: #""opens": "address" }"#,
        with: #""opens": "address", "visibleWhen": { "key": "shipping.zip", "present": false } }"#))
    #expect(
      GraphRenderer.render(flow, as: .mermaid).contains(#"cart -->|"Address 👁 when Zip is empty"| address"#))
    #expect(
      GraphRenderer.render(flow, as: .dot).contains(
        #""cart" -> "address" [label="Address 👁 when Zip is empty", color=darkorange];"#))
  }

  @Test func graphEdgesAndReachability() throws {
    let graph = FlowGraph(try Self.flow())
    #expect(graph.edges(from: "cart").map(\.to) == ["address", "creditCard", "creditCard", "thanks"])
    #expect(graph.edges(from: "cart").map(\.kind) == [.opens, .opens, .opens, .submitSucceeded("placeOrder")])
    #expect(graph.edges(from: "creditCard").isEmpty, "closing is not an edge")
    #expect(graph.reachableSteps(from: "address") == ["address"])
    #expect(graph.reachableSteps(from: "cart") == ["cart", "address", "creditCard", "thanks"])
  }

  /// A flow whose failing step sends eight codes to one step and two to another.
  static func manyCodes(failingSteps: Int) throws -> Flow {
    let codes = (1...8).map { #"{ "code": "c\#($0)", "step": "fix" }"# }.joined(separator: ", ")
    let submits = (1...failingSteps).map {
      #"{ "id": "pay\#($0)", "cell": "button", "title": "Pay", "submit": "op\#($0)" }"#
    }
    return try FlowLoader().load(
      json: #"""
        { "format": 1, "id": "many", "title": "Many", "start": "cart",
          "steps": [
            { "id": "cart", "title": "Cart", "rows": [
              { "id": "fix", "cell": "disclosure", "title": "Fix", "opens": "fix" }, \#(submits.joined(separator: ", ")) ] },
            { "id": "fix", "title": "Fix", "rows": [] } ],
          "errors": [\#(codes), { "code": "a", "step": "cart" }, { "code": "b", "step": "cart" }] }
        """#)
  }

  @Test func anErrorEdgeNamesSixCodesOnTwoLinesAndCountsTheRest() throws {
    let dot = GraphRenderer.render(try Self.manyCodes(failingSteps: 1), as: .dot)
    #expect(dot.contains(#""cart" -> "fix" [label="✗ c1, c2, c3\nc4, c5, c6 +2 more", style=dashed"#))
    #expect(dot.contains(#""cart" -> "cart" [label="✗ a, b", style=dashed"#))
    let mermaid = GraphRenderer.render(try Self.manyCodes(failingSteps: 1), as: .mermaid)
    #expect(mermaid.contains(#"cart -.->|"✗ c1, c2, c3, c4, c5, c6 +2 more"| fix"#))
  }

  @Test func everyFailingStepGetsAnEdgeToEveryResolutionStepOnce() throws {
    let flow = try Self.manyCodes(failingSteps: 3)
    let dot = GraphRenderer.render(flow, as: .dot)
    let errorEdges = dot.split(separator: "\n").filter { $0.contains("class=\"error\"") }
    #expect(errorEdges.count == 2, "one step with three submits fails once: \(errorEdges)")
    let mermaid = GraphRenderer.render(flow, as: .mermaid)
    #expect(mermaid.contains("  linkStyle 1,2 stroke:firebrick,color:firebrick\n"))
  }

  @Test func aFlowWithoutSubmitsHasNoErrorEdges() throws {
    let flow = try FlowLoader().load(
      json: #"""
        { "format": 1, "id": "calm", "title": "Calm", "start": "a",
          "steps": [ { "id": "a", "title": "A", "rows": [ { "id": "b", "cell": "disclosure", "title": "B", "opens": "b" } ] },
                     { "id": "b", "title": "B", "rows": [] } ],
          "errors": [ { "code": "*", "step": "b" } ] }
        """#)
    #expect(!GraphRenderer.render(flow, as: .dot).contains("✗"))
    #expect(!GraphRenderer.render(flow, as: .mermaid).contains("linkStyle"))
  }
}
