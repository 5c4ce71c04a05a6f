import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutSynthesis

extension StoryGenerator {
  /// One story per locale the flow ships after its default × step: in that
  /// language, the shopper walks to the step, which shows one of the flow's
  /// words there (the step's title, or a row's when only the row's is written
  /// per locale), then enters a value one of its rows refuses, which shows the
  /// error in that language (a rule's own message when a row has one written for
  /// the locale, else the engine's message from its table, or the flow's override
  /// of it); a step whose rows have no rules shows instead a routed API error's
  /// message, when a matcher resolving on one of its rows has one written for the
  /// locale. A translation missing or changed fails the story: the default
  /// language's words show instead. A flow without `locales`, or with one, gets none.
  /// A step no walk reaches but a submit's action opens is reached by that action.
  func localeStories(_ origins: [CoverageMatrix.Origin], names: inout StoryNames) -> (
    stories: [Story], unwritten: [String]
  ) {
    var stories: [Story] = []
    var unwritten: [String] = []
    for locale in flow.flow.locales.dropFirst() {
      for step in flow.flow.steps {
        switch localeStory(locale, step, origins, names: &names) {
        case .success(let story): stories.append(story)
        case .failure(let block): unwritten.append("\(step.id) in \(locale): \(block.reason)")
        }
      }
    }
    return (stories, unwritten)
  }

  private func localeStory(
    _ locale: String, _ step: Step, _ origins: [CoverageMatrix.Origin], names: inout StoryNames
  ) -> Result<Story, StoryBlock> {
    Result { () throws(StoryBlock) -> Story in
      var driver: StoryDriver
      let error: String?
      if !hasRules(step), let routed = routedError(to: step, in: locale, origins) {
        // The error comes first: its route ends on the step, where the words are checked.
        (driver, error) = (routed.driver, "the API error on \(routed.row)")
        driver.recorder.blank()
        try expectLocalizedTitle(of: step, in: locale, &driver)
        try expectFormattedDetails(of: step, in: locale, &driver)
      } else {
        driver = try reach(step, in: locale, origins)
        driver.recorder.blank()
        try expectLocalizedTitle(of: step, in: locale, &driver)
        try expectFormattedDetails(of: step, in: locale, &driver)
        error = try expectLocalizedError(on: step, in: locale, &driver).map { "\($0)'s error" }
      }
      let name = names.unique("locale-\(locale)--\(step.id)")
      let summary =
        "In \(locale), \(step.id) shows its words"
        + (error.map { " and \($0) in that language" }
          ?? " in that language (no row of it has rules or a routed error, so no error is checked)")
        + ": a missing or changed translation fails this story."
      return Story(name: name, kind: .locale, summary: summary, lines: driver.recorder.lines)
    }
  }

  private func hasRules(_ step: Step) -> Bool {
    step.rows.contains { $0.kind.takesValue && $0.bind != nil && !$0.rules.isEmpty }
  }

  /// For a step whose rows have no rules: an API error whose matcher resolves on one
  /// of its rows with a message written for `locale`, failed from the first submit
  /// it applies to, routed there and its message expected (in `resolveOffers`); the
  /// driver then stands on the step. Nil when no matcher and submit make one.
  private func routedError(to step: Step, in locale: String, _ origins: [CoverageMatrix.Origin]) -> (
    driver: StoryDriver, row: RowID
  )? {
    for (index, matcher) in flow.flow.errors.enumerated() where matcher.step == step.id {
      guard let row = matcher.row, let message = matcher.message, message.translations[locale] != nil else { continue }
      let expected = "expect error \(row) \(ScenarioText.quoted(message.text(in: locale)))"
      for matrixOrigin in origins where matcher.applies(to: matrixOrigin.operation) {
        guard let origin = origin(matrixOrigin, locale: locale) else { continue }
        let attempt = Result { () throws(StoryBlock) -> StoryDriver in
          var driver = try origin.base.get()
          var error = try ErrorCodeChooser(flow.flow).error(forMatcherAt: index, from: origin.submit.operation).get()
          error.message = Self.apiMessage(error.code)
          try meetRouteGuards(to: step.id, &driver)
          driver.recorder.comment(
            "The API fails \(origin.submit.operation) with \(error.code): its matcher's message shows on \(row) in \(locale)."
          )
          try driver.recorder.run("api \(origin.submit.operation) fail \(ErrorCodeChooser.scripted(error))")
          try driver.recorder.run("tap \(origin.row)")
          try resolveOffers(&driver)
          guard driver.session.navigation.top == step.id, driver.recorder.lines.contains(expected) else {
            throw StoryBlock(reason: "the route did not end on \(step.id) with \(row)'s message in \(locale)")
          }
          return driver
        }
        if case .success(let driver) = attempt { return (driver, row) }
      }
    }
    return nil
  }

  /// A driver in `locale` standing on the step: walked there, or, when no walk
  /// leads there, through the first submit whose action opens it.
  private func reach(_ step: Step, in locale: String, _ origins: [CoverageMatrix.Origin]) throws(StoryBlock)
    -> StoryDriver
  {
    let walked = Result { () throws(StoryBlock) -> StoryDriver in
      var driver = try newDriver(locale: locale)
      driver.recorder.comment("Walk to \(step.title) (\(step.id)) in \(locale).")
      try driver.go(to: step.id)
      return driver
    }
    guard case .failure(let block) = walked else { return try walked.get() }
    // Only the submits whose action opens the step are walked to.
    let opening = origins.filter { matrixOrigin in
      guard case .submit(let submit)? = flow.step(matrixOrigin.step)?.row(matrixOrigin.row)?.action else {
        return false
      }
      return submit.actions.values.contains(step.id)
    }
    for matrixOrigin in opening {
      guard let origin = origin(matrixOrigin, locale: locale),
        let action = origin.submit.actions.sorted(by: { $0.key < $1.key }).first(where: { $0.value == step.id })?.key,
        case .success(var driver) = origin.base
      else { continue }
      driver.recorder.comment("The API answers \(origin.submit.operation) with \(action), done at \(step.id).")
      try driver.recorder.run("api \(origin.submit.operation) action \(action)")
      try driver.recorder.run("tap \(origin.row)")
      try driver.recorder.run("expect at \(step.id)")
      return driver
    }
    throw block
  }

