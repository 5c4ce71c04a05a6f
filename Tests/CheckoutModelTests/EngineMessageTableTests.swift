import CheckoutTestSupport
import Foundation
import Testing
import CheckoutModel

/// The engine's own words for shoppers: one table per language, each with every
/// message and the same placeholders as English, filled in without a dictionary.
@Suite struct EngineMessageTableTests {
  @Test("every table reads cleanly and has exactly the engine's messages", arguments: EngineMessages.languages)
  func everyTableHasEveryMessage(_ language: String) throws {
    let table = MessageTable.read(language)
    #expect(table.problems.isEmpty, "\(language).txt: \(table.problems)")
    let path = "Sources/CheckoutModel/Resources/Messages/\(language).txt"
    let lines = try String(contentsOf: PackagePaths.root.appendingPathComponent(path), encoding: .utf8)
      .split(separator: "\n")
    let written = lines.filter { !$0.hasPrefix("#") }.compactMap { line in
      line.range(of: " = ").map { String(line[..<$0.lowerBound]) }
    }
    let problems = ListDrift.problems(
      expected: EngineMessageID.allIDs, actual: written, list: path, ordered: true)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test("every text uses exactly its message's placeholders", arguments: EngineMessages.languages)
  func everyTextHasTheSamePlaceholders(_ language: String) {
    let table = MessageTable.read(language)
    for id in EngineMessageID.allCases {
      guard let text = table.texts[id.id] else { continue }
      #expect(
        Set(MessageTemplate.placeholders(in: text)) == Set(id.placeholders),
        "\(language).txt \(id): \(text)")
      let parsed = MessageTemplate.parse(text, placeholders: id.placeholders, numbers: id.numberPlaceholders)
      #expect((try? parsed.get()) != nil, "\(language).txt \(id) does not parse: \(parsed)")
    }
  }

  @Test func eachMessagesPlaceholdersAreItsEnglishTextsInTheOrderTheyFirstAppear() throws {
    #expect(EngineMessageID.formatDate.placeholders == ["month", "day", "year"], "{month} {day}, {year}")
    #expect(EngineMessageID.ruleMinLength.placeholders == ["title", "count"])
    #expect(EngineMessageID.ruleMinLength.numberPlaceholders == ["count"], "a plural chooses by it in English")
    #expect(EngineMessageID.ruleOneOf.numberPlaceholders == [])
    #expect(EngineMessageID.hostChallengeStandIn.placeholders == ["step", "call"])
    #expect(EngineMessageID.hostOfferTitle.placeholders == [])
    let english = MessageTable.read("en").texts
    for id in EngineMessageID.allCases {
      let text = try #require(english[id.id])
      var firstUses: [String] = []
      for name in MessageTemplate.placeholders(in: text) where !firstUses.contains(name) { firstUses.append(name) }
      #expect(id.placeholders == firstUses, "\(id)")
    }
  }

