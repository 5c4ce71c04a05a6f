import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning

/// `FlowGraph.whyUnreachable`: a navigation state the flow can never be in is
/// refused with the step that does not open the next (`plan --from` uses it).
@Suite struct ReachableStateTests {
  static let graph = FlowGraph(ShippedFlows.plndr)

  @Test(arguments: [
    "cart", "cart>stepOne>stepTwo", "cart>stepOne|creditCard", "cart|discount", "confirmation",
    "cart>stepOne>stepTwo|address",
  ])
  func statesTheFlowCanBeInPass(_ text: String) throws {
    #expect(Self.graph.whyUnreachable(try NavigationState(parsing: text)) == nil)
  }

  @Test(arguments: [
    ("cart>stepTwo", "nothing on cart opens stepTwo (cart opens discount, stepOne)"),
    (
      "stepOne",
      "the root stack starts at stepOne, but only \"cart\" or \"confirmation\" can be at its bottom (the start step, or a reset step)"
    ),
    ("cart|stepOne", "stepOne is not a modal step: cart pushes it onto its own layer, written cart>stepOne"),
    (
      "cart>stepOne>creditCard",
      "stepOne presents creditCard as a modal: it starts a new layer, written cart>stepOne|creditCard"
    ),
    (
      "cart|creditCard",
      "the modal layer starts with creditCard, but nothing on cart presents it (cart presents discount)"
    ),
    ("cart>discount", "cart presents discount as a modal: it starts a new layer, written cart|discount"),
    ("cart>stepOne|crediCard", "the flow has no step \"crediCard\"; did you mean \"creditCard\"?"),
  ])
  func statesTheFlowCannotBeInSayWhy(_ text: String, _ reason: String) throws {
    #expect(Self.graph.whyUnreachable(try NavigationState(parsing: text)) == reason)
  }

  /// A call asks for an action and its step opens over the submit's step: a state
  /// every session waiting on 3-D Secure is in (a migration keeps it).
  @Test func anActionStepOpensOverItsSubmitsStep() throws {
    let graph = FlowGraph(ActionFlows.compiled.flow)
    #expect(graph.whyUnreachable(try NavigationState(parsing: "cart|challenge")) == nil)
    #expect(
      graph.whyUnreachable(try NavigationState(parsing: "cart>challenge"))
        == "cart presents challenge as a modal: it starts a new layer, written cart|challenge")
  }
}
