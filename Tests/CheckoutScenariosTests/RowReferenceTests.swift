import CheckoutTestSupport
import Testing
@testable import CheckoutModel
@testable import CheckoutSynthesis
@testable import CheckoutPlanning
@testable import CheckoutCompiledFlow
@testable import CheckoutSessions
@testable import CheckoutScenarios

/// `STEP` and `STEP.ROW` are read by one parser, which says where bad text goes
/// wrong and what would be valid.
@Suite struct RowReferenceTests {
  @Test func aStepOrAStepAndARowParseAndPrintBack() throws {
    let row = try RowReference(parsing: "creditCard.cvv")
    #expect(row == RowReference(step: "creditCard", row: "cvv"))
    #expect(row.description == "creditCard.cvv")
    let step = try RowReference(parsing: "stepTwo")
    #expect(step == RowReference(step: "stepTwo") && step.row == nil && step.description == "stepTwo")
    #expect(try RowReference(parsing: "ship_to-2.zip_code").row == "zip_code")
  }

  @Test(arguments: [
    ("", 1, "a step id must come first"),
    (".cvv", 1, "a step id must come first"),
    ("2fa.cvv", 1, #""2fa" is not a step id"#),
    ("creditCard.", 12, "a row id must follow the dot"),
    ("creditCard.c v", 12, #""c v" is not a row id"#),
    ("creditCard.cvv.x", 15, "a reference has at most one dot"),
    ("a..b", 3, "a reference has at most one dot"),
  ])
  func badTextSaysWhereAndWhatWouldBeValid(text: String, column: Int, problem: String) {
    do {
      let parsed = try RowReference(parsing: text)
      Issue.record("\(text) parsed as \(parsed)")
    } catch {
      #expect(error.column == column)
      #expect(error.problem == problem)
      #expect(
        error.description
          == "\(Quoting.quoted(text)) is not a step or step.row: \(problem) (column \(column)); "
          + "write STEP or STEP.ROW, each a letter then letters, digits, _ or -, like creditCard.cvv")
    }
  }

  @Test func printingAndParsingAgreeOnEveryRowOfTheShippedFlow() throws {
    for step in ShippedFlows.plndr.steps {
      #expect(try RowReference(parsing: step.id.rawValue) == RowReference(step: step.id))
      for row in step.rows {
        let reference = RowReference(step: step.id, row: row.id)
        #expect(try RowReference(parsing: reference.description) == reference)
        #expect(CheckoutSession.RowRef(step: step.id, row: row.id).description == reference.description)
      }
    }
  }

  @Test func theScenarioLanguageReportsTheColumnInTheLine() throws {
    #expect(try ScenarioParser.parse("plan creditCard.cvv") == .plan("creditCard", "cvv"))
    #expect(try ScenarioParser.parse("expect offer stepTwo") == .expect(.offer(RowReference(step: "stepTwo"))))
    #expect(try ScenarioParser.parse("expect offer none") == .expect(.offer(nil)))
    do {
      _ = try ScenarioParser.parse("plan creditCard.", line: 3)
      Issue.record("a reference with no row parsed")
    } catch {
      // `plan ` is 5 columns; the dot's successor is column 12 of the token.
      #expect(error.line == 3 && error.column == 17)
      #expect(error.message.hasPrefix(#""creditCard." is not a step or step.row: a row id must follow the dot"#))
    }
    do {
      _ = try ScenarioParser.parse("expect offer creditCard.cvv.more", line: 9)
      Issue.record("a reference with two dots parsed")
    } catch {
      #expect(error.line == 9 && error.column == 28)
    }
  }

  @Test func expectOfferOfAStepHoldsForAnyOfItsRows() throws {
    var driven = DrivenSession()
    driven.fillAddressAndCard()
    driven.send(.tap("continue"))
    driven.send(.tap("placeOrder"))
    driven.send(.apiFailed("placeOrder", [APIError(code: "cvv_invalid")]))
    let checker = ExpectationChecker(session: driven.session, lastEffects: [])
    #expect(checker.check(.offer(RowReference(step: "creditCard"))) == nil)
    #expect(checker.check(.offer(RowReference(step: "creditCard", row: "cvv"))) == nil)
    #expect(checker.check(.offer(RowReference(step: "creditCard", row: "number")))?.actual == "offer creditCard.cvv")
    #expect(checker.check(.offer(nil))?.expected == "offer none")
  }

  @Test func aSnapshotRowErrorKeyedByAnythingButStepDotRowIsRefusedWithItsPath() {
    let session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    var snapshot = session.snapshot()
    snapshot.rowErrors = ["creditCard.cvv": "Bad CVV."]
    #expect(throws: Never.self) { try CheckoutSession(restoring: snapshot, flow: ShippedFlows.plndrCompiled) }
    snapshot.rowErrors = ["creditCard..cvv": "Bad CVV."]
    #expect(throws: SnapshotError.self) { try CheckoutSession(restoring: snapshot, flow: ShippedFlows.plndrCompiled) }
    do {
      _ = try CheckoutSession(restoring: snapshot, flow: ShippedFlows.plndrCompiled)
    } catch {
      #expect(
        error.message.hasPrefix(
          #"snapshot rowErrors["creditCard..cvv"]: a row error is keyed by STEP.ROW: "creditCard..cvv" is not"#))
      #expect(error.message.contains("a reference has at most one dot (column 12)"))
    }
    snapshot.rowErrors = ["creditCard": "Bad CVV."]
    do {
      _ = try CheckoutSession(restoring: snapshot, flow: ShippedFlows.plndrCompiled)
      Issue.record("a row error keyed by a step alone was restored")
    } catch {
      #expect(
        error.message
          == #"snapshot rowErrors["creditCard"]: a row error is keyed by STEP.ROW, and "creditCard" names no row; write it like creditCard.cvv"#
      )
    }
  }
}
