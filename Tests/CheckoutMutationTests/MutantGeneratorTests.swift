import CheckoutModel
import CheckoutMutation
import CheckoutTestSupport
import Testing

/// Each operator makes its mutants at the right JSON path, with a one-line description.
@Suite struct MutantGeneratorTests {
  /// A small flow with one of everything the operators change.
  static let flowJSON = """
    {
      "format": 1, "id": "mini", "title": "Mini", "start": "cart",
      "data": { "billing.same": true },
      "steps": [
        { "id": "cart", "title": "Cart", "rows": [
          { "id": "card", "cell": "disclosure", "title": "Card", "opens": "creditCard" },
          { "id": "same", "cell": "toggle", "title": "Same billing", "bind": "billing.same" },
          { "id": "billingZip", "cell": "text", "title": "Billing ZIP", "bind": "billing.zip",
            "rules": [{ "minLength": 5 }], "visibleWhen": { "key": "billing.same", "equals": false } },
          { "id": "pay", "cell": "button", "title": "Pay", "submit": "placeOrder", "then": "thanks",
            "validates": ["cart", "creditCard"], "requires": ["creditCard"],
            "enabledWhen": { "key": "billing.same", "equals": true } } ] },
        { "id": "creditCard", "title": "Credit card", "presentation": "modal", "rows": [
          { "id": "number", "cell": "text", "title": "Number", "bind": "payment.card.number", "rules": ["required", "luhn"] },
          { "id": "cvv", "cell": "secure", "title": "CVV", "bind": "payment.card.cvv", "secret": true,
            "rules": ["required", { "pattern": "^[0-9]{3,4}$", "message": "3 or 4 digits" }] },
          { "id": "done", "cell": "button", "title": "Done", "action": "close" } ] },
        { "id": "thanks", "title": "Thank you", "presentation": "reset", "rows": [] }
      ],
      "errors": [
        { "code": "cvv_invalid", "step": "creditCard", "row": "cvv" },
        { "code": "card_declined", "step": "creditCard", "row": "number", "message": "Declined." },
        { "code": "card_*", "step": "creditCard", "row": "cvv" },
        { "code": "*", "step": "cart" }
      ]
    }
    """

  static let tester = fixture("the mini flow loads") {
    try MutationTester(bytes: Array(flowJSON.utf8), file: "mini.json")
  }

  /// The mutants one operator makes of a flow (the fixture's by default).
  static func mutants(_ mutationOperator: MutationOperator, of flow: MutationTester = tester) -> [Mutant] {
    flow.mutants.filter { $0.mutationOperator == mutationOperator }
  }

  /// Each of those mutants as `path: description`.
  static func made(_ mutationOperator: MutationOperator, of flow: MutationTester = tester) -> [String] {
    mutants(mutationOperator, of: flow).map { "\($0.path): \($0.description)" }
  }

