/// What selects one form of a plural: an exact number (`=0`) or a category (`one`).
package enum PluralSelector: Hashable, Sendable, CustomStringConvertible {
  /// `=N`: exactly this number (checked before any category).
  case exact(Double)
  /// A CLDR category of the session's language.
  case category(PluralCategory)

  /// The selector as a plural writes it: `=0`, `one`.
  package var description: String {
    switch self {
    case .exact(let number): return "=" + Value.format(number)
    case .category(let category): return category.description
    }
  }
}

/// One form of a plural: what selects it, and its text's parts.
package struct PluralForm<Part: Hashable & Sendable>: Hashable, Sendable {
  /// What selects the form.
  package var selector: PluralSelector
  /// The form's text, parsed as the template around it is (`#` is the number).
  package var parts: [Part]
}

/// A plural's forms, in the order written; one is always `other`.
///
/// ```swift
/// // {cart.count, plural, =0 {no items} one {# item} other {# items}}
/// choice.parts(for: .number(1), rules: .for("en")!)  // the parts of "# item"
/// ```
package struct PluralChoice<Part: Hashable & Sendable>: Hashable, Sendable {
  /// The forms, in the order written.
  package var forms: [PluralForm<Part>]

  /// The selectors, in the order written.
  package var selectors: [PluralSelector] { forms.map(\.selector) }

  /// The form for a number: an exact match first, else the form of its category
  /// in `rules`, else `other` (also for no number at all).
  package func parts(for number: PluralOperands?, rules: PluralRules) -> [Part] {
    if let number {
      for form in forms {
        if case .exact(let exact) = form.selector, exact == number.n { return form.parts }
      }
      let category = rules.category(number)
      if let form = forms.first(where: { $0.selector == .category(category) }) { return form.parts }
    }
    return forms.first { $0.selector == .category(.other) }?.parts ?? []
  }
}

