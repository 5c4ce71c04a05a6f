import Foundation
import Testing

@testable import CheckoutCLI

/// `checkout plan --to` reads STEP[.ROW] with the engine's one parser.
@Suite struct PlanTargetTests {
  static let plndr = ReplayAndReplTests.flowsDirectory + "/plndr.json"

  /// A step only an action opens has no route, and the answer says how it is reached.
  @Test func aStepOnlyAnActionOpensSaysHowItIsReached() {
    let express = ReplayAndReplTests.flowsDirectory + "/express.json"
    for json in [false, true] {
      let run = runCheckout(["plan", express, "--from", "checkout", "--to", "challenge"] + (json ? ["--json"] : []))
      #expect(run.status == 1, "\(run.error)")
      #expect(
        run.output.contains(
          "challenge opens only when confirmPayment asks for the action three_d_secure (checkout.pay declares it): "
            + "a scenario reaches it with api confirmPayment action three_d_secure, then tap pay"))
    }
  }

  @Test func aStepAndRowTargetPlans() {
    let run = runCheckout(["plan", Self.plndr, "--from", "cart>stepOne>stepTwo", "--to", "creditCard.cvv", "--json"])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains(#""row" : "cvv""#) && run.output.contains(#""to" : "creditCard""#))
  }

  @Test(arguments: [
    (
      "creditCard.",
      #"error: --to: "creditCard." is not a step or step.row: a row id must follow the dot (column 12); "#
    ),
    (".cvv", #"error: --to: ".cvv" is not a step or step.row: a step id must come first (column 1); "#),
    (
      "creditCard.cvv.x",
      #"error: --to: "creditCard.cvv.x" is not a step or step.row: a reference has at most one dot (column 15); "#
    ),
  ])
  func aMalformedTargetIsABadValueThatSaysWhere(target: String, message: String) {
    let run = runCheckout(["plan", Self.plndr, "--from", "cart", "--to", target])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(
      run.error
        == message + "write STEP or STEP.ROW, each a letter then letters, digits, _ or -, like creditCard.cvv\n")
  }

  /// A `--to` or `--from` step the flow does not have is bad usage (exit 2, on
  /// standard error), as an unknown row is: not "no route" (exit 1).
  @Test(arguments: [
    (
      ["--from", "cart", "--to", "creditCrd"],
      #"error: --to: the flow has no step "creditCrd"; did you mean "creditCard"?"#
    ),
    (
      ["--from", "cart", "--to", "creditCrd", "--json"],
      #"error: --to: the flow has no step "creditCrd"; did you mean "creditCard"?"#
    ),
    (
      ["--from", "cart>stepOn", "--to", "creditCard"],
      #"error: --from cart>stepOn: the flow has no step "stepOn"; did you mean "stepOne"?"#
    ),
  ])
  func anUnknownStepIsBadUsage(options: [String], message: String) {
    let run = runCheckout(["plan", Self.plndr] + options)
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.error == message + "\n")
  }

  @Test func anUnknownRowOfAKnownStepIsNamed() {
    let run = runCheckout(["plan", Self.plndr, "--from", "cart", "--to", "creditCard.cvc"])
    #expect(run.status == 2)
    #expect(run.error.contains(#"step "creditCard" has no row "cvc"; did you mean "cvv"?"#))
  }
}
