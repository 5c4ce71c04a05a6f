/// Each message's placeholders, read from its English text: the English table
/// (`Resources/Messages/en.txt`) is their one definition, so a new message is its
/// case and its English line, with no list of names to keep beside them.
extension EngineMessageID {
  /// The names in braces the message's text must use, each once or more: those its
  /// English text uses, in the order they first appear there, which is the order
  /// the engine passes their values (`format.date = {month} {day}, {year}`: month,
  /// day, year).
  package var placeholders: [String] { Self.signatures[self]?.placeholders ?? [] }

  /// The placeholders whose values are numbers (`{count}`): those the English text
  /// chooses a form by (`{count, plural, one {# character} other {# characters}}`);
  /// any language's text may then choose its forms by them too.
  package var numberPlaceholders: [String] { Self.signatures[self]?.numbers ?? [] }

  /// A message's placeholders and which of them are numbers.
  struct Signature: Hashable, Sendable {
    /// The names in braces, each once, in the order of their first use.
    var placeholders: [String]
    /// The names a plural chooses its form by.
    var numbers: [String]
  }

  /// The placeholders of a text: its names in braces (a plural's name before the
  /// names in its forms), each once, and the names its plurals choose by.
  static func signature(of text: String) -> Signature {
    var names: [String] = []
    for name in MessageTemplate.placeholders(in: text) where !names.contains(name) { names.append(name) }
    let plurals =
      (try? MessageTemplate.parse(text, placeholders: names, numbers: names).get())?.plurals(placeholders: names) ?? []
    var numbers: [String] = []
    for plural in plurals where !numbers.contains(plural.name) { numbers.append(plural.name) }
    return Signature(placeholders: names, numbers: numbers)
  }

  /// Every message's signature, from the English table (a message English lacks,
  /// which a test reports, has none).
  private static let signatures: [EngineMessageID: Signature] = {
    let english = MessageTable.read("en").texts
    return Dictionary(
      uniqueKeysWithValues: allCases.compactMap { id in english[id.id].map { (id, signature(of: $0)) } })
  }()
}
