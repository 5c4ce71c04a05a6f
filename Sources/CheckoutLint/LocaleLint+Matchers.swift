import CheckoutModel

/// The words of an API error in a flow of several languages: a matcher without
/// a `message` shows the API's own message only to a shopper in the flow's
/// default language (an API writes in one); every other shopper reads the
/// engine's general "please check this", which does not say what went wrong.
extension LocaleLint {
  /// A warning per error matcher without a `message`, in a flow that lists
  /// several locales, at the matcher: what shoppers in the other languages read,
  /// and how to write the message. (A `message` that leaves out a listed locale
  /// is a `missing-translation` error, at the message.)
  func checkMatcherMessages() {
    guard let defaultLocale = wellFormedLocales.first else { return }
    // Each language once (a tag listed twice has its own error), the default first.
    var locales = [defaultLocale]
    for tag in wellFormedLocales where !locales.contains(where: { $0.lowercased() == tag.lowercased() }) {
      locales.append(tag)
    }
    guard locales.count > 1 else { return }
    let others = Array(locales.dropFirst())
    for (index, matcher) in flow.errors.enumerated() where matcher.message == nil {
      let reads = Quoting.quoted(engineText(for: matcher, in: others[0]))
      let id = matcher.row == nil ? EngineMessageID.errorCheckStep : .errorCheckRow
      let shoppers = Suggestions.list(others, conjunction: "or")
      let example = locales.map { "\(Quoting.quoted($0)): …" }.joined(separator: ", ")
      sink.warning(
        "untranslated-api-message",
        "the matcher has no \"message\": shoppers in \(Quoting.quoted(defaultLocale)) read the API's own message, shoppers in \(shoppers) only the engine's \(reads) (\(id)), which does not say what went wrong",
        at: positions.errorPath(index),
        suggestion: "say what went wrong in each of the flow's languages: \"message\": { \(example) }")
    }
  }

  /// What a shopper in `locale` reads for an error the matcher leaves without a
  /// message: the flow's text for `error.checkRow` (`error.checkStep`) in that
  /// locale, else the engine's, naming the matcher's row by its title.
  private func engineText(for matcher: ErrorMatcher, in locale: String) -> String {
    let id = matcher.row == nil ? EngineMessageID.errorCheckStep : .errorCheckRow
    let title = matcher.row.flatMap { flow.step(matcher.step)?.row($0)?.title.text(in: locale) } ?? ""
    let language = locale.split(separator: "-", maxSplits: 1).first.map(String.init) ?? locale
    let written = flow.messages[id.id]?.texts(defaultLocale: wellFormedLocales.first ?? "en")
    if let own = written?.first(where: { $0.locale == locale })?.text
      ?? written?.first(where: { $0.locale == language })?.text
    {
      return own.replacingOccurrences(of: "{title}", with: title)
    }
    return (EngineMessages.for(locale) ?? .english).text(id, title)
  }
}
