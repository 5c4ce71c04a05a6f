import CheckoutModel

/// The checks of plurals (`{cart.count, plural, one {# item} other {# items}}`) in
/// each language a text is written in: a row's `detail`, and a flow's `messages`.
/// Each is a warning at the text's path (loading reports a malformed plural):
///
/// - a category other than `other` in a language the engine has no plural rules
///   for (every number takes `other`; exact matches, `=1 {…}`, are the way there);
/// - a form of a category the language never uses (`few` in English);
/// - a category the language needs for whole numbers that the plural lacks
///   (Polish without `few` or `many`): those numbers would show `other`, unless
///   exact matches cover every whole number of the category (`=0 {…}` for the
///   Arabic `zero`, which only 0 takes);
/// - a plural of a key whose value in the flow's data, or whose toggle, is no number;
/// - a plural of a secret key (never read for display, so always its other form),
///   as ``FlowLinter/checkSecretDetails()`` warns of a plain `{key}` of one.
struct PluralLint {
  let flow: Flow
  let positions: ModelPositions
  let sink: DiagnosticSink

  /// The language of a text written at `path`: its locale member, else the flow's
  /// default language (English for a flow without `locales`).
  private func locale(of text: LocalizedText, at path: JSONPath) -> String {
    if text.isLocalized, case .key(let locale)? = path.components.last { return locale }
    return flow.defaultLocale ?? "en"
  }

  func check() {
    for (stepIndex, step) in flow.steps.enumerated() {
      for (rowIndex, row) in step.rows.enumerated() {
        guard let detail = row.detail else { continue }
        for (path, text) in detail.written(at: positions.rowPath(stepIndex, rowIndex).appending("detail")) {
          let template: DetailTemplate
          switch DetailTemplate.parse(text) {
          case .success(let parsed): template = parsed
          case .failure(let problem):
            // Loading reported the malformed plural; its well-formed forms are still
            // judged against the language, so each mistake is told at once.
            if let plural = problem.plural {
              check(plural.selectors, of: plural.name, in: locale(of: detail, at: path), at: path, complete: false)
            }
            continue
          }
          for plural in template.plurals {
            check(plural.selectors, of: plural.key.rawValue, in: locale(of: detail, at: path), at: path)
            checkNumber(plural.key, at: path)
          }
        }
      }
    }
    for (id, message) in flow.messages.sorted(by: { $0.key < $1.key }) {
      guard let engineID = EngineMessageID(id: id) else { continue }
      let path = JSONPath.root.appending("messages").appending(id)
      for (locale, text) in message.texts(defaultLocale: flow.defaultLocale ?? "en") {
        guard
          case .success(let template) = MessageTemplate.parse(
            text, placeholders: engineID.placeholders, numbers: engineID.numberPlaceholders)
        else { continue }
        let at: JSONPath
        if case .localized = message { at = path.appending(locale) } else { at = path }
        for plural in template.plurals(placeholders: engineID.placeholders) {
          check(plural.selectors, of: plural.name, in: locale, at: at)
        }
      }
    }
  }

  /// A plural's categories against its language's; the forms it lacks only when
  /// it is `complete` (read without a problem).
  private func check(
    _ selectors: [PluralSelector], of name: String, in locale: String, at path: JSONPath, complete: Bool = true
  ) {
    let written = selectors.compactMap { if case .category(let category) = $0 { category } else { nil } }
    let exact = Set(selectors.compactMap { if case .exact(let number) = $0 { number } else { nil } })
    guard let rules = PluralRules.for(locale) else {
      // Exact matches and `other` choose the same form in any language.
      let chosen = written.filter { $0 != .other }
      guard let first = chosen.first else { return }
      sink.warning(
        "plural-language",
        "the plural of \(name) has a \(first) form, but \(Quoting.quoted(locale)) has no plural rules here: every number takes its other form",
        at: path,
        suggestion:
          "write exact matches for the numbers that need another form (=1 {…} other {…}), or the text in a language with plural rules: \(PluralRules.languages.joined(separator: ", "))"
      )
      return
    }
    for category in written where !rules.categories.contains(category) {
      sink.warning(
        "plural-category",
        "the plural of \(name) has a \(category) form, but no number takes it in \(Quoting.quoted(locale))",
        at: path,
        suggestion:
          "remove \(category) {…}: the categories of \(Quoting.quoted(locale)) are \(Self.list(rules.categories))")
    }
    for category in rules.needed
    where complete && !written.contains(category) && !Self.covers(exact, category, in: rules) {
      sink.warning(
        "plural-missing-form",
        "the plural of \(name) has no \(category) form, which \(Quoting.quoted(locale)) uses for \(Self.examples(of: category, in: rules)): they would show the other form",
        at: path,
        suggestion: "add \(category) {# …}; the forms of \(Quoting.quoted(locale)) are \(Self.list(rules.categories))")
    }
  }

  /// A plural's key whose value the flow knows is no number: its first value in
  /// `data`, or a toggle's `true`/`false`.
  private func checkNumber(_ key: DataKey, at path: JSONPath) {
    let shown = "{\(key.rawValue), plural, …}"
    let masking = Masking(flow)
    if masking.isSecret(key) {
      sink.warning(
        "secret-in-detail",
        "\(shown) chooses a form by the number in \(Quoting.quoted(key)), a secret key: a secret is never shown nor read for display, so it always shows its other form",
        at: path, suggestion: "leave the secret out of the detail")
    } else if let value = flow.data[key], PluralOperands(value) == nil {
      sink.warning(
        "plural-not-number",
        "\(shown) chooses a form by the number in \(Quoting.quoted(key)), but the flow's data holds \(masking.shown(value, of: key))",
        at: path,
        suggestion: "write a number in \"data\" (3 or 1.5), or show the key without a plural: {\(key.rawValue)}")
    } else if flow.steps.flatMap(\.rows).contains(where: { $0.kind == .toggle && $0.bind == key }) {
      sink.warning(
        "plural-not-number",
        "\(shown) chooses a form by the number in \(Quoting.quoted(key)), but a toggle holds it (on or off, never a number)",
        at: path, suggestion: "show the key without a plural: {\(key.rawValue)}")
    }
  }

  /// Whether exact matches cover every whole number of a category: it has some,
  /// all below 1000 and each matched (none of 1000 to 1999, where a category of
  /// endless numbers, `n % 100 = 3..10`, has some again).
  private static func covers(_ exact: Set<Double>, _ category: PluralCategory, in rules: PluralRules) -> Bool {
    let numbers = (0..<2_000).filter { rules.category(of: String($0)) == category }
    return !numbers.isEmpty && numbers.allSatisfy { $0 < 1_000 && exact.contains(Double($0)) }
  }

  /// `one, few, many, other`.
  private static func list(_ categories: [PluralCategory]) -> String {
    categories.map(\.description).joined(separator: ", ")
  }

  /// The first whole numbers of a category: `2, 3, 4, 22, …`.
  private static func examples(of category: PluralCategory, in rules: PluralRules) -> String {
    let numbers = (0..<1_000).filter { rules.category(of: String($0)) == category }.prefix(4)
    return numbers.map(String.init).joined(separator: ", ") + (numbers.count == 4 ? ", …" : "")
  }
}
