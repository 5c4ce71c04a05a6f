import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutPlanning
import CheckoutLint

/// Lint on a flow that holds seats on `trip` and books them on `review`, which
/// lies behind the hold: each call's errors must be fixable from its own step only.
@Suite struct LintSeveralCallsTests {
  static func flow(errors: String) -> String {
    """
    {
      "format": 1, "id": "trip", "title": "Trip", "start": "trip",
      "steps": [
        { "id": "trip", "title": "Trip", "rows": [
          { "id": "name", "cell": "text", "title": "Name", "bind": "traveler.name" },
          { "id": "hold", "cell": "button", "title": "Hold", "submit": "holdSeats", "then": "review" } ] },
        { "id": "review", "title": "Review", "rows": [
          { "id": "card", "cell": "disclosure", "title": "Card", "opens": "card" },
          { "id": "book", "cell": "button", "title": "Book", "submit": "book", "then": "done" } ] },
        { "id": "card", "title": "Card", "presentation": "modal", "rows": [
          { "id": "number", "cell": "text", "title": "Number", "bind": "payment.card.number" } ] },
        { "id": "done", "title": "Booked", "presentation": "reset", "rows": [] }
      ],
      "errors": \(errors)
    }
    """
  }

  @Test func scopedMatchersLintCleanAndTheHoldIsNotAskedToReachTheCard() {
    let report = expectLintDiagnostics(
      Self.flow(
        errors: """
          [
              { "code": "name_*", "operation": "holdSeats", "step": "trip", "row": "name" },
              { "code": "*", "operation": "holdSeats", "step": "trip" },
              { "code": "card_*", "operation": "book", "step": "card", "row": "number" },
              { "code": "*", "operation": "book", "step": "review" }
            ]
          """), [])
    #expect(report.flow.map { CoverageMatrix($0).cells.count } == 4)
  }

  @Test func unscopedTheHoldMustReachTheCardBehindIt() {
    expectLintDiagnostics(
      Self.flow(
        errors: """
          [
              { "code": "card_*", "step": 1️⃣"card", "row": "number" },
              { "code": "*", "step": 2️⃣"review" }
            ]
          """),
      [
        .error(
          "1️⃣",
          "an error from holdSeats on trip cannot be fixed at card.number: unreachable: nothing on the stack opens a path to card",
          path: "errors[0].step",
          suggestion:
            "add a row that opens card on a step the shopper can go back to from trip; or, if only book returns this error, scope the matcher to it: \"operation\": \"book\""
        ),
        .error(
          "2️⃣",
          "an error from holdSeats on trip cannot be fixed at review: unreachable: nothing on the stack opens a path to review",
          path: "errors[1].step",
          suggestion: "add a row that opens review on a step the shopper can go back to from trip"),
      ])
  }

  @Test func aScopedFallbackShadowsOnlyMatchersOfItsOwnOperations() {
    expectLintDiagnostics(
      Self.flow(
        errors: """
          [
              { "code": "*", "operation": "holdSeats", "step": "trip" },
              { "code": "name_*", "operation": ["holdSeats", "book"], "step": "trip", "row": "name" },
              { "code": "card_*", "operation": "book", "step": "card", "row": "number" },
              1️⃣{ "code": "name_taken", "operation": "holdSeats", "step": "trip", "row": "name" },
              { "code": "*", "operation": "book", "step": "review" },
              2️⃣{ "code": "late", "operation": "book", "step": "review" }
            ]
          """),
      [
        .warning(
          "1️⃣", "this matcher never matches: errors[0] matches every error it would", path: "errors[3]",
          suggestion: "move it before errors[0], or remove it"),
        .warning(
          "2️⃣", "this matcher never matches: errors[4] matches every error it would", path: "errors[5]",
          suggestion: "move it before errors[4], or remove it"),
      ])
  }

  @Test func eachOperationNeedsAFallback() {
    expectLintDiagnostics(
      Self.flow(
        errors: """
          1️⃣[
              { "code": "*", "operation": "holdSeats", "step": "trip" }
            ]
          """),
      [
        .warning(
          "1️⃣",
          "no fallback matcher for \"book\": an API error of that operation no matcher knows is reported to the host unresolved",
          path: "errors",
          suggestion: #"add { "code": "*", "operation": "book", "step": …, "message": … }"#)
      ])
  }
}
