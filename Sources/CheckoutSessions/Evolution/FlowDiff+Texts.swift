import CheckoutModel
import CheckoutCompiledFlow

/// The words of two versions compared: which languages a session may be in, and
/// every text a shopper reads (titles, details, placeholders, option labels, rule
/// and completion messages, the flow's engine messages). Texts never change what a
/// session holds, so a translation is safe; a language taken away is not.
extension FlowDiffCollector {
  mutating func compareLocales() {
    let oldDefault = CompiledFlow.defaultLocale(of: old)
    let newDefault = CompiledFlow.defaultLocale(of: new)
    if oldDefault != newDefault {
      add(
        .breaking, "default locale changed", "locales", "\(oldDefault) -> \(newDefault)",
        effect:
          "a session that named no locale is shown in \(newDefault); one that asked for \(oldDefault) keeps it if \(newVersion) still speaks it"
      )
    }
    for locale in new.locales where !old.locales.contains(locale) {
      add(.safe, "locale added", locale, "")
    }
    for locale in old.locales where !new.locales.contains(locale) {
      let speaks = EngineMessages.for(locale) != nil || new.messages.values.contains { $0.writes(locale) }
      add(
        .breaking, "locale removed", locale, "",
        effect: speaks
          ? "a session in \(locale) shows the flow's titles and messages in \(newDefault); the engine's own words stay in \(locale)"
          : "a session in \(locale) is shown in \(newDefault) from its next restore")
    }
  }

  /// One difference per locale whose texts were written, changed or removed, among
  /// the places both versions have (a step, row or rule added or removed is that
  /// difference, with its texts).
  mutating func compareTexts() {
    var counts: [String: TextCounts] = [:]
    let oldTexts = Self.texts(of: old, renames: renames)
    let newTexts = Self.texts(of: new, renames: FlowRenames())
    let oldDefault = CompiledFlow.defaultLocale(of: old)
    let newDefault = CompiledFlow.defaultLocale(of: new)
    for place in Set(oldTexts.keys).union(newTexts.keys).sorted() {
      let (before, after) = (oldTexts[place], newTexts[place])
      // A step, row or rule only one version has is its own difference; the flow's
      // engine messages belong to the flow, which both have.
      guard before != nil && after != nil || (before ?? after)?.isFlowMessage == true else { continue }
      let old = before?.byLocale(defaultLocale: oldDefault) ?? [:]
      let new = after?.byLocale(defaultLocale: newDefault) ?? [:]
      for locale in Set(old.keys).union(new.keys) where old[locale] != new[locale] {
        counts[locale, default: TextCounts()].count(place, before: old[locale], after: new[locale])
      }
    }
    // An error matcher's message is counted where a locale it did not speak is
    // written; a rewording in a locale it spoke is "error message changed".
    for (oldIndex, newIndex) in matchedMatchers {
      let before = ShopperText.byLocale(old.errors[oldIndex].message, defaultLocale: oldDefault)
      let after = ShopperText.byLocale(new.errors[newIndex].message, defaultLocale: newDefault)
      for (locale, text) in after where before[locale] == nil {
        let place = "error matcher \(Self.what(new.errors[newIndex])) message"
        counts[locale, default: TextCounts()].count(place, before: nil, after: text)
      }
    }
    for locale in counts.keys.sorted() {
      guard let count = counts[locale] else { continue }
      add(.safe, "texts changed", locale, count.description)
    }
  }

  /// Whether a matcher's message changed or went in a locale it was written in
  /// (not only gained a translation).
  func rewordsAMessage(from before: LocalizedText?, to after: LocalizedText?) -> Bool {
    let old = ShopperText.byLocale(before, defaultLocale: CompiledFlow.defaultLocale(of: self.old))
    let new = ShopperText.byLocale(after, defaultLocale: CompiledFlow.defaultLocale(of: self.new))
    return old.contains { locale, text in new[locale] != text }
  }

