import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutEngine

/// A flow's `version` and `renamed`: read, written back, and checked by lint.
@Suite struct FlowVersionTests {
  static let renames = """
    "version": 2,
    "renamed": { "steps": { "payment": "creditCard" }, "rows": { "payment.code": "creditCard.cvv" },
      "keys": { "card.cvc": "payment.card.cvv" } }
    """

  @Test func versionAndRenamesAreReadIntoTheModel() throws {
    let flow = try FlowLoader().load(json: FlowFixtures.flow(top: Self.renames))
    #expect(flow.version == 2)
    #expect(flow.renamed.steps == ["payment": "creditCard"])
    #expect(
      flow.renamed.rows == [
        CheckoutSession.RowRef(step: "payment", row: "code"): CheckoutSession.RowRef(step: "creditCard", row: "cvv")
      ])
    #expect(flow.renamed.keys == ["card.cvc": "payment.card.cvv"])
    // A row not renamed itself follows its step's rename.
    #expect(flow.renamed.row(CheckoutSession.RowRef(step: "payment", row: "number")).description == "creditCard.number")
  }

  @Test func aFlowWithoutThemHasNoVersionAndNoRenames() throws {
    let flow = try FlowLoader().load(json: FlowFixtures.flow())
    #expect(flow.version == nil)
    #expect(flow.renamed.isEmpty)
  }

  @Test func theWriterWritesThemBackSoTheyLoadTheSame() throws {
    let flow = try FlowLoader().load(json: FlowFixtures.flow(top: Self.renames))
    let written = FlowWriter.json(flow)
    #expect(written.contains("\"version\": 2,"))
    #expect(written.contains("\"rows\": { \"payment.code\": \"creditCard.cvv\" }"))
    #expect(try FlowLoader().load(json: written) == flow)
  }

  @Test func badVersionsAndRenamesAreErrorsWhereTheyStand() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        top: """
          "version": 1️⃣0,
          "renamed": { "steps": { "old": 2️⃣3 }, "rows": { 3️⃣"cart": "cart.checkout" },
            "keys": { "a.b": 4️⃣"a.b" }, 5️⃣"step": {} }
          """),
      [
        .error("1️⃣", "version must be at least 1, found 0", path: "version"),
        .error("2️⃣", "expected the new step id as a string, found a number", path: "renamed.steps.old"),
        .error(
          "3️⃣", "\"cart\" is not a valid row, written step.row", path: "renamed.rows.cart",
          suggestion: "write it like \"creditCard.cvv\": the step's id, a dot, the row's id"),
        .error(
          "4️⃣", "\"a.b\" is renamed to itself", path: "renamed.keys[\"a.b\"]",
          suggestion: "remove the entry: a name that did not change needs no rename"),
        .error(
          "5️⃣", "unknown field \"step\" in the renames since the previous version", path: "renamed.step",
          suggestion: "did you mean \"steps\"?"),
      ])
  }

  @Test func lintReportsARenameToSomethingThisVersionDoesNotHave() {
    let report = expectLintDiagnostics(
      FlowFixtures.flow(
        top: """
          "version": 2,
          "renamed": { "steps": { "payment": 1️⃣"creditCrd" }, "rows": { "payment.code": 2️⃣"creditCard.cv" },
            "keys": { "card.cvc": 3️⃣"payment.card.cvc" } }
          """),
      [
        .error(
          "1️⃣", "step \"payment\" is renamed to \"creditCrd\", which is not a step of this flow",
          path: "renamed.steps.payment", suggestion: "did you mean \"creditCard\"?"),
        .error(
          "2️⃣", "row \"payment.code\" is renamed to \"creditCard.cv\", but step \"creditCard\" has no row \"cv\"",
          path: "renamed.rows[\"payment.code\"]", suggestion: "did you mean \"creditCard.cvv\"?"),
        .error(
          "3️⃣",
          "key \"card.cvc\" is renamed to \"payment.card.cvc\": no row binds it, the flow's data does not hold it, and no submit provides it",
          path: "renamed.keys[\"card.cvc\"]", suggestion: "did you mean \"payment.card.cvv\"?"),
      ])
    #expect(report.hasErrors)
  }
}
