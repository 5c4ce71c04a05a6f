/// A row's `detail` text: literal text with `{key}` placeholders for session values,
/// each optionally with a format that writes it in the session's language
/// (`{order.total:currency(USD)}`: see ``ValueFormat``).
///
/// ```swift
/// let template = try DetailTemplate.parse("{cart.count} items, {order.total:currency(USD)}").get()
/// template.keys          // ["cart.count", "order.total"]
/// template.placeholders  // ["{cart.count}", "{order.total:currency(USD)}"]
/// ```
package struct DetailTemplate: Hashable, Sendable {
  /// One piece of a template.
  package enum Part: Hashable, Sendable {
    /// Text shown as written.
    case text(String)
    /// The value of a data key, as it is or in a format.
    case value(DataKey, ValueFormat?)
    /// A form chosen by a number key's value in the session's language:
    /// `{cart.count, plural, one {# item} other {# items}}`.
    case plural(DataKey, PluralChoice<Part>)
    /// `#` in a plural's form: the plural's number, as the session's language
    /// writes numbers.
    case pluralNumber
  }

  /// Why a template could not be read.
  package struct Problem: Error, Hashable, Sendable {
    /// What is wrong.
    package var message: String
    /// What would be valid instead, when the problem is a format's.
    package var suggestion: String?
    /// Further problems of the same plural (each is reported).
    package var others: [Problem] = []
    /// For a malformed plural: its key as written and the selectors of the forms
    /// read well, which lint still judges against each language's categories.
    package var plural: PluralSelectors?

    /// A malformed plural's key and the selectors of its well-formed forms.
    package struct PluralSelectors: Hashable, Sendable {
      /// The key as written.
      package var name: String
      /// The selectors read well, in order.
      package var selectors: [PluralSelector]
    }

    /// This problem and the others, in the order found.
    package var all: [Problem] {
      var first = self
      first.others = []
      return [first] + others
    }

    /// A problem and, optionally, what would be valid.
    package init(message: String, suggestion: String? = nil) {
      self.message = message
      self.suggestion = suggestion
    }
  }

  /// The pieces, in order.
  package var parts: [Part]

  /// Every key the template shows, a plural's forms' keys after its own.
  package var keys: [DataKey] {
    parts.flatMap { part -> [DataKey] in
      switch part {
      case .value(let key, _): return [key]
      case .plural(let key, let choice): return [key] + choice.forms.flatMap { DetailTemplate(parts: $0.parts).keys }
      case .text, .pluralNumber: return []
      }
    }
  }

  /// Every placeholder as written (`{order.total:currency(USD)}`), in order: what
  /// the translations of a detail must share. A plural is its key (`{cart.count}`,
  /// whatever its forms: a language may need none) and its forms' placeholders.
  package var placeholders: [String] {
    parts.flatMap { part -> [String] in
      switch part {
      case .value(let key, let format): return ["{\(key.rawValue)\(format.map { ":" + $0.written } ?? "")}"]
      case .plural(let key, let choice):
        var written = ["{\(key.rawValue)}"]
        for form in choice.forms {
          for placeholder in DetailTemplate(parts: form.parts).placeholders where !written.contains(placeholder) {
            written.append(placeholder)
          }
        }
        return written
      case .text, .pluralNumber: return []
      }
    }
  }

  /// The keys shown in a format, in order (in a plural's forms too).
  package var formattedKeys: [DataKey] {
    parts.flatMap { part -> [DataKey] in
      switch part {
      case .value(let key, _?): return [key]
      case .plural(_, let choice): return choice.forms.flatMap { DetailTemplate(parts: $0.parts).formattedKeys }
      case .text, .value(_, nil), .pluralNumber: return []
      }
    }
  }

  /// Each plural in the template (in a plural's forms too): its key and selectors.
  package var plurals: [(key: DataKey, selectors: [PluralSelector])] {
    parts.flatMap { part -> [(key: DataKey, selectors: [PluralSelector])] in
      guard case .plural(let key, let choice) = part else { return [] }
      return [(key, choice.selectors)] + choice.forms.flatMap { DetailTemplate(parts: $0.parts).plurals }
    }
  }

  /// The template written back as text; without its formats (`{order.total}` for
  /// `{order.total:currency(USD)}`) unless `formats`.
  package func written(formats: Bool = true) -> String {
    parts.map { part in
      switch part {
      case .text(let text): return text
      case .value(let key, let format):
        return "{\(key.rawValue)\(format.map { formats ? ":" + $0.written : "" } ?? "")}"
      case .plural(let key, let choice):
        let forms = choice.forms.map { "\($0.selector) {\(DetailTemplate(parts: $0.parts).written(formats: formats))}" }
        return "{\(key.rawValue), plural, \(forms.joined(separator: " "))}"
      case .pluralNumber: return "#"
      }
    }.joined()
  }

  /// Whether the template chooses a form by a number anywhere.
  package var hasPlural: Bool { parts.contains { if case .plural = $0 { true } else { false } } }

  /// Parses a template; braces must hold exactly one data key, optionally followed
  /// by `:` and a format, or a plural of a key (`{cart.count, plural, one {# item}
  /// other {# items}}`: ICU MessageFormat's plural argument, where `#` is the number).
  package static func parse(_ template: String) -> Result<DetailTemplate, Problem> {
    parse(Substring(template), inPlural: false).map { DetailTemplate(parts: $0) }
  }

  /// The parts of a text: the whole template, or a plural's form (`inPlural`, where
  /// `#` is the number).
  private static func parse(_ template: Substring, inPlural: Bool) -> Result<[Part], Problem> {
    var parts: [Part] = []
    var rest = template
    let special: (Character) -> Bool = { $0 == "{" || $0 == "}" || (inPlural && $0 == "#") }
    while let open = rest.firstIndex(where: special) {
      if rest[open] == "}" { return .failure(Problem(message: "'}' without a matching '{'")) }
      if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
      let afterOpen = rest.index(after: open)
      if rest[open] == "#" {
        parts.append(.pluralNumber)
        rest = rest[afterOpen...]
        continue
      }
      if PluralSyntax.isPlural(rest, at: open) {
        switch plural(in: rest, at: open) {
        case .success(let (part, end)):
          parts.append(part)
          rest = rest[end...]
          continue
        case .failure(let problem): return .failure(problem)
        }
      }
      guard let close = rest[afterOpen...].firstIndex(of: "}") else {
        return .failure(Problem(message: "'{' without a matching '}'"))
      }
      let inside = rest[afterOpen..<close]
      let key = String(inside.prefix { $0 != ":" })
      guard IdentifierSyntax.isKey(key) else {
        return .failure(Problem(message: "\"{\(inside)}\" does not name a data key"))
      }
      var format: ValueFormat?
      if key.count < inside.count {
        switch ValueFormat.parse(String(inside.dropFirst(key.count + 1))) {
        case .success(let parsed): format = parsed
        case .failure(let problem): return .failure(problem)
        }
      }
      parts.append(.value(DataKey(key), format))
      rest = rest[rest.index(after: close)...]
    }
    if !rest.isEmpty { parts.append(.text(String(rest))) }
    return .success(parts)
  }

  /// The plural whose `{` is at `open`, and where it ends.
  private static func plural(in text: Substring, at open: Substring.Index) -> Result<(Part, Substring.Index), Problem> {
    let argument: PluralSyntax.Argument
    switch PluralSyntax.argument(in: text, at: open) {
    case .success(let read): argument = read
    case .failure(let problem):
      var read = Problem(message: problem.message, suggestion: problem.suggestion)
      read.others = problem.others.map { Problem(message: $0.message, suggestion: $0.suggestion) }
      read.plural = Problem.PluralSelectors(name: String(problem.name), selectors: problem.selectors)
      return .failure(read)
    }
    guard IdentifierSyntax.isKey(String(argument.name)) else {
      return .failure(
        Problem(
          message: "\"\(argument.name)\" in a plural does not name a data key",
          suggestion: "write the key whose number chooses the form: \(PluralSyntax.example)"))
    }
    var forms: [PluralForm<Part>] = []
    for form in argument.forms {
      switch parse(form.text, inPlural: true) {
      case .success(let parts): forms.append(PluralForm(selector: form.selector, parts: parts))
      case .failure(let problem):
        return .failure(
          Problem(
            message: "\(problem.message) in the \(form.selector) form of the plural of \(argument.name)",
            suggestion: problem.suggestion))
      }
    }
    return .success((.plural(DataKey(String(argument.name)), PluralChoice(forms: forms)), argument.end))
  }
}
