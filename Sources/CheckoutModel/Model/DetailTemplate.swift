/// A row's `detail` text: literal text with `{key}` placeholders for session values.
///
/// ```swift
/// let template = try DetailTemplate.parse("{cart.count} items").get()
/// template.keys  // ["cart.count"]
/// ```
package struct DetailTemplate: Hashable, Sendable {
  /// One piece of a template.
  package enum Part: Hashable, Sendable {
    /// Text shown as written.
    case text(String)
    /// The value of a data key.
    case key(DataKey)
  }

  /// Why a template could not be read.
  package struct Problem: Error, Hashable, Sendable {
    /// What is wrong.
    package var message: String
  }

  /// The pieces, in order.
  package var parts: [Part]

  /// Every key the template shows.
  package var keys: [DataKey] {
    parts.compactMap { if case .key(let key) = $0 { key } else { nil } }
  }

  /// Parses a template; braces must hold exactly one data key.
  package static func parse(_ template: String) -> Result<DetailTemplate, Problem> {
    var parts: [Part] = []
    var rest = Substring(template)
    while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
      if rest[open] == "}" { return .failure(Problem(message: "'}' without a matching '{'")) }
      if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
      let afterOpen = rest.index(after: open)
      guard let close = rest[afterOpen...].firstIndex(of: "}") else {
        return .failure(Problem(message: "'{' without a matching '}'"))
      }
      let key = String(rest[afterOpen..<close])
      guard IdentifierSyntax.isKey(key) else {
        return .failure(Problem(message: "\"{\(key)}\" does not name a data key"))
      }
      parts.append(.key(DataKey(key)))
      rest = rest[rest.index(after: close)...]
    }
    if !rest.isEmpty { parts.append(.text(String(rest))) }
    return .success(DetailTemplate(parts: parts))
  }
}
