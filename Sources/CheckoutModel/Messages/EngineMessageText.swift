/// A flow's text for one of the engine's messages (its `messages` member): one
/// text, in the flow's default language, or one text per locale.
///
/// ```json
/// "messages": {
///   "rule.required": { "en": "Please enter {title}", "de": "Bitte {title} angeben" },
///   "refusal.cannotChange": "{row} is locked for now"
/// }
/// ```
package enum EngineMessageText: Hashable, Sendable {
  /// One text, in the flow's default language.
  case text(String)
  /// A text per locale tag.
  case localized([String: String])

  /// Each locale's text; a plain text is `defaultLocale`'s.
  package func texts(defaultLocale: String) -> [(locale: String, text: String)] {
    switch self {
    case .text(let text): return [(defaultLocale, text)]
    case .localized(let texts): return texts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
  }
}
