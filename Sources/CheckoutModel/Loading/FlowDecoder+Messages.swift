/// A flow's `messages`: its own words for engine messages, by message id, each a
/// text or an object of locale -> text. An id the engine has no message under and
/// a text whose placeholders differ from the message's (or a `format.*` text not of
/// its shape) are errors at their path.
extension FlowDecoder {
  /// The flow's texts for engine messages. A text that is written but wrong is
  /// left out of them and kept in ``ModelPositions/rejectedMessages``, so that lint
  /// does not call it untranslated as well.
  mutating func decodeMessages(_ object: ObjectReader) -> [String: EngineMessageText] {
    guard let node = object.node("messages") else { return [:] }
    guard case .object(let members) = node.kind else {
      object.wrongType("messages", expected: "an object of message id -> text", found: node)
      return [:]
    }
    var messages: [String: EngineMessageText] = [:]
    for member in members {
      let path = object.path.appending("messages").appending(member.key)
      guard let id = EngineMessageID(id: member.key) else {
        sink.error(
          "unknown-message", "unknown engine message \(Quoting.quoted(member.key))", at: path, offset: member.keyOffset,
          suggestion: Suggestions.didYouMean(member.key, in: EngineMessageID.allIDs)
            ?? "the messages are listed in the flow format's \"Engine messages\" section")
        continue
      }
      switch member.value.kind {
      case .string(let text):
        if checkPlaceholders(text, of: id, at: path) {
          messages[member.key] = .text(text)
        } else {
          positions.rejectedMessages[member.key] = .text(text)
        }
      case .object(let texts):
        var localized: [String: String] = [:]
        var rejected: [String: String] = [:]
        for entry in texts {
          let entryPath = path.appending(entry.key)
          guard LanguageTag.isWellFormed(entry.key) else {
            sink.error(
              "invalid-locale", "\(Quoting.quoted(entry.key)) is not a language tag", at: entryPath,
              offset: entry.keyOffset, suggestion: "write a BCP 47 tag like en, de or pt-BR")
            continue
          }
          guard case .string(let text) = entry.value.kind else {
            sink.error("wrong-type", "expected a string, found \(entry.value.typeDescription)", at: entryPath)
            continue
          }
          if checkPlaceholders(text, of: id, at: entryPath) {
            localized[entry.key] = text
          } else {
            rejected[entry.key] = text
          }
        }
        messages[member.key] = .localized(localized)
        if !rejected.isEmpty { positions.rejectedMessages[member.key] = .localized(rejected) }
      default:
        sink.error(
          "wrong-type", "expected a string or an object of locale -> string, found \(member.value.typeDescription)",
          at: path)
      }
    }
    return messages
  }

  /// Reports a text whose placeholders are not its message's, or a `format.number`
  /// or `format.months` not of its shape; true when the text is right.
  private func checkPlaceholders(_ text: String, of id: EngineMessageID, at path: JSONPath) -> Bool {
    let expected = id.placeholders.map { "{\($0)}" }.joined(separator: ", ")
    let valid =
      id.placeholders.isEmpty ? "it takes no placeholder: write it without {…}" : "its placeholders are \(expected)"
    switch MessageTemplate.parse(text, placeholders: id.placeholders, numbers: id.numberPlaceholders) {
    case .success:
      guard let problem = LocaleFormatting.problem(in: text, of: id) else { return true }
      sink.error(
        "message-format", "\(Quoting.quoted(text)) is not how \(id) is written", at: path, suggestion: problem)
    case .failure(.unknownPlaceholder(let name)):
      sink.error(
        "message-placeholder", "{\(name)} is not a placeholder of \(id)", at: path,
        suggestion: Suggestions.didYouMean(name, in: id.placeholders).map { "\($0) \(valid)" } ?? valid)
    case .failure(.malformedPlural(let first)):
      for problem in first.all {
        sink.error(
          "message-plural", "\(problem.message) in \(Quoting.quoted(text))", at: path, suggestion: problem.suggestion)
      }
    case .failure(.pluralOfText(let name)):
      let numbers = id.numberPlaceholders.map { "{\($0)}" }
      sink.error(
        "message-plural", "{\(name)} of \(id) is not a number, so it cannot choose a plural form", at: path,
        suggestion: numbers.isEmpty
          ? "write {\(name)} alone: no placeholder of \(id) is a number"
          : "only \(numbers.joined(separator: ", ")) can: {\(id.numberPlaceholders[0]), plural, one {# …} other {# …}}")
    case .failure(.missingPlaceholder(let name)):
      sink.error(
        "message-placeholder", "the text of \(id) leaves out {\(name)}", at: path,
        suggestion: "its placeholders are \(expected)")
    }
    return false
  }
}
