import CheckoutTestExpectations
import CheckoutTestSupport
import Testing
import CheckoutModel

/// A matcher's `operation`: read as one name or a list, each problem at its place,
/// every name checked against the operations the flow's submits call, and written
/// back as it was read.
@Suite struct MatcherOperationTests {
  /// Two submits on the cart: `holdSeats` and `book`.
  static let submits = """
    { "id": "hold", "cell": "button", "title": "Hold", "submit": "holdSeats" },
    { "id": "book", "cell": "button", "title": "Book", "submit": "book" }
    """

  @Test func oneNameOrAListIsRead() throws {
    let flow = try FlowLoader().load(
      json: FlowFixtures.flow(
        rows: Self.submits,
        errors: """
          { "code": "seat_taken", "operation": "book", "step": "cart" },
              { "code": "name_*", "operation": ["holdSeats", "book"], "step": "creditCard", "row": "number" }
          """))
    #expect(flow.errors.map(\.operations) == [["book"], ["holdSeats", "book"], nil])
    #expect(flow.errors[0].applies(to: "book"))
    #expect(!flow.errors[0].applies(to: "holdSeats"))
    #expect(flow.errors[2].applies(to: "holdSeats") && flow.errors[2].applies(to: "book"))
  }

  @Test func wrongTypesAndAnEmptyListAreReportedWhereTheyStand() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: Self.submits,
        errors: """
          { "code": "a", "operation": 1️⃣3, "step": "cart" },
              { "code": "b", "operation": 2️⃣[], "step": "cart" },
              { "code": "c", "operation": ["book", 3️⃣true], "step": "cart" },
              { "code": "d", "operation": ["book", 4️⃣"book"], "step": "cart" },
              { "code": "e", "operation": 5️⃣"hold seats", "step": "cart" }
          """),
      [
        .error(
          "1️⃣", "expected an operation name, or a non-empty list of operation names, found a number",
          path: "errors[0].operation"),
        .error(
          "2️⃣", "\"operation\" lists no operation: name one or more, or leave the field out",
          path: "errors[1].operation",
          suggestion: "without \"operation\", the matcher applies to every operation's errors"),
        .error("3️⃣", "expected an operation name, found a boolean", path: "errors[2].operation[1]"),
        .error("4️⃣", "operation \"book\" is listed twice", path: "errors[3].operation[1]"),
        .error(
          "5️⃣", "\"hold seats\" is not a valid operation name: use a letter, then letters, digits, '_' or '-'",
          path: "errors[4].operation"),
      ])
  }

  @Test func anOperationNoSubmitCallsIsAnErrorWithTheNearestName() {
    expectLoadDiagnostics(
      FlowFixtures.flow(
        rows: Self.submits,
        errors: """
          { "code": "a", "operation": 1️⃣"holdSeat", "step": "cart" },
              { "code": "b", "operation": ["book", 2️⃣"refund"], "step": "cart" },
              { "code": "c", "operation": [3️⃣"bok"], "step": "cart" }
          """),
      [
        .error(
          "1️⃣", "no submit calls operation \"holdSeat\"", path: "errors[0].operation",
          suggestion: "did you mean \"holdSeats\"?"),
        .error(
          "2️⃣", "no submit calls operation \"refund\"", path: "errors[1].operation[1]",
          suggestion: "the operations are \"holdSeats\" and \"book\""),
        .error(
          "3️⃣", "no submit calls operation \"bok\"", path: "errors[2].operation[0]",
          suggestion: "did you mean \"book\"?"),
      ])
    expectLoadDiagnostics(
      FlowFixtures.flow(errors: #"{ "code": "a", "operation": 1️⃣"book", "step": "cart" }"#),
      [
        .error(
          "1️⃣", "no submit calls operation \"book\"", path: "errors[0].operation",
          suggestion: "the flow has no submit row")
      ])
  }

  @Test func theWriterWritesBackWhatItRead() throws {
    let json = FlowFixtures.flow(
      rows: Self.submits,
      errors: """
        { "code": "seat_taken", "operation": "book", "step": "cart" },
            { "code": "name_*", "operation": ["holdSeats", "book"], "step": "cart" }
        """)
    let flow = try FlowLoader().load(json: json)
    let written = FlowWriter.json(flow)
    #expect(written.contains(#""operation": "book""#))
    #expect(written.contains(#""operation": ["holdSeats", "book"]"#))
    #expect(try FlowLoader().load(json: written) == flow)
  }

  @Test func theSchemaDeclaresTheField() throws {
    let schema = try String(
      contentsOf: PackagePaths.flows.appendingPathComponent("flow.schema.json"), encoding: .utf8)
    #expect(schema.contains(#""operation": {"#))
  }
}