  @Test func noMessageTakesMoreThanThreeValuesAndIDsAreUnique() {
    #expect(EngineMessageID.allCases.allSatisfy { $0.placeholders.count <= 3 })
    #expect(Set(EngineMessageID.allIDs).count == EngineMessageID.allCases.count)
    for id in EngineMessageID.allCases { #expect(EngineMessageID(id: id.id) == id) }
    #expect(EngineMessageID(id: "rule.requird") == nil)
  }

  @Test func theHostsWordsAreTheHostIDsAndKeepTheirPlaceholdersAsTemplates() throws {
    #expect(EngineMessageID.hostWords.map(\.id) == EngineMessageID.allIDs.filter { $0.hasPrefix("host.") })
    #expect(EngineMessageID.allCases.filter { !$0.isHostWord }.allSatisfy { !$0.id.hasPrefix("host.") })
    #expect(EngineMessages.english.template(.hostRouteBanner) == "taking you to {title}: {current} of {total}")
    #expect(EngineMessages.english.template(.ruleMinLength) == "{title} must be at least {count} characters")
    let japanese = try #require(EngineMessages.for("ja"))
    #expect(japanese.template(.hostChallengeStandIn) == "{call}の{step}：銀行のページの代わりに表示しています")
    #expect(try #require(EngineMessages.for("de")).template(.hostOfferAccept) == "Korrigieren")
  }

  /// The texts a language writes as English does, because they are its words too.
  static let sameAsEnglish: Set<String> = ["nl condition.equals"]

  /// The ways of writing numbers and dates (all but the months' names) and the
  /// punctuation between the engine's words are patterns, which many languages
  /// share with English (`{month} {year}`, `{first}, {second}`).
  static let patterns: Set<EngineMessageID> = [
    .formatNumber, .formatCurrency, .formatMonthYear, .formatDate, .punctuationFullStop, .punctuationList,
    .punctuationTitled,
  ]

  @Test func translationsAreNotEnglishCopies() {
    let english = MessageTable.read("en").texts
    for language in EngineMessages.languages.dropFirst() {
      let texts = MessageTable.read(language).texts
      let copied = EngineMessageID.allCases.filter {
        texts[$0.id] == english[$0.id] && !Self.sameAsEnglish.contains("\(language) \($0.id)")
          && !Self.patterns.contains($0)
      }.map(\.id)
      #expect(copied.isEmpty, "\(language).txt keeps the English text of \(copied)")
    }
  }

  @Test func messagesAreFilledInEachLanguage() throws {
    #expect(EngineMessages.english.text(.ruleRequired, "Card number") == "Card number is required")
    #expect(EngineMessages.english.text(.ruleMinLength, "Name", "3") == "Name must be at least 3 characters")
    let german = try #require(EngineMessages.for("de"))
    #expect(german.text(.ruleRequired, "Kartennummer") == "„Kartennummer“ ist ein Pflichtfeld")
    #expect(try #require(EngineMessages.for("ja")).text(.ruleRequired, "カード番号") == "カード番号は必須です")
    #expect(EngineMessages.for("de-CH")?.locale == "de", "a regional tag reads its language's table")
    #expect(EngineMessages.for("sv") == nil)
  }

  @Test func aRuleEvaluatorSpeaksItsMessagesLanguage() throws {
    let french = RuleEvaluator(today: nil, messages: try #require(EngineMessages.for("fr")))
    #expect(
      french.firstFailure(of: [Rule(.required)], value: nil, title: "Ville")
        == "Le champ «\u{202F}Ville\u{202F}» est obligatoire")
    #expect(
      RuleEvaluator().firstFailure(of: [Rule(.required)], value: nil, title: "City") == "City is required",
      "English by default, as before")
  }

  @Test func aTemplateKeepsBracesThatNameNothingAndRefusesUnknownPlaceholders() throws {
    let template = try MessageTemplate.parse("{title} {} ok", placeholders: ["title"]).get()
    #expect(template.fill("X") == "X {} ok")
    #expect(
      MessageTemplate.parse("{titel} is required", placeholders: ["title"]) == .failure(.unknownPlaceholder("titel")))
    #expect(MessageTemplate.parse("required", placeholders: ["title"]) == .failure(.missingPlaceholder("title")))
  }

  @Test func aTableLineThatIsNotIDEqualsTextIsReported() {
    let table = MessageTable.parse("# comment\n\nrule.required = {title} x\nnonsense\nrule.required = again\n")
    #expect(table.texts == ["rule.required": "again"])
    #expect(table.problems == ["line 4: expected ID = TEXT", "line 5: rule.required is written twice"])
  }
}

/// Flows/flow.schema.json names every engine message id a flow's `messages` may
/// write, in the engine's order, so an editor accepts exactly what loading does.
@Suite struct EngineMessageSchemaTests {
  @Test func theSchemasMessageIDsAreTheEngines() throws {
    let url = PackagePaths.flows.appendingPathComponent("flow.schema.json")
    let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    let properties = try #require(schema["properties"] as? [String: Any])
    let messages = try #require(properties["messages"] as? [String: Any])
    let names = try #require(messages["propertyNames"] as? [String: Any])
    let problems = ListDrift.problems(
      expected: EngineMessageID.allIDs, actual: try #require(names["enum"] as? [String]),
      list: "Flows/flow.schema.json's messages.propertyNames enum", ordered: true)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
