import Foundation

/// Converts what the shopper typed into the value a row holds, or says why not.
package enum RowInput {
  package struct Problem: Error {
    package var message: String
  }

  package static func accept(_ value: Value, for row: Row, data: [DataKey: Value]) -> Result<Value, Problem> {
    switch row.cell {
    case .toggle:
      if case .bool = value { return .success(value) }
      switch value.displayText.lowercased() {
      case "on", "true", "yes", "1": return .success(.bool(true))
      case "off", "false", "no", "0": return .success(.bool(false))
      default: return .failure(Problem(message: "\(row.title) is a toggle: set it to on or off"))
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
      let choices = options.map { "\($0.value) (\($0.label))" }.joined(separator: ", ")
      return .failure(
        Problem(
          message:
            "\(row.title) has no option \(Quoting.quoted(row.secret ? Masking.secretPlaceholder : text)); choose one of \(choices)"
        ))
    case .disclosure, .button, .info:
      return .failure(Problem(message: "\(row.title) is \(row.kind.withArticle) row: it takes no value"))
    case .text, .secure, .number, .email, .phone:
      if case .options = value { return .failure(Problem(message: "\(row.title) takes text, not a list")) }
      // A boolean is a toggle's: as text it would be "on" or "off", which no such row means.
      if case .bool = value {
        return .failure(
          Problem(message: "\(row.title) takes \(row.kind == .number ? "a number" : "text"), not on or off"))
      }
      return .success(.string(value.displayText))
    }
  }
}
