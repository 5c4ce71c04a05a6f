import CheckoutModel
import CheckoutPlanning
import CheckoutCompiledFlow
import CheckoutSessions
import CheckoutSynthesis

extension StoryGenerator {
  /// One story per step with rules (a step only an action opens is reached through
  /// that action): on the step (its hidden rows shown first), each
  /// value row gets a value that breaks each of its rules, then the values just
  /// inside and just outside each bound (`minLength`, `maxLength`, each counted
  /// quantifier of a pattern), each with the row's verdict and message, then a valid
  /// value. Rows no submit validates are checked here too.
  func ruleStories(_ origins: [Origin], names: inout StoryNames) -> (stories: [Story], unwritten: [String]) {
    var stories: [Story] = []
    var unwritten: [String] = []
    for step in flow.flow.steps {
      let rows = step.rows.filter { $0.kind.takesValue && $0.bind != nil && !$0.rules.isEmpty }
      guard !rows.isEmpty else { continue }
      let story = Result { () throws(StoryBlock) -> Story in
        var driver = try reach(step, origins)
        var checked: [String] = []
        for row in rows {
          let attempt = Result { [driver] () throws(StoryBlock) -> StoryDriver in
            var attempt = driver
            try checkRules(of: row, on: step, &attempt)
            return attempt
          }
          switch attempt {
          case .success(let checkedDriver):
            driver = checkedDriver
            checked.append(row.id.rawValue)
          case .failure(let block):
            unwritten.append("\(step.id).\(row.id) rules: \(block.reason)")
          }
        }
        guard !checked.isEmpty else { throw StoryBlock(reason: "no row's rules could be checked") }
        let summary =
          "Rules on \(step.id): each of \(checked.joined(separator: ", ")) gets a value breaking each rule and the values"
          + " just inside and just outside each length or count bound, each with the row's verdict and message."
        return Story(
          name: names.unique("rules--\(step.id)"), kind: .rules, summary: summary, lines: driver.recorder.lines)
      }
      switch story {
      case .success(let story): stories.append(story)
      case .failure(let block): unwritten.append("\(step.id) rules: \(block.reason)")
      }
    }
    return (stories, unwritten)
  }

  /// A driver on `step`: walked to, or, for a step only an action opens (a
  /// suggested address, a bank's challenge), at that action with its call waiting.
  private func reach(_ step: Step, _ origins: [Origin]) throws(StoryBlock) -> StoryDriver {
    var driver = StoryDriver(recorder: StoryRecorder(flow: flow, today: today), walker: walker, values: values)
    driver.recorder.comment("Walk to \(step.title) (\(step.id)).")
    do {
      try driver.go(to: step.id)
      return driver
    } catch {
      guard let place = actionPlace(of: step, in: origins) else { throw error }
      return try askForAction(place)
    }
  }

  /// The lines for one row: each rule broken, each bound probed, then a valid value.
  private func checkRules(of row: Row, on step: Step, _ driver: inout StoryDriver) throws(StoryBlock) {
    driver.recorder.blank()
    driver.recorder.comment("\(row.title) (\(row.id)): \(StoryDriver.ruleNames(row)).")
    try driver.prepareRow(row, on: step)
    for invalid in values.invalidValues(for: row, data: driver.data) where !invalid.refused {
      try probe(row, invalid.value, note: "breaks \(invalid.rule.writtenName)", &driver)
    }
    for (value, note) in boundaryValues(of: row, data: driver.data, rules: driver.session.rules) {
      try probe(row, value, note: note, &driver)
    }
    try driver.setValid(row, on: step)
    try driver.recorder.run("expect valid \(row.id)")
  }

  /// `set ROW VALUE`, then `expect valid ROW`, or `expect invalid ROW` and the error shown.
  private func probe(_ row: Row, _ value: Value, note: String, _ driver: inout StoryDriver) throws(StoryBlock) {
    let text = value.displayText
    guard ScenarioText.isWritable(text) else { return }
    try driver.recorder.run("set \(row.id) \(ScenarioText.word(text))", shown: "set \(row.id)", note: note)
    let session = driver.session
    let failure = session.rules.firstFailure(
      of: row.rules, value: row.bind.flatMap { session.data[$0] }, title: row.title, remember: false)
    guard failure != nil else { return try driver.recorder.run("expect valid \(row.id)") }
    try driver.recorder.run("expect invalid \(row.id)")
    if let message = session.rowErrors[CheckoutSession.RowRef(step: session.navigation.top, row: row.id)],
      ScenarioText.isWritable(message)
    {
      try driver.recorder.run("expect error \(row.id) \(ScenarioText.quoted(message))")
    }
  }

  /// Values at each bound of the row's rules, each with a note naming the bound:
  /// a length just inside and just outside `minLength`/`maxLength` (the other rules
  /// met), and each counted quantifier of a pattern repeated just inside and just
  /// outside its bounds (kept when the row's other rules accept it).
  func boundaryValues(of row: Row, data: [DataKey: Value], rules: RuleEvaluator) -> [(Value, String)] {
    var found: [(Value, String)] = []
    var seen: Set<String> = []
    func add(_ value: Value, _ note: String) {
      if seen.insert(value.displayText).inserted { found.append((value, note)) }
    }
    for (index, rule) in row.rules.enumerated() {
      let others = row.rules.enumerated().filter { $0.offset != index }.map(\.element)
      switch rule.kind {
      case .maxLength(let bound), .minLength(let bound):
        let isMaximum = if case .maxLength = rule.kind { true } else { false }
        let inside = bound
        let outside = isMaximum ? bound + 1 : bound - 1
        for (length, where_) in [(inside, "just inside"), (outside, "just outside")] where length > 0 {
          var probe = row
          probe.rules =
            (where_ == "just inside" ? row.rules : others) + [
              Rule(.minLength(length)), Rule(.maxLength(length)),
            ]
          guard case .success(let value) = values.validValue(for: probe, data: data),
            value.displayText.count == length
          else { continue }
          add(value, "\(length) characters: \(where_) \(rule.kind.name) \(bound)")
        }
      case .pattern(let pattern):
        for boundary in PatternSynthesizer(pattern).boundaryTexts() {
          let value = Value.string(boundary.text)
          guard
            rules.firstFailure(
              of: others, value: value, title: row.title, remember: false) == nil
          else { continue }
          add(value, "\(boundary.bound) repeated \(boundary.count) times")
        }
      default:
        continue
      }
    }
    return found
  }
}
