import CheckoutModel

extension FlowLinter {
  /// Only a row's `detail` fills in `{key}`: a title, placeholder, option label or
  /// message that writes a reference to a key (`"Pay {order.total}"`) shows the
  /// braces as they are, on screen and in every message that names it. A warning
  /// for each such text, at its path; a brace that reads as no reference to a key
  /// (`{`, a data key, an optional `:format`, `}`) is text like any other.
  func checkUnfilledTemplates() {
    var rows: [JSONPath: Row] = [:]
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() { rows[positions.rowPath(stepIndex, rowIndex)] = row }
    }
    for written in LocaleLint.strings(of: flow, positions: positions) where !written.isTemplate {
      for (path, text) in written.text.written(at: written.path) {
        let references = Self.keyReferences(in: text)
        guard let first = references.first else { continue }
        let field =
          written.path.components.last.map { component in
            if case .key(let name) = component { return Quoting.quoted(name) }
            return "this text"
          } ?? "this text"
        let row = rows[JSONPath(components: Array(written.path.components.prefix(4)))]
        let shows = references.count == 1 ? "shows \(first)" : "shows \(references.joined(separator: ", "))"
        sink.warning(
          "unfilled-key",
          "\(field) \(shows) as written, braces and all: only a row's \"detail\" fills in a {key}",
          at: path, suggestion: Self.move(first, from: row))
      }
    }
  }

  /// Where the value can be shown instead: the row's own `detail` when its kind
  /// has one, else an info row's.
  private static func move(_ reference: String, from row: Row?) -> String {
    let elsewhere = "show it in the \"detail\" of an info or disclosure row"
    guard let row else { return elsewhere + ", and leave this text without it" }
    switch row.cell {
    case .disclosure, .info:
      return "move it into the row's \"detail\" (\"detail\": \(Quoting.quoted(reference)))"
    case .text, .secure, .number, .email, .phone, .picker, .toggle, .button:
      return elsewhere + " (\(row.kind.withArticle) row has no \"detail\"), and leave this text without it"
    }
  }

  /// Each `{key}` or `{key:format}` in a text, as written: braces around a data
  /// key, optionally followed by `:` and a format's name (with its argument in
  /// parentheses), or a plural of a key (`{cart.count, plural, …}`). Any other
  /// brace is not a reference.
  static func keyReferences(in text: String) -> [String] {
    var found: [String] = []
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      if PluralSyntax.isPlural(rest, at: open), case .success(let plural) = PluralSyntax.argument(in: rest, at: open),
        IdentifierSyntax.isKey(String(plural.name))
      {
        found.append(String(rest[open..<plural.end]))
        rest = rest[plural.end...]
        continue
      }
      let after = rest[rest.index(after: open)...]
      guard let close = after.firstIndex(where: { $0 == "}" || $0 == "{" }) else { break }
      guard after[close] == "}" else {
        rest = after[close...]
        continue
      }
      let inside = after[..<close]
      if isReference(inside) { found.append("{\(inside)}") }
      rest = after[after.index(after: close)...]
    }
    return found
  }

  private static func isReference(_ inside: Substring) -> Bool {
    let key = inside.prefix { $0 != ":" }
    guard IdentifierSyntax.isKey(String(key)) else { return false }
    guard key.count < inside.count else { return true }
    let format = inside.dropFirst(key.count + 1)
    let name = format.prefix { $0.isASCII && $0.isLetter }
    guard !name.isEmpty else { return false }
    let argument = format.dropFirst(name.count)
    return argument.isEmpty
      || (argument.first == "(" && argument.last == ")"
        && !argument.dropFirst().dropLast().contains { "()".contains($0) })
  }
}

extension FlowLinter {
  /// A detail that shows a secret key (`{payment.card.cvv}`) shows `•••` in its
  /// place, never the value: a warning at the text, as for a plural of one
  /// (``PluralLint``), since a screen that shows nothing is a mistake in the flow.
  func checkSecretDetails() {
    let masking = Masking(flow)
    guard !masking.secretKeys.isEmpty else { return }
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() {
        guard let detail = row.detail else { continue }
        for (path, text) in detail.written(at: positions.rowPath(stepIndex, rowIndex).appending("detail")) {
          guard case .success(let template) = DetailTemplate.parse(text) else { continue }
          var reported: Set<DataKey> = []
          for key in Self.shownKeys(template.parts) where masking.isSecret(key) && reported.insert(key).inserted {
            sink.warning(
              "secret-in-detail",
              "the detail shows {\(key.rawValue)}, a secret key: a secret is never shown, so it always reads \(Masking.secretPlaceholder)",
              at: path, suggestion: "leave the secret out of the detail")
          }
        }
      }
    }
  }

  /// The keys a template shows as values (`{key}`, `{key:format}`), in a plural's
  /// forms too; not the keys plurals choose by.
  private static func shownKeys(_ parts: [DetailTemplate.Part]) -> [DataKey] {
    parts.flatMap { part -> [DataKey] in
      switch part {
      case .value(let key, _): return [key]
      case .plural(_, let choice): return choice.forms.flatMap { shownKeys($0.parts) }
      case .text, .pluralNumber: return []
      }
    }
  }
}