  @Test func removeEdgeRemovesADisclosuresRowAndASubmitsThen() {
    #expect(
      Self.made(.removeEdge) == [
        "steps[0].rows[0]: row card and its edge to \"creditCard\" removed",
        "steps[0].rows[3].then: row pay loses its then \"thanks\"",
      ])
  }

  @Test func dropGuardDropsARequiredStep() {
    #expect(Self.made(.dropGuard) == ["steps[0].rows[3].requires: row pay no longer requires \"creditCard\""])
  }

  @Test func dropRuleDropsEachRuleOfARow() {
    #expect(
      Self.made(.dropRule) == [
        "steps[0].rows[2].rules: row billingZip loses the rule minLength",
        "steps[1].rows[0].rules[0]: row number loses the rule required",
        "steps[1].rows[0].rules[1]: row number loses the rule luhn",
        "steps[1].rows[1].rules[0]: row cvv loses the rule required",
        "steps[1].rows[1].rules[1]: row cvv loses the rule pattern",
      ])
  }

  @Test func shiftBoundMovesLengthsAndQuantifiersByOne() {
    #expect(
      Self.made(.shiftBound) == [
        "steps[0].rows[2].rules[0].minLength: minLength 5 becomes 4",
        "steps[0].rows[2].rules[0].minLength: minLength 5 becomes 6",
        "steps[1].rows[1].rules[1].pattern: pattern quantifier {3,4} becomes {2,4}",
        "steps[1].rows[1].rules[1].pattern: pattern quantifier {3,4} becomes {4,4}",
        "steps[1].rows[1].rules[1].pattern: pattern quantifier {3,4} becomes {3,3}",
        "steps[1].rows[1].rules[1].pattern: pattern quantifier {3,4} becomes {3,5}",
      ])
    let shifted = Self.tester.mutants.first { $0.description.hasSuffix("{2,4}") }
    #expect(shifted?.replacement == #""^[0-9]{2,4}$""#)
  }

  @Test func dropConditionDropsVisibleWhenAndEnabledWhen() {
    #expect(
      Self.made(.dropCondition) == [
        "steps[0].rows[2].visibleWhen: row billingZip loses its visibleWhen (always visible)",
        "steps[0].rows[3].enabledWhen: row pay loses its enabledWhen (always enabled)",
      ])
  }

  @Test func changePresentationTurnsAModalIntoAPushAndLeavesResetAlone() {
    #expect(
      Self.made(.changePresentation) == ["steps[1].presentation: step creditCard is presented push instead of modal"])
  }

  @Test func moveMatcherMovesTheResolutionToTheNextRowOrStep() {
    #expect(
      Self.made(.moveMatcher) == [
        "errors[0].row: code cvv_invalid resolves on creditCard.done instead of creditCard.cvv",
        "errors[1].row: code card_declined resolves on creditCard.cvv instead of creditCard.number",
        "errors[2].row: code card_* resolves on creditCard.done instead of creditCard.cvv",
        "errors[3].step: code * resolves on creditCard instead of cart",
      ])
  }

  @Test func swapMatchersSwapsNeighboursAndOverlappingPairs() {
    #expect(
      Self.made(.swapMatchers) == [
        "errors[0]: matchers 1 (code cvv_invalid) and 2 (code card_declined) swapped",
        "errors[0]: matchers 1 (code cvv_invalid) and 4 (code *) swapped",
        "errors[1]: matchers 2 (code card_declined) and 3 (code card_*) swapped",
        "errors[1]: matchers 2 (code card_declined) and 4 (code *) swapped",
        "errors[2]: matchers 3 (code card_*) and 4 (code *) swapped",
      ])
  }

  @Test func dropTranslationRemovesEachStepTitlesTextInALanguageAfterTheDefault() throws {
    let json = """
      {
        "format": 1, "id": "words", "title": { "en": "Words", "de": "Wörter", "fr": "Mots" }, "start": "cart",
        "locales": ["en", "de", "fr"],
        "steps": [
          { "id": "cart", "title": { "en": "Cart", "de": "Warenkorb", "fr": "Panier" }, "rows": [
            { "id": "go", "cell": "button", "title": { "en": "Go", "de": "Los", "fr": "Allez" }, "opens": "done" } ] },
          { "id": "done", "title": { "en": "Done", "de": "Fertig", "fr": "Fini" }, "rows": [] }
        ],
        "errors": []
      }
      """
    let tester = try MutationTester(bytes: Array(json.utf8), file: "words.json")
    #expect(
      Self.made(.dropTranslation, of: tester) == [
        "steps[0].title.de: step cart's title loses its de text (shown in the default language)",
        "steps[0].title.fr: step cart's title loses its fr text (shown in the default language)",
        "steps[1].title.de: step done's title loses its de text (shown in the default language)",
        "steps[1].title.fr: step done's title loses its fr text (shown in the default language)",
      ])
    let first = try #require(Self.mutants(.dropTranslation, of: tester).first)
    #expect(String(decoding: Array(json.utf8)[first.span], as: UTF8.self) == #""de": "Warenkorb""#)
    // The mutant loads, and a German session shows the default's title.
    let flow = try tester.load(first).get()
    #expect(flow.steps[0].title.text(in: "de") == "Cart")
    // A flow without `locales` has none.
    #expect(Self.made(.dropTranslation).isEmpty)
  }

  @Test func mutantsAreNumberedInDocumentOrderAndSpanTheirValue() {
    let mutants = Self.tester.mutants
    #expect(mutants.map(\.id) == Array(1...mutants.count))
    let bytes = Array(Self.flowJSON.utf8)
    let presentation = mutants.first { $0.mutationOperator == .changePresentation }
    #expect(presentation.map { String(decoding: bytes[$0.span], as: UTF8.self) } == #""modal""#)
    let guardMutant = mutants.first { $0.mutationOperator == .dropGuard }
    #expect(guardMutant.map { String(decoding: bytes[$0.span], as: UTF8.self) } == #""requires": ["creditCard"]"#)
  }

  @Test func quantifierShiftSkipsEscapedBracesAndEmptyRanges() {
    #expect(QuantifierShift.variants(of: #"^\{3}$"#).isEmpty)
    #expect(QuantifierShift.variants(of: "^a{2,2}$").map(\.to) == ["{1,2}", "{2,3}"])
    #expect(QuantifierShift.variants(of: "^a{0}$").map(\.to) == ["{1}"])
  }
}

extension MutantGeneratorTests {
  @Test func dropFormatShowsADetailsValuesUnformattedWhereALocaleStoryReadsIt() throws {
    let json = #"""
      {
        "format": 1, "id": "sums", "title": "Sums", "start": "cart", "locales": ["en", "de"],
        "data": { "total": 12, "count": 3 },
        "steps": [
          { "id": "cart", "title": { "en": "Cart", "de": "Warenkorb" }, "rows": [
            { "id": "total", "cell": "info", "title": { "en": "Total", "de": "Summe" }, "detail": "{total:currency(EUR)}" },
            { "id": "count", "cell": "info", "title": { "en": "Items", "de": "Artikel" },
              "detail": { "en": "{count:number} items", "de": "{count:number} Artikel" } },
            { "id": "plain", "cell": "info", "title": { "en": "Count", "de": "Anzahl" }, "detail": "{count}" } ] }
        ],
        "errors": []
      }
      """#
    let tester = try MutationTester(bytes: Array(json.utf8), file: "sums.json")
    #expect(
      Self.made(.dropFormat, of: tester) == [
        "steps[0].rows[0].detail: row total's detail shows total unformatted",
        "steps[0].rows[1].detail.de: row count's de detail shows count unformatted",
      ])
    let first = try #require(Self.mutants(.dropFormat, of: tester).first)
    #expect(first.replacement == #""{total}""#)
    #expect(try tester.load(first).get().steps[0].rows[0].detail?.text == "{total}")
    // A flow in one language has none: no story reads its details.
    let single = json.replacingOccurrences(of: #""locales": ["en", "de"],"#, with: "")
      .replacingOccurrences(of: #"{ "en": "Cart", "de": "Warenkorb" }"#, with: #""Cart""#)
    let monolingual = try MutationTester(bytes: Array(single.utf8), file: "sums.json")
    #expect(Self.made(.dropFormat, of: monolingual).isEmpty)
  }
}
