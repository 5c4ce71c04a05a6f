import CheckoutModel
import CheckoutPlanning

/// Renders a step of a flow, with the session's data and messages, into a ``Screen``.
///
/// ```swift
/// let renderer = ScreenRenderer(flow: flow, rules: RuleEvaluator(today: today))
/// let screen = renderer.render("creditCard", data: data, errors: ["cvv": "3 or 4 digits"], focused: "cvv")
/// ```
package struct ScreenRenderer: Sendable {
  /// The flow rendered.
  package let flow: Flow
  /// How values are masked.
  package let masking: Masking
  /// How rules are checked, for guards.
  package let rules: RuleEvaluator
  /// The compiled flow, when the renderer was made from one: steps are then found
  /// in O(1) by the planner's index instead of a search of the flow's steps.
  private let compiled: CompiledFlow?

  /// Creates a renderer; pass the flow's masking policy when you have it compiled.
  package init(flow: Flow, rules: RuleEvaluator = RuleEvaluator(), masking: Masking? = nil) {
    self.flow = flow
    self.masking = masking ?? Masking(flow)
    self.rules = rules
    self.compiled = nil
  }

  /// Creates a renderer of a compiled flow, with its masking policy; it finds steps
  /// in constant time, however many the flow has.
  ///
  /// ```swift
  /// let renderer = ScreenRenderer(compiled: compiled, rules: RuleEvaluator(today: today))
  /// ```
  package init(compiled: CompiledFlow, rules: RuleEvaluator = RuleEvaluator()) {
    self.flow = compiled.flow
    self.masking = compiled.masking
    self.rules = rules
    self.compiled = compiled
  }

  /// A completeness check of the flow on this data, answering first from `known`
  /// (checks by step index in the compiled flow, made on this data and rules).
  /// Kept checks are used only in the rules' own locale, whose words they hold.
  private func completeness(_ data: [DataKey: Value], known: KeptStepChecks, locale: String?) -> StepCompleteness {
    var rules = self.rules
    let sameLocale = locale == rules.locale
    rules.locale = locale
    rules.messages = messages(for: locale)
    if let compiled {
      return StepCompleteness(
        compiled: compiled, data: data, rules: rules, known: sameLocale ? known : KeptStepChecks())
    }
    return StepCompleteness(flow: flow, data: data, rules: rules)
  }

  /// The engine's words in `locale`: the rules' own when it is theirs, else the
  /// compiled flow's messages in it (with the flow's overrides), else the engine's.
  private func messages(for locale: String?) -> EngineMessages {
    if locale == rules.locale { return rules.messages }
    let locale = locale ?? compiled?.defaultLocale ?? flow.defaultLocale ?? "en"
    return compiled?.messages(for: locale) ?? EngineMessages.for(locale) ?? .english
  }

  /// The step with this id: what `flow.step(_:)` returns.
  private func step(_ id: StepID) -> Step? {
    if let compiled { return compiled.step(id) }
    return flow.step(id)
  }

  /// The screen of a step; nil if the flow has no such step.
  package func render(
    _ stepID: StepID, data: [DataKey: Value], errors: [RowID: String] = [:], focused: RowID? = nil,
    locale: String? = nil
  ) -> Screen? {
    render(stepID, data: data, errors: errors, focused: focused, known: KeptStepChecks(), locale: locale)
  }

  /// The screen of a step, with the guards answered first from `known`: step checks
  /// by index in the compiled flow, made on `data` with these rules (a session's).
  ///
  /// The flow's words (titles, placeholders, details, option labels, messages) are
  /// shown in `locale`, else in the rules' ``RuleEvaluator/locale``, else in the
  /// flow's default language.
  package func render(
    _ stepID: StepID, data: [DataKey: Value], errors: [RowID: String], focused: RowID?, known: KeptStepChecks,
    locale: String? = nil
  ) -> Screen? {
    guard let step = step(stepID) else { return nil }
    let requested = locale ?? rules.locale
    let completeness = completeness(data, known: known, locale: requested)
    // The default language reads every string as it is, without a lookup.
    let locale = requested.flatMap { $0 == flow.defaultLocale ? nil : $0 }
    let messages = messages(for: requested)
    // One pass over the step's rows (a filter first would copy each visible row).
    // `completeness` is reached through closures, not method references: a
    // reference to one of its methods copies the whole struct into a box per use.
    var rows: [ScreenRow] = []
    rows.reserveCapacity(step.rows.count)
    for row in step.rows where StepCompleteness.isVisible(row, data) {
      let disabled = self.disabled(row, completeness, locale: locale, messages: messages)
      let shown = self.shown(row, data, locale: locale)
      rows.append(
        ScreenRow(
          id: row.id, kind: row.kind, title: row.title.text(in: locale), value: shown.value, detail: shown.detail,
          placeholder: row.placeholder?.text(in: locale), keyboard: row.keyboard,
          options: row.options.map { Self.shownOptions($0.options(in: data), locale: locale) },
          selection: shown.selection, isEnabled: disabled == nil, disabledReason: disabled?.reason,
          incompleteSteps: disabled?.steps, isTappable: row.kind.isTappable,
          isMasked: row.bind.map { masking.isSecret($0) || masking.sensitiveKeys.contains($0) } ?? false,
          error: errors[row.id], isFocused: focused == row.id))
    }
    return Screen(step: step.id, title: step.title.text(in: locale), presentation: step.presentation, rows: rows)
  }

  /// A picker's options as a screen shows them: each label in `locale` only. A
  /// list without localised labels is returned as it is, without a copy.
  static func shownOptions(_ options: [PickerOption], locale: String?) -> [PickerOption] {
    guard options.contains(where: { $0.label.isLocalized }) else { return options }
    return options.map { PickerOption(value: $0.value, label: LocalizedText($0.label.text(in: locale))) }
  }

  /// Why a row cannot be used now, or nil when it can: its `enabledWhen`, then each
  /// required step that is not complete, with what is missing there.
  package func disabledReason(_ row: Row, _ completeness: StepCompleteness, locale: String? = nil) -> String? {
    let locale = locale ?? rules.locale
    return disabled(row, completeness, locale: locale, messages: messages(for: locale))?.reason
  }

  private func disabled(
    _ row: Row, _ completeness: StepCompleteness, locale: String?, messages: EngineMessages
  ) -> Disabled? {
    Self.disabled(
      row, data: completeness.data, flow: flow, step: { completeness.step($0) }, check: { completeness.check($0) },
      messages: messages, locale: locale)
  }

  /// Why a row is disabled: the text, and the incomplete steps its guard waits for
  /// (nil when its own `enabledWhen` is what holds it back).
  package struct Disabled {
    package var reason: String
    var steps: [IncompleteStep]?
  }

  /// Why a row cannot be used now on this data, with each required step found by
  /// `step` and checked by `check`; nil when it can be used. The reason is the row's
  /// title and sentences: `Continue: Complete "Shipping Address" first. Full name is
  /// required. Complete "Credit Card" first. Card number is required.`, or `Pay now:
  /// Not available until Terms is on.` for its own `enabledWhen`, in the words of
  /// `messages`. Titles are in `locale` (nil: the flow's default language).
  package static func disabled(
    _ row: Row, data: [DataKey: Value], flow: Flow, step: (StepID) -> Step?, check: (Step) -> StepCheck,
    messages: EngineMessages, locale: String? = nil
  ) -> Disabled? {
    let title = row.title.text(in: locale)
    if let condition = row.enabledWhen, !condition.holds(in: data) {
      let condition = ConditionText.describe(condition, flow: flow, messages: messages, locale: locale)
      return Disabled(
        reason: Sentences.titled(
          title, Sentences.sentence(messages.text(.disabledNotAvailableUntil, condition), messages), messages))
    }
    if row.requires.isEmpty { return nil }
    let incomplete = row.requires.compactMap { required -> IncompleteStep? in
      guard let step = step(required) else { return nil }
      let check = check(step)
      if check.isComplete { return nil }
      return IncompleteStep(
        step: step.id, title: step.title.text(in: locale), rows: check.rowFailures.map(\.row),
        problems: check.problems)
    }
    if incomplete.isEmpty { return nil }
    let sentences = incomplete.flatMap { $0.sentences(messages) }
    return Disabled(reason: Sentences.titled(title, Sentences.join(sentences, messages), messages), steps: incomplete)
  }

  /// A detail template: parsed once by the compiled flow, else parsed now.
  private func template(_ text: String) -> DetailTemplate? {
    if let parsed = compiled?.detailTemplates[text] { return parsed }
    guard case .success(let template) = DetailTemplate.parse(text) else { return nil }
    return template
  }

  /// What a row shows, by its kind: a value row its value (masked as its key asks,
  /// a picker's choice also as the option chosen), a disclosure or info row its
  /// detail template filled in (or, without one, its bound value), a button nothing.
  private func shown(
    _ row: Row, _ data: [DataKey: Value], locale: String?
  ) -> (value: String, detail: String?, selection: String?) {
    switch row.cell {
    case .text(let entry), .secure(let entry), .number(let entry), .email(let entry), .phone(let entry):
      return (masking.display(data[entry.bind], of: entry.bind, in: data), nil, nil)
    case .toggle(let bind):
      return (masking.display(data[bind], of: bind, in: data), nil, nil)
    case .picker(let bind, _):
      let value = data[bind]
      let selection = value?.isPresent == true ? value?.displayText : nil
      return (masking.display(value, of: bind, in: data, locale: locale), nil, selection)
    case .disclosure(_, let bind, let detail), .info(let bind, let detail):
      return ("", self.detail(detail, bind: bind, data, locale: locale), nil)
    case .button:
      return ("", nil, nil)
    }
  }

  /// A disclosure or info row's detail: its template filled in, else its bound value.
  /// A value with a format is written as the locale writes it (a secret or
  /// sensitive one is masked first, never formatted; one not of the format's kind,
  /// such as a text where a number belongs, is shown as it is). A plural shows the
  /// form its key's number takes in the language the text is written in: the
  /// locale's, or the default language's when the flow has no text in the locale
  /// (an English fallback in a French session says `0 items`, not `0 item`); a
  /// masked key's is `other`.
  private func detail(_ detail: LocalizedText?, bind: DataKey?, _ data: [DataKey: Value], locale: String?)
    -> String?
  {
    guard let text = detail?.text(in: locale), let template = template(text) else {
      return bind.map { shown($0, data, locale: locale) }
    }
    let written = detail?.writtenTag(for: locale) ?? flow.defaultLocale ?? "en"
    return filled(template.parts, data, locale: locale, pluralsOf: written, plural: nil)
  }

  /// A key's value as a detail shows it: a toggle's on or off in the words of the
  /// locale's messages (`value.on`: `activé` in French), anything else as masking
  /// shows it (a secret or sensitive toggle masked too).
  private func shown(_ key: DataKey, _ data: [DataKey: Value], locale: String?) -> String {
    if case .bool(let on)? = data[key], !masking.isMasked(key) {
      return messages(for: locale).text(on ? .valueOn : .valueOff)
    }
    return masking.display(data[key], of: key, in: data, locale: locale)
  }

  /// Template parts filled in, a plural's form chosen by the plural rules of the
  /// language tag `pluralsOf` (looked up only for a template that has a plural: most
  /// have none, and a detail is filled on every screen); `plural` is the key of the
  /// plural whose form they are, which `#` shows.
  private func filled(
    _ parts: [DetailTemplate.Part], _ data: [DataKey: Value], locale: String?, pluralsOf language: String,
    plural: DataKey?
  ) -> String {
    parts.map { part in
      switch part {
      case .text(let text): return text
      case .value(let key, let format?):
        if let value = data[key], !masking.isMasked(key),
          let written = messages(for: locale).formatting.format(value, as: format)
        {
          return written
        }
        return shown(key, data, locale: locale)
      case .value(let key, nil): return shown(key, data, locale: locale)
      case .plural(let key, let choice):
        let number = masking.isMasked(key) ? nil : data[key].flatMap(PluralOperands.init)
        let rules = PluralRules.for(language) ?? .otherOnly
        return filled(choice.parts(for: number, rules: rules), data, locale: locale, pluralsOf: language, plural: key)
      case .pluralNumber:
        guard let key = plural else { return "#" }
        return filled(
          [.value(key, masking.isMasked(key) ? nil : .number)], data, locale: locale, pluralsOf: language, plural: nil)
      }
    }.joined()
  }
}