  /// `expect title` with the flow's words in `locale`: the step's title, or the
  /// first shown row's title written per locale when the step's is one plain string.
  private func expectLocalizedTitle(of step: Step, in locale: String, _ driver: inout StoryDriver) throws(StoryBlock) {
    let shownRows = Set(driver.session.screen.rows.map(\.id))
    if !step.title.isLocalized,
      let row = step.rows.first(where: { $0.title.isLocalized && shownRows.contains($0.id) })
    {
      driver.recorder.comment("\(row.id)'s title in \(locale).")
      try driver.recorder.run("expect title \(row.id) \(ScenarioText.quoted(row.title.text(in: locale)))")
      return
    }
    driver.recorder.comment("The step's title in \(locale).")
    try driver.recorder.run("expect title \(ScenarioText.quoted(step.title.text(in: locale)))")
  }

  /// `expect detail` for each shown row whose detail writes a value in a format
  /// (`{order.total:currency(USD)}`) or a plural (`{cart.count, plural, one {# Box}
  /// other {# Boxen}}`) that the data holds, unmasked: the number or date as
  /// `locale` writes it and the plural's form for it, so a broken `format.*` text,
  /// a format dropped from the template or a broken form fails the story.
  private func expectFormattedDetails(of step: Step, in locale: String, _ driver: inout StoryDriver)
    throws(StoryBlock)
  {
    let masking = flow.masking
    for shown in driver.session.screen.rows {
      guard let detail = shown.detail, let text = step.row(shown.id)?.detail?.text(in: locale),
        case .success(let template) = DetailTemplate.parse(text)
      else { continue }
      var shownKeys = template.formattedKeys
      for plural in template.plurals where !shownKeys.contains(plural.key) { shownKeys.append(plural.key) }
      let formatted = shownKeys.filter { driver.data[$0] != nil && !masking.isMasked($0) }
      guard !formatted.isEmpty else { continue }
      driver.recorder.comment(
        "\(shown.id) writes \(formatted.map(\.rawValue).joined(separator: ", ")) as \(locale) writes it.")
      try driver.recorder.run("expect detail \(shown.id) \(ScenarioText.quoted(ScenarioText.plainSpaces(detail)))")
    }
  }

  /// A value one row of the step refuses, and the error it shows in `locale`; the
  /// row, or nil when no row of the step has rules. Rules with a message written
  /// for the locale are tried first: they are the flow's own translations.
  private func expectLocalizedError(on step: Step, in locale: String, _ driver: inout StoryDriver) throws(StoryBlock)
    -> RowID?
  {
    guard hasRules(step) else { return nil }
    let rows = step.rows.filter { $0.kind.takesValue && $0.bind != nil && !$0.rules.isEmpty }
    let candidates = rows.flatMap { row in
      values.invalidValues(for: row, data: driver.data).filter { !$0.refused }.map { (row: row, invalid: $0) }
    }
    let ordered =
      candidates.filter { $0.invalid.rule.message?.translations[locale] != nil }
      + candidates.filter { $0.invalid.rule.message?.translations[locale] == nil }
    var reasons: [String] = []
    for (row, invalid) in ordered {
      let attempt = Result { [driver] () throws(StoryBlock) -> StoryDriver in
        var attempt = driver
        try expectError(row, invalid, on: step, in: locale, &attempt)
        return attempt
      }
      switch attempt {
      case .success(let checked):
        driver = checked
        return row.id
      case .failure(let block):
        reasons.append("\(row.id) × \(invalid.rule.kind.name): \(block.reason)")
      }
    }
    throw StoryBlock(
      reason: "no row shows an error: " + (reasons.isEmpty ? "no value breaks a rule" : reasons.joined(separator: "; "))
    )
  }

  /// `set ROW VALUE` (a value breaking the rule), `expect invalid ROW` and `expect
  /// error ROW "MESSAGE"` with the whole message the session shows in `locale`.
  private func expectError(
    _ row: Row, _ invalid: InvalidValue, on step: Step, in locale: String, _ driver: inout StoryDriver
  ) throws(StoryBlock) {
    let text = invalid.value.displayText
    guard ScenarioText.isWritable(text) else { throw StoryBlock(reason: "the value has a line break") }
    driver.recorder.blank()
    driver.recorder.comment("\(row.id) breaks \(invalid.rule.writtenName): its error in \(locale).")
    try driver.prepareRow(row, on: step)
    try driver.recorder.run("set \(row.id) \(ScenarioText.word(text))", shown: "set \(row.id)")
    try driver.recorder.run("expect invalid \(row.id)")
    let session = driver.session
    guard let message = session.rowErrors[CheckoutSession.RowRef(step: session.navigation.top, row: row.id)],
      ScenarioText.isWritable(message)
    else { throw StoryBlock(reason: "\(row.id) shows no error that a line can hold") }
    try driver.recorder.run("expect error \(row.id) \(ScenarioText.quoted(message))")
  }
}