  private var newVersion: String { new.version.map { "v\($0)" } ?? "the new version" }

  /// Every text a shopper may read, by where it is (old names renamed to the new).
  private static func texts(of flow: Flow, renames: FlowRenames) -> [String: ShopperText] {
    var texts: [String: ShopperText] = ["the flow's title": .text(flow.title)]
    for step in flow.steps {
      let stepID = renames.step(step.id)
      texts["\(stepID) title"] = .text(step.title)
      for (index, check) in step.complete.enumerated() {
        texts["\(stepID) completion check \(index + 1)"] = .text(check.message)
      }
      for row in step.rows {
        let ref = renames.row(CheckoutSession.RowRef(step: step.id, row: row.id))
        texts["\(ref) title"] = .text(row.title)
        if let detail = row.detail { texts["\(ref) detail"] = .text(detail) }
        if let placeholder = row.placeholder { texts["\(ref) placeholder"] = .text(placeholder) }
        if case .list(let options)? = row.cell.options {
          for option in options { texts["\(ref) option \(option.value)"] = .text(option.label) }
        }
        // A rule whose meaning changed is a "rules changed" difference, its message
        // with it: the message is keyed by what the rule accepts.
        for rule in row.rules {
          guard let message = rule.message else { continue }
          let meaning = FlowWriter.rule(Rule(rule.kind), named: [:])
          texts["\(ref) \(rule.writtenName) message\u{0}\(meaning)"] = .text(message)
        }
      }
    }
    for (id, text) in flow.messages { texts["message \(id)"] = .message(text) }
    return texts
  }
}

/// A text of a flow, as its locales read it.
private enum ShopperText {
  case text(LocalizedText)
  case message(EngineMessageText)

  /// Whether it is one of the flow's engine messages (`messages`).
  var isFlowMessage: Bool {
    if case .message = self { return true }
    return false
  }

  /// Each locale's text of an optional text (none when it is absent).
  static func byLocale(_ text: LocalizedText?, defaultLocale: String) -> [String: String] {
    text.map { ShopperText.text($0).byLocale(defaultLocale: defaultLocale) } ?? [:]
  }

  /// Each locale's text; a plain text is the default locale's.
  func byLocale(defaultLocale: String) -> [String: String] {
    switch self {
    case .text(let text):
      return text.isLocalized ? text.translations : [defaultLocale: text.text]
    case .message(let message):
      return Dictionary(
        message.texts(defaultLocale: defaultLocale).map { ($0.locale, $0.text) },
        uniquingKeysWith: { first, _ in first })
    }
  }
}

/// How many of one locale's texts changed, and the first places.
private struct TextCounts: CustomStringConvertible {
  var written = 0
  var changed = 0
  var removed = 0
  var places: [String] = []

  /// Counts a text at `place` (what follows a NUL in it only tells places apart).
  mutating func count(_ place: String, before: String?, after: String?) {
    let place = place.split(separator: "\u{0}", maxSplits: 1).first.map(String.init) ?? place
    switch (before, after) {
    case (nil, _?): written += 1
    case (_?, nil): removed += 1
    default: changed += 1
    }
    places.append(place)
  }

  /// `2 written, 1 changed: cart title, cart.quantity title, … and 1 more`.
  var description: String {
    let parts = [(written, "written"), (changed, "changed"), (removed, "removed")]
      .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    let shown = places.prefix(3).joined(separator: ", ")
    let more = places.count > 3 ? ", … and \(places.count - 3) more" : ""
    return "\(parts.joined(separator: ", ")): \(shown)\(more)"
  }
}

extension EngineMessageText {
  /// Whether the text is written for `locale` (a plain text counts for no locale
  /// but the default, which the caller knows).
  fileprivate func writes(_ locale: String) -> Bool {
    if case .localized(let texts) = self { return texts[locale] != nil }
    return false
  }
}
