/// A message's text with its `{name}` placeholders found once, so filling it in
/// is a walk over its parts, with no search and no dictionary.
///
/// ```swift
/// let template = try MessageTemplate.parse("{title} is required", placeholders: ["title"]).get()
/// template.fill("Card number")  // "Card number is required"
/// ```
package struct MessageTemplate: Hashable, Sendable {
  /// A piece of the text: written as is, or the value of a placeholder by its position.
  enum Part: Hashable, Sendable {
    case text(String)
    case value(Int)
  }

  /// Why a text is not a template of its message.
  package enum Problem: Error, Hashable, Sendable {
    /// A `{name}` the message has no value for.
    case unknownPlaceholder(String)
    /// A placeholder of the message the text leaves out.
    case missingPlaceholder(String)
  }

  let parts: [Part]

  /// The names in braces in a text, in order (repeats included): what lint and the
  /// table test compare between languages.
  package static func placeholders(in text: String) -> [String] {
    var names: [String] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      let after = rest[rest.index(after: open)...]
      guard let close = after.firstIndex(of: "}") else { break }
      let name = after[..<close]
      if isName(name) { names.append(String(name)) }
      rest = after[after.index(after: close)...]
    }
    return names
  }

  /// Whether the text between braces names a placeholder (`{title}`), rather than
  /// being braces the text shows.
  private static func isName(_ text: Substring) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }
  }

  /// The text as a template of a message with these placeholders: each `{name}` in
  /// it must be one of them, and each of them must appear.
  package static func parse(_ text: String, placeholders: [String]) -> Result<MessageTemplate, Problem> {
    var parts: [Part] = []
    var used = Set<String>()
    var literal = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      let after = rest[rest.index(after: open)...]
      guard let close = after.firstIndex(of: "}") else { break }
      let name = String(after[..<close])
      guard let position = placeholders.firstIndex(of: name) else {
        if !isName(Substring(name)) {
          literal += rest[...open]
          rest = after
          continue
        }
        return .failure(.unknownPlaceholder(name))
      }
      literal += rest[..<open]
      if !literal.isEmpty { parts.append(.text(literal)) }
      literal = ""
      parts.append(.value(position))
      used.insert(name)
      rest = after[after.index(after: close)...]
    }
    literal += rest
    if !literal.isEmpty { parts.append(.text(literal)) }
    if let missing = placeholders.first(where: { !used.contains($0) }) { return .failure(.missingPlaceholder(missing)) }
    return .success(MessageTemplate(parts: parts))
  }

  /// The text with each placeholder's value: `first` for the first placeholder of
  /// the message, `second` and `third` for the next (no message has more).
  ///
  /// Written as string interpolation writes `"\(title) is required"`: the literal
  /// parts' length known beforehand, so the text is allocated once.
  package func fill(_ first: String = "", _ second: String = "", _ third: String = "") -> String {
    var text = DefaultStringInterpolation(literalCapacity: literalLength, interpolationCount: parts.count)
    for part in parts {
      switch part {
      case .text(let literal): text.appendLiteral(literal)
      case .value(0): text.appendInterpolation(first)
      case .value(1): text.appendInterpolation(second)
      case .value: text.appendInterpolation(third)
      }
    }
    return String(stringInterpolation: text)
  }

  /// The UTF-8 length of the text's literal parts.
  private var literalLength: Int {
    parts.reduce(0) { length, part in
      if case .text(let literal) = part { return length + literal.utf8.count }
      return length
    }
  }
}
