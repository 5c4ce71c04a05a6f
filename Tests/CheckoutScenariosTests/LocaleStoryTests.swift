import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutScenarios

/// Locale stories: for each locale a flow ships after its default × step, a story
/// in that language checks the step's words and one error message; a translation
/// broken after the stories were generated fails the story that shows it.
@Suite struct LocaleStoryTests {
  static let plndrText = fixture("Flows/plndr.json") {
    try String(contentsOf: PackagePaths.flows.appendingPathComponent("plndr.json"), encoding: .utf8)
  }

  static func flow(_ text: String) throws -> CompiledFlow {
    CompiledFlow(try FlowLoader().load(bytes: Array(text.utf8), file: "plndr.json"))
  }

  /// The text with `old` replaced by `new`, which must be there exactly once.
  static func edited(_ text: String, _ old: String, _ new: String) throws -> String {
    try #require(text.components(separatedBy: old).count == 2, "\(old) is in the flow once")
    return text.replacingOccurrences(of: old, with: new)
  }

  static func locales(_ suite: StorySuite) -> [Story] { suite.stories.filter { $0.kind == .locale } }

  /// The story's first failure when replayed on `flow`.
  static func replay(_ story: Story, on flow: CompiledFlow) -> StoryReplayer.Failure? {
    StoryReplayer(flow: flow).replay(story.text(flowPath: "plndr.json", today: ShippedFlows.today))
  }

  @Test(arguments: [("plndr.json", ["de"]), ("express.json", ["de", "fr"])])
  func everyLocaleAfterTheDefaultGetsAStoryPerStep(_ name: String, _ locales: [String]) throws {
    let suite = StoryGeneratorTests.shippedSuite(name)
    let flow = try StoryGeneratorTests.shipped(name)
    let expected = locales.flatMap { locale in flow.flow.steps.map { "locale-\(locale)--\($0.id)" } }
    #expect(Self.locales(suite).map(\.name) == expected)
    #expect(suite.unwrittenLocales == [])
    for story in Self.locales(suite) {
      let locale = String(story.name.dropFirst("locale-".count).prefix { $0 != "-" })
      #expect(story.lines.first == "locale \(locale)", "\(story.name)")
      #expect(story.lines.contains { $0.hasPrefix("expect title ") }, "\(story.name)")
      #expect(!story.lines.contains { $0.hasPrefix("locale ") && $0 != "locale \(locale)" })
    }
  }

