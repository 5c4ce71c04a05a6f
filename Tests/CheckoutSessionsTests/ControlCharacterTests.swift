import CheckoutTestSupport
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions

/// A text holding an invisible control character (a NUL, an escape, a line break,
/// a bidirectional override) fails before any rule, in the shopper's language; the
/// row keeps what was typed and the steps that need it wait until it is retyped.
@Suite struct ControlCharacterTests {
  static let name = CheckoutSession.RowRef(step: "creditCard", row: "name")
  static let message = "Name on card holds an invisible control character that can't be used; type it again"

  @Test(arguments: [
    "Ada\u{0}", "\u{1B}[31mAda", "Ada\nLovelace", "Ada\r", "Ada\u{7F}", "Ada\u{85}", "Ada\u{9F}",
    "Ada\u{2028}", "Ada\u{2029}", "Ada \u{202E}ecalevoL", "\u{202A}Ada", "Ada\u{2066}x\u{2069}",
  ])
  func aControlOrDirectionCharacterIsFound(_ text: String) {
    #expect(RuleEvaluator.holdsControlCharacters(text), "\(text.unicodeScalars.map(\.value))")
  }

  @Test(arguments: [
    "Ada Lovelace", "", "Ada\tLovelace", "Zoë Ångström", "אדה\u{200F} 42", "\u{200E}Ada", "👩‍💻 Ada", "渡辺　花子",
    "Ada\u{A0}Lovelace", "O’Brien",
  ])
  func everyOtherTextIsNot(_ text: String) {
    #expect(!RuleEvaluator.holdsControlCharacters(text), "\(text.unicodeScalars.map(\.value))")
  }

  @Test func itFailsBeforeTheRowsRulesWhateverTheyAre() {
    let evaluator = RuleEvaluator(today: ShippedFlows.today)
    let title = LocalizedText("Name")
    let expected = "Name holds an invisible control character that can't be used; type it again"
    #expect(evaluator.firstFailure(of: [], value: .string("Ada\u{0}"), title: title) == expected)
    #expect(
      evaluator.firstFailure(of: [Rule(.maxLength(2))], value: .string("Ada\u{202E}"), title: title) == expected)
    #expect(evaluator.firstFailure(of: [Rule(.required)], value: .string("Ada"), title: title) == nil)
    #expect(evaluator.firstFailure(of: [], value: .bool(true), title: title) == nil)
  }

  @Test func theRowShowsItKeepsTheTextAndContinueWaitsForIt() throws {
    var session = CheckoutSession(flow: ShippedFlows.plndrCompiled, today: ShippedFlows.today)
    session.send(.tap("checkout"))
    session.send(.appeared("stepOne"))
    session.send(.tap("creditCard"))
    session.send(.appeared("creditCard"))
    let typed = "Ada \u{202E}ecalevoL"
    for (row, value) in [("name", typed), ("number", "4242 4242 4242 4242"), ("expiry", "12/30"), ("cvv", "123")] {
      session.send(.set(.row(RowID(row)), .string(value)))
    }
    #expect(session.rowErrors[Self.name] == Self.message)
    #expect(session.data[DataKey("payment.card.name")] == .string(typed), "what was typed is kept")
    session.send(.tap("done"))
    session.send(.appeared("stepOne"))
    let reason = try #require(session.screen.rows.first { $0.id == "continue" }?.disabledReason)
    #expect(reason.contains(Self.message), "Continue waits for the name to be retyped: \(reason)")
    #expect(session.data[DataKey("payment.card.name")] == .string(typed), "still kept")

    try session.setLocale("de")
    #expect(
      session.rowErrors[Self.name]
        == "Name auf der Karte enthält ein unsichtbares Steuerzeichen, das nicht verwendet werden kann; bitte neu eingeben"
    )
    try session.setLocale("en")
    let retyped = session.send(.set(.key("payment.card.name"), .string("Ada Lovelace")))
    #expect(retyped.isEmpty, "\(retyped)")
    #expect(session.rowErrors[Self.name] == nil)
  }
}
