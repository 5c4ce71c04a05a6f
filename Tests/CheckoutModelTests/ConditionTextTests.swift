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

  @Test func aValueNoOptionOffersIsWrittenAsItIs() {
    let condition = Condition.equals("tip.choice", .string("five"))
    #expect(ConditionText.describe(condition, flow: Self.flow) == "Tip is five")
  }
}
