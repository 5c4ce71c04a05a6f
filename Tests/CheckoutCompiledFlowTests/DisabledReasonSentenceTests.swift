import CheckoutCompiledFlow
import CheckoutModel
import Testing

/// A disabled row's reason reads as punctuated sentences: `Complete "STEP" first.`
/// for each required step that is not complete, each of its problems a sentence
/// (an author's full stop kept, a missing one added), never `.;` or `; and`.
@Suite struct DisabledReasonSentenceTests {
  static let json = """
    { "format": 1, "id": "sentences", "title": "Sentences", "start": "review",
      "steps": [
        { "id": "review", "title": "Review", "rows": [
          { "id": "agree", "cell": "toggle", "title": "I agree", "bind": "terms.agreed" },
          { "id": "placeOrder", "cell": "button", "title": "Place order", "requires": ["delivery"], "opens": "done" },
          { "id": "pay", "cell": "button", "title": "Pay", "requires": ["delivery", "payment"], "opens": "done" },
          { "id": "confirm", "cell": "button", "title": "Confirm", "opens": "done",
            "enabledWhen": { "key": "terms.agreed", "equals": true } } ] },
        { "id": "delivery", "title": "Delivery address", "rows": [
          { "id": "street", "cell": "text", "title": "Street", "bind": "delivery.street", "rules": ["required"] },
          { "id": "postcode", "cell": "text", "title": "Postcode", "bind": "delivery.postcode",
            "rules": ["required", { "pattern": "^[0-9]{5}$", "message": "Enter the 5-digit postcode." }] } ] },
        { "id": "payment", "title": "Payment card",
          "complete": [{ "when": { "key": "payment.card.number", "present": true }, "message": "Add a card to pay with!" }],
          "rows": [
            { "id": "number", "cell": "text", "title": "Card number", "bind": "payment.card.number",
              "rules": ["required"] } ] },
        { "id": "done", "title": "Done", "rows": [] } ],
      "errors": [ { "code": "*", "step": "review" } ] }
    """

  func reasons(_ data: [DataKey: Value]) throws -> [RowID: String] {
    let flow = try FlowLoader().load(json: Self.json)
    let screen = try #require(ScreenRenderer(flow: flow).render("review", data: data))
    var reasons: [RowID: String] = [:]
    for row in screen.rows { reasons[row.id] = row.disabledReason }
    return reasons
  }

  @Test func oneRequiredStepWithOneRuleMessageIsTwoSentences() throws {
    let reasons = try reasons(["delivery.street": .string("1 Main St"), "delivery.postcode": .string("123")])
    #expect(reasons["placeOrder"] == "Place order: Complete \"Delivery address\" first. Enter the 5-digit postcode.")
  }

  @Test func aMessageWithoutAFullStopGetsOneAndAnAuthorsStopIsKept() throws {
    let reasons = try reasons(["delivery.postcode": .string("123")])
    #expect(
      reasons["placeOrder"]
        == "Place order: Complete \"Delivery address\" first. Street is required. Enter the 5-digit postcode.")
  }

  @Test func severalGuardsAreSentencesInTheOrderTheRowRequiresThem() throws {
    let reasons = try reasons(["delivery.street": .string("1 Main St"), "delivery.postcode": .string("123")])
    #expect(
      reasons["pay"]
        == "Pay: Complete \"Delivery address\" first. Enter the 5-digit postcode. "
        + "Complete \"Payment card\" first. Card number is required. Add a card to pay with!")
  }

  @Test func aCompleteStepIsLeftOutOfTheReason() throws {
    let reasons = try reasons(["delivery.street": .string("1 Main St"), "delivery.postcode": .string("12345")])
    #expect(reasons["placeOrder"] == nil)
    #expect(reasons["pay"] == "Pay: Complete \"Payment card\" first. Card number is required. Add a card to pay with!")
  }

  @Test func aRowsOwnConditionIsOneSentence() throws {
    let reason = try #require(try reasons([:])["confirm"])
    #expect(reason.hasPrefix("Confirm: Not available until I agree is "))
    #expect(reason.hasSuffix("."))
    #expect(try reasons(["terms.agreed": .bool(true)])["confirm"] == nil)
  }

  @Test func noReasonJoinsSentencesWithSemicolons() throws {
    for reason in try reasons([:]).values {
      #expect(!reason.contains(";") && !reason.contains(".."), "\(reason)")
    }
  }

  @Test(arguments: [
    (["Street is required"], "en", "Street is required."),
    (
      ["Enter the 5-digit postcode.", "Really?", "Wait…", "Stop!"], "en",
      "Enter the 5-digit postcode. Really? Wait… Stop!"
    ),
    (["  padded  ", "", "   "], "en", "padded."),
    ([], "en", ""),
    // Japanese puts no space after its full stop.
    (["「配送先住所」を先に入力してください", "氏名は必須です。"], "ja", "「配送先住所」を先に入力してください。氏名は必須です。"),
    // The full stop is the session's language's, whatever script the words are in: a
    // Japanese sentence that ends with Latin words gets `。` (was `…ab, cd. R4の…`), and so
    // does an author's English message in a Japanese session; an English one quoting a
    // Japanese title, or naming a row in kanji, gets `.` (was `…is on。`).
    (["サイズは次のいずれかにしてください：ab, cd", "R4の形式が正しくありません"], "ja", "サイズは次のいずれかにしてください：ab, cd。R4の形式が正しくありません。"),
    (["氏名は必須です", "ZIP code is required", "Done"], "ja", "氏名は必須です。ZIP code is required。Done。"),
    (["Complete 「Ｓｈｏｐ」 first"], "en", "Complete 「Ｓｈｏｐ」 first."),
    (
      ["Not available until Name in kanji (漢字) is filled in and Newsletter is on"], "en",
      "Not available until Name in kanji (漢字) is filled in and Newsletter is on."
    ),
  ])
  func sentencesArePunctuatedOnceAndSpaced(_ texts: [String], _ language: String, _ joined: String) throws {
    #expect(Sentences.join(texts, try #require(EngineMessages.for(language))) == joined)
  }
}
