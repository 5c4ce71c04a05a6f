import Foundation

/// Converts what the shopper typed into the value a row holds, or says why not.
///
/// A row whose value is digits (``readsDigits(_:)``) reads the decimal digits of any
/// script as 0-9 (``DecimalDigits/typedDigits(_:)``): `٤٢٤٢ ٤٢٤٢ ٤٢٤٢ ٤٢٤٢`, `١٢/٢٧`
/// and fullwidth `３` are held (and sent to the API) as `4242 4242 4242 4242`,
/// `12/27` and `3`, and their rules read them so; a space of any width (a pasted
/// number's no-break spaces) is a space, a dash of any kind `-`, an invisible
/// character is left out, and blanks at either end are trimmed (` 123 `). Nothing
/// else of the value changes: any letter stays as typed. Any other text row holds
/// the value as typed (an address's `شارع ٢٦ يوليو` keeps its digits).
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
      let choices = messages.list(options.map { $0.label.text(in: messages.locale) })
      return .failure(Problem(message: messages.text(.refusalNotAnOption, title, choices)))
    case .disclosure, .button, .info:
      return .failure(Problem(message: messages.text(.refusalTakesNoValue, title)))
    case .text, .secure, .number, .email, .phone:
      if case .options = value { return .failure(Problem(message: messages.text(.refusalTextOnly, title))) }
      // A boolean is a toggle's: as text it would be "on" or "off", which no such row means.
      if case .bool = value { return .failure(Problem(message: messages.text(.refusalNotOnOrOff, title))) }
      let text = value.displayText
      return .success(.string(readsDigits(row) ? DecimalDigits.typedDigits(text) : text))
    }
  }

  /// Whether a row's value is digits, so that any script's are read as 0-9: a
  /// number or phone cell, a text-like row with the number, decimal or phone
  /// keyboard, or a row with a `digits`, `luhn` or `expiry` rule.
  package static func readsDigits(_ row: Row) -> Bool {
    switch row.cell {
    case .number, .phone: return true
    case .text, .secure, .email:
      switch row.keyboard {
      case .number?, .decimal?, .phone?: return true
      case .default?, .email?, .url?, nil: break
      }
      return row.rules.contains { rule in
        switch rule.kind {
        case .digits, .luhn, .expiry: return true
        case .required, .email, .pattern, .minLength, .maxLength, .oneOf, .custom: return false
        }
      }
    case .picker, .toggle, .disclosure, .button, .info: return false
    }
  }
}