/// Reads ICU MessageFormat's plural argument, `{name, plural, one {# item} other
/// {# items}}`, for the templates that take one (a row's `detail`, an engine
/// message): the name, then each form's selector and its text, which the template
/// parses itself.
package enum PluralSyntax {
  /// Why a plural cannot be read: what is wrong, and what would be valid.
  package struct Problem: Error, Hashable, Sendable {
    /// What is wrong.
    package var message: String
    /// What would be valid instead.
    package var suggestion: String
    /// The plural's further problems, each in the same words (a plural with a
    /// misspelt category may lack its other form too): all are reported.
    package var others: [Problem] = []
    /// The selectors of the forms read well despite the problems, in order (the
    /// language checks of lint judge them).
    package var selectors: [PluralSelector] = []
    /// The plural's name as written (empty when the problem is not of one plural).
    package var name: Substring = ""

    /// A problem: what is wrong and what would be valid.
    package init(message: String, suggestion: String) {
      self.message = message
      self.suggestion = suggestion
    }

    /// This problem and the others, in the order found.
    package var all: [Problem] {
      var first = self
      first.others = []
      return [first] + others
    }
  }

  /// A plural as written: its name, its forms' selectors and texts, and where it
  /// ends (after its closing brace).
  package struct Argument {
    /// The name before `, plural`: a key or a placeholder.
    package var name: Substring
    /// Each form's selector and text, in order.
    package var forms: [(selector: PluralSelector, text: Substring)]
    /// Just after the argument's closing brace.
    package var end: Substring.Index
  }

  /// An example of the syntax, for suggestions.
  package static let example = "{cart.count, plural, one {# item} other {# items}}"

  /// An example of the syntax with the plural's own name, for suggestions:
  /// `{plan.boxes, plural, one {# item} other {# items}}`.
  package static func example(_ name: Substring) -> String {
    name.isEmpty ? example : "{\(name), plural, one {# item} other {# items}}"
  }

  /// Whether the braces opening at `open` hold a plural argument: a name, a comma,
  /// and the word `plural` (or a near miss of it, `plurals`, `select`, which is
  /// reported rather than shown as text).
  package static func isPlural(_ text: Substring, at open: Substring.Index) -> Bool {
    let after = text[text.index(after: open)...]
    guard let comma = after.firstIndex(where: { $0 == "," || $0 == "{" || $0 == "}" }), after[comma] == "," else {
      return false
    }
    let name = after[..<comma].trimmingSpaces
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" })
    else { return false }
    let type = after[after.index(after: comma)...].drop(while: \.isWhitespace).prefix(while: \.isLetter)
    return !type.isEmpty
  }

  /// The plural argument whose `{` is at `open` in `text` (``isPlural(_:at:)`` said so).
  package static func argument(in text: Substring, at open: Substring.Index) -> Result<Argument, Problem> {
    var rest = text[text.index(after: open)...]
    let comma = rest.firstIndex(of: ",") ?? rest.endIndex
    let name = rest[..<comma].trimmingSpaces
    rest = rest[comma...].dropFirst().drop(while: \.isWhitespace)
    let type = rest.prefix(while: \.isLetter)
    guard type == "plural" else {
      let hint = Suggestions.didYouMean(String(type), in: ["plural"]).map { $0 + " " } ?? ""
      return .failure(
        Problem(
          message: "{\(name), \(type), …} is not a plural (\(Quoting.quoted(String(type))) is not an argument type)",
          suggestion: "\(hint)only plural is: write {\(name), plural, one {# …} other {# …}}"))
    }
    rest = rest.dropFirst(type.count).drop(while: \.isWhitespace)
    guard rest.first == "," else {
      return .failure(
        Problem(
          message: "{\(name), plural} has no forms",
          suggestion: "write its forms after a comma, like \(example(name))"))
    }
    rest = rest.dropFirst().drop(while: \.isWhitespace)
    var forms: [(selector: PluralSelector, text: Substring)] = []
    // Each problem is kept and reading goes on past it while the forms can still be
    // told apart (a word, then its text in braces), so every one is reported.
    var problems: [Problem] = []
    func failure() -> Result<Argument, Problem> {
      var first = problems[0]
      first.others = Array(problems.dropFirst())
      first.selectors = forms.map(\.selector)
      first.name = name
      return .failure(first)
    }
    while let first = rest.first, first != "}" {
      let word = rest.prefix { !$0.isWhitespace && $0 != "{" && $0 != "}" }
      var selector = readSelector(word)
      if selector == nil {
        problems.append(problem(word, name: name))
      } else if let twice = selector, forms.contains(where: { $0.selector == twice }) {
        problems.append(
          Problem(
            message: "the plural of \(name) writes its \(twice) form twice",
            suggestion: "keep one \(twice) {…}"))
        selector = nil
      }
      rest = rest.dropFirst(word.count).drop(while: \.isWhitespace)
      guard rest.first == "{" else {
        if let selector = readSelector(word) {
          problems.append(
            Problem(
              message: "the \(selector) form of the plural of \(name) has no text in braces",
              suggestion: "write its text in braces after it: \(selector) {# …}"))
        }
        return failure()
      }
      guard let close = closingBrace(of: rest) else {
        let form = readSelector(word).map { "the \($0) form" } ?? "a form"
        problems.append(
          Problem(
            message: "\(form) of the plural of \(name) has a '{' without a matching '}'",
            suggestion: "close each form's text with '}', and the plural with one more: \(example(name))"))
        return failure()
      }
      if let selector { forms.append((selector, rest[rest.index(after: rest.startIndex)..<close])) }
      rest = rest[rest.index(after: close)...].drop(while: \.isWhitespace)
    }
    guard !rest.isEmpty else {
      problems.append(
        Problem(
          message: "the plural of \(name) has no closing '}'",
          suggestion: "close the plural after its last form: \(example(name))"))
      return failure()
    }
    if !forms.contains(where: { $0.selector == .category(.other) }) {
      let written = forms.isEmpty ? "no forms" : "only " + forms.map { $0.selector.description }.joined(separator: ", ")
      problems.append(
        Problem(
          message: "the plural of \(name) has \(written): it needs an other form",
          suggestion: "add other {…}, the form of every number no other form takes: \(withOther(name, forms))"))
    }
    if !problems.isEmpty { return failure() }
    return .success(Argument(name: name, forms: forms, end: rest.index(after: rest.startIndex)))
  }

  /// The plural as written with an `other` form added: `{plan.boxes, plural, one {# box} other {…}}`.
  private static func withOther(_ name: Substring, _ forms: [(selector: PluralSelector, text: Substring)]) -> String {
    guard !forms.isEmpty else { return example(name) }
    let written = forms.map { "\($0.selector) {\($0.text)}" }
    return "{\(name), plural, \((written + ["other {…}"]).joined(separator: " "))}"
  }

  /// The selector a word writes: `=N` or a category; nil when it is neither.
  private static func readSelector(_ word: Substring) -> PluralSelector? {
    if word.first == "=" {
      let number = word.dropFirst()
      guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
        let value = Double(number)
      else { return nil }
      return .exact(value)
    }
    return PluralCategory(named: String(word)).map { .category($0) }
  }

  /// What is wrong with a word where a selector belongs.
  private static func problem(_ word: Substring, name: Substring) -> Problem {
    if word.isEmpty {
      return Problem(
        message: "the plural of \(name) has a form without a category",
        suggestion: "start each form with a category (\(PluralCategory.written)) or =N, like \(example(name))")
    }
    if word.hasPrefix("offset:") {
      return Problem(
        message: "the plural of \(name) has an offset, which plurals here do not take",
        suggestion: "leave offset out and write the forms only, like \(example(name))")
    }
    let categories = PluralCategory.allCases.map(\.description)
    let hint = Suggestions.didYouMean(String(word), in: categories).map { $0 + " " } ?? ""
    return Problem(
      message: "\(Quoting.quoted(String(word))) in the plural of \(name) is not a plural category",
      suggestion: "\(hint)the categories are \(PluralCategory.written), or =N for exactly the number N (=0)")
  }

  /// The `}` that closes the `{` `text` starts with, braces between them nested.
  private static func closingBrace(of text: Substring) -> Substring.Index? {
    var depth = 0
    for index in text.indices {
      switch text[index] {
      case "{": depth += 1
      case "}":
        depth -= 1
        if depth == 0 { return index }
      default: continue
      }
    }
    return nil
  }
}

extension Substring {
  /// Without the spaces around it.
  fileprivate var trimmingSpaces: Substring {
    var text = self
    while text.first?.isWhitespace == true { text = text.dropFirst() }
    while text.last?.isWhitespace == true { text = text.dropLast() }
    return text
  }
}
