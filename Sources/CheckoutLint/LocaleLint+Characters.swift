import CheckoutModel

/// What a text of the flow may hold, in every locale: no bidirectional control
/// (an embedding, override or isolate), and a title with words.
extension LocaleLint {
  /// The bidirectional embeddings, overrides and isolates (U+202A–U+202E,
  /// U+2066–U+2069), by code point, with their names. The engine refuses them in
  /// a shopper's value (``RuleEvaluator/holdsControlCharacters(_:)``); the marks
  /// U+200E and U+200F, which right-to-left text needs, are allowed everywhere.
  static let bidiControls: [UInt32: String] = [
    0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING", 0x202C: "POP DIRECTIONAL FORMATTING",
    0x202D: "LEFT-TO-RIGHT OVERRIDE", 0x202E: "RIGHT-TO-LEFT OVERRIDE", 0x2066: "LEFT-TO-RIGHT ISOLATE",
    0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE", 0x2069: "POP DIRECTIONAL ISOLATE",
  ]

  /// An error for each text of a string (or of an engine message the flow writes)
  /// that holds a bidirectional control, and for each title (the flow's, a step's,
  /// a row's) that is empty or blank in some locale. Each is at the text's path
  /// (`steps[0].title.he`).
  func checkCharacters(_ strings: [Written]) {
    for written in strings {
      var isTitle = false
      if case .key("title")? = written.path.components.last { isTitle = !loadingReported(written.path) }
      for (path, text) in texts(of: written.text, at: written.path) {
        checkBidiControls(text, at: path)
        if isTitle { checkBlankTitle(text, at: path) }
      }
    }
    let defaultLocale = flow.locales.first ?? "en"
    for (id, message) in flow.messages.sorted(by: { $0.key < $1.key }) {
      let path = JSONPath.root.appending("messages").appending(id)
      for (locale, text) in message.texts(defaultLocale: defaultLocale) {
        if case .localized = message {
          checkBidiControls(text, at: path.appending(locale))
        } else {
          checkBidiControls(text, at: path)
        }
      }
    }
  }

  /// Each text of a string with its path: the string's own path for a plain one,
  /// with the locale for one written per locale.
  private func texts(of text: LocalizedText, at path: JSONPath) -> [(JSONPath, String)] {
    guard text.isLocalized else { return [(path, text.text)] }
    return text.translations.sorted { $0.key < $1.key }.map { (path.appending($0.key), $0.value) }
  }

  /// Whether loading reported an error of the title at `path` (missing, not a
  /// string): its empty stand-in is no blank title of the document's.
  private func loadingReported(_ path: JSONPath) -> Bool {
    let object = Array(path.components.dropLast())
    return sink.diagnostics.contains { diagnostic in
      guard diagnostic.severity == .error, let at = diagnostic.path?.components else { return false }
      return at.starts(with: path.components) || (at == object && diagnostic.message.contains("\"title\""))
    }
  }

  private func checkBidiControls(_ text: String, at path: JSONPath) {
    let scalars = Array(text.unicodeScalars)
    guard let index = scalars.firstIndex(where: { Self.bidiControls[$0.value] != nil }) else { return }
    let scalar = scalars[index]
    let count = scalars.filter { Self.bidiControls[$0.value] != nil }.count
    let others = count > 1 ? " (and \(count - 1) more)" : ""
    sink.error(
      "bidi-control",
      "the text holds \(Self.codePoint(scalar)) \(Self.bidiControls[scalar.value] ?? "")\(others) at character \(index + 1), which reorders the text around it on the shopper's screen, in receipts and in logs",
      at: path,
      suggestion:
        "remove it: a host sets each text's direction itself; to keep a number or a Latin word in place in right-to-left text, use the mark U+200F (RIGHT-TO-LEFT MARK) or U+200E (LEFT-TO-RIGHT MARK)"
    )
  }

  private func checkBlankTitle(_ text: String, at path: JSONPath) {
    let blank = text.unicodeScalars.allSatisfy {
      $0.properties.isWhitespace || $0.value == 0x200E || $0.value == 0x200F
    }
    guard blank else { return }
    let what = text.isEmpty ? "empty" : "blank (only spaces)"
    sink.error(
      "blank-title",
      "the title is \(what): the shopper would see an unnamed row or step, and a message that names it (\"{title} is required\") would name nothing",
      at: path, suggestion: "write the name the shopper reads in that language")
  }

  /// `U+202E`.
  private static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
