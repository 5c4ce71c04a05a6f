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
  }

  /// Why a template could not be read.
  package struct Problem: Error, Hashable, Sendable {
    /// What is wrong.
    package var message: String
    /// What would be valid instead, when the problem is a format's.
    package var suggestion: String?

    /// A problem and, optionally, what would be valid.
    package init(message: String, suggestion: String? = nil) {
      self.message = message
      self.suggestion = suggestion
    }
  }

  /// The pieces, in order.
  package var parts: [Part]

  /// Every key the template shows.
  package var keys: [DataKey] {
    parts.compactMap { if case .value(let key, _) = $0 { key } else { nil } }
  }

  /// Every placeholder as written (`{order.total:currency(USD)}`), in order: what
  /// the translations of a detail must share.
  package var placeholders: [String] {
    parts.compactMap {
      guard case .value(let key, let format) = $0 else { return nil }
      return "{\(key.rawValue)\(format.map { ":" + $0.written } ?? "")}"
    }
  }

  /// The keys shown in a format, in order.
  package var formattedKeys: [DataKey] {
    parts.compactMap { if case .value(let key, _?) = $0 { key } else { nil } }
  }

  /// Parses a template; braces must hold exactly one data key, optionally followed
  /// by `:` and a format.
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
    return .success(DetailTemplate(parts: parts))
  }
}
