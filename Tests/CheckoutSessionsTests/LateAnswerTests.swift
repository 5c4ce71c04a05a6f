import Foundation
import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutPlanning
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions

/// A call's success is an edge of the flow's graph, from its submit's step to its
/// `then`: while the call waits for its answer the shopper stays on that step
/// (`back`, and taps that open or close a step or make another call, are refused
/// with `callInProgress`), so the answer opens its `then` where the graph does. A
/// host that moves the shopper anyway (an appearance below) gets no `then` opened
/// off that step; an error is routed from where the shopper is.
@Suite struct LateAnswerTests {
  /// A cart, an address step that validates the address (its success opens `next`,
  /// shown as `presentation`), a help step it opens, and a suggestion step for the
  /// address check's action.
  static func flow(next presentation: String) throws -> CompiledFlow {
    let json = """
      { "format": 1, "id": "late", "title": "Late", "locales": ["en", "de"], "start": "cart",
        "steps": [
          { "id": "cart", "title": "Cart", "rows": [
            { "id": "quantity", "cell": "picker", "title": "Quantity", "bind": "cart.quantity",
              "options": [{ "value": "1", "label": "1" }, { "value": "2", "label": "2" }] },
            { "id": "checkout", "cell": "button", "title": "Checkout", "opens": "address" } ] },
          { "id": "address", "title": "Address", "rows": [
            { "id": "zip", "cell": "text", "title": "ZIP", "bind": "shipping.zip", "rules": ["required"] },
            { "id": "help", "cell": "disclosure", "title": "Help", "opens": "help" },
            { "id": "quote", "cell": "button", "title": "Quote", "submit": "quoteShipping" },
            { "id": "cancel", "cell": "button", "title": "Cancel", "action": "close" },
            { "id": "validate", "cell": "button", "title": { "en": "Continue", "de": "Weiter" },
              "submit": "validateAddress", "then": "next", "actions": { "address_suggestion": "suggestion" } } ] },
          { "id": "help", "title": "Help", "presentation": "modal", "rows": [
            { "id": "close", "cell": "button", "title": "Close", "action": "close" } ] },
          { "id": "suggestion", "title": "Suggestion", "presentation": "modal", "rows": [
            { "id": "use", "cell": "button", "title": "Use it", "action": "resume" },
            { "id": "edit", "cell": "button", "title": "Edit", "action": "close" } ] },
          { "id": "next", "title": "Next", "presentation": "\(presentation)", "rows": [
            { "id": "done", "cell": "info", "title": "Done" } ] } ],
        "errors": [
          { "code": "zip_invalid", "operation": "validateAddress", "step": "address", "row": "zip",
            "message": "This ZIP code does not exist." },
          { "code": "*", "step": "address", "message": "We could not check this address." } ] }
      """
    return CompiledFlow(try FlowLoader().load(json: json))
  }

  /// A session on the address step with its ZIP code entered, the validation
  /// call sent and waiting for its answer.
  static func waiting(next presentation: String = "push", locale: String? = nil) throws -> CheckoutSession {
    var session = try CheckoutSession(flow: flow(next: presentation), today: ShippedFlows.today, locale: locale)
    let host = AutoHost()
    host.send(.tap("checkout"), to: &session)
    host.send(.set(.row("zip"), .string("97201")), to: &session)
    let call = host.send(.tap("validate"), to: &session)
    #expect(call.map(\.kind) == [.callAPI])
    #expect(session.navigation.description == "cart>address")
    return session
  }

  @Test(arguments: [
    ("push", "navigate push next", "cart>address>next"),
    ("modal", "navigate present next", "cart>address|next"), ("reset", "navigate reset next", "next"),
  ])
  func backWhileTheCallWaitsIsRefusedAndTheAnswerOpensItsThenFromTheSubmitsStep(
    presentation: String, command: String, stack: String
  ) throws {
    var session = try Self.waiting(next: presentation)
    let refused = try #require(session.send(.back).first?.refusal)
    #expect(refused.code == .callInProgress)
    #expect(refused.event == .back)
    #expect(refused.subject == nil)
    #expect(refused.message == "Continue is in progress; wait for it to finish before going back")
    #expect(session.navigation.description == "cart>address")
    let answered = AutoHost().send(.apiSucceeded("validateAddress", [:]), to: &session)
    #expect(answered.map(\.description) == [command])
    #expect(session.navigation.description == stack)
  }

