import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutLint

/// `renamed` leaves nothing behind: a renamed step, row or key whose old name this
/// version still has is an error at the rename, unless another rename takes that
/// name over (a swap).
@Suite struct LintRenameTests {
  @Test func aKeyRenamedWhileItsOldNameIsStillBoundIsAnError() {
    // PLNDR's key clash: shipping.state renamed onto a toggle's key while a row still binds it.
    let report = expectLintDiagnostics(
      FlowFixtures.flow(
        top: """
          "version": 2,
          "renamed": { "keys": { "payment.card.number": 1️⃣"payment.card.cvv" } }
          """),
      [
        .error(
          "1️⃣",
          "key \"payment.card.number\" is renamed to \"payment.card.cvv\", but this version still holds \"payment.card.number\" (creditCard.number binds it): a renamed key's old name must be gone, or the values stored under it move to \"payment.card.cvv\" and leave it empty",
          path: "renamed.keys[\"payment.card.number\"]",
          suggestion:
            "remove the rename if \"payment.card.number\" is still that value, or bind its rows to the new key")
      ])
    #expect(report.hasErrors)
  }

  @Test func aStepOrRowRenamedWhileItsOldNameIsStillThereIsAnError() {
    expectLintDiagnostics(
      FlowFixtures.flow(
        top: """
          "version": 2,
          "renamed": { "steps": { "cart": 1️⃣"creditCard" } }
          """),
      [
        .error(
          "1️⃣",
          "step \"cart\" is renamed to \"creditCard\", but this version still has a step \"cart\": a renamed step's old id must be gone",
          path: "renamed.steps.cart",
          suggestion: "remove the rename if \"cart\" is still that step, or give the step left under it another id")
      ])
    expectLintDiagnostics(
      FlowFixtures.flow(
        top: """
          "version": 2,
          "renamed": { "rows": { "creditCard.number": 2️⃣"creditCard.cvv" } }
          """),
      [
        .error(
          "2️⃣",
          "row \"creditCard.number\" is renamed to \"creditCard.cvv\", but this version still has the row \"creditCard.number\": a renamed row's old name must be gone",
          path: "renamed.rows[\"creditCard.number\"]",
          suggestion:
            "remove the rename if \"creditCard.number\" is still that row, or give the row left under it another id")
      ])
  }

  @Test func aSwapTakesTheOldNamesOverAndIsNoError() {
    expectLintDiagnostics(
      FlowFixtures.flow(
        top: """
          "version": 2,
          "renamed": { "rows": { "creditCard.number": "creditCard.cvv", "creditCard.cvv": "creditCard.number" },
            "keys": { "payment.card.number": "payment.card.cvv", "payment.card.cvv": "payment.card.number" } }
          """),
      [])
  }

  @Test func anOldNameStillWrittenIsToldItsNewName() {
    expectLintDiagnostics(
      FlowFixtures.flow(
        top: """
          "version": 2,
          "renamed": { "steps": { "payment": "creditCard" }, "rows": { "payment.code": "creditCard.cvv" },
            "keys": { "payment.card.code": "payment.card.cvv" } }
          """,
        rows: #"{ "id": "pay", "cell": "disclosure", "title": "Pay", "opens": 1️⃣"payment" }"#,
        errors: """
          { "code": "cvv_invalid", "step": "creditCard", "row": 2️⃣"code" },
            { "field": 3️⃣"payment.card.code", "step": "creditCard", "row": "cvv" }
          """),
      [
        .error(
          "1️⃣", "unknown step \"payment\"", path: "steps[0].rows[1].opens",
          suggestion: "\"payment\" was renamed to \"creditCard\" in renamed.steps; write \"creditCard\""),
        .error(
          "2️⃣", "step \"creditCard\" has no row \"code\"", path: "errors[0].row",
          suggestion: "\"payment.code\" was renamed to \"creditCard.cvv\" in renamed.rows; write \"creditCard.cvv\""),
        .error(
          "3️⃣",
          "unknown key \"payment.card.code\": no row binds it, the flow's data does not hold it, and no submit provides it",
          path: "errors[1].field",
          suggestion:
            "\"payment.card.code\" was renamed to \"payment.card.cvv\" in renamed.keys; write \"payment.card.cvv\""),
      ])
  }
}
