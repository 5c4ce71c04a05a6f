/// The engine's own messages for shoppers in one language, each parsed once:
/// what a session shows in its locale (rule defaults, disabled reasons, refusals,
/// notices). Each language's table is `Resources/Messages/LANG.txt`.
///
/// ```swift
/// EngineMessages.english.text(.ruleRequired, "Card number")  // "Card number is required"
/// EngineMessages.for("de")?.text(.ruleRequired, "Kartennummer")  // "„Kartennummer“ ist ein Pflichtfeld"
/// ```
package struct EngineMessages: Sendable {
  /// The locale the texts are shown in: their language, or a session's locale
  /// (`de-CH`, or a flow's language the engine has no table for, then in English).
  package let locale: String
  /// Each message's template.
  private let templates: [EngineMessageID: MessageTemplate]
  /// How the locale's numbers choose a plural form (`other` only for a locale
  /// without rules).
  package let plurals: PluralRules

  /// How the language writes numbers, amounts and dates: read from its `format.*`
  /// messages when a detail asks (a few short texts; not kept, so a session's
  /// messages stay one array).
  package var formatting: LocaleFormatting {
    let templates = templates
    return LocaleFormatting { templates[$0] ?? MessageTemplate(parts: [.text($0.id)]) }
  }

  /// The languages the engine has a table for, English (the default) first.
  package static let languages = ["en", "de", "fr", "es", "it", "nl", "pt", "ja"]

  /// The English messages (parsed on first use).
  package static let english = EngineMessages(locale: "en", table: MessageTable.read("en"), fallback: nil)

  /// Every other language's messages, parsed together on the first use of one.
  private static let others: [String: EngineMessages] = Dictionary(
    uniqueKeysWithValues: languages.dropFirst().map {
      ($0, EngineMessages(locale: $0, table: MessageTable.read($0), fallback: english))
    })

  /// The messages of a locale: its language's table (`de-CH` reads `de`), or nil
  /// when the engine has none for it.
  package static func `for`(_ locale: String) -> EngineMessages? {
    guard let language = language(of: locale) else { return nil }
    return language == "en" ? english : others[language]
  }

  /// The engine's language for a locale tag (`de-CH` -> `de`), or nil.
  package static func language(of locale: String) -> String? {
    let language = locale.split(separator: "-", maxSplits: 1).first.map { $0.lowercased() } ?? ""
    return languages.contains(language) ? language : nil
  }

  /// The messages of a table: a text missing from it, or not a template of its
  /// message, is the fallback's (a test keeps every table complete and right).
  private init(locale: String, table: MessageTable, fallback: EngineMessages?) {
    self.locale = locale
    self.plurals = PluralRules.for(locale) ?? .otherOnly
    var templates: [EngineMessageID: MessageTemplate] = [:]
    for id in EngineMessageID.allCases {
      if let text = table.texts[id.id],
        case .success(let template) = MessageTemplate.parse(
          text, placeholders: id.placeholders, numbers: id.numberPlaceholders)
      {
        templates[id] = template
      } else {
        templates[id] = fallback?.templates[id] ?? MessageTemplate(parts: [.text(id.id)])
      }
    }
    self.templates = templates
  }

  private init(locale: String, templates: [EngineMessageID: MessageTemplate]) {
    self.locale = locale
    self.plurals = PluralRules.for(locale) ?? .otherOnly
    self.templates = templates
  }

  /// The message's text with its placeholders' values, in the order of
  /// ``EngineMessageID/placeholders``. A plural's form is the one its number
  /// takes in the locale, its `#` the number as the locale writes numbers.
  package func text(_ id: EngineMessageID, _ first: String = "", _ second: String = "", _ third: String = "") -> String
  {
    let template = self.template(of: id)
    guard template.hasPlural else { return template.fill(first, second, third) }
    let formatting = self.formatting
    return template.fill(first, second, third, plurals: plurals) { formatting.format(.string($0), as: .number) ?? $0 }
  }

  /// Items as the language lists them (`punctuation.list`, each next item joined to
  /// those before): `S, M, L`, in Japanese `S、M、L`. No items is an empty text.
  package func list(_ items: [String]) -> String {
    guard var text = items.first else { return "" }
    for item in items.dropFirst() { text = self.text(.punctuationList, text, item) }
    return text
  }

  /// The message's text with its placeholders left in braces, for a host to fill
  /// (`host.route.banner`: "taking you to {title}: {current} of {total}").
  package func template(_ id: EngineMessageID) -> String {
    let names = id.placeholders.map { "{\($0)}" } + ["", "", ""]
    return template(of: id).fill(names[0], names[1], names[2])
  }

  /// The message's template (every message has one: the table's, the fallback's,
  /// or its id).
  private func template(of id: EngineMessageID) -> MessageTemplate {
    templates[id] ?? MessageTemplate(parts: [.text(id.id)])
  }

  /// The same messages under another locale tag: a regional form of their
  /// language (`de-CH`), or a flow's locale the engine has no table for.
  package func named(_ locale: String) -> EngineMessages {
    EngineMessages(locale: locale, templates: templates)
  }

  /// These messages with some replaced by a flow's texts (each already checked to
  /// be a template of its message; one that is not is left out).
  package func overriding(_ texts: [EngineMessageID: String], locale: String) -> EngineMessages {
    var templates = self.templates
    for (id, text) in texts {
      if case .success(let template) = MessageTemplate.parse(
        text, placeholders: id.placeholders, numbers: id.numberPlaceholders)
      {
        templates[id] = template
      }
    }
    return EngineMessages(locale: locale, templates: templates)
  }
}
