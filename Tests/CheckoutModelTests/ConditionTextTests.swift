import CheckoutTestSupport
import Testing
import CheckoutModel

/// Conditions in the shopper's words: a key by its row's title, and a value a
/// picker offers by the option's label, both in the session's language.
@Suite struct ConditionTextTests {
  static let flow = fixture("a flow with a picker in two languages") {
    try FlowLoader().load(
      json: #"""
        {"format": 1, "id": "tips", "title": "Tips", "start": "tip", "locales": ["en", "de"], "steps": [
          {"id": "tip", "title": {"en": "Tip", "de": "Trinkgeld"}, "rows": [
            {"id": "choice", "cell": "picker", "title": {"en": "Tip", "de": "Trinkgeld"}, "bind": "tip.choice",
             "options": [{"value": "two", "label": {"en": "2 €", "de": "2 €"}},
                         {"value": "custom", "label": {"en": "Other amount", "de": "Anderer Betrag"}}]},
            {"id": "amount", "cell": "number", "title": {"en": "Amount", "de": "Betrag"}, "bind": "tip.amount",
             "visibleWhen": {"key": "tip.choice", "equals": "custom"}}]}],
         "errors": [{"code": "*", "step": "tip", "message": {"en": "Something went wrong", "de": "Etwas ging schief"}}]}
        """#)
  }

  @Test func aPickersValueIsItsOptionsLabel() throws {
    let condition = try #require(Self.flow.steps[0].rows[1].visibleWhen)
    #expect(ConditionText.describe(condition, flow: Self.flow) == "Tip is Other amount")
    let german = try #require(EngineMessages.for("de"))
    #expect(
      ConditionText.describe(condition, flow: Self.flow, messages: german, locale: "de")
        == "Trinkgeld ist Anderer Betrag")
  }

  /// A condition on a secret or sensitive key never writes its value: a hidden
  /// or disabled row's reason would tell the CVV it waits for.
  @Test func aSecretOrSensitiveValueIsNeverWritten() throws {
    let flow = try FlowLoader().load(
      json: #"""
        {"format": 1, "id": "pay", "title": "Pay", "start": "card", "steps": [
          {"id": "card", "title": "Card", "rows": [
            {"id": "cvv", "cell": "secure", "title": "CVV", "bind": "card.cvv", "secret": true},
            {"id": "number", "cell": "text", "title": "Card number", "bind": "card.number", "sensitive": true}]}],
         "errors": [{"code": "*", "step": "card"}]}
        """#)
    #expect(ConditionText.describe(.equals("card.cvv", .string("739")), flow: flow) == "CVV is •••")
    #expect(
      ConditionText.describe(.equals("card.number", .string("4242424242424242")), flow: flow)
        == "Card number is •••• 4242")
  }

  @Test func aValueNoOptionOffersIsWrittenAsItIs() {
    let condition = Condition.equals("tip.choice", .string("five"))
    #expect(ConditionText.describe(condition, flow: Self.flow) == "Tip is five")
  }

  static let gifts = fixture("a flow with a toggle and a number in two languages") {
    try FlowLoader().load(
      json: #"""
        {"format": 1, "id": "gifts", "title": "Gifts", "start": "gift", "locales": ["en", "de"], "steps": [
          {"id": "gift", "title": {"en": "Gift", "de": "Geschenk"}, "rows": [
            {"id": "wrap", "cell": "toggle", "title": {"en": "Gift wrap", "de": "Geschenkverpackung"},
             "bind": "gift.wrap"},
            {"id": "count", "cell": "number", "title": {"en": "Boxes", "de": "Kartons"}, "bind": "gift.count"}]}]}
        """#)
  }

  /// A toggle's value is said in the session's language, never as the raw on/off.
  @Test("a toggle's value is in the session's language", arguments: EngineMessages.languages)
  func aTogglesValueIsInTheSessionsLanguage(_ language: String) throws {
    let messages = try #require(EngineMessages.for(language))
    let on = ConditionText.describe(.equals("gift.wrap", .bool(true)), flow: Self.gifts, messages: messages)
    let off = ConditionText.describe(.equals("gift.wrap", .bool(false)), flow: Self.gifts, messages: messages)
    #expect(on == messages.text(.conditionOn, "Gift wrap"))
    #expect(off == messages.text(.conditionOff, "Gift wrap"))
    #expect(on != off)
    if language != "en" {
      for word in ["on", "off"] {
        #expect(!on.split(separator: " ").contains(Substring(word)), "\(language): \(on)")
        #expect(!off.split(separator: " ").contains(Substring(word)), "\(language): \(off)")
      }
    }
  }

  @Test func aToggleConditionReadsNaturally() throws {
    let german = try #require(EngineMessages.for("de"))
    let wrapped = Condition.equals("gift.wrap", .bool(true))
    #expect(ConditionText.describe(wrapped, flow: Self.gifts) == "Gift wrap is on")
    #expect(
      ConditionText.describe(wrapped, flow: Self.gifts, messages: german, locale: "de")
        == "„Geschenkverpackung“ ist aktiviert")
    #expect(
      ConditionText.describe(.not(wrapped), flow: Self.gifts, messages: german, locale: "de")
        == "nicht („Geschenkverpackung“ ist aktiviert)")
    let french = try #require(EngineMessages.for("fr"))
    #expect(
      ConditionText.describe(.equals("gift.wrap", .bool(false)), flow: Self.gifts, messages: french, locale: "fr")
        == "l’option «\u{202F}Gift wrap\u{202F}» est désactivée")
  }

  /// A number is written as the session's language writes numbers.
  @Test func aNumberIsWrittenAsTheLanguageWritesIt() throws {
    let german = try #require(EngineMessages.for("de"))
    let many = Condition.equals("gift.count", .number(1234.5))
    #expect(ConditionText.describe(many, flow: Self.gifts) == "Boxes is 1,234.5")
    #expect(ConditionText.describe(many, flow: Self.gifts, messages: german, locale: "de") == "Kartons ist 1.234,5")
    #expect(ConditionText.describe(.equals("gift.count", .number(3)), flow: Self.gifts) == "Boxes is 3")
  }
}

/// A condition nested in another of the other kind keeps its grouping in every
/// shipped language: `all[a, any[b, c]]` is `a and (b or c)`, never `a and b or c`.
@Suite struct ConditionTextGroupingTests {
  static let nested = Condition.all([
    .equals("gift.wrap", .bool(true)), .any([.present("gift.count", true), .equals("gift.count", .number(2))]),
  ])

  @Test("a nested condition is grouped", arguments: EngineMessages.languages)
  func aNestedConditionIsGrouped(_ language: String) throws {
    let messages = try #require(EngineMessages.for(language))
    let flow = ConditionTextTests.gifts
    let inner = messages.text(
      .conditionOr, messages.text(.conditionFilledIn, "Boxes"), messages.text(.conditionEquals, "Boxes", "2"))
    let expected = messages.text(.conditionAnd, messages.text(.conditionOn, "Gift wrap"), "(" + inner + ")")
    #expect(ConditionText.describe(Self.nested, flow: flow, messages: messages) == expected)
  }

  @Test func englishReadsTheGrouping() {
    #expect(
      ConditionText.describe(Self.nested, flow: ConditionTextTests.gifts)
        == "Gift wrap is on and (Boxes is filled in or Boxes is 2)")
    let orOfAnds = Condition.any([
      .all([.equals("gift.wrap", .bool(true)), .present("gift.count", true)]), .equals("gift.wrap", .bool(false)),
    ])
    #expect(
      ConditionText.describe(orOfAnds, flow: ConditionTextTests.gifts)
        == "(Gift wrap is on and Boxes is filled in) or Gift wrap is off")
    let same = Condition.all([.equals("gift.wrap", .bool(true)), .all([.present("gift.count", true)])])
    #expect(
      ConditionText.describe(same, flow: ConditionTextTests.gifts) == "Gift wrap is on and Boxes is filled in",
      "one of the same kind, or of one condition, needs no parentheses")
    #expect(
      ConditionText.describe(
        .not(.any([.present("gift.count", true), .equals("gift.wrap", .bool(true))])), flow: ConditionTextTests.gifts)
        == "not (Boxes is filled in or Gift wrap is on)", "a not brackets its own")
  }
}
