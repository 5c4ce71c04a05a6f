import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning

/// The whole text of both graph formats for a small flow with every kind of node and edge.
@Suite struct GraphRendererTests {
  static let source = #"""
    {
      "format": 1, "id": "mini", "title": "Mini \"checkout\"", "start": "cart",
      "steps": [
        { "id": "cart", "title": "Cart", "rows": [
          { "id": "address", "cell": "disclosure", "title": "Address", "opens": "address" },
          { "id": "card", "cell": "disclosure", "title": "Card", "opens": "creditCard", "requires": ["address"] },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "thanks" } ] },
        { "id": "address", "title": "Shipping address", "rows": [
          { "id": "zip", "cell": "text", "title": "Zip", "bind": "shipping.zip", "rules": ["required"] } ] },
        { "id": "creditCard", "title": "Credit \"card\"", "presentation": "modal", "rows": [
          { "id": "done", "cell": "button", "title": "Done", "action": "close" } ] },
        { "id": "thanks", "title": "Thank you", "presentation": "reset", "rows": [] }
      ],
      "errors": [{ "code": "*", "step": "cart" }]
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
        "thanks" [label="Thank you", peripheries=2];
        "cart" -> "address" [label="Address"];
        "cart" -> "creditCard" [label="Card 🔒 requires address", color=darkorange];
        "cart" -> "thanks" [label="Pay: placeOrder ok", style=bold];
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
        thanks[["Thank you"]]
        cart -->|"Address"| address
        cart -->|"Card 🔒 requires address"| creditCard
        cart ==>|"Pay: placeOrder ok"| thanks
        classDef modal stroke-dasharray: 5 5
        class creditCard modal

      """#
    let actual = GraphRenderer.render(try Self.flow(), as: .mermaid)
    #expect(actual == expected, "\(LineDiff.render(expected: expected, actual: actual))")
  }

  @Test func graphEdgesAndReachability() throws {
    let graph = FlowGraph(try Self.flow())
    #expect(graph.edges(from: "cart").map(\.to) == ["address", "creditCard", "thanks"])
    #expect(graph.edges(from: "cart").map(\.kind) == [.opens, .opens, .submitSucceeded("placeOrder")])
    #expect(graph.edges(from: "creditCard").isEmpty, "closing is not an edge")
    #expect(graph.reachableSteps(from: "address") == ["address"])
    #expect(graph.reachableSteps(from: "cart") == ["cart", "address", "creditCard", "thanks"])
  }
}
