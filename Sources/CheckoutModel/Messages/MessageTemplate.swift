/// A message's text with its `{name}` placeholders found once, so filling it in
/// is a walk over its parts, with no search and no dictionary.
///
/// ```swift
/// let template = try MessageTemplate.parse("{title} is required", placeholders: ["title"]).get()
/// template.fill("Card number")  // "Card number is required"
/// ```
///
/// A number placeholder may choose a form by the number's plural category in the
/// message's language (ICU MessageFormat's plural argument; `#` is the number):
///
/// ```swift
/// let text = "{title} must be at most {count, plural, one {# character} other {# characters}}"
/// let template = try MessageTemplate.parse(text, placeholders: ["title", "count"], numbers: ["count"]).get()
/// template.fill("Tickets", "1", plurals: .for("en")!)  // "Tickets must be at most 1 character"
/// ```
package struct MessageTemplate: Hashable, Sendable {
  /// A piece of the text: written as is, or the value of a placeholder by its position.
  enum Part: Hashable, Sendable {
    case text(String)
    case value(Int)
    /// A form chosen by the plural category of a placeholder's number.
    case plural(Int, PluralChoice<Part>)
    /// `#` in a plural's form: the plural's number.
    case pluralNumber
  }

  /// Why a text is not a template of its message.
  package enum Problem: Error, Hashable, Sendable {
    /// A `{name}` the message has no value for.
    case unknownPlaceholder(String)
    /// A placeholder of the message the text leaves out.
    case missingPlaceholder(String)
    /// A plural written wrong (`{count, plural, one {# character}}`, without `other`).
    case malformedPlural(PluralSyntax.Problem)
    /// A plural of a placeholder that is no number (`{title, plural, …}`).
    case pluralOfText(String)
  }

  let parts: [Part]
  /// Whether the text chooses a form by a number: found once, so a message
  /// without a plural is filled as before, without a look at the language.
  package let hasPlural: Bool

  /// A template of these parts.
  init(parts: [Part]) {
    self.parts = parts
    self.hasPlural = parts.contains { if case .plural = $0 { true } else { false } }
  }

  /// The names in braces in a text, in order (repeats included): what lint and the
  /// table test compare between languages. A plural is its name, then the names
  /// in its forms.
  package static func placeholders(in text: String) -> [String] {
    var names: [String] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      if PluralSyntax.isPlural(rest, at: open), case .success(let plural) = PluralSyntax.argument(in: rest, at: open) {
        names.append(String(plural.name))
        for form in plural.forms { names += placeholders(in: String(form.text)) }
        rest = rest[plural.end...]
        continue
      }
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
  /// it must be one of them, and each of them must appear. A plural may choose a
  /// form by one of `numbers` (placeholders whose values are numbers).
  package static func parse(
    _ text: String, placeholders: [String], numbers: [String] = []
  ) -> Result<MessageTemplate, Problem> {
    var used = Set<String>()
    return parse(Substring(text), placeholders: placeholders, numbers: numbers, inPlural: false, used: &used).flatMap {
      parts in
      if let missing = placeholders.first(where: { !used.contains($0) }) {
        return .failure(.missingPlaceholder(missing))
      }
      return .success(MessageTemplate(parts: parts))
    }
  }

  /// The parts of a text: the whole message, or a plural's form (`inPlural`, where
  /// `#` is the number). Each placeholder found is added to `used`.
  private static func parse(
    _ text: Substring, placeholders: [String], numbers: [String], inPlural: Bool, used: inout Set<String>
  ) -> Result<[Part], Problem> {
    var parts: [Part] = []
    var literal = ""
    var rest = text
    while let open = rest.firstIndex(where: { $0 == "{" || (inPlural && $0 == "#") }) {
      let after = rest[rest.index(after: open)...]
      if rest[open] == "#" {
        literal += rest[..<open]
        if !literal.isEmpty { parts.append(.text(literal)) }
        literal = ""
        parts.append(.pluralNumber)
        rest = after
        continue
      }
      if PluralSyntax.isPlural(rest, at: open) {
        literal += rest[..<open]
        if !literal.isEmpty { parts.append(.text(literal)) }
        literal = ""
        switch plural(in: rest, at: open, placeholders: placeholders, numbers: numbers, used: &used) {
        case .success(let (part, end)):
          parts.append(part)
          rest = rest[end...]
          continue
        case .failure(let problem): return .failure(problem)
        }
      }
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
    return .success(parts)
  }

  /// The plural whose `{` is at `open`, and where it ends.
  private static func plural(
    in text: Substring, at open: Substring.Index, placeholders: [String], numbers: [String], used: inout Set<String>
  ) -> Result<(Part, Substring.Index), Problem> {
    let argument: PluralSyntax.Argument
    switch PluralSyntax.argument(in: text, at: open) {
    case .success(let read): argument = read
    case .failure(let problem): return .failure(.malformedPlural(problem))
    }
    let name = String(argument.name)
    guard let position = placeholders.firstIndex(of: name) else { return .failure(.unknownPlaceholder(name)) }
    guard numbers.contains(name) else { return .failure(.pluralOfText(name)) }
    used.insert(name)
    var forms: [PluralForm<Part>] = []
    for form in argument.forms {
      switch parse(form.text, placeholders: placeholders, numbers: numbers, inPlural: true, used: &used) {
      case .success(let parts): forms.append(PluralForm(selector: form.selector, parts: parts))
      case .failure(let problem): return .failure(problem)
      }
    }
    return .success((.plural(position, PluralChoice(forms: forms)), argument.end))
  }

  /// Each plural in the text: its placeholder's name among `placeholders`, and its selectors.
  package func plurals(placeholders: [String]) -> [(name: String, selectors: [PluralSelector])] {
    parts.flatMap { part -> [(name: String, selectors: [PluralSelector])] in
      guard case .plural(let position, let choice) = part else { return [] }
      return [(placeholders[position], choice.selectors)]
        + choice.forms.flatMap { MessageTemplate(parts: $0.parts).plurals(placeholders: placeholders) }
    }
  }

  /// The text with each placeholder's value: `first` for the first placeholder of
  /// the message, `second` and `third` for the next (no message has more). A
  /// plural's form is chosen by `plurals`, and its `#` written by `number`.
  ///
  /// Written as string interpolation writes `"\(title) is required"`: the literal
  /// parts' length known beforehand, so the text is allocated once.
  package func fill(
    _ first: String = "", _ second: String = "", _ third: String = "", plurals: PluralRules = .otherOnly,
    number: (String) -> String = { $0 }
  ) -> String {
    var text = DefaultStringInterpolation(literalCapacity: literalLength, interpolationCount: parts.count)
    Self.append(parts, to: &text, values: (first, second, third), plural: nil, rules: plurals, number: number)
    return String(stringInterpolation: text)
  }

  /// Writes parts: a plural's chosen form's in its place, `#` as `plural`'s number.
  private static func append(
    _ parts: [Part], to text: inout DefaultStringInterpolation, values: (String, String, String), plural: String?,
    rules: PluralRules, number: (String) -> String
  ) {
    for part in parts {
      switch part {
      case .text(let literal): text.appendLiteral(literal)
      case .value(0): text.appendInterpolation(values.0)
      case .value(1): text.appendInterpolation(values.1)
      case .value: text.appendInterpolation(values.2)
      case .plural(let position, let choice):
        let value = position == 0 ? values.0 : position == 1 ? values.1 : values.2
        let form = choice.parts(for: PluralOperands(value), rules: rules)
        append(form, to: &text, values: values, plural: value, rules: rules, number: number)
      case .pluralNumber: text.appendInterpolation(plural.map(number) ?? "#")
      }
    }
  }

  /// The UTF-8 length of the text's literal parts.
  private var literalLength: Int {
    parts.reduce(0) { length, part in
      if case .text(let literal) = part { return length + literal.utf8.count }
      return length
    }
  }
}