  @Test func tapsThatLeaveTheStepOrCallAgainAreRefused() throws {
    var session = try Self.waiting()
    for row in ["help", "cancel", "quote"] {
      let refused = try #require(session.send(.tap(RowID(row))).first?.refusal, "\(row)")
      #expect(refused.code == .callInProgress)
      #expect(refused.event == .tap)
      #expect(refused.subject == .row(step: "address", row: RowID(row)))
      let title = row.prefix(1).uppercased() + row.dropFirst()
      #expect(refused.message == "Continue is in progress; wait for it to finish before tapping \(title)")
    }
    // The same submit again is still the call already in flight.
    #expect(session.send(.tap("validate")).first?.refusal?.code == .callInFlight)
    #expect(session.navigation.description == "cart>address")
    #expect(session.pending == nil)
    // Once it is answered, each of them works again.
    session.send(.apiFailed("validateAddress", [APIError(code: "zip_invalid")]))
    session.send(.decline)
    #expect(session.send(.tap("help")).map(\.description) == ["navigate present help"])
  }

  @Test func theRefusalIsInTheShoppersLanguage() throws {
    var session = try Self.waiting(locale: "de")
    #expect(
      session.send(.back).first?.refusal?.message
        == "Weiter läuft noch; bitte warten Sie, bis der Vorgang abgeschlossen ist, bevor Sie zurückgehen")
    #expect(
      session.send(.tap("help")).first?.refusal?.message
        == "Weiter läuft noch; bitte warten Sie, bis der Vorgang abgeschlossen ist, bevor Sie Help antippen")
  }

  /// A host that lets the shopper go back anyway reports where they are: the
  /// success keeps its data but opens no step off the submit's step.
  @Test(arguments: ["push", "modal"])
  func aSuccessAfterTheHostWentBackOpensNothing(presentation: String) throws {
    var session = try Self.waiting(next: presentation)
    #expect(session.send(.appeared("cart")) == [])
    #expect(session.navigation.description == "cart")
    let answered = session.send(.apiSucceeded("validateAddress", [:]))
    #expect(
      answered.map(\.description) == [
        "notice validateAddress (validateAddress-1) succeeded at cart, off the step it is submitted from (address): its data is kept and next is not opened (the shopper is at cart)"
      ])
    #expect(session.navigation.description == "cart")
    #expect(session.calls.isEmpty)
    #expect(session.pending == nil)
    // Exactly once: a second answer finds no call.
    #expect(session.send(.apiSucceeded("validateAddress", [:])).first?.refusal?.code == .noCallWaiting)
  }

  /// A `reset` replaces every step: it opens wherever the shopper is.
  @Test func aResetThenOpensFromAnywhere() throws {
    var session = try Self.waiting(next: "reset")
    session.send(.appeared("cart"))
    #expect(session.send(.apiSucceeded("validateAddress", [:])).map(\.description) == ["navigate reset next"])
    session.send(.appeared("next"))
    #expect(session.navigation.description == "next")
  }

  /// An error is offered and routed from where the shopper is.
  @Test func anErrorAfterTheHostWentBackIsRoutedFromThere() throws {
    var session = try Self.waiting()
    session.send(.appeared("cart"))
    let offered = session.send(.apiFailed("validateAddress", [APIError(code: "zip_invalid")]))
    #expect(offered.first?.description == "offer address.zip: This ZIP code does not exist.")
    #expect(session.offer?.from == "cart")
    let routed = AutoHost().send(.accept, to: &session)
    #expect(
      routed.map(\.description) == ["navigate push address", #"focus address.zip "This ZIP code does not exist.""#])
    #expect(session.navigation.description == "cart>address")
  }

  /// An action asked for once the shopper has left the call's step would open its
  /// step off that step: the call is cancelled, as leaving the action's step does.
  @Test func anActionAfterTheHostWentBackCancelsTheCall() throws {
    var session = try Self.waiting()
    session.send(.appeared("cart"))
    let answered = session.send(.apiActionRequired("validateAddress", "address_suggestion", [:]))
    #expect(
      answered.map(\.description) == [
        #"notice You left "Address": Continue was not finished; tap it again to start over"#
      ])
    #expect(session.calls.isEmpty)
    #expect(session.navigation.description == "cart")
    // On the step itself, the action's step opens as before.
    var staying = try Self.waiting()
    #expect(
      staying.send(.apiActionRequired("validateAddress", "address_suggestion", [:])).map(\.description) == [
        "navigate present suggestion"
      ])
  }
}
