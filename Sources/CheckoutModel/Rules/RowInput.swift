import Foundation

/// Converts what the shopper typed into the value a row holds, or says why not.
package enum RowInput {
  /// Why a value is not one the row can hold, in the words of the messages given.
  package struct Problem: Error {
    /// The sentence: the row's title and what it can hold, never the value sent.
    package var message: String
  }

  /// The value as the row holds it (a toggle's `on` as true, a picker's label as its
  /// option's value), or why it cannot: said in `messages` (a session's language,
  /// rows and options named by their titles and labels in its locale), never
  /// repeating the value sent, which may be a secret.
  package static func accept(
    _ value: Value, for row: Row, data: [DataKey: Value], messages: EngineMessages = .english
  ) -> Result<Value, Problem> {
    let title = row.title.text(in: messages.locale)
    switch row.cell {
    case .toggle:
      if case .bool = value { return .success(value) }
      switch value.displayText.lowercased() {
      case "on", "true", "yes", "1": return .success(.bool(true))
      case "off", "false", "no", "0": return .success(.bool(false))
      default: return .failure(Problem(message: messages.text(.refusalOnOrOff, title)))
      }
    case .picker(_, let source):
      let options: [PickerOption]
      switch source {
      case .list(let list): options = list
      case .from(let key):
        if case .options(let list)? = data[key] { options = list } else { options = [] }
      }
      let text = value.displayText
      // An empty value clears the choice; a required picker then shows its message.
      if text.trimmingCharacters(in: .whitespaces).isEmpty { return .success(.string("")) }
      if let option = options.first(where: { $0.value == text })
        ?? options.first(where: { $0.label.matches(text) })
      {
        return .success(.string(option.value))
      }
      guard !options.isEmpty else { return .failure(Problem(message: messages.text(.refusalNoOptions, title))) }
      let choices = options.map { $0.label.text(in: messages.locale) }.joined(separator: ", ")
      return .failure(Problem(message: messages.text(.refusalNotAnOption, title, choices)))
    case .disclosure, .button, .info:
      return .failure(Problem(message: "\(row.title) is \(row.kind.withArticle) row: it takes no value"))
    case .text, .secure, .number, .email, .phone:
      if case .options = value { return .failure(Problem(message: messages.text(.refusalTextOnly, title))) }
      // A boolean is a toggle's: as text it would be "on" or "off", which no such row means.
      if case .bool = value { return .failure(Problem(message: messages.text(.refusalNotOnOrOff, title))) }
      return .success(.string(value.displayText))
    }
  }
}