  @Test func eachStepWithRulesChecksAnErrorInTheLocale() throws {
    let suite = StoryGeneratorTests.shippedSuite("plndr.json")
    let story = try #require(Self.locales(suite).first { $0.name == "locale-de--creditCard" })
    #expect(story.lines.contains(#"expect title "Kreditkarte""#))
    #expect(
      story.lines.contains(
        #"expect error cvv "Geben Sie den 3- oder 4-stelligen Code ein, der auf Ihrer Karte steht.""#))
    // An engine message, in German: the shipping method's `required`.
    let stepOne = try #require(Self.locales(suite).first { $0.name == "locale-de--stepOne" })
    #expect(stepOne.lines.contains(#"expect error shippingMethod "„Versandart“ ist ein Pflichtfeld""#))
    // A step with no rules checks its words only.
    let stepTwo = try #require(Self.locales(suite).first { $0.name == "locale-de--stepTwo" })
    #expect(stepTwo.lines.contains(#"expect title "Schritt 2""#))
    #expect(!stepTwo.lines.contains { $0.hasPrefix("expect error") })
  }

  @Test func aStepWithoutRulesChecksARoutedErrorsMessageInTheLocale() throws {
    let suite = StoryGeneratorTests.shippedSuite("express.json")
    let german = try #require(Self.locales(suite).first { $0.name == "locale-de--paymentSheet" })
    #expect(german.lines.contains(#"expect error card "Bitte fügen Sie eine Karte zum Bezahlen hinzu.""#))
    let title = try #require(german.lines.firstIndex { $0.hasPrefix("expect title ") })
    let error = try #require(german.lines.firstIndex { $0.hasPrefix("expect error card ") })
    #expect(title > error, "the words are checked where the route ends")
    let french = try #require(Self.locales(suite).first { $0.name == "locale-fr--paymentSheet" })
    #expect(french.lines.contains(#"expect error card "Veuillez ajouter une carte pour payer.""#))
  }

  @Test func aStepOnlyAnActionOpensIsReachedThroughTheAction() throws {
    let suite = StoryGeneratorTests.shippedSuite("express.json")
    let story = try #require(Self.locales(suite).first { $0.name == "locale-fr--challenge" })
    #expect(story.lines.contains("api confirmPayment action three_d_secure"))
    #expect(story.lines.contains(#"expect title "Confirmer auprès de votre banque""#))
  }

  @Test func aFlowWithoutLocalesGetsNoLocaleStories() throws {
    let suite = StoryGeneratorTests.shippedSuite("tickets.json")
    #expect(Self.locales(suite).isEmpty)
    #expect(suite.unwrittenLocales.isEmpty)
  }

  @Test func aChangedGermanTitleFailsItsStory() throws {
    let suite = StoryGeneratorTests.suite(try Self.flow(Self.plndrText))
    let story = try #require(Self.locales(suite).first { $0.name == "locale-de--creditCard" })
    #expect(Self.replay(story, on: try Self.flow(Self.plndrText)) == nil)
    let broken = try Self.flow(
      Self.edited(
        Self.plndrText, #""en": "Credit Card", "de": "Kreditkarte""#, #""en": "Credit Card", "de": "Kreditkarten""#))
    let failure = try #require(Self.replay(story, on: broken))
    #expect(failure.text == #"expect title "Kreditkarte""#)
    #expect(failure.message == #"expected step title "Kreditkarte", actual step title "Kreditkarten""#)
  }

  @Test func aMissingGermanMessageFailsItsStoryWithTheEnglishOne() throws {
    let suite = StoryGeneratorTests.suite(try Self.flow(Self.plndrText))
    let story = try #require(Self.locales(suite).first { $0.name == "locale-de--creditCard" })
    let broken = try Self.flow(
      Self.edited(
        Self.plndrText,
        #", "de": "Geben Sie den 3- oder 4-stelligen Code ein, der auf Ihrer Karte steht." }"#, " }"))
    let failure = try #require(Self.replay(story, on: broken))
    #expect(failure.text.hasPrefix("expect error cvv "))
    #expect(failure.message.contains(#"actual error on cvv: "Enter the 3 or 4 digit code printed on your card.""#))
  }

  @Test func aDroppedMessageOverrideFailsItsStoryWithTheEngineDefault() throws {
    let override = #""messages": { "rule.required": { "en": "{title} is required", "de": "Bitte {title} angeben" } },"#
    let withOverride = try Self.edited(
      Self.plndrText, #""locales": ["en", "de"],"#, #""locales": ["en", "de"], "# + override)
    let suite = StoryGeneratorTests.suite(try Self.flow(withOverride))
    let story = try #require(Self.locales(suite).first { $0.name == "locale-de--stepOne" })
    #expect(story.lines.contains(#"expect error shippingMethod "Bitte Versandart angeben""#))
    let failure = try #require(Self.replay(story, on: try Self.flow(Self.plndrText)))
    #expect(failure.message.contains(#"actual error on shippingMethod: "„Versandart“ ist ein Pflichtfeld""#))
  }
}

extension LocaleStoryTests {
  @Test func amountsAndExpiryMonthsAreCheckedAsTheLocaleWritesThem() throws {
    let suite = StoryGeneratorTests.shippedSuite("plndr.json")
    let cart = try #require(Self.locales(suite).first { $0.name == "locale-de--cart" })
    #expect(cart.lines.contains(#"expect detail subtotal "84,00 $""#))
    let review = try #require(Self.locales(suite).first { $0.name == "locale-de--stepTwo" })
    #expect(review.lines.contains(#"expect detail total "91,95 $""#))
    #expect(review.lines.contains { $0.hasPrefix(#"expect detail card "•••• 4242, gültig bis "#) })
    let express = StoryGeneratorTests.shippedSuite("express.json")
    let bank = try #require(Self.locales(express).first { $0.name == "locale-fr--challenge" })
    #expect(bank.lines.contains(#"expect detail bank "148,00 $""#))
  }

  @Test func aBrokenPluralFormFailsTheStoryThatShowsIt() throws {
    let plural = try Self.edited(
      Self.plndrText, #""detail": { "en": "{cart.count} items", "de": "{cart.count} Artikel" }"#,
      #""detail": { "en": "{cart.count, plural, one {# item} other {# items}}", "de": "{cart.count, plural, one {# Artikel} other {# Artikel im Korb}}" }"#
    )
    let suite = StoryGeneratorTests.suite(try Self.flow(plural))
    let story = try #require(Self.locales(suite).first { $0.name == "locale-de--cart" })
    #expect(story.lines.contains(#"expect detail items "3 Artikel im Korb""#))
    #expect(Self.replay(story, on: try Self.flow(plural)) == nil)
    let broken = try Self.flow(Self.edited(plural, "other {# Artikel im Korb}", "other {# Artikels}"))
    let failure = try #require(Self.replay(story, on: broken))
    #expect(failure.text == #"expect detail items "3 Artikel im Korb""#)
  }

  @Test func aBrokenNumberFormatFailsTheStoryThatShowsAnAmount() throws {
    let suite = StoryGeneratorTests.suite(try Self.flow(Self.plndrText))
    let story = try #require(Self.locales(suite).first { $0.name == "locale-de--cart" })
    let swiss = try Self.edited(
      Self.plndrText, #""locales": ["en", "de"],"#,
      #""locales": ["en", "de"], "messages": { "format.number": { "de": "1'234'567.89" } },"#)
    let failure = try #require(Self.replay(story, on: try Self.flow(swiss)))
    #expect(failure.text == #"expect detail subtotal "84,00 $""#)
    #expect(failure.message == #"expected detail of subtotal "84,00 $", actual detail of subtotal "84.00 $""#)
  }
}
